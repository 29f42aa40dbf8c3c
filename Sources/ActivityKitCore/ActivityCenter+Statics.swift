/// The one place ActivityKit's statics are declared (`Activity.request`, `.activities`
/// and an activity's `update` and `end` reach the process's center through them), as
/// WidgetHost+Statics.swift is for WidgetKit's: the process's host holds this same center.
extension ActivityCenter {
    /// The process's center: its running daemon reads the operations widget code
    /// submits here, and publishes what runs. A daemon given a host of its own (a test's,
    /// the bench's) has a center of its own and never sees these.
    package static let process = ActivityCenter()

    /// Where ActivityKit's statics go.
    package static var shared: ActivityCenter { process }
}
