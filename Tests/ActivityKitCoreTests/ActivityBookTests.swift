@testable import ActivityKitCore
import FoundationEssentials
import Testing

/// Apple's limits on Live Activities, kept by `ActivityBook` on whatever clock it is given.
@Suite("Live Activities' limits")
struct ActivityBookTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let state = Data(#"{"score":1}"#.utf8)

    func book(_ ids: [String] = ["a"], relevance: [Double] = []) throws -> ActivityBook {
        var book = ActivityBook()
        for (index, id) in ids.enumerated() {
            try book.start(
                id: id, attributesType: "Match", attributes: Data("{}".utf8), state: state, staleDate: nil,
                relevanceScore: index < relevance.count ? relevance[index] : 0, timestamp: start, now: start.addingTimeInterval(Double(index)))
        }
        return book
    }

    @Test("content over 4 KB is refused when started and when updated; 4 KB exactly is taken")
    func sizeLimit() throws {
        var book = ActivityBook()
        let attributes = Data("{}".utf8)
        let fits = Data(repeating: UInt8(ascii: " "), count: 4096 - attributes.count)
        let over = fits + Data([32])
        try book.start(id: "a", attributesType: "T", attributes: attributes, state: fits, staleDate: nil, relevanceScore: 0, timestamp: start, now: start)
        var copyStart = book
        let refusedStart = refusal { () throws(ActivityAuthorizationError) in try copyStart.start(id: "b", attributesType: "T", attributes: attributes, state: over, staleDate: nil, relevanceScore: 0, timestamp: start, now: start) }
        #expect(refusedStart == .attributesTooLarge)
        var copyUpdate = book
        let refusedUpdate = refusal { () throws(ActivityAuthorizationError) in _ = try copyUpdate.update(id: "a", state: over, staleDate: nil, relevanceScore: nil, timestamp: start, now: start) }
        #expect(refusedUpdate == .attributesTooLarge)
        #expect(book.record("a")?.state == fits)
    }

    @Test("an activity runs at most eight hours, then stays ended four more, then is gone")
    func lifetime() throws {
        var book = try book()
        book.settle(now: start.addingTimeInterval(8 * 3600 - 1))
        #expect(book.record("a")?.phase == .active)
        #expect(book.nextChange == start.addingTimeInterval(8 * 3600))
        book.settle(now: start.addingTimeInterval(8 * 3600))
        #expect(book.record("a")?.phase == .ended)
        #expect(book.record("a")?.dismissal == start.addingTimeInterval(12 * 3600))
        let outcome1 = try book.update(id: "a", state: state, staleDate: nil, relevanceScore: nil, timestamp: start.addingTimeInterval(9 * 3600), now: start.addingTimeInterval(9 * 3600))
        #expect(outcome1 == .unknown)
        book.settle(now: start.addingTimeInterval(12 * 3600 - 1))
        #expect(book.presented.map(\.id) == ["a"])
        book.settle(now: start.addingTimeInterval(12 * 3600))
        #expect(book.presented.isEmpty)
    }

    @Test("an ended activity stays four hours by default, goes at once when immediate, and no later than four hours when a date is given")
    func dismissal() throws {
        var book = try book(["a", "b", "c", "d"])
        let end = start.addingTimeInterval(60)
        let outcome2 = try book.end(id: "a", state: nil, timestamp: end, dismissal: .default, now: end)
        #expect(outcome2 == .applied)
        let outcome3 = try book.end(id: "b", state: nil, timestamp: end, dismissal: .immediate, now: end)
        #expect(outcome3 == .applied)
        let outcome4 = try book.end(id: "c", state: nil, timestamp: end, dismissal: .after(end.addingTimeInterval(600)), now: end)
        #expect(outcome4 == .applied)
        let outcome5 = try book.end(id: "d", state: nil, timestamp: end, dismissal: .after(end.addingTimeInterval(24 * 3600)), now: end)
        #expect(outcome5 == .applied)
        #expect(Set(book.presented.map(\.id)) == ["a", "c", "d"])
        #expect(book.record("c")?.dismissal == end.addingTimeInterval(600))
        #expect(book.record("d")?.dismissal == end.addingTimeInterval(4 * 3600))
        #expect(book.record("a")?.dismissal == end.addingTimeInterval(4 * 3600))
        let first = book.dismiss(id: "a"), second = book.dismiss(id: "a")
        #expect(first && !second)
    }

    @Test("a start without a timestamp, then an end stamped with the same whole second, ends it (issue 59, attack 15)")
    func unstampedStart() throws {
        var book = ActivityBook()
        let now = start.addingTimeInterval(0.7)
        let started = try book.apply(.start(id: "a", attributesType: "Match", attributes: Data("{}".utf8), content: ActivityUpdate(state: state), channel: nil), now: now)
        #expect(started == .applied)
        // As lockscreenctl and servers stamp it: the whole second.
        let ended = try book.apply(.end(id: "a", content: ActivityUpdate(state: Data(), timestamp: start), dismissal: .default), now: now.addingTimeInterval(0.1))
        #expect(ended == .applied)
        #expect(book.record("a")?.phase == .ended)
    }

    @Test("an update older than the newest taken is ignored; an equal or newer one is taken")
    func timestampsOnlyMoveForward() throws {
        var book = try book()
        let later = start.addingTimeInterval(30)
        let new = Data(#"{"score":2}"#.utf8), old = Data(#"{"score":0}"#.utf8)
        let outcome6 = try book.update(id: "a", state: new, staleDate: nil, relevanceScore: nil, timestamp: later, now: later)
        #expect(outcome6 == .applied)
        let outcome7 = try book.update(id: "a", state: old, staleDate: nil, relevanceScore: nil, timestamp: later.addingTimeInterval(-1), now: later.addingTimeInterval(5))
        #expect(outcome7 == .outdated)
        #expect(book.record("a")?.state == new)
        let outcome8 = try book.end(id: "a", state: old, timestamp: start, now: later)
        #expect(outcome8 == .outdated)
        #expect(book.record("a")?.phase == .active)
    }

    @Test("past its stale date an activity is drawn stale, until an update brings a new one")
    func stale() throws {
        var book = try book()
        let staleAt = start.addingTimeInterval(600)
        _ = try book.update(id: "a", state: state, staleDate: staleAt, relevanceScore: nil, timestamp: start.addingTimeInterval(1), now: start.addingTimeInterval(1))
        #expect(book.nextChange == staleAt)
        book.settle(now: staleAt)
        #expect(book.record("a")?.isStale == true)
        _ = try book.update(id: "a", state: state, staleDate: staleAt.addingTimeInterval(600), relevanceScore: nil, timestamp: staleAt, now: staleAt)
        #expect(book.record("a")?.isStale == false)
    }

    @Test("the band shows the most relevant first, the earlier started among equals; a ninth activity is refused")
    func orderAndCount() throws {
        var book = try book(["low", "high", "mid", "also-mid"], relevance: [0, 100, 50, 50])
        #expect(book.presented.map(\.id) == ["high", "mid", "also-mid", "low"])
        for index in 4..<ActivityBook.maximumActivities {
            try book.start(id: "x\(index)", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: start, now: start)
        }
        var copyNinth = book
        let refusedNinth = refusal { () throws(ActivityAuthorizationError) in try copyNinth.start(id: "one-too-many", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: start, now: start) }
        #expect(refusedNinth == .targetMaximumExceeded)
    }

    @Test("4,000 start–end cycles under fresh tokens keep eight ended activities, the first ended leaving first (issue 59, attack 2)")
    func endedBounded() throws {
        var book = ActivityBook()
        for cycle in 0..<4000 {
            let now = start.addingTimeInterval(Double(cycle))
            let id = String(cycle, radix: 16).paddedToken
            try book.start(id: id, attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: now, now: now)
            _ = try book.end(id: id, state: nil, timestamp: now, now: now)
        }
        #expect(book.records.count == ActivityBook.maximumEnded)
        #expect(book.records.map(\.id) == (3992..<4000).map { String($0, radix: 16).paddedToken })
        #expect(book.retired.count == ActivityBook.maximumRetired)
        // Eight running ones still start beside them.
        for index in 0..<ActivityBook.maximumActivities {
            try book.start(id: "run\(index)", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: start, now: start.addingTimeInterval(4000))
        }
        #expect(book.presented.count == ActivityBook.maximumActivities + ActivityBook.maximumEnded)
    }

    @Test("a start stamped eight hours ago is refused; one stamped an hour ago ends seven hours on; a token's old start after its end is refused (issue 59, attack 9)")
    func stampedStart() throws {
        var book = ActivityBook()
        let now = start.addingTimeInterval(2 * 86_400)
        let outcome = try book.start(id: "old", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: start, now: now)
        #expect(outcome == .expired && book.records.isEmpty)
        let hourAgo = now.addingTimeInterval(-3600)
        #expect(try book.start(id: "a", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: hourAgo, now: now) == .applied)
        #expect(book.nextChange == hourAgo.addingTimeInterval(8 * 3600))
        _ = try book.end(id: "a", state: nil, timestamp: now, dismissal: .immediate, now: now)
        book.settle(now: now.addingTimeInterval(1))
        #expect(book.records.isEmpty && book.retired["a"] == now)
        // The broker delivers the retained start again (a reconnection, a restart).
        let replay = try book.start(id: "a", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: hourAgo, now: now.addingTimeInterval(60))
        #expect(replay == .outdated && book.records.isEmpty)
        let fresh = try book.start(id: "a", attributesType: "T", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: now.addingTimeInterval(60), now: now.addingTimeInterval(60))
        #expect(fresh == .applied)
    }

    @Test("a new start for a token whose activity has ended starts it again, its alert shown; an older one is out of order (issue 60)")
    func startAgain() throws {
        var book = try book()
        let end = start.addingTimeInterval(60)
        _ = try book.end(id: "a", state: nil, timestamp: end, now: end)
        let old = try book.start(id: "a", attributesType: "Match", attributes: Data("{}".utf8), state: state, staleDate: nil, relevanceScore: 0, timestamp: end, now: end)
        #expect(old == .outdated && book.record("a")?.phase == .ended)
        let later = end.addingTimeInterval(60)
        let again = try book.apply(.start(id: "a", attributesType: "Match", attributes: Data("{}".utf8),
                                          content: ActivityUpdate(state: state, timestamp: later, alert: .init(title: "Kick-off", body: "")), channel: nil), now: later)
        #expect(again == .applied && book.record("a")?.phase == .active && book.record("a")?.started == later)
        #expect(book.record("a")?.alert?.title == "Kick-off" && book.record("a")?.alertUntil == later.addingTimeInterval(8))
        #expect(book.records.count == 1)
    }

    @Test("a saved book comes back with its own times; records a push could not make are left out")
    func restore() throws {
        let token = "00aa11bb22cc33dd", other = "00aa11bb22cc33ee"
        var saved = try book([token, other])
        _ = try saved.end(id: other, state: nil, timestamp: start.addingTimeInterval(5), now: start.addingTimeInterval(5))
        var records = saved.records
        var twice = try #require(saved.record(token))
        twice.relevanceScore = .nan
        records.append(twice)
        records.append(ActivityRecord(id: "not hex", attributesType: "Match", attributes: Data(), state: state, staleDate: nil, relevanceScore: 0,
                                      phase: .active, started: start, timestamp: start))
        records.append(ActivityRecord(id: "00aa11bb22cc33ff", attributesType: "Match", attributes: Data(repeating: 32, count: 5000), state: state,
                                      staleDate: nil, relevanceScore: 0, phase: .active, started: start, timestamp: start))
        records.append(ActivityRecord(id: "00aa11bb22cc3300", attributesType: "Gone", attributes: Data(), state: state, staleDate: nil, relevanceScore: 0,
                                      phase: .active, started: start, timestamp: start))
        records.append(ActivityRecord(id: "00aa11bb22cc3311", attributesType: "Match", attributes: Data(), state: state, staleDate: nil, relevanceScore: 0,
                                      phase: .active, started: start, timestamp: Date(timeIntervalSince1970: 1e300)))
        var book = ActivityBook()
        book.restore(records, retired: ["ffff0000": start, "zz": start], now: start.addingTimeInterval(3600)) { $0.attributesType == "Match" }
        #expect(book.records.map(\.id) == [token, other])
        #expect(book.record(token)?.started == start && book.record(other)?.phase == .ended)
        #expect(book.retired == ["ffff0000": start])
        book.settle(now: start.addingTimeInterval(8 * 3600))
        #expect(book.record(token)?.phase == .ended)
    }

    @Test("an alert shows for a moment, then the band is as before")
    func alert() throws {
        var book = try book()
        let at = start.addingTimeInterval(10)
        let outcome = try book.apply(.update(id: "a", content: ActivityUpdate(state: state, timestamp: at, alert: .init(title: "Goal!", body: "2–1"))), now: at)
        #expect(outcome == .applied)
        #expect(book.record("a")?.alert?.title == "Goal!")
        book.settle(now: at + ActivityBook.alertLength)
        #expect(book.record("a")?.alert == nil)
    }
}

/// The error a change to the book threw, if any.
private func refusal(_ body: () throws(ActivityAuthorizationError) -> Void) -> ActivityAuthorizationError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

extension Date {
    fileprivate static func + (date: Date, duration: Duration) -> Date {
        date.addingTimeInterval(Double(duration.components.seconds))
    }
}

extension String {
    /// A number in hex as a push token: sixteen digits.
    fileprivate var paddedToken: String { String(repeating: "0", count: max(0, 16 - count)) + self }
}
