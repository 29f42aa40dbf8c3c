import Canvas
import FoundationEssentials
import Glibc
import JSON
import Panel
import PanelOptions

/// The wires as `EPDLink` carries them, written down: what a driver sends a controller,
/// for Tests/conformance/run-epd.py to decode beside the vendors' drivers' traffic.
/// Recorded at the link and not at spidev: `SPILink` below it only frames these same calls
/// into ioctls (its own bytes are checked against a real kernel's spidev in the QEMU test),
/// and the vendors' drivers are recorded at the same level, a command byte with D/C low
/// then its data with D/C high.
final class RecordingLink: EPDLink {
    var events: [JSONValue] = []
    let name = "recording"

    func reset() throws(DisplayError) { events.append(.object(["reset": .bool(true)])) }
    func send(command: UInt8, data: [UInt8]) throws(DisplayError) {
        events.append(.object(["command": .number(Double(command)), "data": .array(data.map { .number(Double($0)) })]))
    }
    func sendData(_ bytes: [UInt8]) throws(DisplayError) {
        events.append(.object(["data": .array(bytes.map { .number(Double($0)) })]))
    }
    func waitUntilIdle(timeout: Double) throws(DisplayError) { events.append(.object(["wait": .bool(true)])) }
    func close() { events.append(.object(["close": .bool(true)])) }
    func select(_ selected: Bool) throws(DisplayError) {}
    func write(raw bytes: [UInt8]) throws(DisplayError) {}
    func read(count: Int) throws(DisplayError) -> [UInt8] { Array(repeating: 0, count: count) }
}

/// The pictures both sides show, in the user's orientation (after `rotate`): black
/// blocks, and on colour glass a block of the colour ink; the second adds one block,
/// which is all a partial refresh has to change.
enum TracePictures {
    static let blocks = [(8, 16, 40, 30), (60, 100, 24, 50), (90, 8, 16, 16)]
    static let colourBlock = (16, 150, 48, 40)
    static let added = (32, 200, 16, 20)

    /// Blocks of the 4-grey picture: dark grey (85) and light grey (170) beside the black.
    static let greyBlocks = [(16, 150, 48, 40, 85), (72, 40, 40, 48, 170)]

    static func frame(width: Int, height: Int, palette: PanelPalette?, second: Bool, greys: Bool = false) -> Frame {
        var frame = Frame(width: width, height: height, fill: 255)
        // Coordinates are for a portrait picture; a landscape one takes them turned.
        func place(_ r: (Int, Int, Int, Int)) -> Rect {
            width >= height ? Rect(x: Double(r.1), y: Double(r.0), width: Double(r.3), height: Double(r.2)) : Rect(x: Double(r.0), y: Double(r.1), width: Double(r.2), height: Double(r.3))
        }
        frame.draw { canvas in
            for block in blocks + (second ? [added] : []) { canvas.fill(place(block), color: .black) }
            if greys {
                for (x, y, w, h, grey) in greyBlocks { canvas.fill(place((x, y, w, h)), color: RGBA(white: Double(grey) / 255)) }
            }
            if let palette {
                let ink = palette.name.contains("yellow") ? RGBA(red: 1, green: 1, blue: 0) : RGBA(red: 1, green: 0, blue: 0)
                canvas.fill(place(colourBlock), color: ink)
            }
        }
        return frame
    }
}

/// `lockscreend-conformance epd MODEL ROTATE [full|bw|grey]`: a full update with the
/// first picture, a partial one with the second (where the model refreshes partially and
/// `full` is not given; else a full one), then close, as the daemon does them; the link's
/// events as one JSON array. `bw`: a model with 4-grey full refreshes driven in black and
/// white only; `grey`: one full update of a picture in four greys, then close.
func epdTrace(_ arguments: [String]) {
    guard (2...3).contains(arguments.count), let named = EPDModel.named(arguments[0]), let degrees = Int(arguments[1]), let rotation = Rotation(rawValue: degrees) else {
        print("usage: lockscreend-conformance epd MODEL ROTATE [full|bw|grey]")
        exit(2)
    }
    let mode = arguments.count == 3 ? arguments[2] : nil
    let model = mode == "bw" ? named.blackAndWhite : named
    // "full": the second update full too, beside a vendor driver that never refreshes partially.
    let partially = model.refreshesPartially && (mode == nil || mode == "bw")
    let link = RecordingLink()
    do {
        let display = PanelDisplay(device: try model.makeDevice(link: link), rotation: rotation)
        let turned = degrees == 90 || degrees == 270
        let (width, height) = turned ? (model.height, model.width) : (model.width, model.height)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        if mode == "grey" {
            try display.present(TracePictures.frame(width: width, height: height, palette: nil, second: false, greys: true), damage: [whole], refresh: .full, at: Date())
            display.close()
            return emit(.array(link.events))
        }
        try display.present(TracePictures.frame(width: width, height: height, palette: model.palette, second: false), damage: [whole], refresh: .full, at: Date())
        let added = TracePictures.added
        let damage = width >= height ? PixelRect(x: added.1, y: added.0, width: added.3, height: added.2) : PixelRect(x: added.0, y: added.1, width: added.2, height: added.3)
        try display.present(TracePictures.frame(width: width, height: height, palette: model.palette, second: true), damage: partially ? [damage] : [whole],
                            refresh: partially ? .partial : .full, at: Date().addingTimeInterval(60))
        display.close()
    } catch {
        print("error: \(error)")
        exit(1)
    }
    emit(.array(link.events))
}
