import Accessory
import Canvas
import Foundation
import Logging
import Panel

/// The daemon's loop: asks the engine what each widget shows, redraws only the slots
/// whose content changed, sends the changed rectangles to the display, and sleeps until
/// the next thing that can change — an entry, a reload, or live text.
package final class LockScreenDaemon {
    /// What the lock screen holds.
    package struct Content: Sendable {
        /// The widget after the date, in the accessoryInline family.
        package var inline: TimelineEngine.Widget?
        /// The row below the clock, left to right.
        package var row: [TimelineEngine.Widget]

        package init(inline: TimelineEngine.Widget?, row: [TimelineEngine.Widget]) {
            self.inline = inline
            self.row = row
        }
    }

    private struct SlotState {
        var key: String
        var nextChange: Date?
    }

    package let renderer: LockScreenRenderer
    private let display: any Display
    private let clock: any DaemonClock
    private let engine: TimelineEngine
    private let content: Content
    private let damage: Damage
    private let logger: Logger
    private var frame: Frame
    private var presented: Frame?
    private var slots: [SlotID: SlotState] = [:]

    package init(content: Content, renderer: LockScreenRenderer, display: any Display, clock: any DaemonClock, damage: Damage = Damage(), logger: Logger) {
        self.content = content
        self.renderer = renderer
        self.display = display
        self.clock = clock
        self.damage = damage
        self.logger = logger
        self.frame = renderer.blankFrame()
        let widgets = (content.inline.map { [$0] } ?? []) + content.row
        self.engine = TimelineEngine(widgets: widgets, now: clock.now(), logger: logger)
    }

    private var rowFamilies: [WidgetFamily] { content.row.map(\.family) }

    /// Brings the screen up to date at `now`: reloads due timelines, redraws changed
    /// slots, presents the change. Returns the frame presented (nil when nothing changed)
    /// and when the next step is due.
    @discardableResult
    package func step(now: Date) async throws(DisplayError) -> (presented: Bool, next: Date?) {
        await engine.reloadDue(now: now)
        let inlineOffset = content.inline == nil ? 0 : 1
        var redrawn: [PixelRect] = []

        func update(_ slot: SlotID, key: String, place: () -> PlacedView) {
            let old = slots[slot]
            let due = old.map { $0.key != key || ($0.nextChange.map { $0 <= now } ?? false) } ?? true
            guard due, let rect = renderer.rect(of: slot, rowFamilies: rowFamilies) else { return }
            let placed = place()
            renderer.draw(placed, in: rect, into: &frame)
            slots[slot] = SlotState(key: key, nextChange: placed.nextChange(after: now))
            redrawn.append(rect.integral)
        }

        let inline = content.inline == nil ? nil : await engine.shown(0, at: now)
        update(.dateLine, key: inline?.key ?? "-") {
            renderer.placeDateLine(now: now, inline: inline?.entry, inlinePlaceholder: inline?.isPlaceholder ?? false)
        }
        update(.clock, key: "clock") { renderer.placeClock(now: now) }
        for (n, widget) in content.row.enumerated() {
            let shown = await engine.shown(n + inlineOffset, at: now)
            update(.unit(n), key: shown.key) {
                renderer.placeUnit(shown.entry, family: widget.family, now: now, placeholder: shown.isPlaceholder)
            }
        }

        var didPresent = false
        if let previous = presented {
            let rects = damage.rectangles(from: previous, to: frame, within: redrawn)
            if !rects.isEmpty {
                try display.present(frame, damage: rects, refresh: .partial, at: now)
                didPresent = true
                logger.debug("presented \(rects.count) rectangle(s), \(rects.reduce(0) { $0 + $1.area }) pixels")
            }
        } else {
            try display.present(frame, damage: [frame.bounds], refresh: .full, at: now)
            didPresent = true
            logger.info("presented the first frame on \(display.name)")
        }
        if didPresent { presented = frame }
        let engineNext = await engine.nextEvent(after: now)
        let next = (slots.values.compactMap(\.nextChange) + [engineNext].compactMap { $0 }).min()
        return (didPresent, next)
    }

    /// Runs until the task is cancelled (or after the first frame when `once`).
    package func run(once: Bool = false) async throws {
        var scheduled: Date?
        while !Task.isCancelled {
            // A wake-up a few milliseconds late draws the instant it was scheduled for,
            // so frames are stamped (and timers read) at the whole second or minute.
            let now = clock.now()
            let (_, next) = try await step(now: scheduled.map { now >= $0 && now.timeIntervalSince($0) < 1 ? $0 : now } ?? now)
            if once { return }
            scheduled = next
            guard let next else {
                logger.info("nothing on screen can change; waiting for a reload request")
                try await Task.sleep(for: .seconds(86_400))
                continue
            }
            try await clock.sleep(until: next)
        }
    }

    /// The frame as last drawn.
    package var currentFrame: Frame { frame }
}
