import CMalloc
import Glibc

/// Gives back what only the start needed: the pages of the program's and libraries'
/// files mapped while it parsed the command line and the configuration, read
/// fontconfig's files and drew the first frame, and the heap's free memory.
///
/// The kernel maps a file's pages 64 KiB around each one used and keeps them mapped for
/// the process's life: a daemon that started once keeps its start's code, most of
/// fontconfig, the command-line parser and the configuration reader resident while it
/// idles. Only read-only mappings of files that hold no private copy of a page are let go
/// (their pages are the file's own, still in the page cache: what is used again is mapped
/// again on its first use, a minor fault), so no byte of the process changes; a mapping
/// a relocation or a debugger wrote to is left alone.
package enum StartPages {
    /// What `release()` let go.
    package struct Released: Sendable, Equatable {
        /// The mappings unmapped from the page tables.
        package var mappings = 0
        /// Their resident bytes before, by the kernel's count.
        package var bytes = 0
    }

    /// Unmaps the resident pages of every read-only, file-backed mapping without private
    /// pages, then returns the heap's free pages to the system. Reads `/proc/self/smaps`;
    /// meant once, when the start is over (4–6 ms on this project's machine).
    @discardableResult
    package static func release() -> Released {
        var released = Released()
        for mapping in mappings(inFile: "/proc/self/smaps") where mapping.isReleasable {
            guard madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 else { continue }
            released.mappings += 1
            released.bytes += mapping.residentKiB * 1024
        }
        malloc_trim(0)
        return released
    }

    /// The mappings a file in the form of `/proc/PID/smaps` lists, read 16 KiB at a time
    /// (the whole is 150 KB for the daemon, which a copy in memory would add to the very
    /// peak this is for); none when it cannot be read.
    static func mappings(inFile path: String) -> [Mapping] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var reader = Reader()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            reader.take(chunk[..<count])
        }
        return reader.finish()
    }

    /// The mappings `smaps` lists, each with the counts that follow its header.
    static func mappings(in smaps: [UInt8]) -> [Mapping] {
        var reader = Reader()
        reader.take(smaps[...])
        return reader.finish()
    }

    /// Reads `smaps` text a piece at a time, as bytes: a hundred mappings make three
    /// thousand lines, which split as strings took 15 ms.
    struct Reader {
        private var found: [Mapping] = []
        private var line: [UInt8] = []

        mutating func take(_ bytes: ArraySlice<UInt8>) {
            var start = bytes.startIndex
            while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                line += bytes[start..<end]
                endLine()
                start = end + 1
            }
            line += bytes[start...]
        }

        mutating func finish() -> [Mapping] {
            endLine()
            return found
        }

        private mutating func endLine() {
            defer { line.removeAll(keepingCapacity: true) }
            guard !line.isEmpty else { return }
            if let mapping = Mapping(header: line[...]) {
                found.append(mapping)
            } else if !found.isEmpty {
                found[found.count - 1].read(field: line[...])
            }
        }
    }

    /// One mapping of `/proc/self/smaps`: its header and the counts read so far.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var writable: Bool
        var path: String
        var residentKiB = 0
        var privateKiB = 0

        /// A header line: `start-end perms offset dev inode [path]`; nil for a field line
        /// (`Rss:  12 kB`), which starts with a capital letter, never a hex digit.
        init?(header line: ArraySlice<UInt8>) {
            var words = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)[...]
            guard words.count >= 5, let range = words.popFirst(), let perms = words.popFirst(), perms.count == 4,
                  let dash = range.firstIndex(of: UInt8(ascii: "-")),
                  let start = Self.hex(range[..<dash]), let end = Self.hex(range[(dash + 1)...]) else { return nil }
            (self.start, self.end) = (start, end)
            writable = perms[perms.startIndex + 1] == UInt8(ascii: "w")
            path = words.count == 4 ? String(decoding: words.last!.drop { $0 == UInt8(ascii: " ") }, as: UTF8.self) : ""
        }

        /// Takes the counts this type needs from a field line.
        mutating func read(field line: ArraySlice<UInt8>) {
            if line.starts(with: "Rss:".utf8) { residentKiB = Self.kibibytes(line) }
            if line.starts(with: "Anonymous:".utf8) { privateKiB = Self.kibibytes(line) }
        }

        /// A file's mapping that no one can write through and that holds only the file's
        /// own pages: unmapping them changes no byte the process reads.
        var isReleasable: Bool {
            !writable && path.hasPrefix("/") && privateKiB == 0 && residentKiB > 0
        }

        /// The number a field line counts in kB.
        private static func kibibytes(_ line: ArraySlice<UInt8>) -> Int {
            line.reduce(into: 0) { value, byte in
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            }
        }

        /// A lowercase hexadecimal number, as the kernel writes addresses; nil for anything else.
        private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
            guard !digits.isEmpty, digits.count <= 16 else { return nil }
            var value: UInt = 0
            for digit in digits {
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt(digit - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt(digit - UInt8(ascii: "a") + 10)
                default: return nil
                }
            }
            return value
        }
    }
}
