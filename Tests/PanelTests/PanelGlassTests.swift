import Canvas
import EPDModels
import FoundationEssentials
@testable import Panel
import PanelOptions
import Testing

/// `snapshot --panel`, the web page and Home Assistant show an e-paper screen as its glass
/// does: what the controller was sent, each ink painted as it looks.
@Suite("A panel's glass")
struct PanelGlassTests {
    /// A frame with a red block, a grey block and a colour gradient.
    func frame(width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height, fill: 255)
        frame.draw { canvas in
            canvas.fill(Rect(x: 10, y: 10, width: 60, height: 40), color: RGBA(red: 1, green: 0, blue: 0))
            canvas.fill(Rect(x: 100, y: 10, width: 60, height: 40), color: RGBA(white: 0.5))
            for x in stride(from: 0, to: width, by: 8) {
                canvas.fill(Rect(x: Double(x), y: 100, width: 8, height: 60), color: RGBA(red: Double(x) / Double(width), green: 0.6, blue: 1 - Double(x) / Double(width)))
            }
        }
        return frame
    }

    @Test("a seven-colour panel's glass is what its controller holds, each ink as Pimoroni measured it", arguments: ["inky-impression-5in7", "inky-impression-7in3", "inky-impression-7in3-spectra6"])
    func colourGlass(name: String) throws {
        let model = try #require(EPDModel.named(name))
        let palette = try #require(model.palette)
        let controller = UC8159Model(width: model.width, height: model.height, palette: palette)
        let display = PanelDisplay(device: try model.makeDevice(link: ModelLink(model: controller)))
        let picture = frame(width: model.width, height: model.height)
        try display.present(picture, damage: [picture.bounds], refresh: .full, at: .now)
        let show = try #require(display.glass)
        let glass = show(picture)
        #expect(display.pictureInks == palette.pictureInks())
        display.saturation = 0.5
        #expect(display.pictureInks == palette.pictureInks(saturation: 0.5) && display.pictureInks != palette.pictureInks())
        display.saturation = nil
        var differing = 0
        for y in 0..<model.height {
            for x in 0..<model.width {
                let byte = controller.glassPixels()[y * model.width / 2 + x / 2]
                let ink = try #require(palette.inks.first { $0.index == (x & 1 == 0 ? byte >> 4 : byte & 0x0F) })
                let i = y * glass.bytesPerRow + x * 4
                if (glass.pixels[i + 2], glass.pixels[i + 1], glass.pixels[i]) != (ink.looks.red, ink.looks.green, ink.looks.blue) { differing += 1 }
            }
        }
        #expect(differing == 0)
        let red = try #require(palette.inks.first { $0.name == "red" })
        let i = 30 * glass.bytesPerRow + 40 * 4
        #expect((glass.pixels[i + 2], glass.pixels[i + 1], glass.pixels[i]) == (red.looks.red, red.looks.green, red.looks.blue))
    }

    @Test("a turned black-and-white panel's glass is the frame's size, black where the frame is black, two colours only")
    func turnedGlass() throws {
        let model = try #require(EPDModel.named("waveshare-2in13-v4"))
        let (width, height) = Rotation.clockwise90.frameSize(deviceWidth: model.width, deviceHeight: model.height)
        var picture = Frame(width: width, height: height, fill: 255)
        picture.draw { $0.fill(Rect(x: 20, y: 30, width: 50, height: 20), color: .black) }
        let glass = PanelGlass.picture(of: picture, model: model, rotation: .clockwise90)
        #expect((glass.width, glass.height) == (250, 122))
        var colours = Set<UInt8>()
        for i in Swift.stride(from: 0, to: glass.pixels.count, by: 4) { colours.insert(glass.pixels[i]) }
        #expect(colours == [0, 255])
        #expect(glass.pixels[40 * glass.bytesPerRow + 40 * 4] == 0 && glass.pixels[80 * glass.bytesPerRow + 200 * 4] == 255)
        #expect(PanelGlass.pictureInks(format: model.pixelFormat, palette: nil, eink: true) == .greys(levels: 2))
    }
}
