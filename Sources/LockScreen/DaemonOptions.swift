import Accessory  // for .assetDirectories
import Canvas
import ControlProtocol
import DaemonRuntime
import FoundationEssentials
import LockScreenModel
import Logging
import Panel
import Providers
import ZoneInfo

/// Everything the command line decides, as one value: what `lockscreend` parses and
/// hands to `LockScreenApplication`.
package struct DaemonOptions: Sendable {
    package var width = 800
    package var height = 480
    /// "Now" at start; the clock runs on from it. The real time when nil.
    package var start: Date?
    package var face = ClockFace()
    /// The big clock's height in points (40 to 110); nil for 53, the reference lock screen's.
    package var clockHeight: Double?
    /// Where `SystemStats` reads /proc and /sys (tests use fixture trees).
    package var systemRoot = "/"
    /// Where timelines are saved across restarts; nil to keep nothing.
    package var stateDirectory: String?
    package var behaviour = LockScreenDaemon.Behaviour()
    /// The configured widgets; nil for the built-in demo.
    package var content: LockScreenDaemon.Content?

    package init() {}

    /// The machine's zone now, when the face follows it (and the daemon watches it).
    package var machineZone: ZoneRules { behaviour.systemTimeZone?.current() ?? .local }
    /// The zone drawn at start.
    package var timeZone: ZoneRules { face.timeZone ?? machineZone }
}

/// Builds the daemon's parts from options: the Hummingbird-style `buildApplication`
/// that keeps the executable free of logic.
package enum LockScreenApplication {
    /// The demo lock screen's renderer for the options.
    package static func renderer(_ options: DaemonOptions) -> LockScreenRenderer {
        var renderer = LockScreenRenderer(layout: LockScreenLayout(width: options.width, height: options.height, clockHeight: options.clockHeight))
        renderer.face = options.face
        renderer.machineZone = options.machineZone
        // The resource folders the host was given: none for the stock daemon.
        renderer.imageDirectories = options.behaviour.host.assetDirectories
        return renderer
    }

    /// A daemon showing the configured widgets (the built-in demo when none) on `display`.
    package static func daemon(_ options: DaemonOptions, display: any Display, logger: Logger) -> LockScreenDaemon {
        LockScreenDaemon(
            content: options.content ?? LockScreenContent.demo(stats: SystemStats(root: options.systemRoot)),
            renderer: renderer(options), display: display, clock: SystemClock(startingAt: options.start),
            behaviour: options.behaviour, stateStore: options.stateDirectory.map(StateStore.init(directory:)), logger: logger)
    }

    /// Renders one frame of the demo lock screen at the options' time and writes it as PNG.
    package static func snapshot(_ options: DaemonOptions, to path: String, logger: Logger) async throws {
        try await snapshot(options, logger: logger).writePNG(to: path)
    }

    /// One frame of the lock screen, drawn as the daemon would draw it first; its
    /// pictures diffused over `pictureInks` when given (a panel's, `snapshot --panel`).
    package static func snapshot(_ options: DaemonOptions, pictureInks: PictureInks? = nil, logger: Logger) async throws -> Frame {
        let display = MemoryDisplay(width: options.width, height: options.height, keepsHistory: false, pictureInks: pictureInks)
        var options = options
        options.stateDirectory = nil
        options.behaviour.waitsForAnswers = true
        let daemon = daemon(options, display: display, logger: logger)
        try await daemon.step(now: options.start ?? Date())
        return daemon.currentFrame
    }
}
