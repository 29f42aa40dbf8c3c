extension LockScreenDaemon {
    /// Shows the saved timelines of widgets that still match, marked stale until their
    /// providers answer (`run()` does this first).
    package func restoreState() async {
        await state.restore(into: engine)
    }
}
