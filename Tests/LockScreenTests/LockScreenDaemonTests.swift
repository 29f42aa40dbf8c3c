import Accessory
import Canvas
@testable import Config
@testable import ControlProtocol
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import JSON
@testable import LockScreen
import LockScreenModel  // for .clock
import Panel
import PanelOptions
@testable import Providers
import TestSupport
import Testing
@testable import TimelineEngine

/// A deterministic lock screen: weather inline, battery and a timer round, an agenda.
struct GoldenWidgets: WidgetBundle {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Fixed: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: context.date)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: context.date)], policy: .never))
        }
    }

    struct Weather: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "weather", provider: Fixed()) { _ in
                HStack { Image(systemName: "cloud.sun.fill"); Text("12°C Cloudy") }
            }.supportedFamilies([.accessoryInline])
        }
    }

    struct Battery: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "battery", provider: Fixed()) { _ in
                Gauge(value: 0.8) { Image(systemName: "battery.100") } currentValueLabel: { Text("80") }
                    .gaugeStyle(.accessoryCircular)
            }.supportedFamilies([.accessoryCircular])
        }
    }

    struct Countdown: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "countdown", provider: Fixed()) { entry in
                ZStack {
                    AccessoryWidgetBackground()
                    VStack(spacing: 0) {
                        Image(systemName: "timer").font(.system(size: 14))
                        Text(timerInterval: entry.date...entry.date.addingTimeInterval(25 * 60)).font(.system(size: 15, weight: .semibold)).monospacedDigit()
                    }
                }
            }.supportedFamilies([.accessoryCircular])
        }
    }

    struct Agenda: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "agenda", provider: Fixed()) { _ in
                VStack(alignment: .leading, spacing: 1) {
                    Text("Standup").font(.headline).widgetAccentable()
                    Text("10:00 – 10:15").foregroundStyle(.secondary)
                    Text("Room 4, second floor").font(.caption).lineLimit(1)
                }.frame(maxWidth: .infinity, alignment: .leading)
            }.supportedFamilies([.accessoryRectangular])
        }
    }

    var body: some Widget {
        Weather()
        Battery()
        Countdown()
        Agenda()
    }

    func content() throws -> LockScreenDaemon.Content {
        let widgets = try descriptors.map { TimelineEngine.Widget(name: $0.kind, family: $0.supportedFamilies[0], instance: try $0.instantiate([:])) }
        return LockScreenDaemon.Content(inline: widgets[0], row: Array(widgets.dropFirst()))
    }
}

@Suite("LockScreenDaemon")
struct LockScreenDaemonTests {
    func daemon(_ options: DaemonOptions, display: MemoryDisplay) throws -> LockScreenDaemon {
        LockScreenDaemon(
            content: try GoldenWidgets().content(), renderer: LockScreenApplication.renderer(options), display: display,
            clock: SystemClock(startingAt: testNow), logger: quietLogger)
    }

    @Test("the first frame is full; a minute tick presents only the changed digits and live text")
    func minuteTick() async throws {
        let options = testOptions()
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = try daemon(options, display: display)
        let first = try await daemon.step(now: testNow)
        #expect(first.presented)
        #expect(display.presentations[0].refresh == .full)
        #expect(display.presentations[0].damage == [PixelRect(x: 0, y: 0, width: 800, height: 480)])
        // The countdown's seconds are the next change.
        #expect(first.next == testNow.addingTimeInterval(1))

        // Nothing changes within the same second: no frame.
        let again = try await daemon.step(now: testNow.addingTimeInterval(0.5))
        #expect(!again.presented)

        let tick = Date(timeIntervalSince1970: 1_795_356_300)
        let result = try await daemon.step(now: tick)
        #expect(result.presented)
        let last = try #require(display.presentations.last)
        #expect(last.refresh == .partial)
        let renderer = LockScreenApplication.renderer(options)
        let clock = renderer.layout.clock.integral
        let countdown = try #require(renderer.layout.unitRects(for: [.accessoryCircular, .accessoryCircular, .accessoryRectangular])[1]).integral
        for rect in last.damage {
            #expect(rect.intersection(clock) == rect || rect.intersection(countdown) == rect, "damage \(rect) outside the clock and the timer")
        }
        // 14:04 → 14:05 changes one digit: the damage in the clock is narrower than a
        // third of the clock's text, and the whole tick under 4 % of the screen.
        let clockText = renderer.placeClock(now: tick).contentFrame.width * renderer.layout.scale
        for rect in last.damage where rect.intersection(clock) == rect {
            #expect(Double(rect.width) < clockText / 3)
        }
        let pixels = last.damage.reduce(0) { $0 + $1.area }
        #expect(Double(pixels) < 0.04 * 800 * 480)
    }

    @Test("the demo's first frame shows real statistics, not placeholders")
    func demo() async throws {
        let options = testOptions()
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenApplication.daemon(options, display: display, logger: quietLogger)
        try await daemon.step(now: testNow)
        let host = daemon.renderer.placeDateLine(now: testNow, inline: nil)
        #expect(host.texts == ["Sun 22 Nov"])
        #expect(display.presentations.count == 1)
        // Every widget answered before the frame: none drawn as its redacted placeholder,
        // none stale, each asked once.
        let reading = await daemon.engine.reading(at: testNow)
        #expect(reading.shown.count == 4)
        #expect(reading.shown.allSatisfy { !$0.isPlaceholder && !$0.isStale })
        let report = await daemon.engine.report(at: testNow)
        #expect(report.map(\.providerCalls) == [1, 1, 1, 1])
        // The statistics are the fixture machine's, not sample data.
        let inline = try #require(reading.shown.first)
        let texts = inline.entry.place(size: .init(width: 400, height: 26), environment: EnvironmentValues()).texts.joined(separator: " ")
        #expect(texts.contains(try String(contentsOfFile: fixtureRoot + "/proc/sys/kernel/hostname", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("the whole lock screen", arguments: [(800, 480, "dark"), (480, 800, "dark"), (250, 122, "light")])
    func golden(width: Int, height: Int, appearance: String) async throws {
        var options = testOptions(width: width, height: height)
        options.face.colorScheme = appearance == "light" ? .light : .dark
        let display = MemoryDisplay(width: width, height: height)
        let daemon = try daemon(options, display: display)
        try await daemon.step(now: testNow)
        var frame = try #require(display.lastFrame)
        if appearance == "light" { frame = frame.grayscale() }
        try Golden().check(frame, named: "lockscreen-\(width)x\(height)-\(appearance)")
    }

    @Test("what each widget on the page says is kept by the step that drew it; the inline widget's and other pages' are laid out alone")
    func wordsAsDrawn() async throws {
        let options = testOptions()
        let daemon = try daemon(options, display: MemoryDisplay(width: 800, height: 480))
        daemon.screens.open()
        try await daemon.step(now: testNow)
        let shown = try #require(daemon.screens.latest)
        let texts = shown.texts(now: testNow)
        // Each row widget's words are the step's, not laid out again.
        let row = shown.page.slots.filter { $0.id != .dateLine && $0.stack != nil }
        #expect(!row.isEmpty)
        for slot in row {
            let stack = try #require(slot.stack)
            #expect(slot.words != nil, "stack \(stack) drew no words")
            #expect(texts[shown.names[stack]] == slot.words)
        }
        // The date line's slot keeps no words (it draws the date too); the inline widget
        // still says what its own views draw.
        let dateLine = try #require(shown.page.slots.first { $0.id == .dateLine })
        #expect(dateLine.words == nil)
        let inline = try #require(dateLine.stack)
        #expect(texts[shown.names[inline]]?.isEmpty == false)
    }
}
