import Accessory
import Foundation
import Testing
@testable import LockScreen

/// A provider whose timeline is set by the test.
struct ScriptedProvider: TimelineProvider {
    struct Entry: TimelineEntry {
        let date: Date
        let text: String
    }

    let entries: [Entry]
    let policy: TimelineReloadPolicy
    let calls: Counter

    func placeholder(in context: Context) -> Entry { Entry(date: context.date, text: "placeholder") }
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        calls.increment()
        completion(Timeline(entries: entries, policy: policy))
    }
}

/// A provider that never calls its completion.
struct SilentProvider: TimelineProvider {
    func placeholder(in context: Context) -> ScriptedProvider.Entry { .init(date: context.date, text: "placeholder") }
    func getSnapshot(in context: Context, completion: @escaping (ScriptedProvider.Entry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<ScriptedProvider.Entry>) -> Void) {}
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

import Synchronization

struct ScriptedWidget<P: TimelineProvider>: Widget {
    let provider: P
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "scripted", provider: provider) { entry in
            Text(String(describing: entry))
        }
    }
}

func instance<P: TimelineProvider>(_ provider: P) throws -> WidgetInstance {
    try ScriptedWidget(provider: provider).descriptors[0].instantiate([:])
}

@Suite("TimelineEngine")
struct TimelineEngineTests {
    func entry(_ offset: TimeInterval, _ text: String) -> ScriptedProvider.Entry {
        .init(date: testNow.addingTimeInterval(offset), text: text)
    }

    @Test("the placeholder shows until the first timeline; then the latest entry not in the future")
    func showsLatest() async throws {
        let calls = Counter()
        let provider = ScriptedProvider(entries: [entry(600, "c"), entry(-10, "a"), entry(300, "b")], policy: .atEnd, calls: calls)
        let engine = TimelineEngine(widgets: [.init(name: "w", family: .accessoryRectangular, instance: try instance(provider))], now: testNow, logger: quietLogger)
        #expect(await engine.shown(0, at: testNow).isPlaceholder)
        let changed = await engine.reloadDue(now: testNow)
        #expect(changed == [0])
        #expect(calls.count == 1)
        let first = await engine.shown(0, at: testNow)
        #expect(!first.isPlaceholder)
        #expect(first.entry.date == testNow.addingTimeInterval(-10))
        #expect(await engine.shown(0, at: testNow.addingTimeInterval(300)).entry.date == testNow.addingTimeInterval(300))
        // Next event: the entry at +300; the .atEnd reload comes at the last entry's date.
        #expect(await engine.nextEvent(after: testNow) == testNow.addingTimeInterval(300))
        #expect(await engine.nextEvent(after: testNow.addingTimeInterval(400)) == testNow.addingTimeInterval(600))
        await engine.reloadDue(now: testNow.addingTimeInterval(599))
        #expect(calls.count == 1)
        await engine.reloadDue(now: testNow.addingTimeInterval(600))
        #expect(calls.count == 2)
    }

    @Test("entries with equal dates: the last one given wins")
    func equalDates() {
        let a = RenderableEntry(date: testNow) { Text("a") }
        let b = RenderableEntry(date: testNow) { Text("b") }
        let ordered = TimelineEngine.ordered([a, b])
        #expect(ordered.count == 1)
        #expect(ordered[0].place(size: .init(width: 100, height: 20), environment: EnvironmentValues()).texts == ["b"])
    }

    @Test(".never reloads only on request; an empty timeline keeps what is shown")
    func neverAndEmpty() async throws {
        let calls = Counter()
        let engine = TimelineEngine(widgets: [
            .init(name: "never", family: .accessoryCircular, instance: try instance(ScriptedProvider(entries: [entry(0, "x")], policy: .never, calls: calls))),
            .init(name: "empty", family: .accessoryCircular, instance: try instance(ScriptedProvider(entries: [], policy: .after(testNow.addingTimeInterval(900)), calls: Counter()))),
        ], now: testNow, logger: quietLogger)
        await engine.reloadDue(now: testNow)
        #expect(await engine.shown(1, at: testNow).isPlaceholder)
        #expect(await engine.nextEvent(after: testNow) == testNow.addingTimeInterval(900))
        await engine.reloadDue(now: testNow.addingTimeInterval(86_400))
        #expect(calls.count == 1)
    }

    @Test("a provider that never answers keeps its widget as it was and does not hold up the others")
    func silent() async throws {
        let calls = Counter()
        let engine = TimelineEngine(widgets: [
            .init(name: "silent", family: .accessoryCircular, instance: try instance(SilentProvider())),
            .init(name: "ok", family: .accessoryCircular, instance: try instance(ScriptedProvider(entries: [entry(0, "x")], policy: .never, calls: calls))),
        ], now: testNow, timeout: .milliseconds(100), logger: quietLogger)
        let changed = await engine.reloadDue(now: testNow)
        #expect(changed == [1])
        #expect(await engine.shown(0, at: testNow).isPlaceholder)
        #expect(await engine.nextEvent(after: testNow) == testNow.addingTimeInterval(60))
    }
}
