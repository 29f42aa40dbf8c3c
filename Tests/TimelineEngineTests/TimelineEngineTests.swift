import Accessory
@testable import Canvas
import Foundation
import Synchronization
import Testing
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import ProviderOptions

func text(of shown: TimelineEngine.Shown) -> String {
    shown.entry.place(size: .init(width: 400, height: 40), environment: EnvironmentValues()).texts.joined()
}

@Suite("TimelineEngine")
struct TimelineEngineTests {
    @Test("placeholder first; then the latest entry not in the future; .atEnd reloads after the last")
    func showsLatest() async throws {
        let calls = Counter()
        let engine = fastEngine([Scripted.widget("w", Scripted.instance(calls: calls) { call, now in
            RenderableTimeline(entries: [Scripted.entry(now + 600, "c\(call)"), Scripted.entry(now - 10, "a\(call)"), Scripted.entry(now + 300, "b\(call)")], policy: .atEnd)
        })])
        #expect(await engine.shown(0, at: testNow).isPlaceholder)
        #expect(await engine.reloadDue(now: testNow).changed == [0])
        #expect(text(of: await engine.shown(0, at: testNow)) == "a1")
        #expect(text(of: await engine.shown(0, at: testNow + 300)) == "b1")
        #expect(await engine.nextEvent(after: testNow) == testNow + 300)
        #expect(await engine.nextEvent(after: testNow + 400) == testNow + 600)
        await engine.reloadDue(now: testNow + 590)
        #expect(calls.count == 1)
        await engine.reloadDue(now: testNow + 600)
        #expect(calls.count == 2)
        #expect(text(of: await engine.shown(0, at: testNow + 600)) == "a2")
    }

    @Test("entries with equal dates: the last one given wins")
    func equalDates() {
        let ordered = TimelineEngine.ordered([Scripted.entry(testNow, "a"), Scripted.entry(testNow - 5, "z"), Scripted.entry(testNow, "b")])
        #expect(ordered.count == 2)
        #expect(ordered.map { $0.place(size: .init(width: 100, height: 20), environment: EnvironmentValues()).texts } == [["z"], ["b"]])
    }

    @Test(".never reloads only when asked, free of budget; an empty timeline keeps what is shown")
    func neverAndExplicit() async throws {
        let calls = Counter()
        let engine = fastEngine([
            Scripted.widget("never", Scripted.instance(calls: calls) { call, now in RenderableTimeline(entries: call == 1 ? [Scripted.entry(now, "x")] : [], policy: .never) }),
        ])
        await engine.reloadDue(now: testNow)
        #expect(await engine.nextEvent(after: testNow) == nil)
        let before = await engine.status(0, at: testNow).budgetLeft
        #expect(await engine.requestReload(kind: "never"))
        #expect(await !engine.requestReload(kind: "other"))
        // Asked at testNow: asked again on request a second later, not twice in one second.
        #expect(await engine.nextEvent(after: testNow) == testNow + 1)
        await engine.reloadDue(now: testNow + 0.5)
        #expect(calls.count == 1)
        await engine.reloadDue(now: testNow + 1)
        #expect(calls.count == 2)
        #expect(await engine.status(0, at: testNow + 1).budgetLeft == before)
        #expect(text(of: await engine.shown(0, at: testNow + 1)) == "x")
    }

    @Test("a failing provider keeps its last entry, marked stale, and is retried with doubling waits up to the cap")
    func backoff() async throws {
        let calls = Counter()
        let fails = Mutex(false)
        let engine = fastEngine([Scripted.widget("w", Scripted.instance(calls: calls) { call, now in
            if fails.withLock({ $0 }) { throw Scripted.Failure() }
            return RenderableTimeline(entries: [Scripted.entry(now, "good \(call)")], policy: .after(now + 600))
        })])
        await engine.reloadDue(now: testNow)
        fails.withLock { $0 = true }
        var t = testNow + 600
        var waits: [TimeInterval] = []
        for _ in 0..<9 {
            await engine.reloadDue(now: t)
            let status = await engine.status(0, at: t)
            #expect(status.isStale)
            #expect(status.lastError == "source unavailable")
            let next = try #require(status.nextReload)
            waits.append(next.timeIntervalSince(t))
            t = next
        }
        #expect(waits == [30, 60, 120, 240, 480, 960, 1800, 1800, 1800])
        let shown = await engine.shown(0, at: t)
        #expect(shown.isStale && text(of: shown) == "good 1")
        fails.withLock { $0 = false }
        await engine.reloadDue(now: t)
        let recovered = await engine.shown(0, at: t)
        #expect(!recovered.isStale && text(of: recovered) == "good 11")
        #expect(calls.count == 11)
    }

    @Test("a provider that never answers times out on the daemon's clock and does not hold up the others")
    func silent() async throws {
        let calls = Counter()
        let clock = ManualClock(start: testNow)
        let engine = fastEngine([
            Scripted.widget("silent", Scripted.silent()),
            Scripted.widget("ok", Scripted.instance(calls: calls) { _, now in RenderableTimeline(entries: [Scripted.entry(now, "ok")], policy: .never) }),
        ], clock: clock)
        async let first = engine.reloadDue(now: testNow)
        await calls.reached(1)
        await endGrace(clock)
        #expect(await first.changed == [1])
        #expect(await engine.nextEvent(after: testNow) == testNow + 10)
        await engine.reloadDue(now: testNow + 10)
        let status = await engine.status(0, at: testNow + 10)
        #expect(status.failures == 1)
        #expect(status.lastError == "did not answer within 10 s")
        #expect(status.nextReload == testNow + 40)
    }

    @Test("a frame drawn once waits for its reloads until they answer or reach their own time-out")
    func waitsForAnswers() async throws {
        let clock = ManualClock(start: testNow)
        let answer = Counter(), done = Counter()
        let slow = WidgetInstance(
            placeholder: { Scripted.entry($0.date, "placeholder") }, snapshot: { Scripted.entry($0.date, "snapshot") },
            timeline: { context in
                await answer.reached(1)
                return RenderableTimeline(entries: [Scripted.entry(context.date, "late")], policy: .never)
            })
        var settings = TimelineEngine.Settings()
        settings.waitsForAnswers = true
        let engine = TimelineEngine(widgets: [Scripted.widget("slow", slow), Scripted.widget("silent", Scripted.silent())],
                                    now: testNow, clock: clock, settings: settings, logger: quietLogger)
        let step = Task {
            defer { done.increment() }
            return await engine.reloadDue(now: testNow)
        }
        await clock.sleeping()
        // Past the quarter second a step of the running daemon waits; short of the 10 s time-out.
        clock.advance(by: 9)
        for _ in 0..<50 { await Task.yield() }
        #expect(done.count == 0)
        answer.increment()
        for _ in 0..<50 { await Task.yield() }
        #expect(done.count == 0, "the silent widget still has a second")
        clock.advance(by: 1)
        #expect(await step.value.changed == [0])
        #expect(text(of: await engine.shown(0, at: testNow)) == "late")
    }

    @Test("the budget allows 70 charged reloads a day, 5 minutes apart; explicit reloads are free")
    func budget() async throws {
        let calls = Counter()
        let engine = fastEngine([Scripted.widget("greedy", Scripted.instance(calls: calls) { call, now in
            RenderableTimeline(entries: [Scripted.entry(now, "\(call)")], policy: .after(now + 60))
        })])
        var t = testNow
        while t < testNow + 86_400 {
            await engine.reloadDue(now: t)
            guard let next = await engine.nextEvent(after: t) else { break }
            t = next
        }
        #expect(calls.count == 70)
        let status = await engine.status(0, at: testNow + 86_399)
        #expect(status.budgetLeft == 0)
        // Reloads came every 5 minutes, so the 71st is allowed when the 1st leaves the window.
        #expect(status.nextReload == testNow + 86_400)
        await engine.requestReload(kind: nil)
        await engine.reloadDue(now: testNow + 86_399)
        #expect(calls.count == 71)
        #expect(await engine.status(0, at: testNow + 86_399).budgetLeft == 0)
    }

    @Test("reloads due within a few seconds of each other happen in the same step")
    func coalescing() async throws {
        let a = Counter(), b = Counter()
        let engine = fastEngine([
            Scripted.widget("a", budget: .unlimited, Scripted.instance(calls: a) { _, now in RenderableTimeline(entries: [Scripted.entry(now, "a")], policy: .after(testNow + 600)) }),
            Scripted.widget("b", budget: .unlimited, Scripted.instance(calls: b) { _, now in RenderableTimeline(entries: [Scripted.entry(now, "b")], policy: .after(testNow + 602)) }),
        ])
        await engine.reloadDue(now: testNow)
        #expect(await engine.nextEvent(after: testNow) == testNow + 600)
        #expect(await engine.reloadDue(now: testNow + 600).changed == [0, 1])
        #expect(a.count == 2 && b.count == 2)
    }

    @Test("a reload due just after the daemon's own update joins it; alone it waits for its time")
    func joining() async throws {
        let calls = Counter()
        let engine = fastEngine([
            Scripted.widget("a", budget: .unlimited, Scripted.instance(calls: calls) { _, now in
                RenderableTimeline(entries: [Scripted.entry(now, "a")], policy: .after(now + 60.003))
            }),
        ])
        await engine.reloadDue(now: testNow)
        // A step for nothing due: the reload 3 ms ahead waits.
        await engine.reloadDue(now: testNow + 60)
        #expect(calls.count == 1)
        // The clock's minute: the reload joins it.
        #expect(await engine.reloadDue(now: testNow + 60, joining: true).changed == [0])
        #expect(calls.count == 2)
    }

    @Test("a change that answers a reload someone asked for says so")
    func answersRequest() async throws {
        let engine = fastEngine([
            Scripted.widget("a", budget: .unlimited, Scripted.instance { call, now in RenderableTimeline(entries: [Scripted.entry(now, "\(call)")], policy: .after(now + 600)) }),
        ])
        #expect(await engine.reloadDue(now: testNow).answersRequest == false)
        await engine.requestReload(kind: "a")
        #expect(await engine.reloadDue(now: testNow + 1) == TimelineEngine.Reloads(changed: [0], answersRequest: true))
        #expect(await engine.reloadDue(now: testNow + 601) == TimelineEngine.Reloads(changed: [0], answersRequest: false))
    }

    @Test("stacks: the most relevant widget shows; ties keep the one shown; rotation when none claims relevance")
    func stackChoice() {
        let t = Date(timeIntervalSince1970: 1_795_356_000)  // 14:00:00, a multiple of 600 s
        #expect(StackRotation.choose(current: 0, lastSwitch: t, scores: [1, 5], rotation: nil, now: t) == (1, true))
        #expect(StackRotation.choose(current: 1, lastSwitch: t, scores: [5, 5], rotation: nil, now: t) == (1, false))
        #expect(StackRotation.choose(current: 0, lastSwitch: t, scores: [nil, nil], rotation: 600, now: t + 599) == (0, false))
        #expect(StackRotation.choose(current: 1, lastSwitch: t, scores: [nil, nil, nil], rotation: 600, now: t + 600) == (2, true))
        #expect(StackRotation.choose(current: 2, lastSwitch: t, scores: [nil, nil, nil], rotation: 600, now: t + 600) == (0, true))
        #expect(StackRotation.choose(current: 0, lastSwitch: t, scores: [nil, 2], rotation: 600, now: t + 10) == (1, true))
        // Rotations fall on multiples of the interval, whenever the last switch was: with
        // the clock's minute for a minute's rotation, not seconds before it.
        #expect(StackRotation.choose(current: 0, lastSwitch: t + 7, scores: [nil, nil], rotation: 600, now: t + 599) == (0, false))
        #expect(StackRotation.choose(current: 0, lastSwitch: t + 7, scores: [nil, nil], rotation: 600, now: t + 600) == (1, true))
        #expect(StackRotation.nextRotation(after: t + 55, every: 60) == t + 60)
        #expect(StackRotation.nextRotation(after: t + 60, every: 60) == t + 120)
    }

    @Test("relevance lasts for its duration after the entry's date")
    func relevance() async throws {
        let engine = fastEngine([Scripted.widget("r", Scripted.instance { _, now in
            RenderableTimeline(entries: [Scripted.entry(now, "r", relevance: TimelineEntryRelevance(score: 3, duration: 600))], policy: .never)
        })])
        await engine.reloadDue(now: testNow)
        #expect(await engine.relevance(0, at: testNow + 599) == 3)
        #expect(await engine.relevance(0, at: testNow + 600) == nil)
        #expect(await engine.nextEvent(after: testNow) == testNow + 600)
    }

    @Test("one reading gives what each widget shows, its relevance, and the next event")
    func reading() async throws {
        let clock = ManualClock(start: testNow)
        let engine = fastEngine([
            Scripted.widget("r", Scripted.instance { _, now in
                RenderableTimeline(entries: [Scripted.entry(now, "r", relevance: TimelineEntryRelevance(score: 3, duration: 600))], policy: .never)
            }),
            Scripted.widget("plain", Scripted.instance { _, now in
                RenderableTimeline(entries: [Scripted.entry(now, "p1"), Scripted.entry(now + 300, "p2")], policy: .never)
            }),
            Scripted.widget("late", Scripted.silent()),
        ], clock: clock)
        async let step = engine.reloadDue(now: testNow)
        await endGrace(clock)
        _ = await step
        for at in [testNow, testNow + 300, testNow + 600] {
            let reading = await engine.reading(at: at)
            #expect(reading.shown.map(text(of:)) == [text(of: await engine.shown(0, at: at)), text(of: await engine.shown(1, at: at)), "placeholder"])
            #expect(reading.shown.map(\.key) == [await engine.shown(0, at: at).key, await engine.shown(1, at: at).key, "placeholder"])
            #expect(reading.relevance == [at < testNow + 600 ? 3 : nil, nil, nil])
            #expect(reading.nextEvent == (await engine.nextEvent(after: at)))
        }
        #expect(await engine.reading(at: testNow + 300).shown.map(text(of:)) == ["r", "p2", "placeholder"])
    }

    @Test("a wall-clock jump moves waits measured from now, not dates a provider gave")
    func jump() async throws {
        let engine = fastEngine([Scripted.widget("f", Scripted.failing())])
        await engine.reloadDue(now: testNow)
        #expect(await engine.status(0, at: testNow).nextReload == testNow + 30)
        await engine.clockJumped(by: 3600)
        #expect(await engine.status(0, at: testNow + 3600).nextReload == testNow + 3630)
    }
}
