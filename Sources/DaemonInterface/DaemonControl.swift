import ControlProtocol
import DaemonRuntime

/// The running daemon as every front end reaches it — the control socket, the HTTP face,
/// the MQTT bridge: requests in as typed values, replies out as typed values, and
/// read-only views of what was presented.
///
/// Each front end parses its own input once, at its edge (a socket line, an HTTP body, an
/// MQTT payload), into a `ControlRequest`; nothing in between writes the request out as
/// bytes again. Only the socket and `lockscreenctl` turn requests into bytes, because only
/// they cross a process boundary. A front end depends on this module and never on the
/// daemon's own (LockScreen), so its tests run against a stand-in of this protocol.
package protocol DaemonControl: Sendable {
    /// The daemon's clock: every front end's rate limits, deadlines and time stamps.
    var clock: any DaemonClock { get }

    /// The frames presented, for pictures of the screen and watchers of its changes.
    var frames: FrameMailbox { get }

    /// What the daemon's last step showed, to be drawn again for another screen; nil
    /// before the first step or when nothing serves readers.
    var screen: PresentedScreen? { get }

    /// The pages this display shows, in their order ("lock", then "home", "photo").
    var pages: [String] { get }

    /// Does what `request` asks and says how it went: a refusal names what is wrong and
    /// changes nothing.
    func handle(_ request: ControlRequest) async -> ControlReply

    /// Asks the widgets of `kind` for new timelines, free of their budgets (a broker's
    /// reading arrived); false when the daemon has too many requests waiting.
    @discardableResult
    func requestReload(kind: String) -> Bool
}
