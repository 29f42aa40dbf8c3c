import ControlProtocol
import FoundationEssentials
import JSON
import TimelineEngine
import ZoneInfo
import Accessory  // for .date, .data

extension TimelineEngine {
    /// Every widget as `lockscreenctl status` shows it.
    package func report(at now: Date) -> [WidgetStatus] {
        widgets.enumerated().map { i, widget in
            let status = status(i, at: now), shown = shown(i, at: now)
            var report = WidgetStatus(
                name: widget.name, kind: widget.kind, family: widget.family.rawValue,
                shown: shown.isPlaceholder ? "placeholder" : ISO8601.format(shown.entry.date), stale: status.isStale,
                providerCalls: status.providerCalls, failures: status.failures, lastError: status.lastError,
                nextReload: status.nextReload.map { ISO8601.format($0) }, budgetLeft: status.budgetLeft)
            // Entries given as JSON keep it: their content says what they show.
            if !shown.isPlaceholder, let data = shown.entry.data, case let .object(entry)? = JSONValue.parse(data) {
                // A picture says where it came from: its file, address or camera.
                report.text = entry["content"].flatMap(Self.summary) ?? entry["source"]?.stringValue
            }
            return report
        }
    }

    /// An entry's words on one line: emoji, text (or the gauge's text, or its value), lines.
    static func summary(of content: JSONValue) -> String? {
        guard case let .object(entry) = content else { return nil }
        var gauge: String?
        if case let .object(g)? = entry["gauge"] {
            gauge = g["text"]?.stringValue ?? g["value"]?.numberValue.map(\.plainText)
        }
        var parts = [entry["emoji"]?.stringValue, entry["text"]?.stringValue ?? gauge].compactMap { $0 }
        if case let .array(lines)? = entry["lines"] { parts += lines.compactMap(\.stringValue) }
        return parts.isEmpty ? nil : String(parts.joined(separator: " ").prefix(500))
    }
}
