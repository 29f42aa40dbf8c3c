import Dispatch
import Glibc
import Providers
import TimelineEngine

/// Turns signals into calls of a handler on a queue of their own (never inside a signal
/// context): SIGTERM and SIGINT stop the daemon between frames, SIGHUP reloads its
/// configuration.
final class SignalHandlers {
    private let sources: [DispatchSourceSignal]

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "lockscreend.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}
