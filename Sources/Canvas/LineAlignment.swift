/// How the lines of a multi-line text line up with each other.
package enum LineAlignment: Sendable, Hashable {
    case leading, center, trailing
}
