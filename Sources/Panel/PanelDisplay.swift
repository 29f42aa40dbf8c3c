import Canvas
import FoundationEssentials
import PanelOptions

/// The one path from a frame to any device: rotation, pixel-format conversion and
/// dithering of the damaged rectangles only, the e-ink refresh policy and waveform
/// choice, then one flush. Headless, fbdev and DRM differ only in their `PanelDevice`, so
/// tests of the headless backend test what hardware gets.
package final class PanelDisplay: Display {
    package let device: any PanelDevice
    package let rotation: Rotation
    /// Nil for panels without refresh costs (LCD, HDMI).
    package let eink: EinkPolicy?

    package var damage: Damage { eink != nil ? .eink : device.onSerialBus ? .serialPanel : .pixelPanel }
    package private(set) var einkState = EinkPolicy.State()

    package init(device: any PanelDevice, rotation: Rotation = .none, eink: EinkPolicy? = nil) {
        self.device = device
        self.rotation = rotation
        self.eink = eink
    }

    package var size: (width: Int, height: Int) { rotation.frameSize(deviceWidth: device.width, deviceHeight: device.height) }

    /// A panel's own inks: a colour panel's palette, an e-ink panel's sixteen greys, black
    /// and white; nil for a screen of full colour or 256 greys.
    package var pictureInks: PictureInks? {
        PanelGlass.pictureInks(format: device.format, palette: device.palette, eink: eink != nil, saturation: saturation, greys: (device as? any EPDDevice)?.model.greys)
    }
    /// A colour panel's `[display] saturation`; nil for the default.
    package var saturation: Double?
    /// The backlight `[display] backlight` names, powered with the screen.
    package var backlight: Backlight?

    /// The device's own sleep (DPMS, blanking) and the backlight's; the backlight goes
    /// dark after the screen and lights before it, so nothing half-drawn shows.
    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) {
        if on { try backlight?.setPower(true) }
        try device.setPower(on, at: time)
        if !on { try backlight?.setPower(false) }
    }

    /// An e-paper HAT's glass: its inks as they look, its greys.
    package var glass: (@Sendable (Frame) -> Frame)? {
        guard let model = (device as? any EPDDevice)?.model else { return nil }
        let rotation = rotation
        return { PanelGlass.picture(of: $0, model: model, rotation: rotation) }
    }

    package var name: String { rotation == .none ? device.name : "\(device.name) rotated \(rotation.rawValue)°" }

    package func present(_ frame: Frame, damage: [PixelRect], refresh requested: Refresh, at time: Date) throws(DisplayError) {
        let refresh = device.refreshesWholePanel ? .full : eink.map { $0.decide(requested, at: time, state: einkState) } ?? requested
        // Only the damage is converted: the device holds the rest as it was last presented
        // (dithering depends only on position). A full refresh shows the whole device.
        var rects: [PixelRect] = []
        let inPlace = inPlace(frame)
        if inPlace {
            rects = damage.map { $0.intersection(frame.bounds) }.filter { !$0.isEmpty }
        } else {
            for rect in damage {
                let written = PixelConverter.convert(
                    frame, rect: rect, to: device.format, into: device.pixels, stride: device.stride, rotation: rotation,
                    grayLevels: eink == nil ? 256 : 16, palette: device.palette)
                if !written.isEmpty { rects.append(written) }
            }
        }
        if refresh == .full { rects = [PixelRect(x: 0, y: 0, width: device.width, height: device.height)] }
        let waveforms = eink == nil ? [] : rects.map { refresh == .full ? Waveform.gc16 : (isBlackAndWhite($0) ? .du : .gl16) }
        try device.flush(PanelUpdate(rects: rects, refresh: refresh, waveforms: waveforms, time: time, frame: frame, inPlace: inPlace, rotation: rotation))
        eink?.record(refresh, at: time, state: &einkState)
    }

    /// Whether the device reads `frame` as it is: it asks to, and the frame is already in
    /// its layout (XRGB8888 as the frame keeps it, no rotation, its size, no e-ink grey).
    private func inPlace(_ frame: Frame) -> Bool {
        device.readsFrameInPlace && rotation == .none && eink == nil && device.format == .xrgb8888 && frame.format == .xrgb8888
            && frame.width == device.width && frame.height == device.height && device.stride == frame.bytesPerRow
    }

    package func nextMaintenance(after time: Date) -> Date? {
        eink?.nextCleaning(after: time, state: einkState)
    }

    /// The cleaning full refresh of an e-ink panel, of the frame already shown with
    /// `damage` drawn since.
    package func performMaintenance(_ frame: Frame, damage: [PixelRect], at time: Date) throws(DisplayError) -> Bool {
        guard eink?.nextCleaning(after: time, state: einkState).map({ $0 <= time }) == true else { return false }
        try present(frame, damage: damage, refresh: .full, at: time)
        return true
    }

    /// Gives the device back.
    package func close() { device.close() }

    /// True when every device pixel in `rect` is black or white, so the fast DU waveform
    /// shows it exactly.
    private func isBlackAndWhite(_ rect: PixelRect) -> Bool {
        let bytes = device.pixels.bindMemory(to: UInt8.self)
        for y in rect.y..<rect.maxY {
            let row = y * device.stride
            switch device.format {
            case .mono1:
                return true
            case .gray4:
                for x in rect.x..<rect.maxX {
                    let byte = bytes[row + x / 2]
                    let level = x & 1 == 0 ? byte >> 4 : byte & 0x0F
                    if level != 0 && level != 0x0F { return false }
                }
            case .gray8:
                for x in rect.x..<rect.maxX where bytes[row + x] != 0 && bytes[row + x] != 0xFF { return false }
            default:
                return false
            }
        }
        return true
    }
}
