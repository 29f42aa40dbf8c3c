import Canvas
import Foundation

/// Writes every presented frame whole, in the chosen format, as `DIR/NNNNNN.raw`, and
/// one JSON line per frame to `DIR/frames.jsonl` saying when, in what format and which
/// rectangles changed; optionally a PNG of each. What tests and the curious read.
package final class HeadlessDisplay: Display {
    package let directory: String
    package let format: PixelFormat
    package let writesPNG: Bool
    package let size: (width: Int, height: Int)
    private var buffer: [UInt8]
    private let stride: Int
    private var sequence = 0
    private let log: FileHandle

    package var name: String { "headless \(directory) \(size.width)×\(size.height) \(format.rawValue)" }

    /// Opens (creating if needed) the directory. Frames already there are replaced from
    /// sequence 1; `frames.jsonl` is started afresh.
    package init(directory: String, width: Int, height: Int, format: PixelFormat, writesPNG: Bool) throws(DisplayError) {
        self.directory = directory
        self.format = format
        self.writesPNG = writesPNG
        self.size = (width, height)
        self.stride = format.minimumStride(width: width)
        self.buffer = [UInt8](repeating: 0, count: stride * height)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directory, reason: Self.reason(error))
        }
        let logPath = directory + "/frames.jsonl"
        guard FileManager.default.createFile(atPath: logPath, contents: nil), let handle = FileHandle(forWritingAtPath: logPath) else {
            throw .cannotCreateDirectory(path: directory, reason: "cannot create frames.jsonl (is the directory writable?)")
        }
        log = handle
    }

    deinit { try? log.close() }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
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
        package var file: String
    }

    package func present(_ frame: Frame, damage: [PixelRect], refresh: Refresh, at time: Date) throws(DisplayError) {
        sequence += 1
        buffer.withUnsafeMutableBytes { raw in
            for rect in damage { PixelConverter.convert(frame, rect: rect, to: format, into: raw, stride: stride) }
        }
        let base = String(format: "%06d", sequence)
        let rawPath = "\(directory)/\(base).raw"
        guard FileManager.default.createFile(atPath: rawPath, contents: Data(buffer)) else {
            throw .cannotWrite(path: rawPath, reason: "the file could not be created")
        }
        if writesPNG {
            do { try frame.writePNG(to: "\(directory)/\(base).png") } catch { throw .cannotWrite(path: "\(directory)/\(base).png", reason: error.description) }
        }
        let record = Record(
            seq: sequence, time: ISO8601.format(time), width: size.width, height: size.height, format: format.rawValue,
            stride: stride, refresh: refresh, damage: damage.map { [$0.x, $0.y, $0.width, $0.height] }, file: "\(base).raw")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(record) else { return }
        line.append(0x0A)
        do { try log.write(contentsOf: line) } catch { throw .cannotWrite(path: directory + "/frames.jsonl", reason: Self.reason(error)) }
    }
}
