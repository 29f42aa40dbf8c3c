import ActivityKitCore
import AppIntentsCore
import Accessory
import Canvas
import ControlProtocol
import Foundation
import JSON
import LockScreenModel
import Panel
import Providers
import Synchronization
import Testing
@testable import LockScreen
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport

/// Live Activities driven as a server drives them (APNs-shaped pushes through the control
/// handler), on the daemon's manual clock: the band drawn and redrawn alone, stale, ended,
/// gone; the date line on a panel with no room for the band.
extension PresentedPage {
    func slot(_ id: SlotID) -> Slot? { slots.first { $0.id == id } }
}

@Suite("Live Activities' band")
struct LiveActivityBandTests {
    static let token = "00aa11bb22cc33dd"

    func daemon(width: Int, height: Int, clock: ManualClock, store: StateStore? = nil) -> (LockScreenDaemon, MemoryDisplay, ControlHandler) {
        let options = testOptions(width: width, height: height)
        let display = MemoryDisplay(width: width, height: height)
        let daemon = LockScreenDaemon(content: .init(inline: nil, row: [TimelineEngine.Widget]()), renderer: LockScreenApplication.renderer(options),
                                      display: display, clock: clock, behaviour: options.behaviour, stateStore: store, logger: quietLogger)
        let handler = ControlHandler(engine: daemon.engine, board: PushBoard(names: []), frames: daemon.frames, clock: clock, inbox: daemon.inbox)
        return (daemon, display, handler)
    }

    /// Sends `aps` for the test's activity through the handler, as `POST /api/activities/<token>` does,
    /// and returns the daemon's answer: the daemon takes it from its inbox as its loop would.
    func push(_ daemon: LockScreenDaemon, _ handler: ControlHandler, _ aps: String, token: String = token, priority: Int? = nil) async throws -> ControlReply {
        let payload = try #require(JSONValue.parse(Data(#"{"aps": \#(aps)}"#.utf8)))
        let request = ControlRequest.activity(token: token, payload: payload, priority: priority)
        return try await daemon.answering { await handler.handle(request) }
    }

    func turn(_ daemon: LockScreenDaemon, _ clock: ManualClock, at time: Date) async throws {
        clock.advance(to: time)
        _ = await daemon.takeRequests()
        _ = try await daemon.turn(at: time)
    }

    static let start = #"{"event": "start", "timestamp": 1795356300, "attributes-type": "LockScreenActivity", "attributes": {"title": "Delivery"}, "content-state": {"message": "2 stops away", "value": "12 min", "progress": 0.5}}"#

    @Test("a start draws the band below the row; an update redraws the band alone; an older update is ignored")
    func startAndUpdate() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, display, handler) = daemon(width: 480, height: 800, clock: clock)
        // 14:05:00: the pushes below come within this minute, so the clock is not redrawn.
        try await turn(daemon, clock, at: testNow + 3)
        #expect(try await push(daemon, handler, Self.start).ok)
        try await turn(daemon, clock, at: testNow + 5)
        #expect(daemon.redraws[.band] == 1)
        let band = try #require(daemon.renderer.layout.band(sharingWithHome: false))
        let drawn = try #require(display.presentations.last)
        #expect(drawn.damage.allSatisfy { Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)).minY >= band.minY - 1 })
        #expect(daemon.presented.slot(.band)?.words?.contains("2 stops away") == true)

        #expect(try await push(daemon, handler, #"{"event": "update", "timestamp": 1795356400, "content-state": {"message": "At the door", "value": "now", "progress": 1}}"#).ok)
        try await turn(daemon, clock, at: testNow + 10)
        #expect(daemon.redraws[.band] == 2)
        let update = try #require(display.presentations.last)
        #expect(update.time == testNow + 10)
        #expect(update.damage.allSatisfy { Double($0.y) >= band.minY - 1 && Double($0.y + $0.height) <= band.maxY + 1 })
        #expect(daemon.presented.slot(.band)?.words?.contains("At the door") == true)

        // Sent before the last one: refused as out of order, nothing drawn.
        let old = try await push(daemon, handler, #"{"event": "update", "timestamp": 1795356350, "content-state": {"message": "Old news"}}"#)
        #expect(old.status == 409 && old.error?.contains("older than the last one taken") == true)
        try await turn(daemon, clock, at: testNow + 15)
        #expect(daemon.redraws[.band] == 2)
        #expect(daemon.presented.slot(.band)?.words?.contains("At the door") == true)
    }

    @Test("an update that changes only the end of a long message is drawn (issue 59, attack 10: the key hashed part of the state)")
    func longMessage() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _, handler) = daemon(width: 480, height: 800, clock: clock)
        try await turn(daemon, clock, at: testNow + 3)
        let message = String(repeating: "The parcel is on the van and the driver is ", count: 2)
        for (step, minutes) in [12, 11].enumerated() {
            let aps = #"{"event": "\#(step == 0 ? "start" : "update")", "timestamp": \#(1795356300 + step), "attributes-type": "LockScreenActivity", "attributes": {"title": "Delivery"}, "content-state": {"message": "\#(message)\#(minutes) min away"}}"#
            #expect(try await push(daemon, handler, aps).ok)
            try await turn(daemon, clock, at: testNow + 5 + Double(step))
            #expect(daemon.redraws[.band] == step + 1)
        }
    }

    @Test("past its stale date it says so; at eight hours it ends, four more and it is gone, the band cleared")
    func limits() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _, handler) = daemon(width: 480, height: 800, clock: clock)
        try await turn(daemon, clock, at: testNow)
        let stale = Int(testNow.timeIntervalSince1970) + 600
        #expect(try await push(daemon, handler, Self.start.replacingOccurrences(of: #""event": "start","#, with: #""event": "start", "stale-date": \#(stale),"#)).ok)
        try await turn(daemon, clock, at: testNow + 5)
        #expect(daemon.presented.slot(.band)?.words?.contains("Not updated") == false)
        try await turn(daemon, clock, at: testNow + 600)
        #expect(daemon.presented.slot(.band)?.words?.contains("Not updated") == true)
        try await turn(daemon, clock, at: testNow + 5 + 8 * 3600)
        #expect(daemon.activities.book.records.first?.phase == .ended)
        #expect(daemon.presented.slot(.band) != nil)
        try await turn(daemon, clock, at: testNow + 5 + 12 * 3600)
        #expect(daemon.activities.presented.isEmpty)
        #expect(daemon.presented.slot(.band) == nil)
    }

    @Test("on a panel with no room below the row, the compact presentation takes the date line while the activity runs")
    func dateLine() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _, handler) = daemon(width: 800, height: 480, clock: clock)
        try await turn(daemon, clock, at: testNow)
        #expect(daemon.renderer.layout.band(sharingWithHome: false) == nil)
        let date = daemon.presented.slot(.dateLine)?.words
        #expect(try await push(daemon, handler, Self.start).ok)
        try await turn(daemon, clock, at: testNow + 5)
        #expect(daemon.presented.slot(.dateLine)?.words?.contains("12 min") == true)
        #expect(try await push(daemon, handler, #"{"event": "end", "timestamp": 1795356400, "dismissal-date": 0}"#).ok)
        try await turn(daemon, clock, at: testNow + 10)
        #expect(daemon.presented.slot(.dateLine)?.words == date)
    }

    @Test("pushes that are not valid are refused with the reason, and change nothing")
    func refusals() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _, handler) = daemon(width: 480, height: 800, clock: clock)
        #expect(try await push(daemon, handler, #"{"event": "fly"}"#).error?.contains("aps.event 'fly'") == true)
        #expect(try await push(daemon, handler, #"{"event": "start", "content-state": {}}"#).error?.contains("attributes-type") == true)
        #expect(try await push(daemon, handler, #"{"event": "update", "timestamp": "soon", "content-state": {}}"#).error?.contains("aps.timestamp must be seconds") == true)
        let big = String(repeating: "x", count: 5000)
        #expect(try await push(daemon, handler, #"{"event": "update", "content-state": {"message": "\#(big)"}}"#).error?.contains("4 KB") == true)
        try await turn(daemon, clock, at: testNow)
        #expect(daemon.activities.presented.isEmpty)
    }

    @Test("a misspelt type, a state that does not decode, a ninth activity, an unknown token: each answered with its 4xx and reason, none kept (issue 59, attack 4)")
    func refusedAtTheDoor() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _, handler) = daemon(width: 800, height: 480, clock: clock)
        try await turn(daemon, clock, at: testNow)
        let date = daemon.presented.slot(.dateLine)?.words
        let misspelt = try await push(daemon, handler, Self.start.replacingOccurrences(of: "\"LockScreenActivity\"", with: "\"LockScreenActivty\""))
        #expect(misspelt.status == 400 && misspelt.error?.contains("did you mean 'LockScreenActivity'?") == true)
        let undecodable = try await push(daemon, handler, #"{"event": "start", "attributes-type": "LockScreenActivity", "attributes": {}, "content-state": {"title": 5}}"#)
        #expect(undecodable.status == 400 && undecodable.error?.contains("at title") == true)
        #expect(daemon.activities.book.records.isEmpty)
        try await turn(daemon, clock, at: testNow + 5)
        #expect(daemon.presented.slot(.dateLine)?.words == date)

        for index in 0..<ActivityBook.maximumActivities {
            #expect(try await push(daemon, handler, Self.start, token: "00aa11bb22cc33d\(index)").ok)
        }
        let ninth = try await push(daemon, handler, Self.start, token: "00aa11bb22cc33dd99")
        #expect(ninth.status == 429 && ninth.error?.contains("too many activities") == true)
        let again = try await push(daemon, handler, Self.start, token: "00aa11bb22cc33d0")
        #expect(again.status == 409)
        let badUpdate = try await push(daemon, handler, #"{"event": "update", "timestamp": 1795356400, "content-state": {"progress": "half"}}"#, token: "00aa11bb22cc33d0")
        #expect(badUpdate.status == 400 && badUpdate.error?.contains("at progress") == true)
        #expect(daemon.activities.book.record("00aa11bb22cc33d0")?.timestamp == Date(timeIntervalSince1970: 1795356300))
        let stranger = try await push(daemon, handler, #"{"event": "update", "timestamp": 1795356400, "content-state": {}}"#, token: "ffff0000ffff0000")
        #expect(stranger.status == 410)
        let end = try await push(daemon, handler, #"{"event": "end", "timestamp": 1795356400}"#, token: "00aa11bb22cc33d1")
        #expect(end.ok)
        #expect(daemon.activities.book.record("00aa11bb22cc33d1")?.phase == .ended)
    }

    @Test("a full inbox refuses an activity with 503 at once; a stopping daemon answers the pushes still waiting (issue 59, attack 6)")
    func fullInbox() async throws {
        let clock = ManualClock(start: testNow)
        let (daemon, _, handler) = daemon(width: 480, height: 800, clock: clock)
        let payload = try #require(JSONValue.parse(Data(#"{"aps": \#(Self.start)}"#.utf8)))
        let request = ControlRequest.activity(token: Self.token, payload: payload, priority: nil)
        var queued = 0
        while daemon.inbox.send(.reload(kind: nil)) { queued += 1 }
        #expect(queued == DaemonInbox.capacity)
        let full = await handler.handle(request)
        #expect(full.status == 503 && full.error?.contains("send it again") == true)
        let tap = await handler.handle(ControlRequest.refresh)
        #expect(tap.status == 503)
        _ = await daemon.takeRequests()

        // One waits for its answer; the daemon stops before taking it.
        let waiting = Task { await handler.handle(request) }
        _ = try await eventually { daemon.requests.count == 1 }
        daemon.inbox.send(.stop)
        let stopped = await waiting.value
        #expect(stopped.status == 503 && stopped.error?.contains("stopping") == true)
        #expect(daemon.activities.book.records.isEmpty)
    }

    @Test("activities come back after a restart on their own times, and take the server's next update (issue 59, attack 5)")
    func restart() async throws {
        let folder = try TemporaryFolder("activities")
        defer { folder.remove() }
        let store = StateStore(directory: folder.path)
        let clock = ManualClock(start: testNow)
        let (first, _, handler) = daemon(width: 480, height: 800, clock: clock, store: store)
        try await turn(first, clock, at: testNow)
        #expect(try await push(first, handler, Self.start).ok)
        #expect(try await push(first, handler, #"{"event": "end", "timestamp": 1795356301}"#, token: "00aa11bb22cc33d9").status == 410)
        try await turn(first, clock, at: testNow + 5)
        let started = try #require(first.activities.book.record(Self.token)?.started)

        // A new process on the same state directory, an hour later.
        let later = ManualClock(start: testNow + 3600)
        let (second, _, again) = daemon(width: 480, height: 800, clock: later, store: store)
        await second.restoreState()
        try await turn(second, later, at: testNow + 3600)
        #expect(second.presented.slot(.band)?.words?.contains("2 stops away") == true)
        #expect(second.activities.book.record(Self.token)?.started == started)
        let update = try await push(second, again, #"{"event": "update", "timestamp": 1795359900, "content-state": {"message": "At the door"}}"#)
        #expect(update.ok)
        try await turn(second, later, at: testNow + 3605)
        #expect(second.presented.slot(.band)?.words?.contains("At the door") == true)
        // Still ended eight hours after it started, not after the restart.
        try await turn(second, later, at: started + 8 * 3600)
        #expect(second.activities.book.record(Self.token)?.phase == .ended)
    }
}

/// What the kettle's button did, by kettle.
private let boiled = Mutex<[String: Int]>([:])

private struct KettleAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var temperature: String }
    var name: String
}

private struct BoilAgain: LiveActivityIntent {
    static let title: LocalizedStringResource = "Boil again"
    @Parameter(title: "Kettle") var kettle: String
    init() {}
    init(kettle: String) { self.kettle = kettle }
    func perform() async throws -> some IntentResult {
        boiled.withLock { $0[kettle, default: 0] += 1 }
        return .result()
    }
}

private struct KettleActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: KettleAttributes.self) { context in
            HStack {
                Text(context.attributes.name)
                Text(context.state.temperature)
                Spacer()
                Button(intent: BoilAgain(kettle: context.attributes.name)) { Text("Boil") }
            }
            .padding()
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text(context.state.temperature) }
            } compactLeading: { Text(context.attributes.name) } compactTrailing: { Text(context.state.temperature) } minimal: { Text("K") }
            .widgetURL(URL(string: "kettle://\(context.attributes.name)"))
        }
    }
}

@Suite("Live Activities' buttons")
struct LiveActivityButtonTests {
    @Test("an activity's own button (Button(intent:), iOS 17) performs its intent on a tap, and reloads no widget; the tile around it opens the island's address")
    func tapped() async throws {
        let clock = ManualClock(start: testNow)
        let bands = LiveActivityBandTests()
        let (daemon, _, handler) = bands.daemon(width: 480, height: 800, clock: clock)
        daemon.activities = ActivityBand(presenters: KettleActivity().activityPresenters)
        try await bands.turn(daemon, clock, at: testNow + 3)
        let start = #"{"event": "start", "timestamp": 1795356300, "attributes-type": "KettleAttributes", "attributes": {"name": "hall"}, "content-state": {"temperature": "40°"}}"#
        #expect(try await bands.push(daemon, handler, start).ok)
        try await bands.turn(daemon, clock, at: testNow + 5)
        let controls = daemon.presented.slot(.band)?.controls ?? []
        // The whole tile opens the island's address; the button, over it, comes later.
        #expect(controls.first?.control.action.url != nil && controls.count == 2)
        let button = try #require(controls.last)
        #expect(button.stack == PresentedPage.activities && button.control.action.title == "Boil again")
        let band = try #require(daemon.renderer.layout.band(sharingWithHome: false))
        #expect(band.contains(Point(x: button.frame.midX, y: button.frame.midY)))
        await daemon.perform(.tap(x: button.frame.midX, y: button.frame.midY), now: testNow + 6)
        // The intent runs on a task of its own; its end comes back through the inbox.
        let report = try await daemon.performed()
        #expect(boiled.withLock { $0["hall"] } == 1)
        guard case let .performed(_, kind, failed) = report else { Issue.record("\(report)"); return }
        #expect(kind == nil && !failed, "no widget's kind is reloaded")
        await daemon.perform(report, now: testNow + 7)
        try await bands.turn(daemon, clock, at: testNow + 7)
        #expect(daemon.presented.slot(.band)?.words?.contains("40°") == true)
    }
}
