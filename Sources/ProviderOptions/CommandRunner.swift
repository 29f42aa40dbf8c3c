import FoundationEssentials

/// A program a `command` widget runs: its argv array (no shell unless the argv says
/// `sh -c`), environment and directory, and the limits on its time and output. A value
/// the configuration fills; Providers runs it (`run()`), in its own process group, killing
/// the whole group on either limit, so a script's children go too.
package struct CommandRunner: Sendable, Equatable {
    package var arguments: [String]
    /// Added to the daemon's environment.
    package var environment: [String: String] = [:]
    package var directory: String?
    package var timeout: TimeInterval = 10
    package var outputLimit = 1 << 20

    package init(arguments: [String]) {
        self.arguments = arguments
    }
}
