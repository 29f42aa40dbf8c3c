/// A widget as `lockscreenctl status` shows it.
package struct WidgetStatus: Codable, Sendable, Equatable {
    package var name: String
    package var kind: String
    package var family: String
    /// "placeholder", or the shown entry's date.
    package var shown: String
    package var stale: Bool
    package var providerCalls: Int
    package var failures: Int
    package var lastError: String?
    package var nextReload: String?
    package var budgetLeft: Int?
    /// What the entry says, for entries given as JSON (command, push, http, mqtt
    /// widgets): its emoji, text or gauge, and lines; nil for others.
    package var text: String?
    /// Where the widget is on the page shown, in the panel's pixels: x, y, width,
    /// height; nil when it is not on it.
    package var frame: [Int]?
    /// The buttons and toggles its views hold there, in reading order.
    package var controls: [Control]?

    /// A button or toggle of a widget: its intent's title, where it is, a toggle's state.
    package struct Control: Codable, Sendable, Equatable {
        package var title: String
        package var frame: [Int]
        package var on: Bool?

        package init(title: String, frame: [Int], on: Bool?) {
            (self.title, self.frame, self.on) = (title, frame, on)
        }
    }

    package init(name: String, kind: String, family: String, shown: String, stale: Bool, providerCalls: Int, failures: Int, lastError: String?, nextReload: String?, budgetLeft: Int?) {
        self.name = name
        self.kind = kind
        self.family = family
        self.shown = shown
        self.stale = stale
        self.providerCalls = providerCalls
        self.failures = failures
        self.lastError = lastError
        self.nextReload = nextReload
        self.budgetLeft = budgetLeft
    }
}
