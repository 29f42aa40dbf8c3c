import Canvas
import Foundation
import Testing

/// Compares rendered frames with PNGs kept beside the tests. Re-record every golden
/// image with `LOCKSCREEND_RECORD_GOLDEN=1 swift test`.
public struct Golden {
    /// How far a channel may differ before a pixel counts as different: one level, for
    /// rounding. The fonts are pinned (Debian's packages, the tests' fontconfig file), so a
    /// changed glyph, a moved edge or a wrong grey fails.
    public var channelTolerance = 1
    /// How many pixels may differ, as a fraction of the image: 0.05 %, less than one glyph
    /// of the smallest text at 250×122.
    public var maximumDifferingFraction = 0.0005
    let directory: URL

    /// Golden images in the `Golden` folder beside the calling test file.
    public init(testFile: String = #filePath) {
        directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    public static var isRecording: Bool { ProcessInfo.processInfo.environment["LOCKSCREEND_RECORD_GOLDEN"] == "1" }

    /// Checks `frame` against `name.png`; records it instead when recording. On a
    /// mismatch the actual image and a difference map are written to the temporary
    /// directory and named in the failure.
    package func check(_ frame: Frame, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = directory.appendingPathComponent(name + ".png").path
        if Self.isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try frame.writePNG(to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("no golden image \(path); record with LOCKSCREEND_RECORD_GOLDEN=1 swift test", sourceLocation: sourceLocation)
            return
        }
        let expected = try Frame(contentsOfPNG: path)
        guard expected.width == frame.width, expected.height == frame.height else {
            Issue.record("\(name): size \(frame.width)×\(frame.height), golden \(expected.width)×\(expected.height)", sourceLocation: sourceLocation)
            return
        }
        let actual = frame.xrgb()
        var diff = Frame(width: frame.width, height: frame.height)
        var differing = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let a = actual.rgb(x: x, y: y), e = expected.rgb(x: x, y: y)
                let delta = max(abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)), abs(Int(a.blue) - Int(e.blue)))
                if delta > channelTolerance {
                    differing += 1
                    let i = y * diff.bytesPerRow + x * 4
                    diff.pixels[i + 2] = 255
                }
            }
        }
        let allowed = Int(Double(frame.width * frame.height) * maximumDifferingFraction)
        if differing > allowed {
            let out = FileManager.default.temporaryDirectory
            let actualPath = out.appendingPathComponent("\(name)-actual.png").path
            let diffPath = out.appendingPathComponent("\(name)-diff.png").path
            try? frame.writePNG(to: actualPath)
            try? diff.writePNG(to: diffPath)
            Issue.record("\(name): \(differing) pixels differ (allowed \(allowed)); actual \(actualPath), difference \(diffPath)", sourceLocation: sourceLocation)
        }
    }
}
