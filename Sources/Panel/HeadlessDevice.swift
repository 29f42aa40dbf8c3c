import Canvas
import FoundationEssentials
import Glibc
import PanelOptions
import ZoneInfo

/// Writes every presented frame whole, in the chosen format, as `DIR/NNNNNN.raw`, and
/// one JSON line per frame to `DIR/frames.jsonl` saying when, in what format, which
/// rectangles changed and how the panel was refreshed; optionally a PNG of each. What
/// tests and the curious read: the bytes a real panel of that format would get.
package final class HeadlessDevice: PanelDevice {
    package let directory: String
    package let format: PixelFormat
    package let writesPNG: Bool
    package let width: Int
    package let height: Int
    package let stride: Int
    /// The device's memory, made when first converted into: a frame that needs no
    /// conversion is written from itself (`PanelUpdate.inPlace`) and this stays unmade.
    private var memory: UnsafeMutableRawBufferPointer?
    private var sequence = 0
    /// `frames.jsonl`, open for appending.
    private let log: Int32

    package var name: String { "headless \(directory) \(width)×\(height) \(format.rawValue)" }

    /// Opens (creating if needed) the directory. Frames already there are replaced from
    /// sequence 1; `frames.jsonl` is started afresh.
    package init(directory: String, width: Int, height: Int, format: PixelFormat, writesPNG: Bool) throws(DisplayError) {
        self.directory = directory
        self.format = format
        self.writesPNG = writesPNG
        self.width = width
        self.height = height
        self.stride = format.minimumStride(width: width)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory, reason: Self.reason(error))
        }
        let fd = open(directory + "/frames.jsonl", O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .cannotCreateDirectory(path: directory, reason: "cannot create frames.jsonl: \(String(cString: strerror(errno)))")
        }
        log = fd
        unlink(directory + "/power.jsonl")
    }

    deinit {
        Glibc.close(log)
        memory?.deallocate()
    }

    package var pixels: UnsafeMutableRawBufferPointer {
        if let memory { return memory }
        let made = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * height, alignment: 16)
        made.initializeMemory(as: UInt8.self, repeating: 0)
        memory = made
        return made
    }

    package var readsFrameInPlace: Bool { true }

    package func close() { fsync(log) }

    /// Headless has no screen to darken: each change is one line of `power.jsonl`,
    /// `{"power":"off","time":"…"}`, for tests and the curious.
    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) {
        let path = directory + "/power.jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { Glibc.close(fd) }
        let line = "{\"power\":\"\(on ? "on" : "off")\",\"time\":\"\(ISO8601.format(time))\"}\n"
        if let reason = Array(line.utf8).withUnsafeBytes({ RegularFile.write($0, to: fd) }) { throw .cannotWrite(path: path, reason: reason) }
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? CocoaError, let path = error.filePath { return "\(error.code) at \(path)" }
        return "\(error)"
    }

    /// Writes `bytes` to a new file at `path` (replacing one there) straight from the
    /// device's memory: a copy of it first (`Data`) was a frame's worth of heap that malloc
    /// then kept.
    private static func writeFile(_ bytes: UnsafeRawBufferPointer, to path: String) throws(DisplayError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        defer { Glibc.close(fd) }
        if let reason = RegularFile.write(bytes, to: fd) { throw .cannotWrite(path: path, reason: reason) }
    }

    /// One line of `frames.jsonl`.
    package struct Record: Codable, Equatable, Sendable {
        package var seq: Int
        package var time: String
        package var width: Int
        package var height: Int
        package var format: String
        package var stride: Int
        package var refresh: Refresh
        package var damage: [[Int]]
        /// One per damage rectangle, on e-ink panels.
        package var waveform: [Waveform]?
        package var file: String
    }

    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        sequence += 1
        let base = CFormat.string("%06d", sequence)
        let rawPath = "\(directory)/\(base).raw"
        if update.inPlace {
            let failure: DisplayError? = update.frame.pixels.withUnsafeBytes { bytes in
                do throws(DisplayError) { try Self.writeFile(bytes, to: rawPath) } catch { return error }
                return nil
            }
            if let failure { throw failure }
        } else {
            try Self.writeFile(UnsafeRawBufferPointer(pixels), to: rawPath)
        }
        if writesPNG {
            do { try update.frame.writePNG(to: "\(directory)/\(base).png") } catch { throw .cannotWrite(path: "\(directory)/\(base).png", reason: error.description) }
        }
        let record = Record(
            seq: sequence, time: ISO8601.format(update.time), width: width, height: height, format: format.rawValue,
            stride: stride, refresh: update.refresh, damage: update.rects.map { [$0.x, $0.y, $0.width, $0.height] },
            waveform: update.waveforms.isEmpty ? nil : update.waveforms, file: "\(base).raw")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(record) else { return }
        line.append(0x0A)
        if let reason = line.withUnsafeBytes({ RegularFile.write($0, to: log) }) {
            throw .cannotWrite(path: directory + "/frames.jsonl", reason: reason)
        }
    }
}
