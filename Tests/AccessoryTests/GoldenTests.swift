import Canvas
import Foundation
import Testing
import TestSupport
@testable import Accessory
@testable import SwiftUICore
import Gauge

/// Pictures of each family, each gauge style and the placeholder look, compared with the
/// PNGs in Golden/. Re-record with `LOCKSCREEND_RECORD_GOLDEN=1 swift test`.
@Suite("Golden images")
struct AccessoryGoldenTests {
    let golden = Golden()
    let level = LevelEntry(date: testNow, level: 72)

    @Test("each family of a tutorial widget", arguments: WidgetFamily.accessoryFamilies)
    func families(family: WidgetFamily) throws {
        let entry = level
        let placed = place(family) { LevelView(entry: entry) }
        try golden.check(draw(placed), named: "family-\(family.rawValue)")
    }

    static let styles: [(String, GaugeKindName)] = [
        ("accessoryCircular", AccessoryCircularGaugeStyle()._kind), ("accessoryCircularCapacity", AccessoryCircularCapacityGaugeStyle()._kind),
        ("accessoryLinear", AccessoryLinearGaugeStyle()._kind), ("accessoryLinearCapacity", AccessoryLinearCapacityGaugeStyle()._kind),
        ("linearCapacity", LinearCapacityGaugeStyle()._kind),
    ]

    @Test("each gauge style", arguments: 0..<5)
    func gaugeStyles(index: Int) throws {
        let (name, kind) = Self.styles[index]
        let circular = kind.kind.isCircular
        let placed = place(circular ? .accessoryCircular : .accessoryRectangular, environment: { $0.gaugeKind = kind.kind }) {
            Gauge(value: 0.35) {
                Text("Label")
            } currentValueLabel: {
                Text("35")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("100")
            }
        }
        try golden.check(draw(placed), named: "gauge-\(name)")
    }

    @Test("a gradient tint on the open ring")
    func gradient() throws {
        let placed = place(.accessoryCircular, environment: { $0.widgetRenderingMode = .fullColor }) {
            Gauge(value: 0.8) { Text("UV") } currentValueLabel: { Text("8") }
                .gaugeStyle(.accessoryCircular)
                .tint(Gradient(colors: [.green, .yellow, .orange, .red]))
        }
        try golden.check(draw(placed), named: "gauge-gradient")
    }

    @Test("the placeholder look: text and images as rounded bars")
    func placeholder() throws {
        let entry = level
        let placed = place(.accessoryRectangular, environment: { $0.redactionReasons = [.placeholder] }) {
            HStack {
                Image(systemName: "drop.fill")
                LevelView(entry: entry)
            }
        }
        try golden.check(draw(placed), named: "placeholder-rectangular")
    }

    @Test("the light appearance, for e-paper")
    func light() throws {
        let entry = level
        let placed = place(.accessoryRectangular, environment: { $0.colorScheme = .light }) { LevelView(entry: entry) }
        var frame = Frame(width: 480, height: 216, fill: 255)
        placed.draw(into: &frame, at: .zero, scale: 3)
        try golden.check(frame.grayscale(), named: "light-rectangular")
    }
}
