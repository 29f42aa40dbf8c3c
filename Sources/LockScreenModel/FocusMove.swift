/// How keys move the focus among a page's controls.
package enum FocusMove: Sendable, Equatable {
    case next, previous, activate
}
