import SwiftUICore
import Canvas
import FoundationEssentials
import LockScreenModel
import Synchronization
import TimelineEngine

/// What the lock screen shows, kept at each of the daemon's steps so it can be drawn
/// again for another screen — a client device of another size and appearance — from the
/// running engine's entries, without asking any provider again.
package final class ScreenBoard: Sendable {
    /// What the daemon's last step chose.
    package struct Shown: Sendable {
        package var content: LockScreenDaemon.Content
        /// The widget each stack shows, in the order of `content.stacks`.
        package var widgets: [TimelineEngine.Shown]
        /// Their names.
        package var names: [String]
        package var renderer: LockScreenRenderer
        package var staleMark: StaleMark
        /// When the engine next has something new: an entry's date, a reload.
        package var nextEvent: Date?
        /// The controls of the page as the step drew it.
        package var page = PresentedPage()
        /// Which of the daemon's steps published it: a picture drawn from one step and
        /// minute can be kept until either moves on.
        package internal(set) var step = 0
    }

    private let state = Mutex<(open: Bool, shown: Shown?, steps: Int)>((false, nil, 0))
    /// What each shown widget said at a step and second, and where the page's are: every
    /// reader of that second (the status, the web page, Home Assistant's sensors, an MQTT
    /// command's reply) shares one reading, not a layout each.
    private let said = Mutex<(step: Int, second: Int, texts: [String: String], places: [String: Shown.Place])?>(nil)

    package init() {}

    /// Starts keeping what is shown, from the next step on.
    package func open() { state.withLock { $0.open = true } }

    func publish(_ shown: @autoclosure () -> Shown) {
        state.withLock { state in
            guard state.open else { return }
            state.steps += 1
            state.shown = shown()
            state.shown?.step = state.steps
        }
    }

    package var latest: Shown? { state.withLock { $0.shown } }

    /// What each widget of `shown` says at `now` (`Shown.texts`) and where the page's are
    /// (`Shown.places`), read once per step and second.
    package func words(of shown: Shown, now: Date) -> (texts: [String: String], places: [String: Shown.Place]) {
        let second = Int(now.timeIntervalSince1970.rounded(.down))
        if let kept = said.withLock({ $0 }), kept.step == shown.step, kept.second == second { return (kept.texts, kept.places) }
        let (texts, places) = (shown.texts(now: now), shown.places())
        said.withLock { $0 = (shown.step, second, texts, places) }
        return (texts, places)
    }
}

extension ScreenBoard.Shown {
    /// The lock screen drawn whole at `width` × `height` in `colorScheme`, at `now`: the
    /// date line, the clock, the row, and the home widgets below it on a portrait screen;
    /// its pictures diffused over `pictureInks` (a client device's greys; nil: as they are).
    package func lockScreen(width: Int, height: Int, colorScheme: ColorScheme, pictureInks: PictureInks? = nil, now: Date) -> Frame {
        var renderer = self.renderer
        renderer.layout = LockScreenLayout(width: width, height: height)
        renderer.pictureInks = pictureInks
        renderer.face.colorScheme = colorScheme
        var frame = renderer.blankFrame()
        let home = renderer.homeArea(on: .lock, content: content).map { HomeLayout(area: $0, families: content.home.map(\.family)) }
        for slot in renderer.slots(of: content, page: .lock, home: home, shown: widgets.count) {
            let placed = renderer.place(slot, content: content, shown: widgets, now: now, staleMark: staleMark)
            renderer.draw(placed, in: slot.rect, into: &frame, scale: slot.scale, fullColor: slot.fullColor)
        }
        return frame
    }
}

extension ScreenBoard.Shown {
    /// What each shown widget says, by name: the text its views draw, in reading order
    /// ("picture" for a picture without words), as the status, the web page and Home
    /// Assistant's sensors give it. A widget on the page shown says what the step drew;
    /// one on another page is laid out at `now`. Placeholders say nothing.
    package func texts(now: Date) -> [String: String] {
        var texts: [String: String] = [:]
        for (s, shown) in widgets.enumerated() where !shown.isPlaceholder && s < names.count && s < content.stacks.count {
            let drawn = page.words(ofStack: s)
            texts[names[s]] = drawn ?? PresentedPage.words(of: renderer.placeUnit(shown.entry, family: content.stacks[s].family, now: now))
        }
        return texts
    }

    /// Where a shown widget of the page is and the controls its views hold, in the
    /// panel's pixels.
    package struct Place: Sendable {
        package var frame: Rect
        package var controls: [(control: PlacedControl, frame: Rect)]
    }

    /// Where each shown widget of the page is, by name, with its controls as drawn.
    package func places() -> [String: Place] {
        var places: [String: Place] = [:]
        for (name, slot, stack) in namedSlots() {
            places[name] = Place(frame: slot.rect, controls: page.controls(ofStack: stack).map { ($0.control, $0.frame) })
        }
        return places
    }

    /// Where the shown widget `name` is on the page, from the slots alone: nothing is
    /// laid out. Nil when the page does not show it.
    package func frame(of name: String) -> Rect? {
        namedSlots().first { $0.name == name }?.slot.rect
    }

    /// The page's slots that hold a named widget, with the widget's name and index.
    private func namedSlots() -> [(name: String, slot: PageSlot, stack: Int)] {
        let home = renderer.homeArea(on: content.page, content: content).map { HomeLayout(area: $0, families: content.home.map(\.family)) }
        return renderer.slots(of: content, page: content.page, home: home, shown: widgets.count).compactMap { slot in
            guard let stack = slot.widget, stack < names.count, !names[stack].isEmpty else { return nil }
            return (names[stack], slot, stack)
        }
    }
}
