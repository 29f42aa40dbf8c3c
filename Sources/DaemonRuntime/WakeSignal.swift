import FoundationEssentials

/// Lets the daemon sleep until a deadline or until something happens sooner (a late
/// provider answer, a reload request, a signal), without polling: one timer task per wait.
package actor WakeSignal {
    private var pending = false
    private var waiter: CheckedContinuation<Void, Never>?

    package init() {}

    /// Wakes the current wait, or the next one if none is in progress.
    package func signal() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            pending = true
        }
    }

    /// Returns at `deadline` on `clock`, when signalled, or when the task is cancelled.
    package func wait(until deadline: Date, on clock: any DaemonClock) async {
        if pending {
            pending = false
            return
        }
        let timer = Task(executorPreference: DaemonExecutor.preferred) {
            try? await clock.sleep(until: deadline)
            await self.signal()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiter = $0 }
        } onCancel: {
            Task(executorPreference: DaemonExecutor.preferred) { await self.signal() }
        }
        timer.cancel()
        pending = false
    }
}
