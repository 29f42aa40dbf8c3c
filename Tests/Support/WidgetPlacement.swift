import Accessory
import Canvas
import FoundationEssentials

/// The environment a widget of `family` is drawn in by the tests: pinned fonts, UTC, `now`.
package func testEnvironment(_ family: WidgetFamily, now: Date = testNow) -> EnvironmentValues {
    TestFonts.pin()
    var env = EnvironmentValues()
    env.widgetFamily = family
    env.now = now
    env.timeZone = TimeZone(identifier: "UTC")!
    return env
}

/// Lays out `view` as a widget of `family` at its lock-screen size (or `size`).
package func place<V: View>(_ family: WidgetFamily, size: Size? = nil, now: Date = testNow, environment: ((inout EnvironmentValues) -> Void)? = nil, @ViewBuilder _ view: @escaping @Sendable () -> V) -> PlacedView {
    var env = testEnvironment(family, now: now)
    environment?(&env)
    let (w, h) = family.referenceSize
    return RenderableEntry(date: now, view: view).place(size: size ?? Size(width: w, height: h), environment: env)
}

/// Draws a placed widget at `scale` pixels per point on black.
package func draw(_ placed: PlacedView, scale: Double = 3) -> Frame {
    var frame = Frame(width: Int(placed.frame.width * scale), height: Int(placed.frame.height * scale))
    placed.draw(into: &frame, at: .zero, scale: scale)
    return frame
}

extension PlacedView {
    /// Every placed view in the tree, depth first.
    package var all: [PlacedView] { [self] + children.flatMap(\.all) }

    /// The first view whose text is `text`.
    package func find(_ text: String) -> PlacedView? {
        all.first { if case let .text(layout, _) = $0.content { return layout.text == text } else { return false } }
    }
}
