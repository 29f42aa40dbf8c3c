import Canvas
import Foundation
@testable import Panel
import PanelOptions
import TestSupport
import Testing
import ZoneInfo

@Suite("EinkPolicy")
struct EinkPolicyTests {
    static let midnight = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22T00:00:00Z

    func policy(quiet: (Int, Int)? = nil) -> EinkPolicy {
        var policy = EinkPolicy()
        policy.timeZone = .utc
        policy.quietPeriod = quiet
        return policy
    }

    /// Plays a day of one update a minute through the policy, with cleaning refreshes when
    /// it asks for them; returns the times of full refreshes and the count of updates.
    func day(_ policy: EinkPolicy) -> (fulls: [Date], updates: Int) {
        var state = EinkPolicy.State()
        var fulls: [Date] = []
        var updates = 0
        for minute in 0..<1_440 {
            let time = Self.midnight.addingTimeInterval(Double(minute) * 60)
            if let cleaning = policy.nextCleaning(after: time, state: state), cleaning <= time {
                policy.record(.full, at: time, state: &state)
                fulls.append(time)
                continue
            }
            let refresh = policy.decide(.partial, at: time, state: state)
            policy.record(refresh, at: time, state: &state)
            if refresh == .full { fulls.append(time) }
            updates += 1
        }
        return (fulls, updates)
    }

    @Test("the first update is full; then a full one after every 20 partial ones")
    func countLimit() {
        let result = day(policy())
        #expect(result.fulls.first == Self.midnight)
        // Every 20th update from the first: minute 0, 20, 40, ...
        #expect(result.fulls.count == 72)
        #expect(result.fulls.dropFirst().allSatisfy { Int($0.timeIntervalSince(Self.midnight)) % 1_200 == 0 })
        #expect(result.updates == 1_440)
    }

    @Test("with rare updates the time limit cleans the panel once an hour, only when it was drawn on")
    func timeLimit() {
        var policy = policy()
        policy.partialsBeforeFull = 1_000
        policy.partialsLimit = 1_000
        var state = EinkPolicy.State()
        policy.record(.full, at: Self.midnight, state: &state)
        #expect(policy.nextCleaning(after: Self.midnight, state: state) == nil)
        policy.record(.partial, at: Self.midnight.addingTimeInterval(600), state: &state)
        #expect(policy.nextCleaning(after: Self.midnight.addingTimeInterval(600), state: state) == Self.midnight.addingTimeInterval(3_600))
        #expect(policy.decide(.partial, at: Self.midnight.addingTimeInterval(3_600), state: state) == .full)
    }

    @Test("no full refresh in the quiet period unless ghosting passes the hard limit")
    func quiet() {
        let result = day(policy(quiet: (22 * 60, 7 * 60)))
        let quietFulls = result.fulls.dropFirst().filter { date in
            let minute = Int(date.timeIntervalSince(Self.midnight)) / 60
            return minute >= 22 * 60 || minute < 7 * 60
        }
        // 00:00 is the first frame; then only the hard limit (60 partials) inside the quiet
        // hours: 01:00, 02:00 ... 06:00, and 22:00 ... 23:00 counts continue from the day.
        #expect(quietFulls.allSatisfy { Int($0.timeIntervalSince(Self.midnight)) % 60 == 0 })
        #expect(quietFulls.count < 12)
        #expect(result.fulls.count <= 60)
        #expect(result.updates + result.fulls.count >= 1_440)
    }

    @Test("cleaning due in the quiet period waits for its end")
    func cleaningAfterQuiet() {
        let policy = policy(quiet: (22 * 60, 7 * 60))
        var state = EinkPolicy.State()
        policy.record(.full, at: Self.midnight.addingTimeInterval(21.5 * 3_600), state: &state)
        policy.record(.partial, at: Self.midnight.addingTimeInterval(21.6 * 3_600), state: &state)
        #expect(policy.nextCleaning(after: Self.midnight.addingTimeInterval(21.6 * 3_600), state: state) == Self.midnight.addingTimeInterval(31 * 3_600))
    }

    @Test("waveforms: full refreshes use GC16, pure black-and-white changes DU, grey ones GL16")
    func waveforms() throws {
        let folder = try TemporaryFolder("eink")
        defer { folder.remove() }
        let dir = folder.path
        var policy = EinkPolicy()
        policy.fullInterval = nil
        let display = PanelDisplay(device: try HeadlessDevice(directory: dir, width: 32, height: 16, format: .gray4, writesPNG: false), eink: policy)
        var frame = Frame(width: 32, height: 16)
        let t = Self.midnight
        try display.present(frame, damage: [frame.bounds], refresh: .partial, at: t)
        frame.draw { $0.fill(Rect(x: 0, y: 0, width: 8, height: 8), color: .white) }
        try display.present(frame, damage: [PixelRect(x: 0, y: 0, width: 8, height: 8)], refresh: .partial, at: t + 60)
        frame.draw { $0.fill(Rect(x: 16, y: 0, width: 8, height: 8), color: RGBA(white: 0.5)) }
        try display.present(frame, damage: [PixelRect(x: 16, y: 0, width: 8, height: 8)], refresh: .partial, at: t + 120)
        let records = try String(contentsOfFile: dir + "/frames.jsonl", encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(HeadlessDevice.Record.self, from: Data($0.utf8)) }
        #expect(records.map(\.refresh) == [.full, .partial, .partial])
        #expect(records.map(\.waveform) == [[.gc16], [.du], [.gl16]])
    }
}
