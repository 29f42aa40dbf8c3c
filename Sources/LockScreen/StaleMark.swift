
/// How a widget whose provider is failing (or whose entries were restored from disk and
/// not yet refreshed) is marked, so a frozen number is not mistaken for a live one.
package enum StaleMark: String, Sendable, CaseIterable, Codable {
    /// A small dot at the widget's top-right corner.
    case dot
    /// The widget drawn at half opacity.
    case dim
    /// No mark.
    case none
}
