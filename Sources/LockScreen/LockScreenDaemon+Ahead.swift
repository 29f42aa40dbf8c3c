import FoundationEssentials
import LockScreenModel  // for .photo
import TimelineEngine

extension LockScreenDaemon {
    /// Lays out and draws, once a frame is up, what the step at `next` will draw: the
    /// slots due then, with the entries the timelines show then (the clock's next minute,
    /// a countdown's next second, a gauge's next value), laid out into `ahead` and drawn
    /// into the frame (`Compositor.drawAhead`). The step at `next` takes them as they are
    /// when nothing they depend on changed in between, so its frame is up sooner: the
    /// same work, done while the panel waits instead of while it is due, in the wake-up
    /// that drew, never one of its own. Anything else drawn or presented first puts back
    /// what the panel shows (`forgetAhead`). The loop calls it after each step (not with
    /// `--once`), the benchmark as the loop does.
    package func layOutAhead(for next: Date) async {
        forgetAhead()
        guard content.page != .photo else { return }
        let reading = await engine.reading(at: next)
        // A copy: a stack that turns at `next` turns in the step then, not here.
        var scheduler = self.scheduler
        let shown = scheduler.choose(reading, now: next)
        let widgets = shown.map(\.shown)
        let band = self.band
        let slots = renderer.slots(of: content, page: content.page, home: currentHome(), shown: shown.count, band: band)
        ahead.start(at: next)
        for slot in slots where activityKey(for: slot, band: band) == nil {
            let key = key(of: slot, shown: shown)
            guard scheduler.isDue(slot.id, key: key, now: next) else { continue }
            let placed = renderer.place(slot, content: content, shown: widgets, now: next, staleMark: staleMark)
            ahead.keep(placed, for: slot, key: key)
            compositor.drawAhead(placed, in: slot.rect, with: renderer, scale: slot.scale, fullColor: slot.fullColor || slot.id == .band)
        }
    }

    /// What `slot` shows, as the scheduler keeps it: the stack's widget and entry with
    /// its controls' state, or the clock; the activities have keys of their own.
    func key(of slot: PageSlot, shown: [(shown: TimelineEngine.Shown, key: String)]) -> String {
        slot.widget.map { shown[$0].key + controls.key(stack: $0) } ?? (slot.id == .clock ? "clock" : "-")
    }
}

extension LockScreenDaemon {
    /// Forgets the slots laid out ahead, and puts back what the panel shows where any was
    /// drawn ahead: before anything else is drawn or presented.
    func forgetAhead() {
        ahead.clear()
        compositor.takeBackAhead()
    }
}
