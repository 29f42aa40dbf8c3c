import TestSupport
import Canvas
import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore

@Suite("Live content")
struct LiveContentTests {
    let zone = TimeZone(identifier: "UTC")!

    @Test("plain text never changes by itself")
    func plain() {
        #expect(place(.accessoryRectangular) { Text("Hello") }.nextChange(after: testNow) == nil)
    }

    @Test(".time changes at the next whole minute, .date at midnight")
    func timeAndDate() {
        let time = place(.accessoryRectangular) { Text(testNow, style: .time) }
        #expect(time.texts == ["14:04"])
        #expect(time.nextChange(after: testNow) == Date(timeIntervalSince1970: 1_795_356_300))
        let date = place(.accessoryRectangular) { Text(testNow, style: .date) }
        #expect(date.texts == ["November 22, 2026"])
        #expect(date.nextChange(after: testNow) == Date(timeIntervalSince1970: 1_795_392_000))
    }

    @Test(".timer counts down to its date and then up, changing each second from the date's phase")
    func timer() {
        let target = testNow.addingTimeInterval(15 * 60 + 0.5)
        let placed = place(.accessoryRectangular) { Text(target, style: .timer) }
        #expect(placed.texts == ["15:00"])
        #expect(placed.nextChange(after: testNow) == testNow.addingTimeInterval(0.5))
        let after = place(.accessoryRectangular, now: target.addingTimeInterval(3_725)) { Text(target, style: .timer) }
        #expect(after.texts == ["1:02:05"])
    }

    @Test("relative and offset styles", arguments: [
        (674.0, "11 min, 14 sec", "+11 minutes"), (-7_500.0, "2 hr, 5 min", "-2 hours"), (266_400.0, "3 days, 2 hr", "+3 days"), (5.0, "5 sec", "+0 minutes"),
    ])
    func relative(offset: Double, relative: String, signed: String) {
        let date = testNow.addingTimeInterval(offset)
        #expect(place(.accessoryRectangular) { Text(date, style: .relative) }.texts == [relative])
        #expect(place(.accessoryRectangular) { Text(date, style: .offset) }.texts == [signed])
    }

    @Test("relative and offset texts in [clock] locale's language, with its plural forms", arguments: [
        ("de_DE", 674.0, "11 Min., 14 Sek.", "+11 Minuten"), ("de", 266_400.0, "3 Tg., 2 Std.", "+3 Tage"), ("de", 60.0, "1 Min., 0 Sek.", "+1 Minute"),
        ("fr_FR", 674.0, "11\u{A0}min et 14\u{202F}s", "+11 minutes"), ("fr", 3_600.0, "1\u{202F}h et 0\u{A0}min", "+1\u{A0}heure"),
        ("es", 7_500.0, "2 h y 5 min", "+2 horas"), ("it", 90_000.0, "1 giorno e 1 h", "+1 giorno"), ("nl", 674.0, "11 min, 14 sec", "+11 minuten"),
        ("pt_BR", 30.0, "30 seg", "+0 minuto"), ("sv", 7_500.0, "2 tim, 5 min", "+2 timmar"), ("da", 674.0, "11 min. og 14 sek.", "+11 minutter"),
        ("nb", 86_400.0, "1 d, 0 t", "+1 døgn"), ("pl", 1_320.0, "22 min i 0 sek.", "+22 minuty"), ("pl", 720.0, "12 min i 0 sek.", "+12 minut"),
        ("pl", 7_200.0, "2 godz. i 0 min", "+2 godziny"), ("en_US", 674.0, "11 min, 14 sec", "+11 minutes"), ("C", -7_500.0, "2 hr, 5 min", "-2 hours"),
    ])
    func relativeInLanguages(locale: String, offset: Double, relative: String, signed: String) throws {
        let language = try #require(DateLanguage.named(locale))
        let date = testNow.addingTimeInterval(offset)
        let set: (inout EnvironmentValues) -> Void = { $0.dateLanguage = language }
        #expect(place(.accessoryRectangular, environment: set) { Text(date, style: .relative) }.texts == [relative])
        #expect(place(.accessoryRectangular, environment: set) { Text(date, style: .offset) }.texts == [signed])
    }

    @Test("relative text asks for a redraw when it next reads differently, not every second", arguments: [
        2_764_800.3, 90_000.0, 86_400.0, 3_660.5, 61.0, 0.4, -59.0, -3_599.5, -86_399.0,
    ])
    func relativeSchedule(offset: Double) throws {
        let date = testNow.addingTimeInterval(offset)
        let placed = place(.accessoryRectangular) { Text(date, style: .relative) }
        #expect(placed.nextChange(after: testNow) == LiveSchedule.relative(to: date).nextChange(after: testNow))
        func text(_ t: Date) -> String { DateText.relative(date.timeIntervalSince(t)) }
        // Walk the schedule for two days of text; between two redraws, every whole second
        // from the date (the instants a per-second schedule would draw) reads the same.
        var t = testNow, redraws = 0
        while t < testNow.addingTimeInterval(2 * 86_400) && redraws < 400 {
            let next = try #require(LiveSchedule.relative(to: date).nextChange(after: t))
            #expect(next > t)
            #expect(text(next) != text(t), "redrawn at \(next.timeIntervalSince(date)) s from the date without a change")
            var tick = date.addingTimeInterval((t.timeIntervalSince(date)).rounded(.down) + 1)
            while tick < next {
                if text(tick) != text(t) {
                    Issue.record("'\(text(t))' became '\(text(tick))' at \(tick.timeIntervalSince(date)) s, before the redraw at \(next.timeIntervalSince(date)) s")
                    return
                }
                tick = tick.addingTimeInterval(1)
            }
            (t, redraws) = (next, redraws + 1)
        }
        if offset > 86_400 + 3_600 { #expect(redraws <= 49, "a day away, relative text changes hourly") }
    }

    @Test("a date a pushed state can hold, however far (1e19 s, 1e300 s, either way), is drawn, never a trap (issue 59, attack 1)", arguments: [1e19, -1e19, 1e300, -1e300])
    func farDates(seconds: Double) {
        let far = Date(timeIntervalSince1970: seconds)
        for style in [Text.DateStyle.timer, .relative, .offset] {
            let placed = place(.accessoryRectangular) { Text(far, style: style) }
            #expect(placed.texts.count == 1 && placed.texts[0].isEmpty == false)
        }
        let range = min(testNow, far)...max(testNow, far)
        #expect(place(.accessoryRectangular) { Text(timerInterval: range, countsDown: true) }.texts.count == 1)
        #expect(DateText.timer(.infinity) == DateText.timer(.nan))
    }

    @Test("a timer interval stops at its end and stops asking for redraws")
    func timerInterval() {
        let range = testNow.addingTimeInterval(-60)...testNow.addingTimeInterval(60)
        let running = place(.accessoryRectangular) { Text(timerInterval: range, countsDown: true) }
        #expect(running.texts == ["1:00"])
        #expect(running.nextChange(after: testNow) == testNow.addingTimeInterval(1))
        let done = place(.accessoryRectangular, now: testNow.addingTimeInterval(120)) { Text(timerInterval: range) }
        #expect(done.texts == ["0:00"])
        #expect(done.nextChange(after: testNow.addingTimeInterval(120)) == nil)
    }

    @Test("a time range and interpolated dates and numbers")
    func interpolation() {
        let range = Date(timeIntervalSince1970: 1_795_339_800)...Date(timeIntervalSince1970: 1_795_365_900)
        #expect(place(.accessoryRectangular) { Text(range) }.texts == ["09:30–16:45"])
        let twelve = place(.accessoryRectangular, environment: { $0.uses24HourClock = false }) { Text(testNow, style: .time) }
        #expect(twelve.texts == ["2:04 PM"])
        let value = 21.456
        #expect(place(.accessoryRectangular) { Text("\(value, specifier: "%.1f")°") }.texts == ["21.5°"])
        let mixed = place(.accessoryRectangular) { Text("Ends in \(testNow.addingTimeInterval(90), style: .timer)") }
        #expect(mixed.texts == ["Ends in 1:30"])
        #expect(mixed.nextChange(after: testNow) != nil)
    }

    @Test("timer progress moves one pixel per step and stops at the end")
    func progressTimer() {
        let range = testNow...testNow.addingTimeInterval(600)
        let placed = place(.accessoryRectangular, environment: { $0.displayScale = 2 }) {
            ProgressView(timerInterval: range, countsDown: true).frame(width: 100)
        }
        let next = placed.nextChange(after: testNow)
        // 100 points at 2 px/pt: 200 pixels over 600 s, one step each 3 s.
        #expect(next == testNow.addingTimeInterval(3))
        #expect(placed.nextChange(after: testNow.addingTimeInterval(600)) == nil)
    }

    @Test("schedules", arguments: [
        (LiveSchedule.minutes(phase: Date(timeIntervalSince1970: 0)), 119.0, 120.0),
        (.seconds(phase: Date(timeIntervalSince1970: 0.25)), 10.0, 10.25),
        (.steps(start: Date(timeIntervalSince1970: 100), end: Date(timeIntervalSince1970: 110), step: 4), 50.0, 100.0),
        (.steps(start: Date(timeIntervalSince1970: 100), end: Date(timeIntervalSince1970: 110), step: 4), 108.0, 110.0),
        (.once(Date(timeIntervalSince1970: 5)), 1.0, 5.0),
    ])
    func schedules(schedule: LiveSchedule, after: Double, expected: Double) {
        #expect(schedule.nextChange(after: Date(timeIntervalSince1970: after)) == Date(timeIntervalSince1970: expected))
    }
}

@Suite("Rendering modes")
struct RenderingModeTests {
    @Test("vibrant keeps one channel: a colour becomes ink at its luminance")
    func vibrant() {
        var env = EnvironmentValues()
        env.widgetRenderingMode = .vibrant
        let red = env.resolve(AnyShapeStyle(Color.red))
        #expect(red.red == red.green && red.green == red.blue)
        #expect(abs(red.alpha - RGBA(red: 1, green: 59 / 255, blue: 48 / 255).luminance) < 1e-9)
        #expect(env.resolve(AnyShapeStyle(HierarchicalShapeStyle.secondary)) == RGBA(white: 1, alpha: 0.6))
        env.colorScheme = .light
        #expect(env.resolve(nil) == .black)
    }

    @Test("accented draws the accent group in the accent colour, the rest in ink")
    func accented() {
        var env = EnvironmentValues()
        env.widgetRenderingMode = .accented
        #expect(env.resolve(AnyShapeStyle(Color.red)) == .white)
        env.isAccentable = true
        #expect(env.resolve(AnyShapeStyle(Color.red)) == Color.accentColor.rgba)
        env.widgetRenderingMode = .fullColor
        #expect(env.resolve(AnyShapeStyle(Color.red)) == Color.red.rgba)
    }
}

@Suite("LiveSchedule ticks")
struct LiveScheduleTickTests {
    @Test("walking a schedule tick by tick always moves forward, even with fractional periods", arguments: [
        LiveSchedule.steps(start: Date(timeIntervalSince1970: 1_795_366_800), end: Date(timeIntervalSince1970: 1_795_370_400), step: 3_600 / 137.0),
        .steps(start: Date(timeIntervalSince1970: 1_795_366_800.25), end: Date(timeIntervalSince1970: 1_795_380_000), step: 0.1 * 3),
        .seconds(phase: Date(timeIntervalSince1970: 1_795_366_800.123)),
        .minutes(phase: Date(timeIntervalSince1970: 0.1)),
    ])
    func forward(schedule: LiveSchedule) {
        var time = Date(timeIntervalSince1970: 1_795_366_800)
        for tick in 0..<300 {
            guard let next = schedule.nextChange(after: time) else { return }
            #expect(next > time, "tick \(tick) names \(time.timeIntervalSince1970) again")
            time = next
        }
    }
}
