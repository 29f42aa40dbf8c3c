import Dispatch
import Glibc

/// Turns SIGTERM and SIGINT into one call of `handler`, so the daemon stops between
/// frames and gives the display back (console mode, CRTC) instead of dying mid-flush.
final class ShutdownSignals {
    private let sources: [DispatchSourceSignal]
    private let queue = DispatchQueue(label: "lockscreend.signals")

    init(handler: @escaping @Sendable () -> Void) {
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for source in sources {
            source.setEventHandler(handler: handler)
            source.resume()
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}
