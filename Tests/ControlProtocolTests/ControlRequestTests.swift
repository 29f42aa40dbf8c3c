import Foundation
import JSON
import Testing
@testable import ControlProtocol

/// The control socket's words: every request read back as it was written, and what is not
/// a request refused with a reason a person can act on.
@Suite("ControlRequest")
struct ControlRequestTests {
    static let timeline = JSONValue.object(["entries": .array([.object(["text": .string("hi")])])])

    @Test("every request is read back from its own line as it was", arguments: [
        ControlRequest.reload(kind: "tube"), .reloadAll, .push(widget: "inbox", timeline: timeline), .status, .snapshot,
        .page("home"), .tap(widget: "porch"), .tapAt(x: 120, y: 40.5), .refresh, .screen(power: "off"), .screen(power: "auto"),
        .activity(token: "00aa11bb", payload: .object(["aps": .object(["event": .string("update")])]), priority: 5),
        .activity(token: "00aa11bb", payload: .object(["aps": .object(["event": .string("end")])]), priority: nil),
    ])
    func roundTrip(request: ControlRequest) throws {
        let line = request.encoded()
        #expect(line.last == 0x0A && !line.dropLast().contains(0x0A))
        #expect(try ControlRequest.decode(line.dropLast()) == request)
    }

    @Test("what is not a request is refused, saying why", arguments: [
        (#"{"request": "stats"}"#, "unknown request 'stats' (did you mean 'status'?); expected reload, push, status, snapshot, page, tap, refresh, screen or activity"),
        (#"{"request": "activity", "token": "00aa11bb"}"#, #"activity needs a token and a payload: {"aps": {"event": …}}"#),
        (#"{"request": "screen"}"#, "screen needs power: on, off or auto"),
        (#"{"request": "screen", "power": "dim"}"#, "screen needs power: on, off or auto"),
        (#"{"request": "page", "page": "settings"}"#, "page needs page: lock, home, photo or next"),
        (#"{"request": "tap", "widget": ""}"#, "tap needs a widget, or x and y in the panel's pixels"),
        (#"{"request": "tap", "x": 10}"#, "tap needs a widget, or x and y in the panel's pixels"),
        (#"{"request": "tap", "x": 10, "y": "top"}"#, "tap needs a widget, or x and y in the panel's pixels"),
        (#"{"request": "reload"}"#, "reload needs a kind, or all"),
        (#"["status"]"#, "not a request: expected one JSON object such as {\"request\": \"status\"}"),
    ])
    func refused(text: String, reason: String) {
        do {
            _ = try ControlRequest.decode(Data(text.utf8))
            Issue.record("\(text) was taken")
        } catch {
            #expect(error.description == reason)
            #expect(error.reply == .failure(reason))
        }
    }

    @Test("a request larger than the bound is refused before it is parsed")
    func tooLarge() {
        let big = Data(repeating: 0x20, count: ControlRequest.maximumSize + 1)
        #expect(throws: ControlRequest.Malformed.tooLarge) { try ControlRequest.decode(big) }
    }

    @Test("the screen's status reads as a person says it")
    func screenSummary() {
        #expect(ScreenStatus.lit.summary == "on")
        #expect(ScreenStatus(on: false, cause: "schedule", until: "2026-11-28T07:00:00Z").summary == "off (schedule) until 2026-11-28T07:00:00Z")
        #expect(ScreenStatus(on: true, cause: "woken", until: nil).summary == "on (woken)")
    }
}
