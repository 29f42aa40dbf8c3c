import Dispatch
import Glibc
import Synchronization

/// Unix signals as an asynchronous sequence: each signal is ignored from the moment the
/// stream is made (so one early in the start never ends the process) and delivered by a
/// libdispatch source instead, which wakes nothing while no signal comes.
final class SignalStream: Sendable {
    let signals: AsyncStream<Int32>
    private let continuation: AsyncStream<Int32>.Continuation
    /// The sources, cancelled by `stop()`; a dispatch source is safe to cancel from any
    /// thread, and the mutex makes that happen once.
    private let sources: Mutex<[any DispatchSourceSignal]>

    init(trapping numbers: [Int32]) {
        (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "signals")
        let continuation = self.continuation
        sources = Mutex(numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        })
    }

    /// Stops listening: the sequence ends; the signals stay ignored.
    func stop() {
        let sources = self.sources.withLock { sources in
            defer { sources = [] }
            return sources
        }
        for source in sources { source.cancel() }
        continuation.finish()
    }

    deinit { stop() }
}
