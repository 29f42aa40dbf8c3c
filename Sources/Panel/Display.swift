import Canvas
import FoundationEssentials
import PanelOptions

/// Where frames go: a device or a directory. Each backend converts only the damaged
/// rectangles to its own format.
package protocol Display: AnyObject {
    /// The size of the screen in pixels, after rotation.
    var size: (width: Int, height: Int) { get }
    /// A human-readable name for logs: "/dev/fb0 800×480 rgb565".
    var name: String { get }
    /// Shows `frame`, of which only `damage` changed since the last call (the first
    /// call's damage is the whole frame, as is the next one's after a call failed). A
    /// full refresh shows the whole panel, but converts only `damage`: the rest is as it
    /// was last presented.
    func present(_ frame: Frame, damage: [PixelRect], refresh: Refresh, at time: Date) throws(DisplayError)
    /// When the display next needs work of its own regardless of content (an e-ink
    /// panel's cleaning full refresh); the daemon wakes for it. Nil for none.
    func nextMaintenance(after time: Date) -> Date?
    /// Does that work if it is due, showing all of `frame`, of which `damage` changed
    /// since the last presentation; true when it did, so the caller knows the panel now
    /// shows `frame` whole.
    func performMaintenance(_ frame: Frame, damage: [PixelRect], at time: Date) throws(DisplayError) -> Bool
    /// How changes are cut into flushes for this display: what one more flush costs
    /// against more pixels.
    var damage: Damage { get }
    /// The inks pictures are error-diffused over for this display; nil for a screen that
    /// shows colour as it is.
    var pictureInks: PictureInks? { get }
    /// What the glass shows of a frame, where that is not the frame itself (an e-paper
    /// panel's inks as they look: `PanelGlass`); nil for a screen that shows the frame.
    var glass: (@Sendable (Frame) -> Frame)? { get }
    /// Puts the screen to sleep or wakes it (`[display] off`): DPMS through the DRM
    /// connector, blanking on fbdev, the backlight where one is named. Nothing is
    /// presented while it sleeps.
    func setPower(_ on: Bool, at time: Date) throws(DisplayError)
}

extension Display {
    package var damage: Damage { .pixelPanel }
    package var pictureInks: PictureInks? { nil }
    package var glass: (@Sendable (Frame) -> Frame)? { nil }
    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) {}
    package func nextMaintenance(after time: Date) -> Date? { nil }
    package func performMaintenance(_ frame: Frame, damage: [PixelRect], at time: Date) throws(DisplayError) -> Bool { false }
}

/// Why a display could not be opened or written. Each message names the device and the
/// value at fault, and what to do about it.
package enum DisplayError: Error, CustomStringConvertible, Equatable {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case noSuchDevice(path: String)
    case permissionDenied(path: String)
    case notAFramebuffer(path: String)
    case notADRMDevice(path: String)
    case unsupportedPixelFormat(path: String, found: String)
    case busy(path: String)
    case nothingConnected(path: String)
    case noSuchConnector(path: String, name: String, available: [String])
    case noSuchMode(path: String, mode: String, available: [String])
    case deviceFailed(path: String, call: String, reason: String)
    /// An e-paper controller's BUSY line did not clear in time.
    case panelBusy(path: String, seconds: Double)

    package var description: String {
        switch self {
        case let .cannotCreateDirectory(path, reason): "cannot use output directory '\(path)': \(reason)"
        case let .cannotWrite(path, reason): "cannot write '\(path)': \(reason)"
        case let .noSuchDevice(path): "'\(path)': no such device"
        case let .permissionDenied(path): "'\(path)': permission denied (add the user to the 'video' group, or run as root)"
        case let .notAFramebuffer(path): "'\(path)' is not a framebuffer device (expected /dev/fbN)"
        case let .notADRMDevice(path): "'\(path)' is not a DRM/KMS device (expected /dev/dri/cardN)"
        case let .unsupportedPixelFormat(path, found): "'\(path)': unsupported pixel format \(found) (supported: 32 bpp XRGB/XBGR, 24 bpp RGB, 16 bpp RGB565/BGR565, 8 and 4 bpp grey, 1 bpp mono; --format overrides the detection)"
        case let .busy(path): "'\(path)' is busy: another program (a desktop, a compositor, another lockscreend) controls the display"
        case let .nothingConnected(path): "'\(path)': no display is connected to any connector"
        case let .noSuchConnector(path, name, available): "'\(path)': no connected connector named '\(name)' (connected: \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        case let .noSuchMode(path, mode, available): "'\(path)': the display has no mode \(mode) (modes: \(available.joined(separator: ", ")))"
        case let .deviceFailed(path, call, reason): "'\(path)': \(call) failed: \(reason)"
        case let .panelBusy(path, seconds): "'\(path)': the panel stayed busy for \(Int(seconds)) s (check the HAT's BUSY and RST wiring and its power); the picture is kept and sent again at the next update"
        }
    }
}
