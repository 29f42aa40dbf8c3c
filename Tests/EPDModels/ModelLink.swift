import Canvas
import FoundationEssentials
import Panel
import PanelOptions

/// A software model of an e-paper controller, built from its datasheet: what the bytes
/// on the wire (with the D/C level), reset pulses and chip select do to its RAM, and what
/// the glass shows. None has run against a real panel here; the drivers are tested
/// against them.
package protocol ControllerModel: AnyObject {
    /// The glass size and the pixel layout `glassPixels()` uses.
    var width: Int { get }
    var height: Int { get }
    var format: PixelFormat { get }
    /// Set once the controller is in deep sleep (or the IT8951's sleep).
    var asleep: Bool { get }
    /// Mistakes the driver made, by the datasheet: empty when it drove the chip right.
    var violations: [String] { get }
    func reset()
    func receive(command: UInt8)
    func receive(data: [UInt8])
    /// The IT8951's host interface: chip select, raw bytes either way.
    func select(_ selected: Bool)
    func write(raw: [UInt8])
    func read(count: Int) -> [UInt8]
    /// What the glass shows, laid out as the driver's `format` (rows of whole bytes).
    func glassPixels() -> [UInt8]
    /// What glass that can show four greys shows, a byte a pixel (0, 85, 170, 255), row by
    /// row; nil for the rest.
    func glassGreys() -> [UInt8]?
}

extension ControllerModel {
    package func glassGreys() -> [UInt8]? { nil }

    package func select(_ selected: Bool) {}
    package func write(raw: [UInt8]) {}
    package func read(count: Int) -> [UInt8] { Array(repeating: 0, count: count) }
}

/// The wires, as a driver uses them, ending in a controller model: what a HAT would see.
package final class ModelLink: EPDLink {
    package enum Event: Equatable, Sendable {
        case reset, command(UInt8), data(Int), wait, select(Bool), raw(Int), read(Int)
    }

    package let model: any ControllerModel
    package let name = "model"
    package private(set) var events: [Event] = []
    package private(set) var bytes = 0
    /// A BUSY line that never clears.
    package var stuck = false

    package init(model: any ControllerModel) { self.model = model }

    package func reset() throws(DisplayError) {
        events.append(.reset)
        model.reset()
    }

    package func send(command: UInt8, data: [UInt8]) throws(DisplayError) {
        events.append(.command(command))
        model.receive(command: command)
        bytes += 1 + data.count
        if !data.isEmpty {
            events.append(.data(data.count))
            model.receive(data: data)
        }
    }

    package func sendData(_ raw: [UInt8]) throws(DisplayError) {
        events.append(.data(raw.count))
        bytes += raw.count
        model.receive(data: raw)
    }

    package func waitUntilIdle(timeout: Double) throws(DisplayError) {
        events.append(.wait)
        if stuck { throw .panelBusy(path: name, seconds: timeout) }
    }

    package func close() {}

    package func select(_ selected: Bool) throws(DisplayError) {
        events.append(.select(selected))
        model.select(selected)
    }

    package func write(raw: [UInt8]) throws(DisplayError) {
        events.append(.raw(raw.count))
        bytes += raw.count
        model.write(raw: raw)
    }

    package func read(count: Int) throws(DisplayError) -> [UInt8] {
        events.append(.read(count))
        bytes += count
        return model.read(count: count)
    }

    package func clear() {
        events = []
        bytes = 0
    }
}

/// `frame` converted for a device as `PanelDisplay` converts it: what the glass should show.
package func converted(_ frame: Frame, format: PixelFormat, palette: PanelPalette? = nil, rotation: Rotation = .none, grayLevels: Int = 16) -> [UInt8] {
    let (w, h) = rotation.deviceSize(width: frame.width, height: frame.height)
    let stride = format.minimumStride(width: w)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: stride * h, alignment: 16)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0xFF)
    _ = PixelConverter.convert(
        frame, rect: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), to: format, into: buffer, stride: stride,
        rotation: rotation, grayLevels: grayLevels, palette: palette)
    return Array(buffer)
}

/// How far glass that shows four greys is from `frame`: the pixels whose grey is not the
/// frame's in four greys there (a full refresh's) nor, after partial refreshes, the frame's
/// black or white there (a pixel a partial refresh drove). 0 when the glass shows the frame.
package func greyGlassMisses(_ glass: [UInt8], _ frame: Frame, rotation: Rotation = .none, afterFull: Bool) -> Int {
    let (w, h) = rotation.deviceSize(width: frame.width, height: frame.height)
    let greys = converted(frame, format: .gray8, rotation: rotation, grayLevels: 4)
    let mono = converted(frame, format: .mono1, rotation: rotation)
    let rowBytes = (w + 7) / 8
    guard glass.count == w * h else { return glass.count }
    var misses = 0
    for y in 0..<h {
        for x in 0..<w where glass[y * w + x] != greys[y * w + x] {
            let white = mono[y * rowBytes + x / 8] & (0x80 >> UInt8(x % 8)) != 0
            if afterFull || glass[y * w + x] != (white ? 255 : 0) { misses += 1 }
        }
    }
    return misses
}

/// How many bytes differ between two pictures of the glass (all of them when the sizes
/// differ): a failing comparison says how far off it is instead of printing both.
package func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return max(a.count, b.count) }
    return zip(a, b).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
}

/// A controller model for `model`, as its driver expects to find it; an IT8951 reports
/// `it8951Size` (a small panel keeps the tests quick).
package func controllerModel(for model: EPDModel, it8951Size: (Int, Int) = (800, 600)) -> any ControllerModel {
    switch model.controller {
    case .ssd1680: SSD1680Model(model)
    case .uc8179: UC8179Model(width: model.width, height: model.height, showsGreys: model.greys > 2)
    case .uc8159: UC8159Model(width: model.width, height: model.height, palette: model.palette!)
    case .it8951: IT8951Model(width: it8951Size.0, height: it8951Size.1)
    }
}
