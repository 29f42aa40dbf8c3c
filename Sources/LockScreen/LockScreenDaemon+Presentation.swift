import Accessory
import Canvas
import Foundation
import Panel
import ZoneInfo

extension LockScreenDaemon {
    /// Marks the panel as no longer live: the date line becomes "Offline since 14:05",
    /// sent as one partial update. For e-ink, which keeps its last picture after the
    /// daemon is gone; call after `run()` returned.
    package func presentOffline(at now: Date) throws(DisplayError) {
        guard panelInSync, let rect = renderer.rect(of: .dateLine, rowFamilies: rowFamilies) else { return }
        let zone = renderer.timeZone
        let placed = RenderableEntry(date: now) {
            HStack(spacing: 6) {
                Image(systemName: "power_settings_new")
                Text("Offline since \(now, style: .time)")
            }
            .font(.system(size: 16, weight: .semibold))
            .environment(\.zone, zone)
        }.place(size: Size(width: rect.width / renderer.layout.scale, height: rect.height / renderer.layout.scale), environment: renderer.environment(family: .accessoryRectangular, now: now))
        keepShown(rect.integral)
        renderer.draw(placed, in: rect, into: &frame)
        let rects = damage.rectangles(from: before, to: frame)
        guard !rects.isEmpty else { return }
        try outOfSyncOnFailure { () throws(DisplayError) in try display.present(frame, damage: rects, refresh: .partial, at: now) }
        remember(rects)
    }

    /// Records that the panel now shows `frame`. The mailbox keeps a frame of its own,
    /// updated by the sent rectangles: were it to share `frame`, the next drawing into it
    /// would copy the whole screen first.
    func remember(_ sent: [PixelRect]) {
        panelInSync = true
        before.removeAll()
        frames.update(sent, from: frame)
        presentations += 1
    }

    /// Keeps what the panel shows in `area` before drawing there, unless it is kept already.
    func keepShown(_ area: PixelRect) {
        let area = area.intersection(frame.bounds)
        guard panelInSync, !area.isEmpty, !before.contains(where: { $0.area.intersection(area) == area }) else { return }
        before.append(Damage.Before(crop: frame.cropped(to: area), at: area))
    }

    /// Runs a presentation; if it fails, what the panel shows is unknown, so the next one
    /// sends the whole frame.
    func outOfSyncOnFailure<T>(_ body: () throws(DisplayError) -> T) throws(DisplayError) -> T {
        do {
            return try body()
        } catch {
            panelInSync = false
            before.removeAll()
            throw error
        }
    }
}
