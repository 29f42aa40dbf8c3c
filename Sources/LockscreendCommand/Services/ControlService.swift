import ControlSocket
import LockScreen

/// The control socket as a service: serves lockscreenctl until the group shuts down,
/// then closes the socket and removes its file.
struct ControlService: Service, CustomStringConvertible {
    let server: ControlServer
    let handler: ControlHandler

    var description: String { "control socket \(server.path)" }

    func run() async {
        server.start(handler)
        // Ends at graceful shutdown, or throws when the group is cancelled: either way the
        // socket closes.
        try? await gracefulShutdown()
        server.stop()
    }
}
