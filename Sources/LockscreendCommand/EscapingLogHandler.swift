import Config
import Logging

/// The daemon's log handler: standard error, as `StreamLogHandler` writes it, with control
/// characters in messages shown escaped (`\u{1B}`). Messages quote what came from outside
/// (widget names, a command's error line, a server's reason); none may reach a terminal or
/// the journal as raw escape sequences.
struct EscapingLogHandler: LogHandler {
    private var stream: StreamLogHandler

    init(label: String) {
        stream = StreamLogHandler.standardError(label: label)
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(ConfigIssue.escaped(event.message.description))"
        stream.log(event: event)
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }
}
