import ActivityKitCore
import AppIntentsCore
import SwiftUICore  // for .isOn, .title
import ControlProtocol
import DaemonInterface
import DaemonRuntime
import FoundationEssentials
import LockScreenModel
import Providers
import TimelineEngine
import Canvas

/// Answers control requests against a running daemon's parts: reloads, pages, taps and
/// the screen's power through the daemon's inbox, pushes onto the push board, status from the
/// engine, snapshots from the last presented frame. Anything malformed gets an error reply
/// and changes nothing. The daemon's side of `DaemonControl`.
package struct ControlHandler: DaemonControl {
    package let engine: TimelineEngine
    package let board: PushBoard
    package let frames: FrameMailbox
    package let clock: any DaemonClock
    /// Where page switches go; nil when nothing shows pages (a test's bare engine).
    package let inbox: DaemonInbox?
    /// What the screen shows: the status says what each shown widget's views draw. Whoever
    /// serves readers (the socket, the web, the broker) opens it; a run with none, such as
    /// `--once`, leaves it closed and the daemon's steps publish nothing to it.
    package let screens: ScreenBoard?
    /// The Live Activities the daemon runs, as it tells widget code (its center); nil:
    /// the status lists none.
    package let activities: ActivityCenter?
    /// The fingerprint of the certificate HTTPS clients trust, once the HTTP face has one.
    package let https = Published<String>()

    package init(engine: TimelineEngine, board: PushBoard, frames: FrameMailbox, clock: any DaemonClock, inbox: DaemonInbox? = nil, screens: ScreenBoard? = nil, activities: ActivityCenter? = nil) {
        self.engine = engine
        self.board = board
        self.frames = frames
        self.clock = clock
        self.inbox = inbox
        self.screens = screens
        self.activities = activities
    }

    package var screen: PresentedScreen? {
        guard let shown = screens?.latest else { return nil }
        return PresentedScreen(step: shown.step, page: shown.content.page.rawValue, nextEvent: shown.nextEvent) { look, now in
            shown.lockScreen(width: look.width, height: look.height, colorScheme: look.dark ? .dark : .light, pictureInks: look.pictureInks, now: now)
        }
    }

    package var pages: [String] { (inbox?.pages ?? [.lock]).map(\.rawValue) }

    package func requestReload(kind: String) -> Bool {
        guard let inbox else {
            Task { await engine.requestReload(kind: kind) }
            return true
        }
        return inbox.send(.reload(kind: kind))
    }

    /// A reload through the daemon's inbox, or, for a bare engine with no daemon, asked of
    /// the engine itself.
    private func reload(kind: String?) async -> ControlReply {
        guard let inbox else {
            await engine.requestReload(kind: kind)
            return .success
        }
        return deliver(.reload(kind: kind), to: inbox)
    }

    /// `request` queued for the daemon, or the refusal to answer when its inbox is full.
    private func deliver(_ request: DaemonInbox.Request, to inbox: DaemonInbox) -> ControlReply {
        inbox.send(request) ? .success : .failure("the daemon has many requests waiting: send it again in a second", status: 503)
    }

    package func handle(_ request: ControlRequest) async -> ControlReply {
        switch request {
        case .reloadAll:
            return await reload(kind: nil)
        case let .reload(kind):
            guard await engine.contains(kind: kind) else {
                return .failure("no widget of kind '\(kind)'")
            }
            return await reload(kind: kind)
        case let .push(name, json):
            let timeline: TimelineJSON
            let now = clock.now()
            do {
                // Checked (up to 1 MiB of pushed timeline) on a thread of its own, not on
                // the daemon's, which draws the clock and pings the watchdog.
                timeline = try await OwnThread.reading(named: "timeline check") { () throws(TimelineJSON.Failure) in try TimelineJSON.decode(json, now: now) }
            } catch {
                return .failure("the timeline is not valid: \(error)")
            }
            guard board.push(timeline, to: name) else {
                let names = board.names.sorted()
                return .failure("no push widget named '\(name)'" + (names.isEmpty ? "" : " (push widgets: \(names.joined(separator: ", ")))"))
            }
            // The timeline is on the board: a full inbox leaves it for the next reload.
            _ = await reload(kind: PushBoard.kind(of: name))
            return .success
        case .status:
            var reply = ControlReply.success
            let now = clock.now()
            var widgets = await engine.report(at: now)
            // A widget on the screen says what it draws; the others what their entries say.
            // Laid out on a thread of its own, not the daemon's, which draws the clock.
            if let screens, let shown = screens.latest {
                let (texts, places) = await OwnThread.run(named: "widget words") { screens.words(of: shown, now: now) }
                func pixels(_ r: Rect) -> [Int] { [Int(r.minX.rounded()), Int(r.minY.rounded()), Int(r.width.rounded()), Int(r.height.rounded())] }
                for i in widgets.indices {
                    widgets[i].text = texts[widgets[i].name] ?? widgets[i].text
                    guard let place = places[widgets[i].name] else { continue }
                    widgets[i].frame = pixels(place.frame)
                    if !place.controls.isEmpty {
                        widgets[i].controls = place.controls.map { WidgetStatus.Control(title: $0.control.action.title, frame: pixels($0.frame), on: $0.control.isOn) }
                    }
                }
            }
            reply.widgets = widgets
            reply.screen = frames.screen
            reply.https = https.value
            let running = activities?.running ?? []
            if !running.isEmpty {
                reply.activities = running.map { ActivityStatus(token: $0.id, type: $0.attributesType, phase: $0.phase.rawValue, relevance: $0.relevanceScore) }
                let slots = screens?.latest?.page.slots ?? []
                reply.activityWords = (slots.first { $0.id == .band } ?? slots.first { $0.id == .dateLine })?.words
            }
            return reply
        case let .page(name):
            let page = LockScreenPage(rawValue: name)
            guard let inbox, case let pages = inbox.pages, pages.count > 1, page.map(pages.contains) ?? true else {
                return .failure(name == "photo" ? "this display has no photo page: name a widget in [layout] photo" : "this display has no home page: list widgets in [layout] home")
            }
            return deliver(.showPage(page), to: inbox)
        case let .tap(name):
            guard let inbox, let shown = screens?.latest, let frame = shown.frame(of: name) else {
                return .failure("'\(name)' is not on the page shown")
            }
            // As a finger on its middle: the control drawn there, else the widget's own tap.
            let middle = Point(x: frame.midX, y: frame.midY)
            guard shown.page.control(at: middle) != nil else {
                return .failure("'\(name)' has nothing to tap at its middle: give it an action in [widgets.\(name).tap]")
            }
            return deliver(.tap(x: middle.x, y: middle.y), to: inbox)
        case let .tapAt(x, y):
            guard let inbox else { return .failure("this display has no controls to tap") }
            if let frame = frames.latest, x < 0 || y < 0 || x >= Double(frame.width) || y >= Double(frame.height) {
                return .failure("(\(CFormat.string("%g", x)), \(CFormat.string("%g", y))) is outside the panel's \(frame.width)×\(frame.height) pixels")
            }
            return deliver(.tap(x: x, y: y), to: inbox)
        case let .activity(token, payload, priority):
            guard let inbox else { return .failure("no daemon takes Live Activities here") }
            let push: ActivityPush
            do throws(ActivityPush.Failure) {
                push = try ActivityPush(token: token, payload: payload, priority: priority)
            } catch {
                return .failure("the activity push is not valid: \(error)", status: error.status, reason: error.reason)
            }
            guard let refusal = await inbox.apply(push.operation, urgent: push.urgent) else { return .success }
            return .failure("the activity push was refused: \(refusal)", status: refusal.status, reason: refusal.reason)
        case .refresh:
            guard let inbox else { return .failure("this display cannot refresh whole") }
            return deliver(.fullRefresh, to: inbox)
        case let .screen(power):
            guard let inbox, let request = ScreenPower.Switch(rawValue: power) else { return .failure("this daemon has no screen to switch") }
            return deliver(.screen(request), to: inbox)
        case .snapshot:
            guard let frame = frames.latest else { return .failure("nothing has been presented yet") }
            var reply = ControlReply.success
            do {
                reply.png = try frame.pngData()
            } catch {
                return .failure("cannot make the PNG: \(error)")
            }
            return reply
        }
    }
}
