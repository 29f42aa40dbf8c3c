import Accessory
import Canvas
import FoundationEssentials
import LockScreenModel  // for .dateLine
import Panel
import PanelOptions  // for .partial

extension LockScreenDaemon {
    /// Marks the panel as no longer live: the date line becomes "Offline since 14:05",
    /// sent as one partial update. For e-ink, which keeps its last picture after the
    /// daemon is gone; call after `run()` returned.
    package func presentOffline(at now: Date) throws(DisplayError) {
        guard screenLit, compositor.panelInSync, content.page == .lock, let rect = renderer.rect(of: .dateLine, rowFamilies: rowFamilies) else { return }
        // The next minute drawn ahead is not what the panel keeps.
        forgetAhead()
        let zone = renderer.timeZone
        let placed = RenderableEntry(date: now) {
            HStack(spacing: 6) {
                Image(systemName: "power_settings_new")
                Text("Offline since \(now, style: .time)")
            }
            .font(.system(size: 16, weight: .semibold))
            .environment(\.zone, zone)
        }.place(size: Size(width: rect.width / renderer.layout.scale, height: rect.height / renderer.layout.scale), environment: renderer.environment(family: .accessoryRectangular, now: now))
        compositor.draw(placed, in: rect, with: renderer)
        let rects = compositor.damage.rectangles(from: compositor.before, to: compositor.frame)
        guard !rects.isEmpty else { return }
        try compositor.send(rects, refresh: .partial, at: now)
    }
}
