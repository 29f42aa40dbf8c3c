import Canvas
import EPDModels
import FoundationEssentials
@testable import Panel
import PanelOptions
import Testing

/// The SSD1680 driver against the controller model: what the glass shows, which refresh
/// ran, what went over the wire.
@Suite("SSD1680 e-paper")
struct SSD1680Tests {
    let model = EPDModel.named("waveshare-2in13-v4")!

    func rig() -> (SSD1680Model, ModelLink, SSD1680Device, PanelDisplay) {
        let controller = SSD1680Model(width: model.width, height: model.height)
        let link = ModelLink(model: controller)
        let device = SSD1680Device(model: model, link: link)
        return (controller, link, device, PanelDisplay(device: device))
    }

    /// A frame with a black bar and a grey square, then the same with `tick` more.
    func frame(tick: Int = 0) -> Frame {
        var frame = Frame(width: model.width, height: model.height, fill: 255)
        frame.draw { canvas in
            canvas.fill(Rect(x: 10, y: 20, width: 90, height: 30), color: .black)
            canvas.fill(Rect(x: 20, y: 80, width: 40, height: 40), color: RGBA(white: 0.4))
            if tick > 0 { canvas.fill(Rect(x: 33, y: 150, width: Double(5 * tick), height: 12), color: .black) }
        }
        return frame
    }

    /// The frame converted for the panel as the headless backend converts it.
    func converted(_ frame: Frame) -> [UInt8] {
        let stride = PixelFormat.mono1.minimumStride(width: frame.width)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * frame.height, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xFF)
        _ = PixelConverter.convert(frame, rect: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), to: .mono1, into: buffer, stride: stride)
        return Array(buffer)
    }

    @Test("the first frame: reset, software reset, both RAMs, a full refresh, deep sleep; the glass is the converted frame")
    func firstFrame() throws {
        let (controller, link, _, display) = rig()
        let first = frame()
        try display.present(first, damage: [PixelRect(x: 0, y: 0, width: model.width, height: model.height)], refresh: .full, at: .now)
        #expect(differingBytes(controller.glass, converted(first)) == 0)
        #expect(controller.refreshes == [.full])
        #expect(controller.violations == [])
        #expect(controller.softwareResets == 1)
        #expect(controller.asleep)
        #expect(link.events.first == .reset)
        #expect(Array(link.events.suffix(2)) == [.command(0x10), .data(1)])
        #expect(differingBytes(controller.previous, controller.glass) == 0)
    }

    @Test("minute ticks: a partial refresh of the byte-aligned damage only, a tenth of a frame's bytes at most")
    func ticks() throws {
        let (controller, link, _, display) = rig()
        let whole = PixelRect(x: 0, y: 0, width: model.width, height: model.height)
        try display.present(frame(), damage: [whole], refresh: .full, at: .now)
        let fullFrameBytes = link.bytes
        for tick in 1...12 {
            link.clear()
            controller.clearWindows()
            let next = frame(tick: tick)
            let damage = PixelRect(x: 33, y: 150, width: 5 * tick, height: 12)
            try display.present(next, damage: [damage], refresh: .partial, at: .now)
            #expect(differingBytes(controller.glass, converted(next)) == 0, "tick \(tick)")
            #expect(controller.violations == [])
            guard case let .partial(changed) = controller.refreshes.last else {
                Issue.record("tick \(tick): \(String(describing: controller.refreshes.last))")
                continue
            }
            #expect(changed == 5 * 12, "only the new column of the bar changes: \(changed)")
            // Both RAM writes cover exactly the damage widened to whole bytes.
            let windows = controller.windowsWritten
            #expect(windows.map(\.ram) == [0x24, 0x26])
            for window in windows {
                #expect(window.x == (33 / 8)...((33 + 5 * tick - 1) / 8))
                #expect(window.y == 150...161)
            }
            #expect(link.bytes * 10 <= fullFrameBytes, "tick \(tick): \(link.bytes) of \(fullFrameBytes) bytes")
            #expect(link.events.first == .reset && controller.asleep)
        }
        #expect(controller.softwareResets == 1)
    }

    @Test("a BUSY line that never clears ends the update with a clear error; the next update rewrites everything")
    func stuckBusy() throws {
        let (controller, link, _, display) = rig()
        let whole = PixelRect(x: 0, y: 0, width: model.width, height: model.height)
        try display.present(frame(), damage: [whole], refresh: .full, at: .now)
        link.stuck = true
        #expect(throws: DisplayError.panelBusy(path: "model", seconds: 30)) {
            try display.present(frame(tick: 1), damage: [PixelRect(x: 33, y: 150, width: 5, height: 12)], refresh: .partial, at: .now)
        }
        link.stuck = false
        let next = frame(tick: 2)
        try display.present(next, damage: [PixelRect(x: 33, y: 150, width: 10, height: 12)], refresh: .partial, at: .now)
        #expect(controller.refreshes.last == .full)
        #expect(differingBytes(controller.glass, converted(next)) == 0)
        #expect(controller.softwareResets == 2)
        #expect(controller.violations == [])
        #expect(DisplayError.panelBusy(path: "/dev/spidev0.0", seconds: 30).description.contains("stayed busy for 30 s"))
    }

    /// `model` on its controller's model: a full update, then (where the panel has one) a
    /// partial update of a small window; the expected glass after each.
    func fullThenPartial(_ model: EPDModel) throws -> (SSD1680Model, expected: [[UInt8]]) {
        let controller = SSD1680Model(model)
        let device = SSD1680Device(model: model, link: ModelLink(model: controller))
        let display = PanelDisplay(device: device)
        var frame = Frame(width: model.width, height: model.height, fill: 255)
        frame.draw { $0.fill(Rect(x: 3, y: 5, width: Double(model.width) / 2, height: 17), color: .black) }
        try display.present(frame, damage: [PixelRect(x: 0, y: 0, width: model.width, height: model.height)], refresh: .full, at: .now)
        var expected = [EPDModels.converted(frame, format: device.format, palette: device.palette)]
        #expect(differingBytes(controller.glassPixels(), expected[0]) == 0, "\(model.name): full")
        guard model.refreshesPartially else { return (controller, expected) }
        let window = PixelRect(x: 9, y: 40, width: 20, height: 9)
        frame.draw { $0.fill(Rect(x: 9, y: 40, width: 20, height: 9), color: .black) }
        try display.present(frame, damage: [window], refresh: .partial, at: .now)
        expected.append(EPDModels.converted(frame, format: device.format, palette: device.palette))
        #expect(differingBytes(controller.glassPixels(), expected[1]) == 0, "\(model.name): partial")
        #expect(controller.refreshes.last == .partial(changed: 20 * 9))
        return (controller, expected)
    }

    @Test("every model of the family keeps its glass equal to the converted frame, through a partial update where it has one",
          arguments: EPDModel.all.filter { $0.controller == .ssd1680 })
    func family(model: EPDModel) throws {
        let (controller, _) = try fullThenPartial(model)
        #expect(controller.violations == [])
    }

    @Test("Waveshare's 2.9\" V2 and 1.54\" V2 refresh with Waveshare's own waveforms, written to the registers, the 2.9\" V2 and 4.2\" V2 their full refreshes with Waveshare's 4-grey ones; the others load their OTP's",
          arguments: EPDModel.all.filter { $0.controller == .ssd1680 && $0.refreshesPartially })
    func waveforms(model: EPDModel) throws {
        let (controller, _) = try fullThenPartial(model)
        let vendor = SSD1680Waveform.vendor(for: model.name)
        let full = SSD1680Greys.vendor(for: model.name).map { Array($0.waveform.lut.prefix(153)) } ?? vendor?.full.lut
        #expect(controller.waveforms == [full, vendor?.partial.lut])
        #expect(controller.violations == [])
    }
}

@Suite("SSD1680 shutdown")
struct SSD1680ShutdownTests {
    @Test("closing after an update cut short waits for BUSY, then puts the controller to deep sleep")
    func closeSleeps() throws {
        let model = EPDModel.named("waveshare-2in13-v4")!
        let controller = SSD1680Model(width: model.width, height: model.height)
        let link = ModelLink(model: controller)
        let device = SSD1680Device(model: model, link: link)
        let display = PanelDisplay(device: device)
        let frame = Frame(width: model.width, height: model.height, fill: 255)
        try display.present(frame, damage: [PixelRect(x: 0, y: 0, width: model.width, height: model.height)], refresh: .full, at: .now)
        link.stuck = true
        #expect(throws: DisplayError.self) {
            try display.present(frame, damage: [PixelRect(x: 0, y: 0, width: 8, height: 8)], refresh: .partial, at: .now)
        }
        link.stuck = false
        link.clear()
        display.close()
        #expect(link.events == [.wait, .command(0x10), .data(1)])
        #expect(controller.asleep)
    }
}
