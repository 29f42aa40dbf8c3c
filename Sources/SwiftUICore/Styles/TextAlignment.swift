/// How the lines of multi-line text line up with each other.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}
