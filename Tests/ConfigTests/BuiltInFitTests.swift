import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore
@testable import Canvas
@testable import Providers
import ZoneInfo
import TestSupport
@testable import Config

/// What each built-in kind draws stays inside its widget in every family it supports:
/// no line runs off the top or bottom, as a headline and three lines once did.
@Suite("Built-in kinds fit their families")
struct BuiltInFitTests {
    static let kinds = WidgetRegistry.standard(systemRoot: fixtureRoot).descriptors.keys.sorted()

    @Test("every row of text inside the widget, placeholder and snapshot alike", arguments: kinds)
    func fits(kind: String) async throws {
        let descriptor = try #require(WidgetRegistry.standard(systemRoot: fixtureRoot).descriptors[kind])
        let instance = try descriptor.instantiate([:])
        for family in descriptor.supportedFamilies where family != .accessoryInline {
            let (w, h) = family.referenceSize
            let context = TimelineProviderContext(family: family, displaySize: CGSize(width: w, height: h), date: testNow)
            for entry in [instance.placeholder(context), await instance.snapshot(context)] {
                var env = EnvironmentValues()
                env.widgetFamily = family
                env.now = testNow
                env.zone = .utc
                let placed = entry.place(size: Size(width: w, height: h), environment: env)
                func check(_ view: PlacedView) {
                    if case let .text(layout, _) = view.content {
                        let (top, bottom) = (view.frame.minY, view.frame.maxY)
                        #expect(top >= -0.5 && bottom <= h + 0.5, "\(kind) \(family.rawValue): '\(layout.text)' at \(top)…\(bottom) of \(h)")
                    }
                    view.children.forEach(check)
                }
                check(placed)
            }
        }
    }
}
