import Canvas
import EPDModels
import FoundationEssentials
@testable import Panel
import PanelOptions
import Testing

/// What each controller family's driver does beyond showing the right picture: windows,
/// waveforms, VCOM, sleep, inks.
@Suite("E-paper controllers")
struct EPDControllerTests {
    func present(_ display: PanelDisplay, _ frame: Frame, _ damage: PixelRect, _ refresh: Refresh = .partial) throws {
        try display.present(frame, damage: [damage], refresh: refresh, at: .now)
    }

    @Test("UC8179: a tick refreshes exactly the damage widened to bytes, new then old image; the rest stays")
    func uc8179Windows() throws {
        let model = EPDModel.named("waveshare-7in5-v2")!
        let controller = UC8179Model(width: model.width, height: model.height, showsGreys: model.greys > 2)
        let link = ModelLink(model: controller)
        let display = PanelDisplay(device: try model.makeDevice(link: link), eink: EinkPolicy())
        try present(display, EPDFamilyTests.frame(width: 800, height: 480), PixelRect(x: 0, y: 0, width: 800, height: 480), .full)
        #expect(controller.refreshes == [.full])
        controller.clearCounts()
        let damage = PixelRect(x: 203, y: 150, width: 45, height: 12)
        var next = EPDFamilyTests.frame(width: 800, height: 480)
        next.draw { $0.fill(Rect(x: 203, y: 150, width: 45, height: 12), color: .black) }
        try present(display, next, damage)
        #expect(controller.refreshes.last == .partial(x: (200 / 8)...(247 / 8), y: 150...161, changed: 45 * 12))
        // Six bytes a row, twelve rows, into each image.
        #expect(controller.imageBytes == [0x13: 72, 0x10: 72])
        #expect(controller.violations == [])
        #expect(!controller.poweredOn)
        #expect(link.events.contains(.command(0x91)) && link.events.last(where: { if case .command = $0 { true } else { false } }) == .command(0x02))
    }

    @Test("UC8179: closing powers off, then deep sleep with its check code; the next start resets")
    func uc8179Sleep() throws {
        let model = EPDModel.named("waveshare-7in5-v2")!
        let controller = UC8179Model(width: model.width, height: model.height, showsGreys: model.greys > 2)
        let link = ModelLink(model: controller)
        let display = PanelDisplay(device: try model.makeDevice(link: link), eink: EinkPolicy())
        try present(display, EPDFamilyTests.frame(width: 800, height: 480), PixelRect(x: 0, y: 0, width: 800, height: 480), .full)
        link.clear()
        display.close()
        #expect(link.events == [.wait, .command(0x07), .data(1)])
        #expect(controller.asleep && controller.resets == 1)
    }

    @Test("IT8951: GC16 for a full refresh, DU where the area is black and white, GL16 where it has greys; areas on whole words; VCOM set")
    func it8951Modes() throws {
        let model = EPDModel.named("waveshare-it8951")!
        let controller = IT8951Model(width: 1024, height: 758)
        let display = PanelDisplay(device: try model.makeDevice(link: ModelLink(model: controller), vcom: -1.48), eink: EinkPolicy())
        #expect(controller.vcomMillivolts == 1480)
        var frame = Frame(width: 1024, height: 758, fill: 255)
        try present(display, frame, PixelRect(x: 0, y: 0, width: 1024, height: 758), .full)
        frame.draw { $0.fill(Rect(x: 101, y: 40, width: 30, height: 20), color: .black) }
        try present(display, frame, PixelRect(x: 101, y: 40, width: 30, height: 20))
        frame.draw { $0.fill(Rect(x: 301, y: 40, width: 30, height: 20), color: RGBA(white: 0.5)) }
        try present(display, frame, PixelRect(x: 301, y: 40, width: 30, height: 20))
        #expect(controller.displayed.map(\.mode) == [2, 1, 3])
        #expect(controller.displayed[1].area == PixelRect(x: 100, y: 40, width: 32, height: 20))
        #expect(controller.violations == [])
        #expect(controller.asleep)
    }

    @Test("IT8951: a controller that answers nonsense for its size is one clear error")
    func it8951Unplugged() {
        let model = EPDModel.named("waveshare-it8951")!
        let link = ModelLink(model: IT8951Model(width: 0, height: 0))
        #expect(throws: DisplayError.self) { _ = try model.makeDevice(link: link, vcom: nil) }
        do {
            _ = try model.makeDevice(link: link, vcom: nil)
        } catch {
            #expect(error.description.contains("reported a 0×0 panel"))
        }
    }

    @Test("UC8159 family: every update is a reset, the whole image, one refresh and deep sleep", arguments: ["inky-impression-5in7", "inky-impression-7in3", "inky-impression-7in3-spectra6"])
    func uc8159(name: String) throws {
        let model = EPDModel.named(name)!
        let controller = UC8159Model(width: model.width, height: model.height, palette: model.palette!)
        let display = PanelDisplay(device: try model.makeDevice(link: ModelLink(model: controller)), eink: EinkPolicy())
        let whole = PixelRect(x: 0, y: 0, width: model.width, height: model.height)
        try present(display, EPDFamilyTests.frame(width: model.width, height: model.height), whole, .full)
        try present(display, EPDFamilyTests.frame(width: model.width, height: model.height, tick: 3), PixelRect(x: 33, y: 150, width: 15, height: 12))
        #expect(controller.refreshes == 2 && controller.resets == 2)
        #expect(controller.imageBytes == 2 * model.width * model.height / 2)
        #expect(controller.asleep)
        #expect(controller.violations == [])
    }
}

@Suite("E-paper inks")
struct PanelPaletteTests {
    @Test("a tint becomes the nearest ink, solid", arguments: [
        (PanelPalette.blackWhiteRed, (255, 59, 48), "red"), (PanelPalette.blackWhiteYellow, (255, 204, 0), "yellow"),
        (PanelPalette.sevenColour, (255, 149, 0), "orange"), (PanelPalette.sevenColour, (52, 199, 89), "green"),
        (PanelPalette.sevenColour, (0, 122, 255), "blue"), (PanelPalette.spectra6, (255, 204, 0), "yellow"),
    ])
    func tints(palette: PanelPalette, colour: (Int, Int, Int), ink: String) {
        for (x, y) in [(0, 0), (3, 5), (7, 7)] {
            #expect(palette.index(red: UInt8(colour.0), green: UInt8(colour.1), blue: UInt8(colour.2), x: x, y: y) == palette.index(of: ink))
        }
    }

    @Test("a tint without an ink of its own (blue on a red panel) is dithered by its brightness, not lost to white")
    func foreignTint() {
        let palette = PanelPalette.blackWhiteRed
        var inks: [UInt8: Int] = [:]
        for y in 0..<8 {
            for x in 0..<8 { inks[palette.index(red: 0, green: 122, blue: 255, x: x, y: y), default: 0] += 1 }
        }
        #expect(Set(inks.keys) == [0, 1], "\(inks)")
        #expect((16...40).contains(inks[1] ?? 0), "\(inks)")
    }

    @Test("greys are dithered between black and white only, in proportion", arguments: [PanelPalette.blackWhiteRed, .sevenColour, .spectra6])
    func greys(palette: PanelPalette) {
        let (black, white) = (palette.index(of: "black")!, palette.index(of: "white")!)
        var whites = 0
        for y in 0..<8 {
            for x in 0..<8 {
                let ink = palette.index(red: 128, green: 128, blue: 128, x: x, y: y)
                #expect(ink == black || ink == white)
                if ink == white { whites += 1 }
            }
        }
        #expect((28...36).contains(whites), "\(whites) of 64")
    }

    @Test("converting a rectangle of a colour panel changes no pixel outside it")
    func local() {
        var frame = Frame(width: 64, height: 32, fill: 255)
        frame.draw { $0.fill(Rect(x: 0, y: 0, width: 64, height: 32), color: RGBA(white: 0.4)) }
        let before = converted(frame, format: .palette4, palette: .sevenColour)
        frame.draw { $0.fill(Rect(x: 10, y: 10, width: 8, height: 8), color: RGBA(red: 1, green: 0, blue: 0, alpha: 1)) }
        let stride = PixelFormat.palette4.minimumStride(width: 64)
        var after = before
        after.withUnsafeMutableBytes { buffer in
            _ = PixelConverter.convert(frame, rect: PixelRect(x: 10, y: 10, width: 8, height: 8), to: .palette4, into: buffer, stride: stride, palette: .sevenColour)
        }
        #expect(differingBytes(after, converted(frame, format: .palette4, palette: .sevenColour)) == 0)
        #expect(differingBytes(before, after) == 8 * 4)
    }
}

@Suite("Inky EEPROM")
struct InkyEEPROMTests {
    /// A record as Pimoroni's tools write it: width, height, colour, PCB and display
    /// variant, and the time, length-prefixed.
    func record(width: Int, height: Int, colour: UInt8, variant: UInt8) -> [UInt8] {
        let time = Array("2023-01-31 12:00:00.0".utf8)
        return [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), colour, 12, variant, UInt8(time.count)] + time
    }

    @Test("the display variant names the model", arguments: [
        (UInt8(10), "inky-phat-black"), (11, "inky-phat-red"), (12, "inky-phat-yellow"), (14, "inky-impression-5in7"), (15, "inky-impression-4in"),
        (17, "inky-what-black"), (18, "inky-what-red"), (19, "inky-what-yellow"), (20, "inky-impression-7in3"), (22, "inky-impression-7in3-spectra6"),
    ])
    func variants(variant: UInt8, name: String) throws {
        let eeprom = try #require(InkyEEPROM(record(width: 400, height: 300, colour: 2, variant: variant)))
        #expect(eeprom.model?.name == name)
        #expect(eeprom.width == 400 && eeprom.height == 300 && eeprom.written == "2023-01-31 12:00:00.0")
    }

    @Test("a blank, short or unknown record names no model")
    func unknown() {
        #expect(InkyEEPROM(Array(repeating: 0xFF, count: 29)) == nil)
        #expect(InkyEEPROM([1, 2, 3]) == nil)
        #expect(InkyEEPROM(record(width: 212, height: 104, colour: 1, variant: 4))?.model == nil)
    }

    @Test("no I²C bus is one line that says how to enable it")
    func noBus() {
        do {
            _ = try InkyEEPROM.read(bus: "/dev/no-such-i2c")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("dtparam=i2c_arm=on"))
        }
    }
}
