import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import JSON
import LockScreen
import Logging
import Panel
import PanelOptions

extension Lockscreend {
    /// Runs the daemon.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run the daemon (the default). With no display given, the built-in demo is drawn headless into ./frames with PNG previews.")

        @OptionGroup var common: CommonOptions

        @Option(help: ArgumentHelp("Write every frame whole into DIR as NNNNNN.raw with DIR/frames.jsonl.", valueName: "DIR"))
        var headless: String?

        @Option(help: ArgumentHelp("Draw on this Linux framebuffer.", valueName: "PATH"))
        var fb: String?

        @Option(help: ArgumentHelp("Draw on this DRM/KMS card.", valueName: "PATH"))
        var drm: String?

        @Option(help: ArgumentHelp("Draw on an SPI e-paper HAT of this model; `--epd list` prints the models; `--epd inky` reads a Pimoroni board's EEPROM.", valueName: "MODEL"))
        var epd: String?

        @Option(help: ArgumentHelp("With --epd: the SPI device (default /dev/spidev0.0).", valueName: "PATH"))
        var spi: String?

        @Option(help: ArgumentHelp("With --epd: the GPIO chip (default: the one labelled pinctrl-*).", valueName: "PATH"))
        var gpiochip: String?

        @Option(help: ArgumentHelp("With --epd waveshare-it8951: the panel's VCOM in volts, as printed on its cable: --vcom=-1.48 (with the equals sign, as the value starts with a minus).", valueName: "VOLTS"))
        var vcom: Double?

        @Option(help: ArgumentHelp("With --epd on a panel that refreshes only whole (colour, SSD1608): at most one refresh every this many minutes (default per model: 5 for colour).", valueName: "MINUTES"))
        var refreshEvery: Int?

        @Option(help: ArgumentHelp("With --drm: the connector to light (default: the first connected), e.g. HDMI-A-1.", valueName: "NAME"))
        var connector: String?

        @Option(help: ArgumentHelp("With --drm: the display mode (default: the preferred one).", valueName: "WxH"), transform: ScreenSize.parse)
        var mode: ScreenSize?

        @Option(help: "Pixel format: of the raw frames with --headless (\(PixelFormat.headlessChoices)), or instead of the detected one with --fb.")
        var format: PixelFormat?

        @Option(help: "The panel is mounted turned clockwise by 0, 90, 180 or 270 degrees.")
        var rotate: Rotation = .none

        @Flag(help: "With --fb: leave the text console alone (by default it is switched to graphics mode, hiding its cursor).")
        var keepConsole = false

        @Flag(help: "Also write NNNNNN.png for every frame (on by default when no display is given).")
        var png = false

        @Flag(help: "Draw one frame and exit.")
        var once = false

        @Option(help: ArgumentHelp("Keep the last timelines here across restarts (default /var/lib/lockscreend as root, else $XDG_STATE_HOME/lockscreend).", valueName: "DIR"))
        var stateDir: String?

        @Option(help: "How a widget whose provider fails is marked: dot, dim or none.")
        var staleMark: StaleMark = .dot

        @Flag(help: "Redraw live seconds (timers) once a minute, as an e-ink panel wants.")
        var coarseSeconds = false

        @OptionGroup(title: "E-ink") var eink: EinkOptions

        @Option(help: ArgumentHelp("The control socket for lockscreenctl (default /run/lockscreend.sock as root, else $XDG_RUNTIME_DIR/lockscreend.sock).", valueName: "PATH"))
        var socket: String?

        @Option(help: ArgumentHelp("The group that may use the control socket (mode 0660).", valueName: "NAME"))
        var socketGroup: String?

        @Flag(help: "Open no control socket.")
        var noSocket = false

        @Option(help: ArgumentHelp("Serve the HTTP API here, e.g. 127.0.0.1:8080 (default: [http] listen, else off). An address other than loopback needs [http] token_file.", valueName: "ADDR:PORT"))
        var http: String?

        @Flag(help: "On SIGTERM, replace the date line with \"Offline since HH:MM\" before exiting (an e-ink panel keeps its last picture; it must not look live).")
        var offlineMark = false

        func validate() throws {
            guard [headless, fb, drm, epd].compactMap({ $0 }).count <= 1 else { throw ValidationError("give one of --headless, --fb, --drm and --epd") }
            if spi != nil || gpiochip != nil || vcom != nil || refreshEvery != nil, epd == nil {
                throw ValidationError("--spi, --gpiochip, --vcom and --refresh-every go with --epd")
            }
            if let vcom, !EPDOptions.vcomRange.contains(vcom) { throw ValidationError("--vcom is \(EPDOptions.vcomExpected)") }
            if let refreshEvery, !EPDOptions.refreshMinutes.contains(refreshEvery) {
                throw ValidationError("--refresh-every is \(EPDOptions.refreshMinutes.lowerBound) to \(EPDOptions.refreshMinutes.upperBound) minutes")
            }
            if let epd, epd != "list", epd != EPDOptions.inky, EPDModel.named(epd) == nil {
                let near = Spelling.nearest(epd, in: EPDModel.all.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
                throw ValidationError("no e-paper model '\(epd)'\(near); lockscreend --epd list prints them")
            }
            if connector != nil || mode != nil, drm == nil { throw ValidationError("--connector and --mode go with --drm") }
            if let kind = eink.epdc, fb == nil { throw ValidationError("--eink \(kind.rawValue) drives an e-reader's framebuffer: give --fb") }
            if let http, WebConfig.listen(http) == nil { throw ValidationError("--http takes ADDRESS:PORT with a numeric address, such as 127.0.0.1:8080") }
            if let format, fb == nil, !PixelFormat.headless.contains(format) {
                throw ValidationError("--format \(format.rawValue) is for --fb; headless frames are \(PixelFormat.headlessChoices)")
            }
        }

        /// The display: the command line's when it names one, else the configuration's.
        /// The display: the file's `[display]`, or the device the command line names. When
        /// and how the screen sleeps (`off`, `wake_for`, `backlight`) comes from the file
        /// either way: it is not a choice of device.
        func output(_ config: LockScreenConfig?) -> OutputOptions {
            var output = device(config)
            if let file = config?.output {
                (output.off, output.wakeFor, output.backlight) = (file.off, file.wakeFor, file.backlight)
            }
            return output
        }

        private func device(_ config: LockScreenConfig?) -> OutputOptions {
            var output: OutputOptions
            if headless == nil, fb == nil, drm == nil, epd == nil, let config {
                output = config.output
                if rotate != .none { output.rotation = rotate }
                if keepConsole { output.keepsConsole = true }
                if let policy = eink.policy { output.eink = policy }
                return output
            }
            if let fb {
                output = OutputOptions(target: .framebuffer(path: fb, format: format, epdc: eink.epdc))
            } else if let drm {
                output = OutputOptions(target: .drm(path: drm, connector: connector, mode: mode.map { ($0.width, $0.height) }))
            } else if let epd {
                var options = EPDOptions(model: EPDModel.named(epd))
                if let spi { options.spi = spi }
                options.gpiochip = gpiochip
                options.vcom = vcom
                options.refreshEvery = refreshEvery
                output = OutputOptions(target: .epd(options))
                output.rotation = rotate
                output.eink = eink.policy ?? EinkPolicy()
                return output
            } else {
                // The file's headless format, unless the command line names one.
                var fileFormat: PixelFormat?
                if case let .headless(_, format, _)? = config?.output.target { fileFormat = format }
                output = OutputOptions(target: .headless(directory: headless ?? "frames", format: format ?? fileFormat ?? .xrgb8888, png: png || headless == nil))
            }
            output.rotation = rotate
            output.keepsConsole = keepConsole
            output.eink = eink.policy
            return output
        }

        func run() async throws {
            if epd == "list" {
                for model in EPDModel.all { print(model) }
                return
            }
            try await DaemonAssembly(self, logger: common.logger()).run()
        }
    }
}
