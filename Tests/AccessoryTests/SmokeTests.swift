import Testing
import Foundation
import Canvas
@testable import Accessory

struct SmokeEntry: TimelineEntry { let date: Date; let value: Double }

@Test func smokeRender() throws {
    let entry = RenderableEntry(date: .now) {
        Gauge(value: 0.62) { Text("CPU 😀") } currentValueLabel: { Text("62") }
            .gaugeStyle(.accessoryCircular)
    }
    var env = EnvironmentValues()
    env.widgetFamily = .accessoryCircular
    let placed = entry.place(size: Size(width: 72, height: 72), environment: env)
    print(placed.debugDump())
    var frame = Frame(width: 288, height: 288)
    placed.draw(into: &frame, at: .zero, scale: 4)
    try frame.writePNG(to: "/tmp/smoke.png")
}
