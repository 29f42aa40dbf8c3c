import Canvas
import FoundationEssentials

/// What the daemon's last step showed, as a front end may read it: which step it was,
/// the page, when it next changes, and the lock screen drawn again at another size and
/// look (a client device's screen) from the step's entries, asking no provider again.
package struct PresentedScreen: Sendable {
    /// The look a client screen asks for.
    package struct Look: Sendable, Hashable {
        package var width: Int
        package var height: Int
        /// Light text on dark (as the daemon's own panel), or dark on light.
        package var dark: Bool
        /// The inks a picture is diffused over (a client device's greys); nil: as they are.
        package var pictureInks: PictureInks?

        package init(width: Int, height: Int, dark: Bool, pictureInks: PictureInks? = nil) {
            self.width = width
            self.height = height
            self.dark = dark
            self.pictureInks = pictureInks
        }
    }

    /// Which of the daemon's steps showed it: a picture drawn from one step and minute
    /// may be kept until either moves on.
    package var step: Int
    /// The page shown: "lock", "home" or "photo".
    package var page: String
    /// When the engine next has something new: an entry's date, a reload.
    package var nextEvent: Date?
    private let draw: @Sendable (Look, Date) -> Frame

    package init(step: Int, page: String, nextEvent: Date?, draw: @escaping @Sendable (Look, Date) -> Frame) {
        self.step = step
        self.page = page
        self.nextEvent = nextEvent
        self.draw = draw
    }

    /// The lock screen drawn whole in `look` at `now`: the date line, the clock, the row,
    /// and on a portrait screen the home widgets below.
    package func lockScreen(_ look: Look, now: Date) -> Frame { draw(look, now) }
}
