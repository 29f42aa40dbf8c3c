import FoundationEssentials

/// An `mqtt` widget: the newest payload on its topic, read as JSON (or as text when it
/// is not JSON, `$` being the whole of it), made into an entry by its template.
package struct MQTTWidgetSource: Sendable, Equatable {
    package var name: String
    package var filter: MQTTTopicFilter
    package var template: EntryTemplate
    /// Marked stale when no message came for this long; nil never.
    package var staleAfter: TimeInterval?

    package init(name: String, filter: MQTTTopicFilter, template: EntryTemplate) {
        self.name = name
        self.filter = filter
        self.template = template
    }
}
