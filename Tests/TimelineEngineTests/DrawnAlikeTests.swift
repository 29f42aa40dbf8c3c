@testable import Accessory
import Foundation
import Testing
@testable import TimelineEngine
import TestSupport

/// Entries that say what they are drawn from: a new one drawing as the last keeps the
/// widget's redraw key, and its date wakes nothing.
@Suite("Entries drawn alike")
struct DrawnAlikeTests {
    struct Reading: TimelineEntry {
        let date: Date
        let value: String
        var relevance: TimelineEntryRelevance? = nil
    }

    static func entry(_ date: Date, _ value: String, relevance: TimelineEntryRelevance? = nil) -> RenderableEntry {
        RenderableEntry(Reading(date: date, value: value, relevance: relevance), drawnFrom: value) { Text($0.value) }
    }

    @Test("a run of entries drawn alike shares one key; the next that differs, or the same value after another, does not")
    func keys() async {
        let engine = fastEngine([Scripted.widget("w", Scripted.instance { _, now in
            RenderableTimeline(entries: [Self.entry(now, "a"), Self.entry(now + 60, "a"), Self.entry(now + 120, "b"), Self.entry(now + 180, "a")], policy: .never)
        })])
        await engine.reloadDue(now: testNow)
        let keys = await [0, 60, 90, 120, 180].asyncMap { await engine.shown(0, at: testNow + $0).key }
        #expect(keys[0] == keys[1] && keys[1] == keys[2])
        #expect(Set([keys[0], keys[3], keys[4]]).count == 3)
        // The entry at +60 changes nothing: the next change after the first is +120.
        #expect(await engine.nextEntryChange(after: testNow) == testNow + 120)
    }

    @Test("an entry with a relevance keeps the run's key but its date counts; one that cannot say what it is drawn from starts its own run")
    func ownRuns() async {
        let engine = fastEngine([Scripted.widget("w", Scripted.instance { _, now in
            RenderableTimeline(entries: [
                Self.entry(now, "a"), Self.entry(now + 60, "a", relevance: TimelineEntryRelevance(score: 1)),
                Scripted.entry(now + 120, "a"), Scripted.entry(now + 180, "a"),
            ], policy: .never)
        })])
        await engine.reloadDue(now: testNow)
        let keys = await [0, 60, 120, 180].asyncMap { await engine.shown(0, at: testNow + $0).key }
        // The relevance is not drawn: the key stays, and its start is an event.
        #expect(keys[0] == keys[1])
        #expect(Set(keys).count == 3)
        let next = await engine.nextEntryChange(after: testNow)
        #expect(next == testNow + 60, "\(String(describing: next))")
    }

    @Test("entries drawn from equal values draw alike; different values, or margins, do not")
    func drawsLike() {
        #expect(Self.entry(testNow, "a").drawsLike(Self.entry(testNow + 5, "a")))
        #expect(!Self.entry(testNow, "a").drawsLike(Self.entry(testNow, "b")))
        #expect(!Self.entry(testNow, "a").drawsLike(Scripted.entry(testNow, "a")))
        #expect(!Self.entry(testNow, "a").drawsLike(Self.entry(testNow, "a").withoutContentMargins()))
        // A value of another type is not equal, whatever it holds.
        let other = RenderableEntry(Reading(date: testNow, value: "a"), drawnFrom: Character("a")) { Text($0.value) }
        #expect(!Self.entry(testNow, "a").drawsLike(other))
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var result: [T] = []
        for element in self { result.append(await transform(element)) }
        return result
    }
}
