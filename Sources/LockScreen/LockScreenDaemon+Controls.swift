import AppIntentsCore
import Accessory
import Canvas
import DaemonRuntime
import FoundationEssentials
import LockScreenModel
import Logging
import Providers
import TimelineEngine
import ProviderOptions

extension LockScreenDaemon {
    /// A control of the page as drawn.
    typealias PageControl = PresentedPage.Control

    /// The controls of the page shown, in reading order, as the last step drew them.
    func pageControls() -> [PageControl] { presented.controls }

    /// What the last step kept of `slot`, just drawn as `placed`: the widget's own tap
    /// (a placeholder's too: a porch light must switch exactly when its state is
    /// unknown) and, unless it is a placeholder, its views' controls clipped to the slot.
    func presentedSlot(_ slot: PageSlot, placed: PlacedView, showsActivities: Bool = false) -> PresentedPage.Slot {
        var kept = PresentedPage.Slot(id: slot.id, rect: slot.rect, stack: slot.widget)
        // Live Activities: their words, and their own buttons (`Button(intent:)`, iOS 17),
        // which belong to no widget's stack.
        if showsActivities {
            kept.said = placed
            kept.controls = renderer.controls(of: placed, in: slot, stack: PresentedPage.activities)
            return kept
        }
        guard let stack = slot.widget, stack < lastShown.count else { return kept }
        if let name = stackName(stack), let tap = content.taps[name] {
            kept.widgetTap = PageControl(stack: stack, control: PlacedControl(action: tapAction(tap, widget: name)), frame: slot.rect)
        }
        if !lastShown[stack].isPlaceholder {
            kept.controls = renderer.controls(of: placed, in: slot, stack: stack)
            // The date line draws the date with the inline widget: its words are laid out alone.
            if slot.id != .dateLine { kept.said = placed }
        }
        return kept
    }

    /// A tap at (x, y) on the panel's pixels: performs the control there, if any, on the
    /// page as drawn (nothing is laid out again).
    func tap(x: Double, y: Double, now: Date) {
        guard let hit = presented.control(at: Point(x: x, y: y)) else {
            return logger.debug("a tap at \(CFormat.string("%g", x)),\(CFormat.string("%g", y)) found no control")
        }
        activate(hit, now: now)
    }

    /// Moves the focus among the page's controls, or performs the focused one.
    func moveFocus(_ move: FocusMove, now: Date) {
        let controls = pageControls()
        guard !controls.isEmpty else { return logger.info("no control on this page to focus") }
        let current = controls.firstIndex { $0.control.action.id == self.controls.focused?.id }
        switch move {
        case .activate:
            guard let current else { return logger.info("no control has the focus: press focus-next first") }
            activate(controls[current], now: now)
        case .next, .previous:
            let step = move == .next ? 1 : -1
            let index = current.map { ($0 + step + controls.count) % controls.count } ?? (move == .next ? 0 : controls.count - 1)
            let focus = controls[index]
            self.controls.focused = (focus.control.action.id, focus.stack)
        }
    }

    /// Shows the control pressed and runs its intent, bounded in time, then reloads the
    /// widget's kind, as WidgetKit does after an intent.
    func activate(_ hit: PageControl, now: Date) {
        var action = hit.control.action
        if let url = action.url {
            guard let tap = content.action(forURL: url) else {
                return logger.notice("a tap opened \(url), which [urls] does not map to an action")
            }
            action = tapAction(tap, widget: hit.stack >= 0 ? stackName(hit.stack) ?? "" : "", url: url)
        }
        let key = hit.stack >= 0 && hit.stack < lastShown.count ? lastShown[hit.stack].key : ""
        guard controls.press(hit.control, stack: hit.stack, key: key) else {
            return logger.notice("'\(action.title)' is still running (or \(ControlState.maxRunning) intents are): the tap is left out")
        }
        logger.info("tap: performing '\(action.title)'")
        // An activity's button reloads no widget: its intent updates the activity itself.
        let kind = hit.stack >= 0 ? stackKind(hit.stack) : nil
        let inbox = self.inbox
        let clock = self.clock
        let logger = self.logger
        Task(executorPreference: DaemonExecutor.preferred) {
            let failed = await LockScreenDaemon.perform(action, timeout: ControlState.performTimeout, clock: clock, logger: logger)
            inbox.send(.performed(control: action.id, kind: kind, failed: failed))
        }
    }

    /// Runs the `[urls]` action of an address widget code opened (`openURL` in an intent).
    func open(_ url: String) {
        guard let tap = content.action(forURL: url) else { return logger.notice("an intent opened \(url), which [urls] does not map to an action") }
        let action = tapAction(tap, widget: "", url: url)
        logger.info("an intent opened \(url): performing '\(action.title)'")
        let (clock, logger) = (self.clock, self.logger)
        Task(executorPreference: DaemonExecutor.preferred) { _ = await LockScreenDaemon.perform(action, timeout: ControlState.performTimeout, clock: clock, logger: logger) }
    }

    /// Runs an intent; true when it threw or ran past `timeout` (it is then left to
    /// finish on its own: an intent is code in this process and cannot be killed). Each
    /// end is logged as what it was: a failure as its error, a time-out as a time-out.
    static func perform(_ action: ControlAction, timeout: TimeInterval, clock: any DaemonClock, logger: Logger) async -> Bool {
        enum End: Sendable { case returned, failed(String), timedOut, cancelled }
        let deadline = clock.now().addingTimeInterval(timeout)
        let end = await withTaskGroup(of: End.self) { group in
            group.addTask {
                do {
                    try await action.perform()
                    return .returned
                } catch {
                    return .failed("\(error)")
                }
            }
            group.addTask {
                try? await clock.sleep(until: deadline)
                return Task.isCancelled ? .cancelled : .timedOut
            }
            var first = End.cancelled
            for await end in group {
                if case .cancelled = end { continue }
                first = end
                break
            }
            group.cancelAll()
            return first
        }
        switch end {
        case .returned: return false
        case let .failed(reason): logger.warning("'\(action.title)' failed: \(reason)")
        case .timedOut: logger.warning("'\(action.title)' did not return within \(CFormat.string("%g", timeout)) s")
        case .cancelled: break
        }
        return true
    }

    /// An intent has returned: the widget's kind is asked for new timelines (an
    /// activity's button has none to ask), and a failed toggle shows its own state again.
    func performed(control id: String, kind: String?, failed: Bool, now: Date) async {
        controls.performed(id, failed: failed, now: now)
        if let kind { await engine.requestReload(kind: kind) }
    }

    /// Drops tapped states that a new entry or the time settled.
    func settleControls(keys: [String], now: Date) {
        controls.settle(keys: keys, now: now)
        if let focused = controls.focused, focused.stack >= keys.count { controls.focused = nil }
    }

    /// What a tap on a whole widget performs.
    func tapAction(_ tap: WidgetTap, widget: String, url: String? = nil) -> ControlAction {
        let inbox = self.inbox
        let id = url.map { "url:" + $0 } ?? "tap:\(widget)"
        switch tap {
        case let .command(arguments):
            return ControlAction(id: id, title: "\(widget): \(arguments[0])") {
                var runner = CommandRunner(arguments: arguments)
                runner.timeout = ControlState.performTimeout
                runner.environment["LOCKSCREEND_WIDGET"] = widget
                if let url { runner.environment["LOCKSCREEND_URL"] = url }
                _ = try await runner.run()
            }
        case let .page(page):
            return ControlAction(id: id, title: "\(widget): page") { inbox.send(.showPage(page)) }
        case .reload:
            return ControlAction(id: id, title: "\(widget): reload") {}
        case let .http(request):
            return ControlAction(id: id, title: "\(widget): \(request.method) \(request.url.host ?? "")") { try await request.send() }
        case let .publish(message):
            let outbox = self.outbox
            return ControlAction(id: id, title: "\(widget): publish on \(message.topic)") {
                try outbox.publish(topic: message.topic, payload: message.payload, qos: message.qos, retain: message.retain)
            }
        case let .service(call):
            return ControlAction(id: id, title: "\(widget): \(call.domain).\(call.service)") { try await call.call() }
        }
    }

    /// The name of the widget a stack shows now.
    func stackName(_ stack: Int) -> String? { shownWidget(stack: stack, in: content.stacks.flatMap(\.widgets))?.name }

    /// The kind of the widget a stack shows now.
    func stackKind(_ stack: Int) -> String? { shownWidget(stack: stack, in: content.stacks.flatMap(\.widgets))?.kind }

    /// The widget a stack shows now, among `widgets` (the stacks' widgets in the engine's order).
    func shownWidget(stack: Int, in widgets: [TimelineEngine.Widget]) -> TimelineEngine.Widget? {
        let index = scheduler.shownIndex(stack: stack)
        return index < widgets.count ? widgets[index] : nil
    }
}
