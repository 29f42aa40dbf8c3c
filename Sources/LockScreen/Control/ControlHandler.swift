import Accessory
import Foundation

/// Answers control requests against a running daemon's parts: reloads through
/// `WidgetCenter` (as a Swift app would ask), pushes onto the push board, status from the
/// engine, snapshots from the last presented frame. Anything malformed gets an error reply
/// and changes nothing.
package struct ControlHandler: Sendable {
    package let engine: TimelineEngine
    package let board: PushBoard
    package let frames: FrameMailbox
    package let clock: any DaemonClock

    package init(engine: TimelineEngine, board: PushBoard, frames: FrameMailbox, clock: any DaemonClock) {
        self.engine = engine
        self.board = board
        self.frames = frames
        self.clock = clock
    }

    package func handle(_ data: Data) async -> ControlReply {
        guard data.count <= ControlRequest.maximumSize else { return .failure("the request is larger than \(ControlRequest.maximumSize) bytes") }
        let request: ControlRequest
        do {
            request = try JSONDecoder().decode(ControlRequest.self, from: data)
        } catch {
            return .failure("not a request: expected one JSON object such as {\"request\": \"status\"}")
        }
        switch request.request {
        case "reload":
            if request.all == true {
                WidgetCenter.shared.reloadAllTimelines()
                return .success
            }
            guard let kind = request.kind else { return .failure("reload needs a kind, or all") }
            guard await engine.contains(kind: kind) else {
                return .failure("no widget of kind '\(kind)'")
            }
            WidgetCenter.shared.reloadTimelines(ofKind: kind)
            return .success
        case "push":
            guard let name = request.widget, let json = request.timeline else { return .failure("push needs a widget and a timeline") }
            let timeline: TimelineJSON
            do {
                timeline = try TimelineJSON.decode(try JSONEncoder().encode(json), now: clock.now())
            } catch let failure as TimelineJSON.Failure {
                return .failure("the timeline is not valid: \(failure)")
            } catch {
                return .failure("the timeline is not valid: \(error)")
            }
            guard board.push(timeline, to: name) else {
                let names = board.names.sorted()
                return .failure("no push widget named '\(name)'" + (names.isEmpty ? "" : " (push widgets: \(names.joined(separator: ", ")))"))
            }
            WidgetCenter.shared.reloadTimelines(ofKind: "push.\(name)")
            return .success
        case "status":
            var reply = ControlReply.success
            reply.widgets = await engine.report(at: clock.now())
            return reply
        case "snapshot":
            guard let path = request.path, path.hasPrefix("/") else { return .failure("snapshot needs an absolute path for the PNG") }
            guard let frame = frames.latest else { return .failure("nothing has been presented yet") }
            do {
                try frame.writePNG(to: path)
            } catch {
                return .failure("cannot write '\(path)': \(error)")
            }
            var reply = ControlReply.success
            reply.path = path
            return reply
        default:
            let near = ConfigReader.nearest(request.request, in: ["reload", "push", "status", "snapshot"]).map { " (did you mean '\($0)'?)" } ?? ""
            return .failure("unknown request '\(request.request)'\(near); expected reload, push, status or snapshot")
        }
    }
}
