import Canvas
import Foundation
@testable import Panel
import PanelOptions
import TestSupport
import Testing
import ZoneInfo

@Suite("HeadlessDevice")
struct HeadlessDeviceTests {
    @Test("every frame is written whole with one JSON line describing it", arguments: [PixelFormat.xrgb8888, .rgb565, .gray8, .gray4, .mono1])
    func writesFrames(format: PixelFormat) throws {
        let folder = try TemporaryFolder("headless")
        defer { folder.remove() }
        let dir = folder.path
        let display = PanelDisplay(device: try HeadlessDevice(directory: dir, width: 16, height: 8, format: format, writesPNG: true))
        var frame = Frame(width: 16, height: 8)
        try display.present(frame, damage: [frame.bounds], refresh: .full, at: Date(timeIntervalSince1970: 1_795_356_300))
        frame.draw { $0.fill(Rect(x: 8, y: 0, width: 8, height: 8), color: .white) }
        try display.present(frame, damage: [PixelRect(x: 8, y: 0, width: 8, height: 8)], refresh: .partial, at: Date(timeIntervalSince1970: 1_795_356_360))

        let lines = try String(contentsOfFile: dir + "/frames.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let second = try JSONDecoder().decode(HeadlessDevice.Record.self, from: Data(lines[1].utf8))
        #expect(second.seq == 2)
        #expect(second.time == "2026-11-22T14:06:00Z")
        #expect(second.refresh == .partial)
        #expect(second.damage == [[8, 0, 8, 8]])
        #expect(second.format == format.rawValue)
        #expect(second.stride == format.minimumStride(width: 16))
        let raw = try #require(FileManager.default.contents(atPath: dir + "/000002.raw"))
        #expect(raw.count == second.stride * 8)
        var expected = [UInt8](repeating: 0, count: raw.count)
        expected.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: frame.bounds, to: format, into: $0, stride: second.stride) }
        #expect([UInt8](raw) == expected)
        #expect(FileManager.default.fileExists(atPath: dir + "/000002.png"))
    }

    /// Unrotated XRGB is written from the frame itself (no second screenful in memory);
    /// rotated, through the device's own memory. The files are the same either way.
    @Test("an XRGB frame is written from itself unrotated and through the device's memory rotated", arguments: [Rotation.none, .upsideDown, .clockwise90])
    func inPlace(rotation: Rotation) throws {
        let folder = try TemporaryFolder("headless")
        defer { folder.remove() }
        let size = rotation.deviceSize(width: 16, height: 8)
        let device = try HeadlessDevice(directory: folder.path, width: size.width, height: size.height, format: .xrgb8888, writesPNG: false)
        let display = PanelDisplay(device: device, rotation: rotation)
        var frame = Frame(width: 16, height: 8)
        try display.present(frame, damage: [frame.bounds], refresh: .full, at: Date(timeIntervalSince1970: 1_795_356_300))
        frame.draw { $0.fill(Rect(x: 3, y: 2, width: 9, height: 4), color: .white) }
        try display.present(frame, damage: [PixelRect(x: 3, y: 2, width: 9, height: 4)], refresh: .partial, at: Date(timeIntervalSince1970: 1_795_356_360))
        let raw = try #require(FileManager.default.contents(atPath: folder.path + "/000002.raw"))
        var expected = [UInt8](repeating: 0, count: device.stride * size.height)
        expected.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: frame.bounds, to: .xrgb8888, into: $0, stride: device.stride, rotation: rotation) }
        #expect([UInt8](raw) == expected)
        let lines = try String(contentsOfFile: folder.path + "/frames.jsonl", encoding: .utf8).split(separator: "\n")
        let second = try JSONDecoder().decode(HeadlessDevice.Record.self, from: Data(lines[1].utf8))
        #expect(second.damage == [rotation.deviceRect(PixelRect(x: 3, y: 2, width: 9, height: 4), frameWidth: 16, frameHeight: 8)].map { [$0.x, $0.y, $0.width, $0.height] })
    }

    @Test("an output directory that cannot be created is a clear error naming it")
    func unwritable() {
        #expect(throws: DisplayError.self) {
            _ = try HeadlessDevice(directory: "/proc/lockscreend-frames", width: 4, height: 4, format: .gray8, writesPNG: false)
        }
    }

    @Test("ISO 8601 round trip")
    func iso() {
        let date = ISO8601.parse("2026-11-22T14:04:57Z")
        #expect(date != nil)
        #expect(ISO8601.format(date!) == "2026-11-22T14:04:57Z")
        #expect(ISO8601.parse("2026-11-22T15:04:57+01:00") == date)
        #expect(ISO8601.parse("yesterday") == nil)
    }

    @Test("a sleeping screen: headless writes power.jsonl, a backlight gets bl_power 4 after the screen and 0 before it")
    func power() throws {
        let folder = try TemporaryFolder("power")
        defer { folder.remove() }
        let device = try HeadlessDevice(directory: folder.path + "/frames", width: 16, height: 8, format: .mono1, writesPNG: false)
        _ = FileManager.default.createFile(atPath: folder.path + "/bl_power", contents: Data("0\n".utf8))
        let display = PanelDisplay(device: device)
        display.backlight = try Backlight(directory: folder.path + "/")
        let night = Date(timeIntervalSince1970: 1_795_388_400)
        try display.setPower(false, at: night)
        #expect(try String(contentsOfFile: folder.path + "/bl_power", encoding: .utf8) == "4\n")
        try display.setPower(true, at: night + 3_600)
        #expect(try String(contentsOfFile: folder.path + "/bl_power", encoding: .utf8) == "0\n")
        let lines = try String(contentsOfFile: folder.path + "/frames/power.jsonl", encoding: .utf8)
        #expect(lines == "{\"power\":\"off\",\"time\":\"2026-11-22T23:00:00Z\"}\n{\"power\":\"on\",\"time\":\"2026-11-23T00:00:00Z\"}\n")
        #expect(throws: DisplayError.noSuchDevice(path: folder.path + "/none/bl_power")) { try Backlight(directory: folder.path + "/none") }
    }
}
