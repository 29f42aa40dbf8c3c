import Canvas
import FoundationEssentials
import PanelOptions

/// A display's pixel memory and the way its changes reach the glass: a file (headless),
/// a mapped framebuffer (fbdev), a dumb buffer (DRM/KMS). `PanelDisplay` writes the
/// converted pixels into `pixels`, then calls `flush` once with the rectangles written.
package protocol PanelDevice: AnyObject {
    /// For logs: "/dev/fb0 800×480 rgb565".
    var name: String { get }
    /// The size in device pixels (before rotation).
    var width: Int { get }
    var height: Int { get }
    var format: PixelFormat { get }
    /// Bytes per row of `pixels`.
    var stride: Int { get }
    /// The memory the device shows (or the file is written from).
    var pixels: UnsafeMutableRawBufferPointer { get }
    /// Sends what was written to the panel.
    func flush(_ update: PanelUpdate) throws(DisplayError)
    /// Gives the device back as it was found (console mode, CRTC).
    func close()
    /// The inks of a `.palette4` device; nil for every other format.
    var palette: PanelPalette? { get }
    /// True for panels that can only refresh all of their glass at once (seven-colour
    /// e-paper): every update is a full one.
    var refreshesWholePanel: Bool { get }
    /// True for panels that send each damage rectangle over a serial bus on its own (SPI
    /// TFTs on a DRM driver, which sends the rectangle each DirtyFB names): their damage is
    /// cut finer (`Damage.serialPanel`).
    var onSerialBus: Bool { get }
    /// True for a device that can read a frame laid out as its own memory (XRGB8888,
    /// unrotated, its size) from `PanelUpdate.frame` instead: `PanelDisplay` then copies
    /// nothing into `pixels`, and the device need not keep a second screenful.
    var readsFrameInPlace: Bool { get }
    /// Puts the screen to sleep (dark, its scan-out stopped where it can be) or wakes it;
    /// what it showed is kept and shown again. A device without power of its own does
    /// nothing (an e-paper panel holds its picture unpowered).
    func setPower(_ on: Bool, at time: Date) throws(DisplayError)
}

extension PanelDevice {
    package var palette: PanelPalette? { nil }
    package var refreshesWholePanel: Bool { false }
    package var onSerialBus: Bool { false }
    package var readsFrameInPlace: Bool { false }
    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) {}
}

/// One update as sent to a device: which rectangles (device pixels) changed, how to
/// refresh them, and for e-ink which waveform each wants.
package struct PanelUpdate: Sendable {
    package var rects: [PixelRect]
    package var refresh: Refresh
    /// One per rectangle on e-ink panels; empty otherwise.
    package var waveforms: [Waveform]
    package var time: Date
    /// The frame the pixels came from (the headless backend's PNG preview).
    package var frame: Frame
    /// True when nothing was converted into the device's `pixels`: `frame` is laid out as
    /// they would be, for a device that `readsFrameInPlace`.
    package var inPlace = false
    /// How the frame is turned onto the device: a panel that draws its full refreshes
    /// in more greys than its memory holds (`EPDModel.greys`) converts `frame` itself.
    package var rotation: Rotation = .none
}
