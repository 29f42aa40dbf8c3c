import Accessory
import Foundation
import Testing
import TestSupport
@testable import TimelineEngine
import ProviderOptions

/// The engine's per-widget rules, one event at a time, without an actor, a clock or a
/// provider.
@Suite("A widget's ledger")
struct WidgetLedgerTests {
    func ledger(budget: ReloadBudget = .standard) -> WidgetLedger {
        let widget = Scripted.widget("w", budget: budget, Scripted.instance { _, now in RenderableTimeline(entries: [], policy: .never) })
        return WidgetLedger(widget: widget, placeholder: Scripted.entry(testNow, "placeholder"))
    }

    func fetch(at date: Date, requested: Bool = false) -> WidgetLedger.Fetch {
        WidgetLedger.Fetch(token: 1, startedAt: date, task: Task {}, requested: requested)
    }

    /// `ledger.due(at:window:)`, outside the macro (which cannot mutate).
    func due(_ ledger: inout WidgetLedger, _ now: Date, _ window: TimeInterval) -> WidgetLedger.Due {
        ledger.due(at: now, window: window)
    }

    func failed(_ ledger: inout WidgetLedger, at now: Date) -> Bool {
        ledger.failed("boom", at: now)
    }

    func timeline(_ dates: [Date], policy: TimelineReloadPolicy) -> RenderableTimeline {
        RenderableTimeline(entries: dates.map { Scripted.entry($0, "e") }, policy: policy)
    }

    @Test("asked at once, charged; .atEnd asks again at the last entry; the budget's interval defers it")
    func policyAndBudget() {
        var ledger = ledger()
        #expect(due(&ledger, testNow, 0) == .charged)
        ledger.started(fetch(at: testNow), charged: true)
        let answered = ledger.answered(timeline([testNow, testNow + 60], policy: .atEnd), startedAt: testNow, minimumGap: 1)
        #expect(answered.changed && answered.recoveredAfter == nil)
        #expect(ledger.policyReload == testNow + 60 && ledger.charged == [testNow] && ledger.providerCalls == 1)
        // At the last entry the standard budget (one charged reload per 300 s) says no:
        // the reload moves to when it may be made, once.
        #expect(due(&ledger, testNow + 60, 0) == .deferred(until: testNow + 300))
        #expect(due(&ledger, testNow + 61, 0) == .no)
        #expect(due(&ledger, testNow + 300, 0) == .charged)
    }

    @Test("a request is free but waits a second after the last asking")
    func requests() {
        var ledger = ledger()
        ledger.started(fetch(at: testNow), charged: true)
        _ = ledger.answered(timeline([testNow], policy: .never), startedAt: testNow, minimumGap: 1)
        #expect(due(&ledger, testNow + 0.5, 0) == .no)
        ledger.explicitRequested = true
        #expect(due(&ledger, testNow + 0.5, 0) == .no)
        #expect(due(&ledger, testNow + 0.5, 3) == .free)
        #expect(due(&ledger, testNow + 1, 0) == .free)
    }

    @Test("failures keep the entries, mark them stale and back off 30, 60, 120 s; an answer clears them")
    func failures() {
        var ledger = ledger()
        ledger.started(fetch(at: testNow), charged: true)
        _ = ledger.answered(timeline([testNow], policy: .after(testNow + 10)), startedAt: testNow, minimumGap: 1)
        #expect(failed(&ledger, at: testNow + 10))
        #expect(!failed(&ledger, at: testNow + 40))
        #expect(!failed(&ledger, at: testNow + 100))
        #expect(ledger.retryAt == testNow + 220 && ledger.failures == 3 && ledger.lastError == "boom")
        #expect(ledger.isStale(at: testNow + 100) && ledger.entries.count == 1)
        #expect(due(&ledger, testNow + 219, 60) == .no)
        #expect(due(&ledger, testNow + 220, 0) == .free)
        let answered = ledger.answered(timeline([], policy: .never), startedAt: testNow + 220, minimumGap: 1)
        // No new entries, but the staleness lifts: what is shown changes.
        #expect(answered.changed && answered.recoveredAfter == 3)
        #expect(!ledger.isStale(at: testNow + 220) && ledger.retryAt == nil && ledger.lastError == nil)
    }

    @Test("a timeline already past reloads no sooner than the minimum gap")
    func minimumGap() {
        var ledger = ledger(budget: .unlimited)
        ledger.started(fetch(at: testNow), charged: true)
        _ = ledger.answered(timeline([testNow - 600], policy: .atEnd), startedAt: testNow, minimumGap: 1)
        #expect(ledger.policyReload == testNow + 1)
    }

    @Test("a timeline already past, answered again with nothing new, is asked twice as long after each time, up to 15 minutes; something new, or a poll ahead, keeps the gap")
    func pastBackOff() {
        var ledger = ledger(budget: .unlimited)
        func past(_ value: String, policy: TimelineReloadPolicy = .atEnd) -> RenderableTimeline {
            RenderableTimeline(entries: [DrawnAlikeTests.entry(testNow - 600, value)], policy: policy)
        }
        var now = testNow
        var gaps: [TimeInterval] = []
        for _ in 0..<13 {
            _ = ledger.answered(past("a"), startedAt: now, minimumGap: 1)
            gaps.append(ledger.policyReload!.timeIntervalSince(now))
            now = ledger.policyReload!
        }
        #expect(gaps == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900])
        #expect(ledger.generation == 1)
        #expect(ledger.answered(past("b"), startedAt: now, minimumGap: 1).changed)
        #expect(ledger.policyReload == now + 1)
        for _ in 0..<12 {
            _ = ledger.answered(past("b", policy: .after(now + 60)), startedAt: now, minimumGap: 1)
            #expect(ledger.policyReload == now + 60)
        }
    }

    @Test("a fetch times out after the policy's time-out; a clock jump moves waits, not entries")
    func timeOutAndJump() {
        var ledger = ledger()
        ledger.started(fetch(at: testNow), charged: true)
        #expect(!ledger.timedOut(at: testNow + 9.9) && ledger.timedOut(at: testNow + 10))
        _ = ledger.failed("slow", at: testNow + 10)
        ledger.clockJumped(by: 3_600)
        #expect(ledger.retryAt == testNow + 3_640 && ledger.charged == [testNow + 3_600] && ledger.fetch?.startedAt == testNow + 3_600)
    }

    @Test("restored entries are stale once their policy would have reloaded them; .never never")
    func restored() {
        var ledger = ledger()
        ledger.restore([Scripted.entry(testNow, "saved")], policy: .after(testNow + 60))
        #expect(ledger.generation == 1 && !ledger.isStale(at: testNow + 59) && ledger.isStale(at: testNow + 60))
        var forever = self.ledger()
        forever.restore([Scripted.entry(testNow, "saved")], policy: .never)
        #expect(!forever.isStale(at: .distantFuture - 1))
        var nothing = self.ledger()
        nothing.restore([], policy: .never)
        #expect(nothing.generation == 0 && !nothing.restored)
    }

    @Test("the next event: the policy's reload within the budget, the fetch's time-out, the retry, a request, the restored entries' expiry")
    func nextEvent() {
        var ledger = ledger()
        #expect(ledger.nextEvent(after: testNow) == testNow)
        ledger.started(fetch(at: testNow), charged: true)
        #expect(ledger.nextEvent(after: testNow + 1) == testNow + 10)
        _ = ledger.answered(timeline([testNow, testNow + 60], policy: .atEnd), startedAt: testNow, minimumGap: 1)
        ledger.fetch = nil
        // The policy asks at +60; the budget's 300 s interval allows it at +300.
        #expect(ledger.nextEvent(after: testNow + 1) == testNow + 300)
        ledger.explicitRequested = true
        #expect(ledger.nextEvent(after: testNow + 0.5) == testNow + 1)
        ledger.explicitRequested = false
        _ = failed(&ledger, at: testNow + 300)
        #expect(ledger.nextEvent(after: testNow + 301) == testNow + 330)
        var saved = self.ledger()
        saved.restore([Scripted.entry(testNow, "saved")], policy: .never)
        saved.policyReload = nil
        // A timeline whose policy never asks again does not expire: nothing before the end of time.
        #expect(saved.nextEvent(after: testNow) == .distantFuture)
        saved.restore([Scripted.entry(testNow, "saved")], policy: .after(testNow + 60))
        #expect(saved.nextEvent(after: testNow) == testNow + 60)
    }
}
