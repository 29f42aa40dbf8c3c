/// A part of the daemon that runs beside the others until the daemon stops: the loop,
/// the control socket, the broker, the HTTP face, the keys, the watchdog.
package protocol Service: Sendable {
    /// Runs until the group asks it to stop (`gracefulShutdown()` and its kin) or its
    /// work ends.
    func run() async throws
}
