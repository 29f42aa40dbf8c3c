import ActivityKitCore
import Accessory
import Canvas
import ControlProtocol
import FoundationEssentials
import Glibc

/// Keeps the last timeline of every widget on disk, so that after a restart (or while a
/// provider is down) the panel shows the last known entries rather than placeholders.
/// Entries are kept as data (their `Codable` form) and re-rendered when restored.
package struct StateStore: Sendable {
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    package var path: String { directory + "/timelines.json" }

    /// The default state directory: /var/lib/lockscreend for root, else
    /// $XDG_STATE_HOME/lockscreend (~/.local/state/lockscreend).
    package static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if getuid() == 0 { return "/var/lib/lockscreend" }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/lockscreend" }
        let home = environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/tmp"
        return home + "/.local/state/lockscreend"
    }

    /// The saved state of every widget, by widget name.
    package struct File: Codable, Equatable, Sendable {
        package var format = StateStore.format
        package var version = 1
        package var widgets: [String: SavedWidget] = [:]
        /// The Live Activities on screen, and the tokens that ended; absent in files
        /// written before they were kept.
        package var activities: SavedActivities?

        package init(widgets: [String: SavedWidget] = [:], activities: SavedActivities? = nil) {
            self.widgets = widgets
            self.activities = activities
        }
    }

    /// An `ActivityBook` as saved: its records with their own times, and the last
    /// timestamps of the tokens that ended.
    package struct SavedActivities: Codable, Equatable, Sendable {
        package var records: [ActivityRecord]
        package var retired: [String: Date]

        package init(records: [ActivityRecord], retired: [String: Date]) {
            self.records = records
            self.retired = retired
        }
    }

    package struct SavedWidget: Codable, Equatable, Sendable {
        package var kind: String
        package var family: WidgetFamily
        package var policy: TimelineReloadPolicy?
        package var entries: [SavedEntry]
    }

    package struct SavedEntry: Codable, Equatable, Sendable {
        package var date: Date
        package var relevance: TimelineEntryRelevance?
        package var data: Data
    }

    static let format = "lockscreend-state"

    /// Why saved state was not used or not written.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case foreign(path: String)
        case unwritable(path: String, reason: String)
        case locked(directory: String)

        package var description: String {
            switch self {
            case let .locked(directory): "another lockscreend keeps its state in \(directory); give each daemon its own --state-dir"
            case let .unreadable(path, reason): "ignoring saved state \(path): \(reason)"
            case let .foreign(path): "ignoring saved state \(path): not a lockscreend state file of a known version"
            case let .unwritable(path, reason): "cannot save state to \(path): \(reason)"
            }
        }
    }

    /// The largest state file read: 5,000 entries of a hundred widgets fit well within.
    static let maximumSize = 64 << 20

    /// Takes the directory for this process alone (an exclusive `flock` on `lock` in it,
    /// held until the process ends): two daemons writing one state file would undo each
    /// other's saves.
    package func lock() throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: directory, reason: "cannot create the directory")
        }
        let fd = open(directory + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unwritable(path: directory + "/lock", reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw .locked(directory: directory)
        }
        // Held, open, for the life of the process.
    }

    /// The saved state; nil when there is none yet.
    package func load() throws(Failure) -> File? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.maximumSize else {
            throw .unreadable(path: path, reason: "not a regular file of at most \(Self.maximumSize) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "cannot read the file") }
        return try Self.decode(data, path: path)
    }

    /// A state file's contents read, as `load()` reads them; `path` names it in errors.
    package static func decode(_ data: Data, path: String) throws(Failure) -> File {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        guard let header = try? decoder.decode(Header.self, from: data) else { throw .unreadable(path: path, reason: "not valid JSON") }
        guard header.format == Self.format, header.version == 1 else { throw .foreign(path: path) }
        do {
            return try decoder.decode(File.self, from: data)
        } catch {
            throw .unreadable(path: path, reason: "malformed: \(error)")
        }
    }

    /// Writes the state atomically: a temporary file beside it, flushed to disk, then
    /// renamed over the old one, so a power cut leaves either the old or the new file.
    package func save(_ file: File) throws(Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(file) else { throw .unwritable(path: path, reason: "cannot encode") }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: path, reason: "cannot create \(directory)")
        }
        if let reason = RegularFile.replace(path, with: data) { throw .unwritable(path: path, reason: reason) }
    }
}
