import SwiftUICore
import Canvas
import LockScreenModel
import Providers  // for .trimmed

/// The controls of the page as the panel shows it, slot by slot, kept by the step that
/// drew each slot: what a tap, `lockscreenctl tap NAME`, the keys' focus and the status
/// read. Nothing is laid out again to answer them, so a tap costs a search of this list,
/// not a layout of the page on the drawing thread.
///
/// A control lives inside its widget: every frame is clipped to its slot, as drawing is,
/// so a view tree with a huge padding cannot reach over another widget and take its taps.
package struct PresentedPage: Sendable {
    /// The `stack` of a Live Activity's control: the band belongs to no widget.
    package static let activities = -1

    /// A control of the page: the stack holding it (or `activities`), what it does, and
    /// its frame in the panel's pixels.
    package struct Control: Sendable {
        package var stack: Int
        package var control: PlacedControl
        package var frame: Rect
    }

    /// One drawn slot.
    package struct Slot: Sendable {
        package var id: SlotID
        package var rect: Rect
        /// The index of the shown widget it holds; nil for the clock.
        package var stack: Int?
        /// The whole widget's own tap (`[widgets.NAME.tap]`), placeholder or not: the
        /// first control of the slot, so that its views' controls, found later, win.
        package var widgetTap: Control?
        /// Its views' controls in reading order, clipped to `rect`.
        package var controls: [Control] = []
        /// What its widget's views say, as drawn (`PresentedPage.words(of:)`); nil for
        /// the clock and placeholders. Found when read (the status, a sensor): the slot
        /// is drawn far more often than its words are asked for.
        package var words: String? { said.flatMap { PresentedPage.words(of: $0) } }
        /// The views whose words `words` gives.
        var said: PlacedView?
    }

    /// The slots of the page shown, in drawing order.
    package private(set) var slots: [Slot] = []

    package init() {}

    /// Keeps `slot` as drawn now, in place of what was kept for its id.
    mutating func drew(_ slot: Slot) {
        if let i = slots.firstIndex(where: { $0.id == slot.id }) { slots[i] = slot } else { slots.append(slot) }
    }

    /// Keeps only the slots of `ids`, in that order: the page's slots as the step drew or
    /// kept them.
    mutating func keep(_ ids: [SlotID]) {
        // The common step: every slot of the page drawn or kept, in order.
        if slots.count == ids.count, zip(slots, ids).allSatisfy({ $0.id == $1 }) { return }
        let byID = Dictionary(slots.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        slots = ids.compactMap { byID[$0] }
    }

    /// Whether `id` has been kept since the page was last cleared.
    func holds(_ id: SlotID) -> Bool { slots.contains { $0.id == id } }

    /// Forgets every slot: a page change, the photo page, a new configuration.
    mutating func clear() { slots.removeAll() }

    /// The page's controls in reading order: each slot's whole-widget tap, then its views'.
    package var controls: [Control] {
        slots.flatMap { slot in (slot.widgetTap.map { [$0] } ?? []) + slot.controls }
    }

    /// The topmost control whose frame holds `point`: views over their whole widget, a
    /// later slot over an earlier one (slots never overlap).
    package func control(at point: Point) -> Control? {
        controls.last { $0.frame.contains(point) }
    }

    /// The views' controls of the slot that holds stack `stack`, for the status.
    package func controls(ofStack stack: Int) -> [Control] {
        slots.first { $0.stack == stack }?.controls ?? []
    }

    /// What the widget of stack `stack` said as the step drew it; nil when the page does
    /// not show it alone (the date line draws the inline widget with the date).
    package func words(ofStack stack: Int) -> String?? {
        slots.first { $0.stack == stack && $0.id != .dateLine }.map(\.words)
    }

    /// What `placed` says, in reading order, on one line of at most 500 characters:
    /// "picture" for a picture without words, nil for nothing. Symbols are glyphs of the
    /// icon font in Unicode's private use area, not words.
    static func words(of placed: PlacedView) -> String? {
        let words = placed.words.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { !isPrivateUse($0) })).trimmed() }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return words.isEmpty ? (placed.showsPicture ? "picture" : nil) : String(words.prefix(500))
    }

    static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool {
        (0xE000...0xF8FF).contains(scalar.value) || scalar.value >= 0xF0000
    }
}

extension LockScreenRenderer {
    /// The controls of a slot's placed views in the panel's pixels, each clipped to the
    /// slot (a control wholly outside it is dropped).
    func controls(of placed: PlacedView, in slot: PageSlot, stack: Int) -> [PresentedPage.Control] {
        let scale = slot.scale ?? layout.scale
        return placed.controls.compactMap { control, frame in
            let pixels = Rect(x: slot.rect.minX + frame.minX * scale, y: slot.rect.minY + frame.minY * scale, width: frame.width * scale, height: frame.height * scale)
            return pixels.intersection(slot.rect).map { PresentedPage.Control(stack: stack, control: control, frame: $0) }
        }
    }
}
