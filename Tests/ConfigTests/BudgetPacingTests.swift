@testable import Config
import Foundation
import LockScreenModel  // for .stacks
import Testing
@testable import TimelineEngine
import TestSupport
@testable import LockScreen
import ProviderOptions
import DaemonTestSupport
import Providers

/// A widget that asks again every `every` by itself keeps doing so all day: the standard
/// 70 reloads a day once ran out by the evening for a 15-minute `http` widget (and after
/// six hours for a camera picture every 5 minutes), leaving it unchanged for hours.
@Suite("Budgets of widgets with an interval")
struct BudgetPacingTests {
    static let widgets = """
        [homeassistant]
        url = "http://127.0.0.1:8123"
        token_file = "TOKEN"
        [layout]
        row = [["weather", "agenda", "capped"], ["door", "hall"]]
        [widgets.weather]
        kind = "http"
        url = "http://127.0.0.1:1/weather"
        text = "{$.t}"
        family = "rectangular"
        [widgets.door]
        kind = "image"
        camera = "camera.front_door"
        family = "circular"
        [widgets.agenda]
        kind = "calendar"
        url = "http://127.0.0.1:1/a.ics"
        family = "rectangular"
        [widgets.hall]
        kind = "homeassistant"
        entity = "sensor.hall_temperature"
        family = "circular"
        [widgets.capped]
        kind = "http"
        url = "http://127.0.0.1:1/paid"
        text = "{$.t}"
        every = 10
        budget = 24
        family = "rectangular"
        """

    /// The longest wait between two reloads over three days, each asked for `every`
    /// after the last, as the budget allows; and the most in any day.
    func play(_ budget: ReloadBudget, every: TimeInterval) -> (gap: TimeInterval, perDay: Int) {
        var charged: [Date] = [], t = Date(timeIntervalSince1970: 0), gap = 0.0
        while t.timeIntervalSince1970 < 3 * 86_400 {
            let asked = charged.last.map { $0.addingTimeInterval(every) } ?? t
            let next = budget.nextAllowed(at: asked, after: charged.filter { $0 > asked.addingTimeInterval(-86_400) })
            if let last = charged.last { gap = max(gap, next.timeIntervalSince(last)) }
            charged.append(next)
            t = next
        }
        let perDay = (0..<3).map { day in charged.filter { Int($0.timeIntervalSince1970 / 86_400) == day }.count }.max() ?? 0
        return (gap, perDay)
    }

    @Test("every, as each kind's default or written, holds all day; a budget below it spreads its reloads evenly")
    func paced() throws {
        let folder = try TemporaryFolder("pacing")
        defer { folder.remove() }
        let dir = folder.path
        try Data("token".utf8).write(to: URL(fileURLWithPath: dir + "/token"))
        chmod(dir + "/token", 0o600)
        let config = try RunningConfig.parse(Self.widgets.replacingOccurrences(of: "TOKEN", with: dir + "/token"), file: "c.toml", registry: .standard(systemRoot: fixtureRoot))
        let budgets = Dictionary(uniqueKeysWithValues: config.content.stacks.flatMap(\.widgets).map { ($0.name, $0.budget) })
        for (name, every) in [("weather", 900.0), ("door", 300.0), ("agenda", 900.0), ("hall", 60.0)] {
            let (gap, perDay) = play(try #require(budgets[name]), every: every)
            #expect(gap <= every + 1, "\(name): \(gap) s without a reload")
            #expect(perDay >= Int(86_400 / every) - 1, "\(name): \(perDay) a day")
        }
        // 24 a day for a paid API asked every 10 minutes: one an hour, never a burst and a long wait.
        let (gap, perDay) = play(try #require(budgets["capped"]), every: 600)
        #expect(perDay <= 24 && gap <= 3_601, "capped: \(perDay) a day, \(gap) s gap")
    }
}
