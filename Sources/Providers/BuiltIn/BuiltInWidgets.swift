import Accessory

/// The widget kinds that ship with lockscreend, configured entirely from the config file:
/// `text`, `clock`, `countdown` and `system`. Written against the public widget API, as
/// any user widget is.
package struct BuiltInWidgets: WidgetBundle {
    let stats: SystemStats

    package init() { stats = SystemStats() }

    package init(stats: SystemStats) { self.stats = stats }

    /// The kinds whose providers read only the local machine: no reload budget applies.
    package static let localKinds: Set<String> = ["text", "clock", "countdown", "system"]

    package var body: some Widget {
        TextWidget()
        WorldClockWidget()
        CountdownWidget()
        SystemWidget(stats: stats)
    }
}
