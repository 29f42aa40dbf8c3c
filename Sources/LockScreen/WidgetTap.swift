import FoundationEssentials

/// What a tap anywhere on a widget does (`[widgets.NAME.tap]`), for widgets of any kind
/// and language: a control of the widget's own views, where it has one, wins.
package enum WidgetTap: Sendable, Equatable {
    /// A program with its arguments, ended with its process group after 30 s; it gets
    /// the widget's name in `LOCKSCREEND_WIDGET`.
    case command([String])
    /// A page; nil for the next.
    case page(LockScreenContent.Page?)
    /// The widget's kind asked for new timelines (after every tap anyway).
    case reload
}
