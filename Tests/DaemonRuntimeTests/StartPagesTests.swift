import Glibc
import TestSupport
import Testing
@testable import DaemonRuntime

/// Letting go of the start's pages: only a file's own pages leave the page tables, and
/// every byte reads the same after.
@Suite("StartPages")
struct StartPagesTests {
    /// A file `name` of `pages` pages, each filled with its number, mapped with `protection`.
    private static func mapFile(in folder: TemporaryFolder, named name: String = "pages", pages: Int, protection: Int32) throws -> UnsafeMutableRawPointer {
        let path = folder.path + "/" + name
        let size = pages * Int(getpagesize())
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 / Int(getpagesize())) }
        try #require(bytes.withUnsafeBytes { write(fd, $0.baseAddress, size) } == size)
        let mapped = try #require(mmap(nil, size, protection, MAP_PRIVATE, fd, 0))
        try #require(mapped != MAP_FAILED)
        return mapped
    }

    /// The kernel's resident count for the mapping that starts at `address`, in KiB.
    private static func resident(at address: UnsafeMutableRawPointer) -> (rss: Int, privateKiB: Int)? {
        StartPages.mappings(inFile: "/proc/self/smaps").first { $0.start == UInt(bitPattern: address) }.map { ($0.residentKiB, $0.privateKiB) }
    }

    /// Sums every byte of `count` at `address`: reading them maps them again.
    private static func checksum(_ address: UnsafeMutableRawPointer, _ count: Int) -> Int {
        UnsafeRawBufferPointer(start: address, count: count).reduce(0) { $0 &+ Int($1) }
    }

    @Test("a read-only file mapping leaves the page tables and reads the same after")
    func fileMappingReleased() throws {
        let folder = try TemporaryFolder("start-pages")
        defer { folder.remove() }
        let size = 64 * Int(getpagesize())
        let mapped = try Self.mapFile(in: folder, pages: 64, protection: PROT_READ)
        defer { munmap(mapped, size) }
        let sum = Self.checksum(mapped, size)
        #expect((Self.resident(at: mapped)?.rss ?? 0) >= 64 * 4)
        let released = StartPages.release()
        #expect(released.mappings > 0 && released.bytes >= size)
        #expect(Self.resident(at: mapped)?.rss == 0, "its pages left the page tables")
        #expect(Self.checksum(mapped, size) == sum, "and come back as they were")
    }

    @Test("pages the process wrote stay, read-only now or not")
    func privatePagesKept() throws {
        let folder = try TemporaryFolder("start-pages")
        defer { folder.remove() }
        let size = 8 * Int(getpagesize())
        // As a loader relocates data and then makes it read-only (RELRO).
        let relocated = try Self.mapFile(in: folder, named: "relocated", pages: 8, protection: PROT_READ | PROT_WRITE)
        defer { munmap(relocated, size) }
        relocated.storeBytes(of: 0xA5, toByteOffset: 100, as: UInt8.self)
        try #require(mprotect(relocated, size, PROT_READ) == 0)
        // As a program's own writable data.
        let data = try Self.mapFile(in: folder, named: "data", pages: 8, protection: PROT_READ | PROT_WRITE)
        defer { munmap(data, size) }
        data.storeBytes(of: 0x5A, toByteOffset: 200, as: UInt8.self)
        #expect((Self.resident(at: relocated)?.privateKiB ?? 0) > 0)
        StartPages.release()
        #expect(relocated.load(fromByteOffset: 100, as: UInt8.self) == 0xA5, "a private copy is not thrown away for the file's page")
        #expect(data.load(fromByteOffset: 200, as: UInt8.self) == 0x5A)
        #expect((Self.resident(at: relocated)?.privateKiB ?? 0) > 0)
    }

    @Test("the kernel's list reads the same whatever pieces it comes in")
    func readInPieces() {
        #expect(StartPages.mappings(inFile: "/proc/self/smaps").contains { $0.path.hasSuffix("/libc.so.6") }, "this process's own list is read")
        let text = Array("""
            55c189b9d000-55c189d28000 rw-p 00000000 00:00 0                          [heap]
            Rss:                1404 kB
            Anonymous:          1404 kB
            7f5a443e7000-7f5a443f8000 r-xp 00028000 fe:00 5367719                    /usr/lib/x86_64-linux-gnu/libc.so.6
            Rss:                 948 kB
            Anonymous:             0 kB
            VmFlags: rd ex mr mw me sd
            """.utf8)
        let whole = StartPages.mappings(in: text)
        #expect(whole.count == 2 && whole[1].residentKiB == 948 && whole[1].isReleasable && !whole[0].isReleasable)
        for size in [1, 7, 64] {
            var reader = StartPages.Reader()
            for start in stride(from: 0, to: text.count, by: size) { reader.take(text[start..<min(start + size, text.count)]) }
            #expect(reader.finish() == whole, "in pieces of \(size)")
        }
    }

    @Test("only read-only mappings of files with resident pages and no private ones are let go")
    func whichMappings() throws {
        func mapping(_ header: String, rss: Int = 12, anonymous: Int = 0) throws -> StartPages.Mapping {
            let smaps = "\(header)\nRss:                  \(rss) kB\nPss:                   3 kB\nAnonymous:            \(anonymous) kB\nVmFlags: rd ex mr mw me sd\n"
            let found = StartPages.mappings(in: Array(smaps.utf8))
            try #require(found.count == 1)
            return found[0]
        }
        let library = try mapping("7f5a443e7000-7f5a443f8000 r-xp 00028000 fe:00 5367719                    /usr/lib/x86_64-linux-gnu/libc.so.6")
        #expect(library.isReleasable && library.start == 0x7f5a_443e_7000 && library.end == 0x7f5a_443f_8000)
        #expect(library.path == "/usr/lib/x86_64-linux-gnu/libc.so.6")
        #expect(try mapping("7f5a443e7000-7f5a443f8000 r--p 00000000 fe:00 42     /usr/share/fonts/My Font.otf").path == "/usr/share/fonts/My Font.otf")
        #expect(try !mapping("7f5a443e7000-7f5a443f8000 r--p 00000000 fe:00 42  /usr/lib/libx.so", anonymous: 4).isReleasable, "relocated, then read-only")
        #expect(try !mapping("7f5a443e7000-7f5a443f8000 rw-p 00000000 fe:00 42  /usr/lib/libx.so").isReleasable, "writable")
        #expect(try !mapping("7f5a443e7000-7f5a443f8000 rw-s 00000000 00:06 3  /dev/fb0").isReleasable, "a framebuffer")
        #expect(try !mapping("7f5a443e7000-7f5a443f8000 r--p 00000000 00:00 0").isReleasable, "anonymous")
        #expect(try !mapping("7ffc7efa3000-7ffc7efc4000 r-xp 00000000 00:00 0                          [vdso]").isReleasable)
        #expect(try !mapping("7f5a443e7000-7f5a443f8000 r--p 00000000 fe:00 42  /usr/lib/libx.so", rss: 0).isReleasable, "nothing resident")
        #expect(library.residentKiB == 12)
        #expect(StartPages.Mapping(header: Array("Rss:                  12 kB".utf8)[...]) == nil)
        #expect(StartPages.Mapping(header: Array("VmFlags: rd ex mr mw me sd".utf8)[...]) == nil)
    }
}
