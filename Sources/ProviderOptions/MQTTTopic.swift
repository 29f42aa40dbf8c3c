/// MQTT topic filters: `+` stands for one level, a final `#` for any number (none too).
package struct MQTTTopicFilter: Sendable, Hashable, CustomStringConvertible {
    package let levels: [Substring]
    package let description: String

    /// nil when the filter breaks the rules: a `#` not last, a wildcard inside a level,
    /// an empty filter, or over 65,535 bytes.
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 65_535, !text.contains("\0") else { return nil }
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        for (i, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || i != levels.count - 1) { return nil }
            if level.contains("+") && level != "+" { return nil }
        }
        self.levels = levels
        description = text
    }

    /// Whether `text` is a topic one can publish on and start others with: a valid topic
    /// without wildcards or a trailing `/` (a display's prefix, a statestream's base).
    package static func isPlainTopic(_ text: String) -> Bool {
        MQTTTopicFilter(text) != nil && !text.contains("+") && !text.contains("#") && !text.hasSuffix("/")
    }

    /// Whether `topic` (a concrete topic, no wildcards) matches. Topics starting with `$`
    /// are never matched by a leading wildcard, as the standard says.
    package func matches(_ topic: String) -> Bool {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        if topic.hasPrefix("$"), let first = levels.first, first == "+" || first == "#" { return false }
        for (i, level) in levels.enumerated() {
            if level == "#" { return true }
            guard i < parts.count else { return false }
            if level != "+" && level != parts[i] { return false }
        }
        return parts.count == levels.count
    }
}
