import Canvas
import Foundation
@testable import Panel
import PanelOptions
import Testing

@Suite("PanelDisplay")
struct PanelDisplayTests {
    /// The device's bytes, and what converting all of `frame` afresh gives.
    static func bytes(of device: MemoryPanelDevice, against frame: Frame) -> (device: [UInt8], fresh: [UInt8]) {
        var fresh = [UInt8](repeating: 0, count: device.stride * device.height)
        fresh.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: frame.bounds, to: device.format, into: $0, stride: device.stride, grayLevels: 16) }
        return (Array(device.pixels.bindMemory(to: UInt8.self)), fresh)
    }

    @Test("a full refresh converts only the damage yet shows the whole frame, on every format", arguments: [PixelFormat.gray4, .rgb565, .mono1])
    func fullRefreshConvertsDamage(format: PixelFormat) throws {
        let device = MemoryPanelDevice(width: 64, height: 32, format: format, keepsUpdates: true)
        let display = PanelDisplay(device: device, eink: EinkPolicy())
        var frame = Frame(width: 64, height: 32, fill: 255)
        frame.draw { $0.fill(Rect(x: 4, y: 4, width: 20, height: 10), color: RGBA(white: 0.3)) }
        let t = Date(timeIntervalSince1970: 1_795_305_600)
        try display.present(frame, damage: [frame.bounds], refresh: .full, at: t)
        frame.draw { $0.fill(Rect(x: 50, y: 20, width: 6, height: 6), color: .black) }
        try display.present(frame, damage: [PixelRect(x: 50, y: 20, width: 6, height: 6)], refresh: .partial, at: t + 60)
        let changed = PixelRect(x: 30, y: 8, width: 12, height: 12)
        frame.draw { $0.fill(Rect(x: 30, y: 8, width: 12, height: 12), color: RGBA(white: 0.6)) }
        // A cleaning refresh with this step's drawing: only `changed` is converted.
        #expect(try display.performMaintenance(frame, damage: [changed], at: t + 3 * 3600))
        let (shown, fresh) = Self.bytes(of: device, against: frame)
        #expect(shown == fresh, "the device differs from the frame converted afresh")
        let last = try #require(device.updates.last)
        #expect(last.refresh == .full && last.rects == [PixelRect(x: 0, y: 0, width: 64, height: 32)])
    }
}
