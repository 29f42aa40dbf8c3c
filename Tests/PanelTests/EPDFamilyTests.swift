import Canvas
import EPDModels
import FoundationEssentials
@testable import Panel
import PanelOptions
import Testing

/// Every HAT model's driver against its controller's model: the glass equals the frame
/// converted for that panel after the first frame and after each tick, the controller
/// was driven as its datasheet says, a stuck BUSY is an error the next update recovers
/// from, and closing leaves the controller asleep.
@Suite("E-paper HATs, every model")
struct EPDFamilyTests {
    struct Rig {
        let controller: any ControllerModel
        let link: ModelLink
        let device: any EPDDevice
        let display: PanelDisplay
        var whole: PixelRect { PixelRect(x: 0, y: 0, width: device.width, height: device.height) }

        init(_ model: EPDModel) throws {
            controller = controllerModel(for: model)
            link = ModelLink(model: controller)
            device = try model.makeDevice(link: link, vcom: -1.48)
            display = PanelDisplay(device: device, eink: EinkPolicy())
        }

        /// What the glass should show for `frame`.
        func expected(_ frame: Frame) -> [UInt8] { converted(frame, format: device.format, palette: device.palette) }

        /// How far the glass is from showing `frame`: bytes of the converted frame, or on
        /// glass with 4-grey full refreshes, pixels (`greyGlassMisses`).
        func misses(_ frame: Frame, afterFull: Bool) -> Int {
            guard let greys = controller.glassGreys() else { return differingBytes(controller.glassPixels(), expected(frame)) }
            return greyGlassMisses(greys, frame, afterFull: afterFull)
        }
    }

    /// A frame with a black bar, a grey square, a red disc and `tick` more of a bar.
    static func frame(width: Int, height: Int, tick: Int = 0) -> Frame {
        var frame = Frame(width: width, height: height, fill: 255)
        frame.draw { canvas in
            canvas.fill(Rect(x: 10, y: 20, width: Double(width) / 2, height: 30), color: .black)
            canvas.fill(Rect(x: 20, y: 80, width: 40, height: 40), color: RGBA(white: 0.6))
            canvas.fill(Rect(x: 70, y: 80, width: 30, height: 30), color: RGBA(red: 1, green: 0.23, blue: 0.19, alpha: 1))
            if tick > 0 { canvas.fill(Rect(x: 33, y: 150, width: Double(5 * tick), height: 12), color: .black) }
        }
        return frame
    }

    @Test("the first frame and twelve ticks: the glass is the converted frame, the chip driven by the book", arguments: EPDModel.all)
    func ticks(model: EPDModel) throws {
        let rig = try Rig(model)
        let (w, h) = (rig.device.width, rig.device.height)
        let first = Self.frame(width: w, height: h)
        try rig.display.present(first, damage: [rig.whole], refresh: .full, at: .now)
        #expect(rig.misses(first, afterFull: true) == 0)
        #expect(rig.controller.violations == [])
        #expect(rig.controller.asleep || model.controller == .uc8179, "asleep or powered off between updates")
        let frameBytes = rig.link.bytes
        for tick in 1...12 {
            rig.link.clear()
            let next = Self.frame(width: w, height: h, tick: tick)
            try rig.display.present(next, damage: [PixelRect(x: 33, y: 150, width: 5 * tick, height: 12)], refresh: .partial, at: .now)
            #expect(rig.misses(next, afterFull: false) == 0, "tick \(tick)")
            #expect(rig.controller.violations == [], "tick \(tick)")
            if model.refreshesPartially {
                #expect(rig.link.bytes * 10 <= frameBytes, "tick \(tick): \(rig.link.bytes) of \(frameBytes) bytes")
            }
        }
        let tally = rig.device.tally
        if model.refreshesPartially {
            #expect(tally.fullRefreshes == 1 && tally.partialRefreshes == 12, "\(tally)")
        } else {
            #expect(tally.fullRefreshes == 13 && tally.partialRefreshes == 0, "\(tally)")
        }
    }

    @Test("a BUSY that never clears is a clear error; the next update shows the frame", arguments: EPDModel.all)
    func stuck(model: EPDModel) throws {
        let rig = try Rig(model)
        let (w, h) = (rig.device.width, rig.device.height)
        try rig.display.present(Self.frame(width: w, height: h), damage: [rig.whole], refresh: .full, at: .now)
        rig.link.stuck = true
        do {
            try rig.display.present(Self.frame(width: w, height: h, tick: 1), damage: [PixelRect(x: 33, y: 150, width: 5, height: 12)], refresh: .partial, at: .now)
            Issue.record("no error")
        } catch {
            guard case .panelBusy = error else { return #expect(Bool(false), "\(error)") }
            #expect(error.description.contains("stayed busy"))
        }
        rig.link.stuck = false
        let next = Self.frame(width: w, height: h, tick: 2)
        try rig.display.present(next, damage: [PixelRect(x: 33, y: 150, width: 10, height: 12)], refresh: .partial, at: .now)
        #expect(rig.misses(next, afterFull: true) == 0, "after a failure the next update is full")
        #expect(rig.controller.violations == [])
    }

    @Test("closing leaves the controller asleep", arguments: EPDModel.all)
    func closing(model: EPDModel) throws {
        let rig = try Rig(model)
        try rig.display.present(Self.frame(width: rig.device.width, height: rig.device.height), damage: [rig.whole], refresh: .full, at: .now)
        rig.display.close()
        #expect(rig.controller.asleep)
        #expect(rig.controller.violations == [])
    }
}
