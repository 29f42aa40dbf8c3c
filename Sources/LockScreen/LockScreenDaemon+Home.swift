import SwiftUICore  // for .nextChange
import Canvas
import FoundationEssentials
import LockScreenModel
import TimelineEngine
import Logging

extension LockScreenDaemon {
    /// Draws the photo page: its widget over the whole panel, in colour where the panel
    /// has it, redrawn only when what it shows changes.
    func drawPhoto(_ shown: [(shown: TimelineEngine.Shown, key: String)], now: Date) {
        guard content.photo != nil, let (widget, key) = shown.last, scheduler.isDue(.photo, key: key, now: now) else { return }
        let placed = renderer.placePage(widget.entry, now: now, placeholder: widget.isPlaceholder, staleMark: widget.isStale ? staleMark : .none)
        compositor.draw(placed, in: Rect(x: 0, y: 0, width: Double(renderer.layout.width), height: Double(renderer.layout.height)), with: renderer, fullColor: true)
        scheduler.drew(.photo, key: key, nextChange: placed.nextChange(after: now), now: now)
    }

    /// Shows `page`: everything is laid out anew on a blank frame, and only the pixels
    /// that differ from what the panel shows are sent. A page this display does not
    /// have is refused.
    package func show(_ page: LockScreenPage, now: Date) {
        guard content.pages.contains(page) else {
            return logger.warning("no \(page.rawValue) page on this display ([layout] \(page.rawValue))")
        }
        guard page != content.page else { return }
        content.page = page
        scheduler.reset(to: content, now: now)
        compositor.restart(on: renderer.blankFrame())
        homeLayout = nil
        nextDueUpdate = nil
        logger.notice("showing the \(page.rawValue) page")
    }
}
