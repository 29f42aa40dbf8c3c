import Accessory
import JSON
import Panel
import Providers
import TimelineEngine

/// What the lock screen holds: the widget (or stack) after the date, in the
/// accessoryInline family, and the row below the clock. A plain value: the configuration
/// produces it, the daemon shows it.
package struct LockScreenContent: Sendable {
    /// The widget (or stack) after the date, in the accessoryInline family.
    package var inline: WidgetStack?
    /// The row below the clock, left to right.
    package var row: [WidgetStack]

    package init(inline: WidgetStack?, row: [WidgetStack]) {
        self.inline = inline
        self.row = row
    }

    /// Single widgets, no stacks.
    package init(inline: TimelineEngine.Widget?, row: [TimelineEngine.Widget]) {
        self.init(inline: inline.map { WidgetStack([$0]) }, row: row.map { WidgetStack([$0]) })
    }

    package var stacks: [WidgetStack] { (inline.map { [$0] } ?? []) + row }

    /// The demo lock screen: host and uptime inline; memory, disk and load in the row.
    package static func demo(stats: SystemStats = SystemStats()) -> LockScreenContent {
        var widgets: [TimelineEngine.Widget] = []
        for descriptor in DemoWidgets(stats: stats).descriptors {
            // Static configurations take no parameters, so instantiating cannot fail.
            guard let instance = try? descriptor.instantiate([:]), let family = descriptor.supportedFamilies.first else { continue }
            // Local statistics cost nothing to read: no reload budget.
            widgets.append(TimelineEngine.Widget(name: descriptor.kind, family: family, instance: instance, budget: .unlimited))
        }
        return LockScreenContent(inline: widgets.first, row: Array(widgets.dropFirst()))
    }
}
