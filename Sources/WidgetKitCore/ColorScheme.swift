/// The light or dark appearance: which way round ink and background are.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable, Codable {
    /// Light content on a dark background, as the iPhone lock screen.
    case dark
    /// Dark content on a light background, as e-paper.
    case light
}
