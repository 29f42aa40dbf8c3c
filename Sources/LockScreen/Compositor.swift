import Accessory
import Canvas
import DaemonInterface
import FoundationEssentials
import LockScreenModel  // for .scale
import Logging
import Panel
import PanelOptions

/// The picture and its way to the panel: the frame the daemon draws into, what the panel
/// still shows where the frame was drawn over since the last presentation, and the
/// presentations that send only the rectangles that changed, with an e-ink panel's
/// cleaning refreshes.
///
/// It keeps one frame, not a second copy of what the panel shows: before drawing over an
/// area it crops what is there (`Damage.Before`), and damage is found against the crops.
/// A class, so that the benchmark can read those crops while a flush is under way.
final class Compositor {
    let display: any Display
    let damage: Damage
    /// The last presented frame, for the control socket's snapshots.
    let frames: FrameMailbox
    /// The frame as last drawn.
    private(set) var frame: Frame
    /// Whether the panel shows `frame`, apart from the areas in `before`. False until the
    /// first presentation and after a failed one: the next one then sends the whole frame.
    private(set) var panelInSync = false
    /// What the panel still shows where `frame` has been drawn over since the last
    /// presentation: crops taken just before drawing.
    private(set) var before: [Damage.Before] = []
    /// When the display next wants a cleaning refresh.
    private(set) var maintenanceDue: Date?
    /// Frames presented since start.
    private(set) var presentations = 0
    /// What each area (pixels) was last drawn with: the frame holds it until the area is
    /// drawn over or the frame starts again.
    private var drawn: [PixelRect: Drawing] = [:]
    /// Drawings skipped since start because their area held them already.
    private(set) var unchangedDrawings = 0
    /// The areas drawn ahead (`drawAhead`), each with its drawing before, the pixels
    /// drawn over, and the area of what the panel shows kept for it.
    private var drawnAhead: [PixelRect: (last: Drawing, reach: PixelRect, kept: PixelRect?)] = [:]
    /// Areas drawn ahead that their step found done, since start.
    private(set) var drawingsTakenAhead = 0
    /// The band cuts of changes seen before (a clock's digits): found once, looked up after.
    private(set) var cuts = Damage.CutMemory()

    init(display: any Display, damage: Damage, frames: FrameMailbox, blank: Frame) {
        self.display = display
        self.damage = damage
        self.frames = frames
        frame = blank
    }

    /// Draws `placed` into `rect`, first keeping what the panel shows there; nothing
    /// when the area holds that very drawing already (a gauge whose new entry shows the
    /// same value is not stroked again), and over the area's last drawing only where the
    /// two differ (a clock's changed digits, not its whole line): what is kept, drawn
    /// and compared for damage shrinks with it.
    func draw(_ placed: PlacedView, in rect: Rect, with renderer: LockScreenRenderer, scale: Double? = nil, fullColor: Bool = false) {
        let area = rect.integral.intersection(frame.bounds)
        let drawing = Drawing(placed, in: rect, with: renderer, scale: scale, fullColor: fullColor)
        // Drawn ahead (`drawAhead`): done, what the panel shows kept; another drawing is
        // drawn over what the panel shows, put back first.
        if drawnAhead[area] != nil {
            if drawn[area]?.isSame(as: drawing) == true {
                drawnAhead[area] = nil
                drawingsTakenAhead += 1
                return
            }
            takeBack(area)
        }
        let last = drawn[area]
        // A picture is drawn through the panel's inks, which the drawing does not hold.
        if let last, !placed.showsPicture, last.isSame(as: drawing) {
            unchangedDrawings += 1
            return
        }
        if last.flatMap({ drawChanges(of: drawing, over: $0, in: area, with: renderer) }) == nil {
            keepShown(area)
            renderer.draw(placed, in: rect, into: &frame, scale: scale, fullColor: fullColor)
        }
        // A drawing over part of another area leaves that area's drawing unknown.
        if drawn[area] == nil { drawn = drawn.filter { $0.key.intersection(area).isEmpty } }
        drawn[area] = drawing
    }

    /// Draws `placed` in `rect` now for the next presentation, which is not due yet: the
    /// daemon draws the next step's slots once a frame is up
    /// (`LockScreenDaemon.layOutAhead`). The frame then holds the drawing, and what the
    /// panel shows there is kept, as for any drawing not yet presented; that step's `draw`
    /// of the same finds it done. Until then nothing may be presented:
    /// `takeBackAhead()` puts back what the panel shows first. Only over an area's known
    /// drawing (never over other areas), without pictures (diffused over the panel's
    /// inks, drawn again at every `draw`).
    func drawAhead(_ placed: PlacedView, in rect: Rect, with renderer: LockScreenRenderer, scale: Double? = nil, fullColor: Bool = false) {
        let area = rect.integral.intersection(frame.bounds)
        guard panelInSync, !placed.showsPicture, let last = drawn[area], drawnAhead[area] == nil else { return }
        let drawing = Drawing(placed, in: rect, with: renderer, scale: scale, fullColor: fullColor)
        guard !last.isSame(as: drawing) else { return }
        let kept = before.count
        guard let reach = drawChanges(of: drawing, over: last, in: area, with: renderer), !reach.isEmpty else { return }
        drawnAhead[area] = (last, reach, before.count > kept ? before[kept].area : nil)
        drawn[area] = drawing
    }

    /// Draws `drawing` over `last`, the drawing `area` holds, only where the two differ,
    /// after keeping what the panel shows there; returns the pixels drawn over (empty when
    /// no pixel differs), or nil when the difference cannot be bounded and the whole area
    /// is to be drawn.
    private func drawChanges(of drawing: Drawing, over last: Drawing, in area: PixelRect, with renderer: LockScreenRenderer) -> PixelRect? {
        guard let (changed, reach) = drawing.changedPixels(over: last) else { return nil }
        let inside = changed.intersection(area)
        guard !inside.isEmpty else { return PixelRect(x: area.x, y: area.y, width: 0, height: 0) }
        // Kept and compared grown to the damage scan's tiles over the whole area, so that
        // the damage found is the whole area's to the pixel.
        keepShown(Damage.tiles(of: inside, in: area))
        renderer.draw(drawing.placed, in: drawing.rect, into: &frame, scale: drawing.scale, fullColor: drawing.fullColor, within: reach)
        return reach.intersection(area)
    }

    /// Puts back, in each area drawn ahead and not drawn since, what the panel shows and
    /// the area's drawing before: the step it was drawn for did not come, or not for it.
    func takeBackAhead() {
        for area in Array(drawnAhead.keys) { takeBack(area) }
    }

    /// Puts back what the panel shows where `area` was drawn ahead, and its drawing
    /// before; what was kept of the panel for it goes, as if it had not been drawn.
    private func takeBack(_ area: PixelRect) {
        guard let (last, reach, kept) = drawnAhead.removeValue(forKey: area) else { return }
        let shown = Damage.Before.shown(in: reach, of: frame, before: before)
        frame.place(shown, atX: reach.x, y: reach.y, within: reach)
        drawn[area] = last
        if let kept, let index = before.lastIndex(where: { $0.area == kept }) { before.remove(at: index) }
    }

    /// An area's drawing: the views and what else the renderer draws them with.
    private struct Drawing {
        var placed: PlacedView
        var rect: Rect
        /// Pixels a point, as drawn.
        var scale: Double
        var fullColor: Bool
        var background: RGBA
        var renderingMode: WidgetRenderingMode

        /// `placed` as `renderer` draws it in `rect`, at `scale` (the renderer's when nil).
        init(_ placed: PlacedView, in rect: Rect, with renderer: LockScreenRenderer, scale: Double?, fullColor: Bool) {
            (self.placed, self.rect, self.fullColor) = (placed, rect, fullColor)
            self.scale = scale ?? renderer.layout.scale
            (background, renderingMode) = (renderer.background, renderer.renderingMode)
        }

        func isSame(as other: Drawing) -> Bool {
            isDrawnLike(other) && placed.drawsLike(other.placed)
        }

        /// Whether the two are drawn in the same place and way, whatever their views.
        private func isDrawnLike(_ other: Drawing) -> Bool {
            rect == other.rect && scale == other.scale && fullColor == other.fullColor && background == other.background
                && renderingMode == other.renderingMode
        }

        /// The pixels that drawing this where `old` is changes, and the pixels it is
        /// drawn over to change them (its reach, which holds them), grown to hold whole
        /// everything painted that reaches into them (`PlacedView.holdingWhole`); nil
        /// when any may change: a picture (diffused over the panel's inks across its
        /// whole box), a tree whose colours are greyed (the whole area is), or changes
        /// that cannot be bounded.
        func changedPixels(over old: Drawing) -> (changed: PixelRect, reach: PixelRect)? {
            guard isDrawnLike(old), !placed.showsPicture, !old.placed.showsPicture, !placed.mayHoldOwnColour, !old.placed.mayHoldOwnColour,
                  let box = placed.redrawBounds(over: old.placed) else { return nil }
            guard !box.isEmpty else { return (PixelRect(x: 0, y: 0, width: 0, height: 0), PixelRect(x: 0, y: 0, width: 0, height: 0)) }
            return (pixels(of: box), pixels(of: placed.holdingWhole(box)))
        }

        /// The pixels a box of the tree's points covers, one more on each side: a point's
        /// edge falls inside a pixel.
        private func pixels(of box: Rect) -> PixelRect {
            Rect(x: rect.minX + box.minX * scale, y: rect.minY + box.minY * scale, width: box.width * scale, height: box.height * scale)
                .inset(by: -1).integral
        }
    }

    /// Starts again on `blank` (a reloaded configuration lays everything out anew). The
    /// old picture stays the reference until the next presentation, so that presentation
    /// sends only what the reload changed.
    func restart(on blank: Frame) {
        takeBackAhead()
        if panelInSync { before = [Damage.Before(area: frame.bounds, frame: frame)] }
        frame = blank
        drawn.removeAll()
    }

    /// The next presentation sends the whole frame with a full refresh (a key asked to
    /// clear the panel's ghosts).
    func refreshWholePanel() {
        // What was drawn ahead is put back from what the panel shows, kept until now.
        takeBackAhead()
        panelInSync = false
        before.removeAll()
    }

    /// Sends what changed since the last presentation: the changed rectangles as a
    /// partial update, the whole frame the first time (or after a failure), or a cleaning
    /// refresh when one is due, which carries this step's drawing with it. Returns
    /// whether anything reached the panel.
    func present(at now: Date, logger: Logger) throws(DisplayError) -> Bool {
        defer { maintenanceDue = display.nextMaintenance(after: now) }
        let changed = panelInSync ? damage.rectangles(from: before, to: frame, memory: &cuts) : nil
        if let due = maintenanceDue, due <= now {
            let (display, frame) = (self.display, self.frame)
            if try outOfSyncOnFailure({ () throws(DisplayError) in try display.performMaintenance(frame, damage: changed ?? [frame.bounds], at: now) }) {
                remember([frame.bounds])
                return true
            }
        }
        if let changed {
            guard !changed.isEmpty else {
                // Nothing to send: the drawing matched the panel.
                before.removeAll()
                return false
            }
            try send(changed, refresh: .partial, at: now)
        } else {
            try send([frame.bounds], refresh: .full, at: now)
            logger.info("presented \(presentations == 1 ? "the first" : "the whole") frame on \(display.name)")
        }
        return true
    }

    /// Sends `rects` of the frame with `refresh`, and records that the panel shows them.
    func send(_ rects: [PixelRect], refresh: Refresh, at now: Date) throws(DisplayError) {
        let (display, frame) = (self.display, self.frame)
        try outOfSyncOnFailure { () throws(DisplayError) in try display.present(frame, damage: rects, refresh: refresh, at: now) }
        remember(rects)
    }

    /// Records that the panel now shows `frame`. The mailbox keeps a frame of its own,
    /// updated by the sent rectangles: were it to share `frame`, the next drawing into it
    /// would copy the whole screen first.
    private func remember(_ sent: [PixelRect]) {
        panelInSync = true
        before.removeAll()
        frames.update(sent, from: frame)
        presentations += 1
    }

    /// Keeps what the panel shows in `area` before drawing there, unless it is kept already.
    private func keepShown(_ area: PixelRect) {
        let area = area.intersection(frame.bounds)
        guard panelInSync, !area.isEmpty, !before.contains(where: { $0.area.intersection(area) == area }) else { return }
        before.append(Damage.Before(crop: frame.cropped(to: area), at: area))
    }

    /// Runs a presentation; if it fails, what the panel shows is unknown, so the next one
    /// sends the whole frame.
    private func outOfSyncOnFailure<T>(_ body: () throws(DisplayError) -> T) throws(DisplayError) -> T {
        do {
            return try body()
        } catch {
            panelInSync = false
            before.removeAll()
            throw error
        }
    }
}
