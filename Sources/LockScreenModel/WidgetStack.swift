import FoundationEssentials
import ProviderOptions
import WidgetKitCore

/// The widgets of one place on the lock screen: one widget, or a Smart Stack of several
/// of the same family, of which the most relevant is shown (TimelineEngine's
/// `StackRotation` chooses). Holds the configuration's specifications or the engine's
/// running widgets alike.
package struct WidgetStack<Widget: PlacedWidget>: Sendable {
    package var widgets: [Widget]
    /// Rotate to the next widget this often when no entry claims relevance; nil to stay.
    package var rotation: TimeInterval?

    @inlinable package init(_ widgets: [Widget], rotation: TimeInterval? = nil) {
        self.widgets = widgets
        self.rotation = rotation
    }

    @inlinable package var family: WidgetFamily { widgets.first?.family ?? .accessoryCircular }

    /// The same place holding each widget made into another form; nil when none could be.
    @inlinable package func map<Other>(_ transform: (Widget) throws -> Other?) rethrows -> WidgetStack<Other>? {
        let made = try widgets.compactMap(transform)
        return made.isEmpty ? nil : WidgetStack<Other>(made, rotation: rotation)
    }
}

extension WidgetStack: Equatable where Widget: Equatable {}
