import Canvas
import EPDModels
import FoundationEssentials
@testable import Panel
import PanelOptions
import Testing

/// Four greys where the glass has them: Waveshare's 2.9" V2, 4.2" V2 and 7.5" V2 show
/// their full refreshes in four greys, and the black-and-white partial refreshes after
/// one drive the greys they cover and keep the others.
@Suite("E-paper HATs in four greys")
struct EPDGreysTests {
    static let models = EPDModel.all.filter { $0.greys > 2 }

    /// White, with a light grey block (170), a dark grey one (85) and a black bar.
    static func frame(width: Int, height: Int, lightBlock: Bool = true) -> Frame {
        var frame = Frame(width: width, height: height, fill: 255)
        frame.draw { canvas in
            if lightBlock { canvas.fill(Rect(x: 16, y: 40, width: 48, height: 32), color: RGBA(white: 170.0 / 255)) }
            canvas.fill(Rect(x: 16, y: 100, width: 48, height: 32), color: RGBA(white: 85.0 / 255))
            canvas.fill(Rect(x: 16, y: 160, width: 96, height: 8), color: .black)
        }
        return frame
    }

    @Test("a full refresh shows the frame's four greys; a partial one that turns the light grey white drives it, and the dark grey outside stays", arguments: models)
    func greysThenPartial(model: EPDModel) throws {
        let controller = controllerModel(for: model)
        let device = try model.makeDevice(link: ModelLink(model: controller))
        let display = PanelDisplay(device: device, eink: EinkPolicy())
        let whole = PixelRect(x: 0, y: 0, width: device.width, height: device.height)
        try display.present(Self.frame(width: device.width, height: device.height), damage: [whole], refresh: .full, at: .now)
        let greys = try #require(controller.glassGreys())
        #expect(greys[50 * device.width + 30] == 170 && greys[110 * device.width + 30] == 85 && greys[163 * device.width + 30] == 0)
        #expect(Set(greys) == [0, 85, 170, 255])
        // The light block becomes white: its two RAM bits alike, a driver that did not
        // mark it would leave it grey.
        let next = Self.frame(width: device.width, height: device.height, lightBlock: false)
        try display.present(next, damage: [PixelRect(x: 16, y: 40, width: 48, height: 32)], refresh: .partial, at: .now)
        let after = try #require(controller.glassGreys())
        #expect(after[50 * device.width + 30] == 255, "the light grey the window covered is driven white")
        #expect(after[110 * device.width + 30] == 85, "the dark grey outside the window stays")
        #expect(greyGlassMisses(after, next, afterFull: false) == 0)
        #expect(controller.violations == [])
        #expect(device.tally.fullRefreshes == 1 && device.tally.partialRefreshes == 1)
    }

    @Test("pictures are ordered-dithered over the four greys (no diffusion), the glass's picture and the model's description say four greys", arguments: models)
    func described(model: EPDModel) {
        #expect(PanelGlass.pictureInks(of: model, saturation: nil) == nil)
        #expect(model.description.contains("4 greys"))
        let glass = PanelGlass.picture(of: Self.frame(width: model.width, height: model.height), model: model, rotation: .none)
        #expect(glass.pixels[(50 * glass.width + 30) * 4] == 170)
        // A ramp shows the four greys alone, as the glass does.
        var ramp = Frame(width: 256, height: 8)
        for x in 0..<256 { ramp.draw { $0.fill(Rect(x: Double(x), y: 0, width: 1, height: 8), color: RGBA(white: Double(x) / 255)) } }
        let shown = PanelGlass.picture(of: ramp, inksOf: model)
        #expect(Set(stride(from: 0, to: shown.pixels.count, by: 4).map { shown.pixels[$0] }) == [0, 85, 170, 255])
    }
}
