import SwiftUICore
import Canvas
import FoundationEssentials
import LockScreenModel
import TimelineEngine

/// One place on a page: which slot, where, how it is drawn, and which of the shown
/// widgets it holds. The daemon and a client screen walk the same list — the daemon draws
/// the slots that are due, a client screen draws them all — so both put each part of the
/// lock screen in the same place.
struct PageSlot: Sendable {
    var id: SlotID
    var rect: Rect
    /// The home grid's scale; nil for the lock screen's own sizes.
    var scale: Double?
    /// Home widgets keep their colours where the panel has them.
    var fullColor = false
    /// Its index in the shown widgets (inline, row, home, in that order); nil for the
    /// clock and for a date line without an inline widget.
    var widget: Int?
}

extension LockScreenRenderer {
    /// Where the home grid goes on `page`: the whole panel on the home page, the part below
    /// the row on a portrait lock screen; nil where there is none.
    func homeArea(on page: LockScreenPage, content: LockScreenDaemon.Content, band: Rect? = nil) -> Rect? {
        switch page {
        case .home: Rect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height))
        case .lock: content.home.isEmpty ? nil : layout.below.map { below in band.map { below.inset(top: $0.maxY - below.minY, leading: 0, bottom: 0, trailing: 0) } ?? below }
        case .photo: nil
        }
    }

    /// The slots of the lock or home page in drawing order: the home grid (laid out by
    /// `home`), then the date line, the clock and the row on the lock page. Slots whose
    /// widget is not among `shown` widgets are left out. The photo page has none here.
    func slots(of content: LockScreenDaemon.Content, page: LockScreenPage, home: HomeLayout?, shown: Int, band: Rect? = nil) -> [PageSlot] {
        let inline = content.inline == nil ? 0 : 1
        var slots: [PageSlot] = []
        if let home {
            for n in content.home.indices {
                guard let rect = home.rects[n] else { continue }
                slots.append(PageSlot(id: .home(n), rect: rect, scale: home.scale, fullColor: true, widget: inline + content.row.count + n))
            }
        }
        if page == .lock {
            slots.append(PageSlot(id: .dateLine, rect: layout.dateLine, widget: inline == 1 ? 0 : nil))
            slots.append(PageSlot(id: .clock, rect: layout.clock))
            for (n, rect) in layout.unitRects(for: content.row.map(\.family)).enumerated() {
                if let rect { slots.append(PageSlot(id: .unit(n), rect: rect, widget: inline + n)) }
            }
            if let band { slots.append(PageSlot(id: .band, rect: band)) }
        }
        return slots.filter { $0.widget.map { $0 < shown } ?? true }
    }

    /// What `slot` shows at `now`, laid out for its rectangle.
    func place(_ slot: PageSlot, content: LockScreenDaemon.Content, shown: [TimelineEngine.Shown], now: Date, staleMark: StaleMark) -> PlacedView {
        let widget = slot.widget.map { shown[$0] }
        let mark = widget?.isStale == true ? staleMark : .none
        switch (slot.id, widget) {
        case (.dateLine, _):
            return placeDateLine(now: now, inline: widget?.entry, inlinePlaceholder: widget?.isPlaceholder ?? false, staleMark: mark)
        case let (.unit(n), widget?):
            return placeUnit(widget.entry, family: content.row[n].family, now: now, placeholder: widget.isPlaceholder, staleMark: mark)
        case let (.home(n), widget?):
            return placeUnit(widget.entry, family: content.home[n].family, now: now, placeholder: widget.isPlaceholder, staleMark: mark)
        default:
            return placeClock(now: now)
        }
    }
}
