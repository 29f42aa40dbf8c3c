import Foundation
import TimelineEngine

extension LockScreenDaemon {
    // MARK: Saved state

    /// Shows the saved entries of widgets whose name, kind and family still match,
    /// marked stale until their providers answer. Missing, corrupt or foreign state is
    /// ignored with one warning.
    package func restoreState() async {
        guard let store else { return }
        let file: StateStore.File
        do {
            guard let loaded = try store.load() else { return }
            file = loaded
        } catch {
            logger.warning("\(error.description)")
            return
        }
        var restored = 0
        for (i, (widget, _, _)) in await engine.timelines().enumerated() {
            guard let saved = file.widgets[widget.name], saved.kind == widget.kind, saved.family == widget.family else { continue }
            let entries = saved.entries.compactMap { widget.instance.restore($0.date, $0.relevance, $0.data) }
            guard entries.count == saved.entries.count else {
                logger.warning("ignoring saved entries of widget '\(widget.name)': they no longer decode")
                continue
            }
            await engine.restore(i, entries: entries, policy: saved.policy)
            restored += 1
        }
        if restored > 0 { logger.info("restored the saved timelines of \(restored) widget(s) from \(store.path)") }
    }

    func saveState() async {
        guard let store else { return }
        var file = StateStore.File()
        for (widget, entries, policy) in await engine.timelines() {
            let saved = entries.compactMap { entry in entry.data.map { StateStore.SavedEntry(date: entry.date, relevance: entry.relevance, data: $0) } }
            guard !saved.isEmpty else { continue }
            file.widgets[widget.name] = StateStore.SavedWidget(kind: widget.kind, family: widget.family, policy: policy, entries: saved)
        }
        do {
            try store.save(file)
        } catch {
            logger.warning("\(error.description)")
        }
    }
}
