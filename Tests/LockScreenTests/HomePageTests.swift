import Accessory
import Canvas
import Foundation
import LockScreenModel
import Panel
import Testing
import TestSupport
@testable import Config
@testable import ControlProtocol
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import DaemonTestSupport

@Suite("Home page")
struct HomePageTests {
    static let config = """
        [layout]
        page = "home"
        home = ["tokyo", "plants", "nyc", "bins"]
        [widgets.tokyo]
        kind = "clock"
        zone = "Asia/Tokyo"
        family = "small"
        [widgets.plants]
        kind = "text"
        text = "Water the plants"
        emoji = "🪴"
        family = "small"
        [widgets.nyc]
        kind = "clock"
        zone = "America/New_York"
        label = "NYC"
        family = "small"
        [widgets.bins]
        kind = "text"
        text = "Bins out on Tuesday"
        symbol = "delete"
        family = "medium"
        """

    @Test("a portrait panel shows the lock screen with a large clock and the home widgets below it")
    func portrait() async throws {
        let text = Self.config.replacing("page = \"home\"", with: "page = \"lock\"\ninline = \"date\"\nrow = [\"cpu\", \"note\"]")
            + "\n[widgets.date]\nkind = \"clock\"\nzone = \"Europe/Paris\"\nlabel = \"Paris\"\n[widgets.cpu]\nkind = \"system\"\nmetric = \"cpu\"\n[widgets.note]\nkind = \"text\"\ntext = \"Dentist at 4\"\nfamily = \"rectangular\"\n"
        let config = try RunningConfig.parse(text, file: "portrait.toml", registry: .standard(systemRoot: fixtureRoot))
        var options = testOptions(width: 480, height: 800)
        options.start = testNow
        let display = MemoryDisplay(width: 480, height: 800)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(options), display: display, clock: ManualClock(start: testNow), logger: quietLogger)
        try await daemon.step(now: testNow)
        let layout = daemon.renderer.layout
        // The clock is as tall as the width allows (up to 110 pt), not the landscape 53 pt.
        #expect(layout.clock.height / layout.scale > 100)
        let below = try #require(layout.below)
        let home = try #require(daemon.homeLayout)
        for rect in home.rects { #expect(try #require(rect).minY >= below.minY) }
        #expect((0..<4).allSatisfy { daemon.redraws[SlotID.home($0)] == 1 })
        try Golden().check(try #require(display.lastFrame), named: "lockscreen-and-home-480x800-dark")
    }

    @Test("the grid keeps iOS proportions, fills in reading order and never overlaps", arguments: [(800, 480), (480, 800), (250, 122), (1920, 1080)])
    func grid(width: Int, height: Int) throws {
        let families: [WidgetFamily] = [.systemSmall, .systemSmall, .systemMedium, .systemLarge, .systemSmall]
        let layout = HomeLayout(width: width, height: height, families: families)
        let rects = try layout.rects.map { try #require($0) }
        for (family, rect) in zip(families, rects) {
            let size = family.referencePointSize
            #expect(abs(rect.width / rect.height - size.width / size.height) < 0.01)
            #expect(rect.minX >= 0 && rect.minY >= 0 && rect.maxX <= Double(width) + 0.5 && rect.maxY <= Double(height) + 0.5)
        }
        for i in rects.indices {
            for j in rects.indices where j > i {
                let (a, b) = (rects[i], rects[j])
                let apart = a.maxX <= b.minX + 0.5 || b.maxX <= a.minX + 0.5 || a.maxY <= b.minY + 0.5 || b.maxY <= a.minY + 0.5
                #expect(apart, "\(i) and \(j) overlap")
            }
        }
        // A small widget is 158 pt and 22 pt from its neighbour, at one scale.
        let small = rects[0]
        #expect(abs(small.width - 158 * layout.scale) < 0.01)
    }

    @Test("home widgets take home families; the page needs widgets", arguments: [
        ("[layout]\nhome = [\"a\"]\n[widgets.a]\nkind = \"text\"\nfamily = \"circular\"", "t.toml:5: widgets.a.family: the home page takes small, medium, large or extralarge widgets, found \"circular\""),
        ("[layout]\nrow = [\"a\"]\n[widgets.a]\nkind = \"text\"\nfamily = \"small\"", "t.toml:5: widgets.a.family: the row takes circular or rectangular widgets, found \"small\""),
        ("[layout]\npage = \"home\"", "t.toml:2: layout.page: the home page has no widgets: list them in [layout] home"),
        ("[layout]\nhome = [\"a\"]\n[widgets.a]\nkind = \"countdown\"\ndate = 2026-12-24T18:00:00Z", "t.toml:3: widgets.a: \"countdown\" cannot be shown on the home page: it supports inline, circular, rectangular"),
    ])
    func configErrors(text: String, expected: String) {
        do {
            _ = try RunningConfig.parse(text, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.issues.map(\.description) == [expected])
        }
    }

    @Test("a home widget with no family takes the first home family its kind supports")
    func defaultFamily() throws {
        let config = try RunningConfig.parse("[layout]\nhome = [\"a\"]\n[widgets.a]\nkind = \"text\"\ntext = \"hi\"", file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        #expect(config.content.home.map(\.family) == [.systemSmall])
        #expect(config.content.page == .lock)
    }

    @Test("the home page drawn", arguments: [(800, 480, "dark"), (250, 122, "light")])
    func golden(width: Int, height: Int, appearance: String) async throws {
        let config = try RunningConfig.parse(Self.config, file: "home.toml", registry: .standard(systemRoot: fixtureRoot))
        var options = testOptions(width: width, height: height)
        options.face.colorScheme = appearance == "light" ? .light : .dark
        options.start = testNow
        let display = MemoryDisplay(width: width, height: height)
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock, logger: quietLogger)
        try await daemon.step(now: testNow)
        var frame = try #require(display.lastFrame)
        if appearance == "light" { frame = frame.grayscale() }
        try Golden().check(frame, named: "home-\(width)x\(height)-\(appearance)")
        // A minute later only the two clocks' digits change.
        let tick = testNow + 63
        clock.advance(to: tick)
        try await daemon.step(now: tick)
        #expect(daemon.redraws[SlotID.home(0)] == 2 && daemon.redraws[SlotID.home(1)] == 1)
        #expect(daemon.redraws[SlotID.home(2)] == 2 && daemon.redraws[SlotID.home(3)] == 1)
    }
}

@Suite("Page switching")
struct PageSwitchTests {
    @Test("a page request switches between the lock screen and the home page; without home widgets it is refused")
    func pageRequest() async throws {
        let text = HomePageTests.config.replacing("page = \"home\"", with: "row = [\"cpu\"]") + "\n[widgets.cpu]\nkind = \"system\"\nmetric = \"cpu\"\n"
        let config = try RunningConfig.parse(text, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        var options = testOptions()
        options.start = testNow
        let clock = ManualClock(start: testNow)
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock, logger: quietLogger)
        try await daemon.step(now: testNow)
        #expect(daemon.redraws[SlotID.clock] == 1 && daemon.redraws[SlotID.home(0)] == nil)
        let lockFrame = try #require(display.lastFrame)

        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: clock, inbox: daemon.inbox)
        #expect(await handler.handle(ControlRequest.page("next")).ok)
        let asked = daemon.requests.take()
        if asked.count != 1 { Issue.record("expected one request, got \(asked)") }
        if case .showPage(nil)? = asked.first {} else { Issue.record("expected a switch to the next page, got \(asked)") }
        daemon.show(.home, now: testNow + 1)
        clock.advance(to: testNow + 1)
        try await daemon.step(now: testNow + 1)
        #expect((0..<4).allSatisfy { daemon.redraws[SlotID.home($0)] == 1 })
        #expect(try #require(display.lastFrame) != lockFrame)

        daemon.show(.lock, now: testNow + 2)
        clock.advance(to: testNow + 2)
        try await daemon.step(now: testNow + 2)
        #expect(try #require(display.lastFrame) == lockFrame)

        let bare = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: clock)
        let refused = await bare.handle(ControlRequest.page("home"))
        #expect(!refused.ok)
        #expect(refused.error == "this display has no home page: list widgets in [layout] home")
        #expect(throws: ControlRequest.Malformed.incomplete("page needs page: lock, home, photo or next")) {
            try ControlRequest.decode(Data(#"{"request": "page", "page": "settings"}"#.utf8))
        }
    }
}
