import Config
import ControlProtocol
import FoundationEssentials
import JSON
import Providers
import TimelineEngine
import ZoneInfo

extension TimelineEngine {
    /// Every widget as `lockscreenctl status` shows it.
    package func report(at now: Date) -> [WidgetStatus] {
        widgets.enumerated().map { i, widget in
            let status = status(i, at: now), shown = shown(i, at: now)
            return WidgetStatus(
                name: widget.name, kind: widget.kind, family: widget.family.rawValue,
                shown: shown.isPlaceholder ? "placeholder" : ISO8601.format(shown.entry.date), stale: status.isStale,
                providerCalls: status.providerCalls, failures: status.failures, lastError: status.lastError,
                nextReload: status.nextReload.map { ISO8601.format($0) }, budgetLeft: status.budgetLeft)
        }
    }
}
