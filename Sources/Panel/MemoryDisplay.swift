import Canvas
import FoundationEssentials
import PanelOptions

/// Keeps presented frames in memory: for `snapshot`, previews, the benchmark and tests.
package final class MemoryDisplay: Display {
    /// One presentation as the display received it.
    package struct Presentation: Sendable {
        package let frame: Frame
        package let damage: [PixelRect]
        package let refresh: Refresh
        package let time: Date
    }

    package let size: (width: Int, height: Int)
    /// Every presentation, oldest first, unless `keepsHistory` is off (then the last).
    package private(set) var presentations: [Presentation] = []
    private let keepsHistory: Bool
    /// The inks of the panel it stands for (`snapshot --panel`); nil for colour.
    package let pictureInks: PictureInks?

    package var name: String { "memory \(size.width)×\(size.height)" }

    package init(width: Int, height: Int, keepsHistory: Bool = true, pictureInks: PictureInks? = nil) {
        size = (width, height)
        self.keepsHistory = keepsHistory
        self.pictureInks = pictureInks
    }

    package func present(_ frame: Frame, damage: [PixelRect], refresh: Refresh, at time: Date) throws(DisplayError) {
        if !keepsHistory { presentations.removeAll() }
        presentations.append(Presentation(frame: frame, damage: damage, refresh: refresh, time: time))
    }

    /// Each time the screen was put to sleep (false) or woken (true), and when.
    package private(set) var powerChanges: [(on: Bool, time: Date)] = []

    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) {
        powerChanges.append((on, time))
    }

    /// The last frame presented.
    package var lastFrame: Frame? { presentations.last?.frame }
}
