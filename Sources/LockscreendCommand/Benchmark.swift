import SwiftUICore  // for .light
import Canvas
import Config
import ControlProtocol
import DaemonRuntime
import FoundationEssentials
import Glibc
import LockScreen
import LockScreenModel  // for .colorScheme
import Logging
import Panel
import PanelOptions
import Providers
import ZoneInfo  // for .utc

/// Plays a configured lock screen through simulated time with the real engine, layout,
/// renderer, damage, conversion, dithering and e-ink policy, into an in-memory panel, and
/// counts what reached the panel against the two yardsticks: the pixels that really
/// changed (the least anything could send) and redrawing the whole frame at every update
/// (what dashboards that render whole images send).
package struct Benchmark {
    /// The kind of panel driven.
    package enum Panel: String, Sendable, CaseIterable {
        /// A 16-bit SPI TFT: RGB565, no refresh policy, damage cut for a serial bus.
        case tft
        /// A screen scanned out from memory (HDMI, DSI through DRM): XRGB8888, damage
        /// merged for the cost of each DirtyFB call.
        case hdmi
        /// A 16-grey e-paper panel: gray4, dithered, full refreshes by the policy.
        case eink
        /// An SPI e-paper HAT (`epd:MODEL`): its driver, counting SPI bytes and busy time.
        case epd
    }

    /// The figures, as `lockscreend bench --json` prints them.
    package struct Report: Codable, Sendable, Equatable {
        package var updates = 0
        package var partialRefreshes = 0
        package var fullRefreshes = 0
        package var pixelsFlushed = 0
        /// The rectangles those pixels went in: each one a window set up on a serial bus,
        /// a DirtyFB call, or an e-ink update.
        package var rectanglesFlushed = 0
        package var pixelsChanged = 0
        package var pixelsFullRedraw = 0
        package var flushedVsFullRedraw = 0.0
        package var flushedVsChanged = 0.0
        package var renderMsP50 = 0.0
        package var renderMsP99 = 0.0
        package var renderMsMax = 0.0
        package var cpuSeconds = 0.0
        package var peakRssMb = 0.0
        /// For an SPI HAT: bytes over SPI, and the panel's busy seconds by the datasheet's
        /// refresh times; with what sending the whole frame and a full refresh at every
        /// update would cost (as dashboards that push whole images do).
        package var spiBytes: Int?
        package var spiBytesWholeFrames: Int?
        package var busySeconds: Double?
        package var busySecondsWholeFrames: Double?
        /// The HAT's own refreshes by kind (a UC8179 refreshes each window, an IT8951
        /// each area).
        package var panelPartialRefreshes: Int?
        package var panelFullRefreshes: Int?
        /// Messages the simulated broker delivered to mqtt widgets.
        package var mqttMessages: Int?
        /// Slots whose new entry was placed exactly as their area showed it, so not drawn
        /// again (a gauge showing the same value as a minute before).
        package var unchangedSlots = 0
        /// Slots drawn from the layout the step before made for them once its frame was
        /// up (`LockScreenDaemon.layOutAhead`), not laid out while their update was due.
        package var slotsLaidOutAhead = 0
        /// Of those, the slots drawn then too, and presented as drawn.
        package var slotsDrawnAhead = 0
        /// Band cuts of changes seen before, taken from memory, and cuts searched for.
        package var bandCutsRemembered = 0
        package var bandCutsSearched = 0
        /// The slowest updates, slowest first, with the simulated time each was drawn
        /// at: where the 99th percentile comes from (on the desk, the quarter hours).
        package var slowestUpdates: [Update] = []

        /// One update's simulated time and render time.
        package struct Update: Codable, Sendable, Equatable {
            package var at: String
            package var renderMs: Double

            enum CodingKeys: String, CodingKey {
                case at
                case renderMs = "render_ms"
            }
        }

        enum CodingKeys: String, CodingKey {
            case updates
            case partialRefreshes = "partial_refreshes"
            case fullRefreshes = "full_refreshes"
            case pixelsFlushed = "pixels_flushed"
            case rectanglesFlushed = "rectangles_flushed"
            case pixelsChanged = "pixels_changed"
            case pixelsFullRedraw = "pixels_full_redraw"
            case flushedVsFullRedraw = "flushed_vs_full_redraw"
            case flushedVsChanged = "flushed_vs_changed"
            case renderMsP50 = "render_ms_p50"
            case renderMsP99 = "render_ms_p99"
            case renderMsMax = "render_ms_max"
            case cpuSeconds = "cpu_seconds"
            case peakRssMb = "peak_rss_mb"
            case spiBytes = "spi_bytes"
            case spiBytesWholeFrames = "spi_bytes_whole_frames"
            case busySeconds = "busy_seconds"
            case busySecondsWholeFrames = "busy_seconds_whole_frames"
            case panelPartialRefreshes = "panel_partial_refreshes"
            case panelFullRefreshes = "panel_full_refreshes"
            case mqttMessages = "mqtt_messages"
            case unchangedSlots = "unchanged_slots"
            case slotsLaidOutAhead = "slots_laid_out_ahead"
            case slotsDrawnAhead = "slots_drawn_ahead"
            case bandCutsRemembered = "band_cuts_remembered"
            case bandCutsSearched = "band_cuts_searched"
            case slowestUpdates = "slowest_updates"
        }
    }

    package var config: LockScreenConfig
    package var panel: Panel
    package var start: Date
    package var duration: TimeInterval
    /// The HAT driven with `panel == .epd`.
    package var epdModel = EPDModel.named("waveshare-2in13-v4")!
    /// The kinds `config` was read against, which make its widgets.
    package var registry: WidgetRegistry

    package init(config: LockScreenConfig, registry: WidgetRegistry = .standard(), panel: Panel, start: Date, duration: TimeInterval) {
        self.config = config
        self.registry = registry
        self.panel = panel
        self.start = start
        self.duration = duration
    }

    /// What the panel received, counted between steps so the counting is not part of
    /// the render time. At each flush it keeps the update and the daemon's crops of what
    /// it drew over (references, not copies); the pixels are compared after the step.
    /// A whole shadow frame would add a screenful of memory the daemon itself never uses.
    private final class Tally {
        var report = Report()
        /// The daemon's crops of what the panel showed while a flush is in progress; nil
        /// when unknown (the first frame).
        var kept: () -> [Damage.Before]? = { nil }
        private var pending: [(update: PanelUpdate, kept: [Damage.Before]?)] = []

        func flushed(_ update: PanelUpdate) {
            pending.append((update, kept()))
        }

        func settle(width: Int, height: Int) {
            for (update, kept) in pending {
                let before = kept.map { kept in update.rects.map { Damage.Before.shown(in: $0, of: update.frame, before: kept) } }
                report.updates += 1
                if update.refresh == .full { report.fullRefreshes += 1 } else { report.partialRefreshes += 1 }
                report.pixelsFlushed += update.rects.reduce(0) { $0 + $1.area }
                report.rectanglesFlushed += update.rects.count
                report.pixelsFullRedraw += width * height
                report.pixelsChanged += Self.changed(from: before, to: update.frame, in: update.rects)
            }
            pending.removeAll()
        }

        /// Pixels of `rects` whose value differs between what the panel showed there
        /// (`before`, one crop per rectangle) and the new frame; all of the frame for the
        /// first one, against the panel's unknown content.
        static func changed(from before: [Frame]?, to new: Frame, in rects: [PixelRect]) -> Int {
            guard let before else { return new.width * new.height }
            var count = 0
            let bpp = new.format.bytesPerPixel
            new.pixels.withUnsafeBytes { b in
                for (rect, old) in zip(rects, before) {
                    let r = rect.intersection(new.bounds)
                    guard !r.isEmpty else { continue }
                    old.pixels.withUnsafeBytes { a in
                        for y in 0..<r.height {
                            let oldRow = a.baseAddress! + y * old.bytesPerRow
                            let newRow = b.baseAddress! + (r.y + y) * new.bytesPerRow + r.x * bpp
                            for x in 0..<r.width where memcmp(oldRow + x * bpp, newRow + x * bpp, bpp == 4 ? 3 : bpp) != 0 {
                                count += 1
                            }
                        }
                    }
                }
            }
            return count
        }
    }

    /// Plays the configured time span; returns the figures.
    package func run() async throws -> Report {
        let tally = Tally()
        let paper = panel == .eink || panel == .epd
        var (width, height) = config.size ?? (800, 480)
        let display: PanelDisplay
        var hat: (device: any EPDDevice, link: CountingLink)?
        if panel == .epd {
            // The glass in landscape, as the example configurations turn it.
            let link = CountingLink(model: epdModel)
            let device = try epdModel.makeDevice(link: link, vcom: -1.5)
            device.onFlush = { tally.flushed($0) }
            let rotation: Rotation = epdModel.width < epdModel.height ? .clockwise90 : .none
            (width, height) = rotation.frameSize(deviceWidth: epdModel.width, deviceHeight: epdModel.height)
            display = PanelDisplay(device: device, rotation: rotation, eink: config.output.eink ?? EinkPolicy())
            hat = (device, link)
        } else {
            let device = MemoryPanelDevice(width: width, height: height, format: panel == .eink ? .gray4 : panel == .hdmi ? .xrgb8888 : .rgb565)
            device.onFlush = { tally.flushed($0) }
            device.onSerialBus = panel == .tft
            display = PanelDisplay(device: device, eink: panel == .eink ? (config.output.eink ?? EinkPolicy()) : nil)
        }

        var options = DaemonOptions()
        (options.width, options.height) = (width, height)
        options.face = config.face
        if paper { options.face.colorScheme = .light }
        options.face.timeZone = config.face.timeZone ?? .utc
        options.clockHeight = config.clockHeight
        options.behaviour.coarseLiveSeconds = paper
        options.behaviour.holdChanges = paper ? (config.output.eink ?? EinkPolicy()).holdChanges : 0
        options.behaviour.refreshEvery = panel == .epd ? TimeInterval(epdModel.defaultRefreshMinutes * 60) : 0
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let clock = ManualClock(start: start)
        // The widgets made as the daemon makes them; mqtt widgets read a simulated broker.
        let boards = WidgetBoards()
        let daemon = LockScreenDaemon(
            content: registry.running(config.content, boards: boards), renderer: LockScreenApplication.renderer(options), display: display, clock: clock,
            behaviour: options.behaviour, logger: logger)
        tally.kept = { [unowned daemon] in daemon.keptSinceLastPresentation }

        // mqtt widgets get their messages from a simulated broker.
        var house = HouseFeed(filters: config.mqttFilters, start: start)
        boards.expect(pushNames: config.pushNames, mqttFilters: config.mqttFilters)

        let cpuBefore = Self.cpuSeconds()
        var renderTimes: [Double] = []
        var updateTimes: [Date] = []
        let end = start.addingTimeInterval(duration)
        var now = start
        while now < end {
            clock.advance(to: now)
            for name in house.deliver(at: now, into: boards.mqtt) { await daemon.reload(kind: MQTTBoard.kind(of: name)) }
            let (presented, stepNext) = try await daemon.step(now: now)
            let next = [stepNext, house.nextEvent].compactMap { $0 }.min()
            tally.settle(width: width, height: height)
            // What the daemon's loop does once a frame is up, outside the measured render.
            if let stepNext { await daemon.layOutAhead(for: stepNext) }
            if presented {
                let elapsed = daemon.lastRenderDuration
                renderTimes.append(Self.milliseconds(elapsed))
                updateTimes.append(now)
            }
            guard let next, next > now else { break }
            now = next
        }

        var report = tally.report
        if let hat {
            // The whole-frame way: the whole glass into one RAM and a full refresh at
            // every update.
            // The panel's own refreshes (a UC8179 refreshes each window on its own).
            let frameBytes = epdModel.frameBytes
            report.panelFullRefreshes = hat.device.tally.fullRefreshes
            report.panelPartialRefreshes = hat.device.tally.partialRefreshes
            report.spiBytes = hat.link.bytes
            report.spiBytesWholeFrames = report.updates * (frameBytes + 1)
            report.busySeconds = hat.device.tally.busySeconds
            report.busySecondsWholeFrames = Double(report.updates) * epdModel.fullRefreshSeconds
        }
        report.cpuSeconds = Self.cpuSeconds() - cpuBefore
        if !house.isEmpty { report.mqttMessages = house.messages }
        report.unchangedSlots = daemon.unchangedDrawings
        report.slotsLaidOutAhead = daemon.layoutsTakenAhead
        report.slotsDrawnAhead = daemon.drawingsTakenAhead
        (report.bandCutsRemembered, report.bandCutsSearched) = daemon.bandCuts
        report.peakRssMb = Self.peakResidentMegabytes()
        report.flushedVsFullRedraw = report.pixelsFullRedraw > 0 ? Double(report.pixelsFlushed) / Double(report.pixelsFullRedraw) : 0
        report.flushedVsChanged = report.pixelsChanged > 0 ? Double(report.pixelsFlushed) / Double(report.pixelsChanged) : 0
        report.slowestUpdates = zip(updateTimes, renderTimes).sorted { $0.1 > $1.1 }.prefix(Self.slowestCount)
            .map { Report.Update(at: ISO8601.format($0.0), renderMs: $0.1) }
        renderTimes.sort()
        if !renderTimes.isEmpty {
            report.renderMsP50 = renderTimes[(renderTimes.count - 1) / 2]
            report.renderMsP99 = renderTimes[Int((Double(renderTimes.count - 1) * 0.99).rounded(.up))]
            report.renderMsMax = renderTimes[renderTimes.count - 1]
        }
        return report
    }

    /// How many of the slowest updates the report lists.
    static let slowestCount = 10

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's peak resident set so far, in megabytes of 10^6 bytes, the unit of
    /// the target it is measured against (getrusage gives KiB on Linux: 40 MB is 38.1 MiB).
    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) * 1_024 / 1_000_000
    }
}
