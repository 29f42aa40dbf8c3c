import Config
import DaemonTestSupport
import Foundation
import LockScreen
import LockScreenModel  // for .stacks
import ProviderOptions
import Providers
import TestSupport
import Testing
import TimelineEngine  // for .specification
import WidgetKitCore  // for .accessoryCircular
import LockscreendCommand

/// The configuration read into plain values: what each widget is, compared as a reload
/// compares it.
@Suite("Widget specifications")
struct WidgetSpecificationTests {
    let kinds = WidgetRegistry.standard(systemRoot: fixtureRoot).kinds

    func widgets(_ text: String) throws -> [String: WidgetSpecification] {
        let config = try LockScreenConfig.parse(text, file: "spec.toml", kinds: kinds, files: SystemFiles())
        return Dictionary(uniqueKeysWithValues: config.content.stacks.flatMap(\.widgets).map { ($0.name, $0) })
    }

    static let file = """
        [layout]
        row = ["cpu", "weather"]
        [widgets.cpu]
        kind = "system"
        metric = "cpu"
        [widgets.weather]
        kind = "command"
        command = ["sh", "-c", "echo {}"]
        timeout = 5
        env = { CITY = "Oslo" }
        """

    @Test("each widget is a value: a Swift kind its parameters as text, a command its argv, environment and limits")
    func values() throws {
        let widgets = try widgets(Self.file)
        let cpu = try #require(widgets["cpu"])
        #expect(cpu.source == .parameters(["metric": "cpu"]))
        #expect(cpu.family == .accessoryCircular && cpu.budget == .unlimited)
        guard case let .command(runner) = try #require(widgets["weather"]).source else {
            Issue.record("the weather widget is not a command")
            return
        }
        #expect(runner.arguments == ["sh", "-c", "echo {}"])
        #expect(runner.environment["CITY"] == "Oslo" && runner.environment["LOCKSCREEND_WIDGET"] == "weather")
        #expect(runner.timeout == 5)
        #expect(try #require(widgets["weather"]).failurePolicy.timeout == 5)
    }

    @Test("the same file read twice is equal; a changed widget differs and the others stay equal; a tap alone changes no widget")
    func comparedAsAReloadCompares() throws {
        let before = try widgets(Self.file)
        #expect(try widgets(Self.file) == before)
        let changed = try widgets(Self.file.replacingOccurrences(of: "timeout = 5", with: "timeout = 6"))
        #expect(changed["cpu"] == before["cpu"])
        #expect(changed["weather"] != before["weather"])
        let tapped = try widgets(Self.file + "\n[widgets.cpu.tap]\ncommand = [\"true\"]\n")
        #expect(tapped == before)
    }

    @Test("a specification the registry cannot make is left out of the running page, its place with it")
    func unmakeable() throws {
        var config = try LockScreenConfig.parse(Self.file, file: "spec.toml", kinds: kinds, files: SystemFiles())
        config.content.row[0].widgets[0].kind = "no.such.kind"
        let running = WidgetRegistry.standard(systemRoot: fixtureRoot).running(config.content, boards: WidgetBoards())
        #expect(running.row.map { $0.widgets.map(\.name) } == [["weather"]])
        #expect(running.row[0].widgets[0].specification == config.content.row[1].widgets[0])
    }
}
