import FoundationEssentials

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
    /// When the screen sleeps (`[display] off`); nil for never.
    package var off: ScreenSchedule?
    /// How long a tap or key lights a sleeping screen, in seconds.
    package var wakeFor: TimeInterval? = 60
    /// The backlight's directory under /sys/class/backlight, darkened with the screen.
    package var backlight: String?

    package init(target: Target) {
        self.target = target
    }
}
