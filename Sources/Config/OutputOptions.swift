import FoundationEssentials
import Logging
import Panel

/// Where the daemon draws and how: the device, its mounting and its refresh costs.
package struct OutputOptions: Sendable {
    /// The device.
    package enum Target: Sendable {
        /// Raw frames (and optionally PNGs) in a directory.
        case headless(directory: String, format: PixelFormat, png: Bool)
        /// A Linux framebuffer; `format` overrides the detected pixel format; `epdc` names
        /// an e-reader's controller, told each region to show.
        case framebuffer(path: String, format: PixelFormat?, epdc: EPDC?)
        /// A DRM/KMS card; nil connector and mode pick the connected one and its preferred mode.
        case drm(path: String, connector: String?, mode: (width: Int, height: Int)?)
        /// An SPI e-paper HAT.
        case epd(EPDOptions)
    }

    package var target: Target
    package var rotation: Rotation = .none
    /// Leave the text console alone (no KD_GRAPHICS) on the framebuffer.
    package var keepsConsole = false
    /// The e-ink refresh policy; nil for panels without refresh costs.
    package var eink: EinkPolicy?

    package init(target: Target) {
        self.target = target
    }

    /// Opens the device. A headless output is `width`×`height` as the picture is seen;
    /// devices have their own size.
    package func open(width: Int, height: Int, logger: Logger) throws(DisplayError) -> PanelDisplay {
        let device: any PanelDevice
        switch target {
        case let .headless(directory, format, png):
            let size = rotation.deviceSize(width: width, height: height)
            device = try HeadlessDevice(directory: directory, width: size.width, height: size.height, format: format, writesPNG: png)
        case let .framebuffer(path, format, epdc):
            var console: ConsoleMode?
            if !keepsConsole {
                do {
                    console = try ConsoleMode()
                } catch {
                    logger.warning("cannot switch the console to graphics mode (\(error)); its cursor may show over the widgets. --keep-console silences this")
                }
            }
            device = try FramebufferDevice(path: path, format: format, console: console, epdc: epdc)
        case let .drm(path, connector, mode):
            device = try DRMDevice(path: path, connector: connector, mode: mode)
        case let .epd(options):
            device = try options.open()
        }
        return PanelDisplay(device: device, rotation: rotation, eink: eink)
    }

    /// For a panel that refreshes only whole: the seconds between refreshes (the
    /// configured minutes, else the model's default); 0 for every other display.
    package func refreshInterval(_ display: PanelDisplay) -> TimeInterval {
        guard let device = display.device as? any EPDDevice, !device.model.refreshesPartially else { return 0 }
        var minutes = device.model.defaultRefreshMinutes
        if case let .epd(options) = target, let every = options.refreshEvery { minutes = every }
        return TimeInterval(minutes * 60)
    }
}
