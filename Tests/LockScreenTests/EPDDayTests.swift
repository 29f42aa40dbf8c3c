import Accessory
import Canvas
@testable import Config
import DaemonInterface
@testable import DaemonRuntime
import DaemonTestSupport
import EPDModels
import Foundation
@testable import LockScreen
import LockScreenModel  // for .colorScheme
import Panel
import PanelOptions
import TestSupport
import Testing
@testable import TimelineEngine
import Providers

/// The daemon on each HAT family's driver and controller model, through simulated hours:
/// after every presentation the glass equals the daemon's frame converted for the panel,
/// pixel for pixel; no full refresh runs outside the policy; a panel that refreshes only
/// whole refreshes only on its grid of minutes.
@Suite("E-paper HATs through the day")
struct EPDDayTests {
    static let config = """
        [layout]
        inline = "note"
        row = ["tokyo", "launch", "cpu"]
        [widgets.note]
        kind = "text"
        text = "Water the plants"
        [widgets.tokyo]
        kind = "clock"
        zone = "Asia/Tokyo"
        family = "circular"
        [widgets.launch]
        kind = "countdown"
        title = "Launch"
        date = 2026-11-24T16:04:57Z
        family = "circular"
        [widgets.cpu]
        kind = "system"
        metric = "cpu"
        family = "rectangular"
        """

    /// A lock screen whose minute tick is the clock's: a note, a countdown weeks away and
    /// the battery.
    static let quietConfig = """
        [layout]
        inline = "note"
        row = ["launch", "battery"]
        [widgets.note]
        kind = "text"
        text = "Water the plants"
        [widgets.launch]
        kind = "countdown"
        title = "Launch"
        date = 2027-01-24T16:04:57Z
        family = "circular"
        [widgets.battery]
        kind = "system"
        metric = "battery"
        family = "circular"
        """

    struct Run {
        var presentations = 0
        var fullRefreshes = 0
        var partialRefreshes = 0
        var maxTickBytes = 0
        var maxHourBytes = 0
        var frameBytes = 0
        var presentedAt: [Date] = []
    }

    /// Plays `hours` on `model` (landscape, as the examples turn portrait glass).
    func play(_ name: String, hours: Double, policy: EinkPolicy = EinkPolicy(), config text: String = config) async throws -> Run {
        let model = try #require(EPDModel.named(name))
        let controller = controllerModel(for: model, it8951Size: (800, 600))
        let link = ModelLink(model: controller)
        let device = try model.makeDevice(link: link, vcom: -1.5)
        let rotation: Rotation = device.width < device.height ? .clockwise90 : .none
        let display = PanelDisplay(device: device, rotation: rotation, eink: policy)
        let config = try RunningConfig.parse(text, file: "day.toml", registry: .standard(systemRoot: fixtureRoot))
        var options = testOptions(width: display.size.width, height: display.size.height)
        options.face.colorScheme = .light
        var behaviour = LockScreenDaemon.Behaviour()
        behaviour.coarseLiveSeconds = true
        behaviour.holdChanges = policy.holdChanges
        behaviour.refreshEvery = TimeInterval(model.defaultRefreshMinutes * 60)
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(
            content: config.content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock,
            behaviour: behaviour, logger: quietLogger)
        daemon.frames.open()
        var run = Run()
        var now = testNow
        let end = testNow.addingTimeInterval(hours * 3_600)
        while now < end {
            clock.advance(to: now)
            link.clear()
            let fullBefore = device.tally.fullRefreshes
            let (presented, next) = try await daemon.step(now: now)
            if presented {
                run.presentations += 1
                run.presentedAt.append(now)
            }
            // The whole glass against the whole frame: at every presentation on small
            // glass, every fifth on large (the comparison costs more than the update).
            if presented, device.width * device.height <= 40_000 || run.presentations % 5 == 1 || next.map({ $0 >= end }) ?? true {
                let frame = try #require(daemon.frames.latest)
                let off = if let greys = controller.glassGreys() {
                    greyGlassMisses(greys, frame, rotation: rotation, afterFull: device.tally.fullRefreshes > fullBefore)
                } else {
                    differingBytes(controller.glassPixels(), converted(frame, format: device.format, palette: device.palette, rotation: rotation))
                }
                #expect(off == 0, "\(name) at \(now): \(off) bytes differ")
                #expect(controller.violations == [], "\(name) at \(now)")
                if off != 0 || !controller.violations.isEmpty { break }
            }
            if presented {
                if run.presentations == 1 {
                    run.frameBytes = model.frameBytes
                } else if device.tally.fullRefreshes == fullBefore {
                    // The hour's tick redraws the clock's four digits and hourly readings, the
                    // day's the date line too: counted apart.
                    let second = Int(now.timeIntervalSince1970) % 86_400
                    if second % 3_600 != 0 {
                        run.maxTickBytes = max(run.maxTickBytes, link.bytes)
                    } else if second != 0 {
                        run.maxHourBytes = max(run.maxHourBytes, link.bytes)
                    }
                }
            }
            guard let next, next > now else { break }
            now = next
        }
        run.fullRefreshes = device.tally.fullRefreshes
        run.partialRefreshes = device.tally.partialRefreshes
        return run
    }

    @Test("2.13\" V4 and 7.5\" V2: a day of minutes, each minute tick a tenth of a frame's bytes at most, full refreshes only by the policy", arguments: ["waveshare-2in13-v4", "waveshare-7in5-v2"])
    func partialDay(name: String) async throws {
        let policy = EinkPolicy()
        let run = try await play(name, hours: name == "waveshare-2in13-v4" ? 24 : 2, policy: policy, config: Self.quietConfig)
        #expect(run.presentations >= (name == "waveshare-2in13-v4" ? 1_400 : 115))
        #expect(run.maxTickBytes * 10 <= run.frameBytes, "\(run.maxTickBytes) of \(run.frameBytes)")
        #expect(run.maxHourBytes * 5 <= run.frameBytes, "on the hour: \(run.maxHourBytes) of \(run.frameBytes)")
        // The policy: a cleaning full refresh after 20 partial ones or an hour, and the first frame.
        #expect(run.fullRefreshes <= run.presentations / policy.partialsBeforeFull + 2, "\(run.fullRefreshes) of \(run.presentations)")
    }

    @Test("IT8951 and the tri-colour and Inky boards keep the glass equal to the frame for hours", arguments: ["waveshare-it8951", "inky-what-red", "inky-phat-black", "waveshare-2in9-v2"])
    func otherDay(name: String) async throws {
        let run = try await play(name, hours: 1.5)
        #expect(run.presentations >= (EPDModel.named(name)!.refreshesPartially ? 85 : 17))
    }

    @Test("a seven-colour panel refreshes only on its five-minute grid, and the clock shows those minutes", arguments: ["inky-impression-7in3", "inky-impression-7in3-spectra6"])
    func batched(name: String) async throws {
        let run = try await play(name, hours: 1)
        #expect(run.presentations <= 12 + 1)
        #expect(run.presentations >= 12 - 1)
        for time in run.presentedAt.dropFirst() {
            #expect(Int(time.timeIntervalSince1970) % 300 == 0, "a refresh at \(time)")
        }
        #expect(run.partialRefreshes == 0)
    }
}
