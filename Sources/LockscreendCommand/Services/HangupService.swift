import Glibc

/// SIGHUP as a service: each one reads the configuration file again and hands a valid
/// one to the running daemon (`ConfigReload`). The signal is trapped when the service is
/// made, before the group starts, so a SIGHUP early in the start never ends the process.
struct HangupService: Service, CustomStringConvertible {
    let signals: SignalStream
    let reload: ConfigReload

    var description: String { "configuration reload on SIGHUP" }

    init(reload: ConfigReload) {
        signals = SignalStream(trapping: [SIGHUP])
        self.reload = reload
    }

    func run() async {
        let (signals, reload) = (self.signals, self.reload)
        await cancelWhenGracefulShutdown {
            for await _ in signals.signals { reload.run() }
        }
    }
}
