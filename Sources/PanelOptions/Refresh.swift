/// Whether a presentation flashes the whole panel (e-ink "full") or updates in place.
package enum Refresh: String, Sendable, Codable {
    case full, partial
}
