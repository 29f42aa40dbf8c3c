import Config
import Foundation
import LockScreenModel  // for .stacks
import LockscreendCommand
import ProviderOptions
import Providers
import Testing

/// The configuration's reader opens no file: everything it asks of the files a
/// configuration names goes through the `ConfigFiles` it is handed, here a file system
/// in memory that no disk holds.
@Suite("The files a configuration names")
struct ConfigFilesTests {
    /// Files in memory, each with whether every user may read it; every question asked
    /// is kept.
    final class MemoryFiles: ConfigFiles, @unchecked Sendable {
        let files: [String: (data: Data, worldReadable: Bool)]
        let folders: Set<String>
        private(set) var asked: [String] = []

        init(_ files: [String: (data: Data, worldReadable: Bool)], folders: Set<String> = []) {
            self.files = files
            self.folders = folders
        }

        func status(of path: String) -> Result<FileStatus, FileProblem> {
            asked.append(path)
            if folders.contains(path) { return .success(FileStatus(kind: .directory, size: 0, worldReadable: true)) }
            guard let file = files[path] else { return .failure(FileProblem("no such file")) }
            return .success(FileStatus(kind: .regular, size: file.data.count, worldReadable: file.worldReadable))
        }

        func contents(of path: String, limit: Int) -> Data? {
            asked.append(path)
            return files[path].flatMap { $0.data.count <= limit ? $0.data : nil }
        }

        func isReadable(_ path: String) -> Bool {
            asked.append(path)
            return files[path] != nil
        }
    }

    static let timeline = Data(#"{"entries":[{"date":1795305600,"gauge":{"value":10,"max":100,"label":"CPU","text":"10"}}]}"#.utf8)
    static let text = """
        [layout]
        row = ["cpu", "photo"]
        [mqtt]
        url = "mqtt://broker"
        username = "desk"
        password_file = "/etc/l/mqtt-password"
        [widgets.cpu]
        kind = "recorded"
        file = "cpu.json"
        [widgets.photo]
        kind = "image"
        folder = "/srv/pictures"
        """

    @Test("a recorded timeline, a secret's permissions and a picture folder are asked of the files handed over, each answer on its line")
    func inMemory() throws {
        let kinds = WidgetRegistry.standard().kinds
        let files = MemoryFiles(["/etc/l/config.toml": (Data(Self.text.utf8), false), "/etc/l/cpu.json": (Self.timeline, false), "/etc/l/mqtt-password": (Data("secret".utf8), false)], folders: ["/srv/pictures"])
        let config = try LockScreenConfig.load(path: "/etc/l/config.toml", kinds: kinds, files: files)
        let recorded = config.content.stacks.flatMap(\.widgets).first { $0.name == "cpu" }
        guard case let .recorded(timeline)? = recorded?.source else { Issue.record("cpu is not a recorded timeline"); return }
        #expect(timeline.file == "/etc/l/cpu.json" && timeline.json == Self.timeline)
        #expect(config.warnings.isEmpty, "the folder is there, in memory")
        #expect(Set(files.asked) == ["/etc/l/config.toml", "/etc/l/cpu.json", "/etc/l/mqtt-password", "/srv/pictures"])

        let open = MemoryFiles(["/etc/l/config.toml": (Data(Self.text.utf8), false), "/etc/l/mqtt-password": (Data("secret".utf8), true)])
        #expect {
            try LockScreenConfig.load(path: "/etc/l/config.toml", kinds: kinds, files: open)
        } throws: { error in
            let issues = (error as? ConfigErrors)?.issues.map(\.description) ?? []
            return issues.contains("/etc/l/config.toml:6: mqtt.password_file: /etc/l/mqtt-password is readable by every user: chmod 600 it (or 640 with the daemon's group)")
                && issues.contains("/etc/l/config.toml:9: widgets.cpu.file: cannot read /etc/l/cpu.json")
        }
        #expect(throws: ConfigErrors.self) { try LockScreenConfig.load(path: "/etc/l/missing.toml", kinds: kinds, files: open) }
    }

    @Test("a recorded timeline is read up to its bound, and the machine's files only when regular and within it")
    func bounded() throws {
        let text = "[layout]\nrow = [\"cpu\"]\n[widgets.cpu]\nkind = \"recorded\"\nfile = \"/t/cpu.json\"\n"
        let huge = Data(repeating: 0x20, count: RecordedTimeline.maximumSize + 1)
        #expect {
            try LockScreenConfig.parse(text, file: "c.toml", kinds: WidgetRegistry.standard().kinds, files: MemoryFiles(["/t/cpu.json": (huge, false)]))
        } throws: { error in
            (error as? ConfigErrors)?.issues.map(\.description).contains("c.toml:5: widgets.cpu.file: cannot read /t/cpu.json") == true
        }
        #expect(SystemFiles().contents(of: "/dev/zero", limit: 16) == nil, "a device is never read")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-files-\(UUID()).json").path
        try Self.timeline.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(SystemFiles().contents(of: file, limit: Self.timeline.count) == Self.timeline)
        #expect(SystemFiles().contents(of: file, limit: Self.timeline.count - 1) == nil)
    }

    @Test("with no files at all a text is still checked, every file it names missing")
    func noFiles() {
        #expect {
            try LockScreenConfig.parse(Self.text, file: "c.toml", kinds: WidgetRegistry.standard().kinds, files: NoFiles())
        } throws: { error in
            (error as? ConfigErrors)?.issues.map(\.description).contains("c.toml:6: mqtt.password_file: cannot read /etc/l/mqtt-password") == true
        }
    }
}
