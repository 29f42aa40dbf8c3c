import Foundation

/// ISO 8601 timestamps as the command line and frame logs use them.
package enum ISO8601 {
    /// "2026-11-22T14:05:00Z", with fractional seconds only when present.
    package static func format(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = whole == date.timeIntervalSince1970 ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Parses "2026-11-22T14:04:57Z", with an offset ("+01:00") or fractional seconds.
    package static func parse(_ text: String) -> Date? {
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
