import FoundationEssentials
import Glibc

/// Where `Image("name")` finds the pictures a widget package ships: SwiftPM copies a
/// target's resources into a `<Package>_<Target>.resources` folder beside the
/// executable, and Foundation's `Bundle.module`, which would find them, is not part of
/// FoundationEssentials. Each such folder and the folders directly inside it are searched.
package enum PackageResources {
    /// The resource folders beside this program, listed once per process: the renderer,
    /// the previews and the asset catalog's colours all look in them.
    package static let running: [String] = imageDirectories()

    /// The resource folders beside `executable` (this program's when nil).
    package static func imageDirectories(besideExecutable executable: String? = nil) -> [String] {
        guard let path = executable ?? runningExecutable() else { return [] }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: directory.isEmpty ? "/" : directory) else { return [] }
        var found: [String] = []
        // Only the few `.resources` names are sorted: beside a program in /usr/bin there
        // are a thousand others, and a copy in a crowded /tmp spent a third of its start
        // sorting them all (docs/PERFORMANCE.md).
        for entry in entries.filter({ $0.hasSuffix(".resources") }).sorted() {
            let folder = directory + "/" + entry
            found.append(folder)
            for inner in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                var info = stat()
                if stat(folder + "/" + inner, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { found.append(folder + "/" + inner) }
            }
        }
        return found
    }

    /// This program's file, from `/proc/self/exe`.
    package static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
