/// Whether the screen is lit, as `lockscreenctl status`, the web page and Home
/// Assistant's switch show it (`[display] off`, docs/DISPLAYS.md).
package struct ScreenStatus: Codable, Sendable, Equatable {
    /// True while lit.
    package var on: Bool
    /// Why: "always" (no schedule), "schedule", "switch" (someone switched it), "woken"
    /// (a tap or key on a dark screen).
    package var cause: String
    /// When that next changes by itself, ISO 8601; nil for never.
    package var until: String?

    package init(on: Bool, cause: String, until: String?) {
        (self.on, self.cause, self.until) = (on, cause, until)
    }

    /// A screen nothing has darkened.
    package static let lit = ScreenStatus(on: true, cause: "always", until: nil)

    /// "on", or "off (schedule) until 2026-11-28T07:00:00Z".
    package var summary: String {
        "\(on ? "on" : "off")\(cause == "always" ? "" : " (\(cause))")\(until.map { " until \($0)" } ?? "")"
    }
}
