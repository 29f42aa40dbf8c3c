import Accessory
import Canvas
import DaemonInterface
import Foundation
@testable import LockScreen
import LockScreenModel  // for .referencePointSize, .scale
import Panel
import TestSupport
import Testing
import ZoneInfo

/// A slot drawn over its last drawing is drawn again only where the two trees paint
/// differently (`PlacedView.redrawBounds`, `Compositor.draw`), and leaves exactly the
/// pixels a whole redraw leaves.
@Suite struct BoundedRedrawTests {
    struct Entry: TimelineEntry {
        let date: Date
        let label: String
        let value: Int
        var turn: Double = 0
    }

    /// The entries' provider; the tests draw entries of their own.
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, label: "", value: 0) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [placeholder(in: context)], policy: .never))
        }
    }

    /// A label above a gauge; the label turned when `turn` is not zero.
    struct Meter: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "meter", provider: Provider()) { entry in
                VStack(spacing: 2) {
                    Text(entry.label).font(.system(size: 22, weight: .semibold)).rotationEffect(.degrees(entry.turn))
                    Gauge(value: Double(entry.value) / 100) { Text("M") } currentValueLabel: { Text("\(entry.value)") }
                        .gaugeStyle(.accessoryLinearCapacity)
                }
            }
            .supportedFamilies([.accessoryRectangular])
        }
    }

    /// A circular gauge of the style `value`'s thousands pick (a ring with a marker, a
    /// capacity ring, the same two with a gradient), showing `label` when there is one.
    struct Dial: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "dial", provider: Provider()) { entry in
                let gauge = Gauge(value: Double(entry.value % 1000) / 100) { Text("D") } currentValueLabel: {
                    Text(entry.label.isEmpty ? "\(entry.value % 1000)" : entry.label)
                }
                switch entry.value / 1000 {
                case 0: gauge.gaugeStyle(.accessoryCircular)
                case 1: gauge.gaugeStyle(.accessoryCircularCapacity)
                case 2: gauge.gaugeStyle(.accessoryCircular).tint(Gradient(colors: [.green, .red]))
                default: gauge.gaugeStyle(.accessoryCircularCapacity).tint(Gradient(colors: [.blue, .orange]))
                }
            }
            .supportedFamilies([.accessoryCircular])
        }
    }

    let renderer = LockScreenRenderer.preview(colorScheme: .dark, timeZone: .utc, width: 400, height: 240)
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func placed(_ label: String, _ value: Int, turn: Double = 0) throws -> PlacedView {
        let drawable = try #require(Meter().descriptors[0].draw(Entry(date: now, label: label, value: value, turn: turn)))
        return renderer.placeUnit(drawable, family: .accessoryRectangular, now: now)
    }

    var rect: Rect {
        let size = WidgetFamily.accessoryRectangular.referencePointSize
        return Rect(x: 20, y: 30, width: size.width * renderer.layout.scale, height: size.height * renderer.layout.scale)
    }

    func compositor() -> Compositor {
        let frames = FrameMailbox()
        frames.open()
        let display = MemoryDisplay(width: 400, height: 240, keepsHistory: false)
        return Compositor(display: display, damage: .serialPanel, frames: frames, blank: renderer.blankFrame())
    }

    /// `view` drawn whole on a blank frame.
    func whole(_ view: PlacedView) -> Frame {
        var frame = renderer.blankFrame()
        renderer.draw(view, in: rect, into: &frame)
        return frame
    }

    @Test func aChangedLabelIsDrawnAgainAloneAndTheFrameIsAWholeRedraws() throws {
        let compositor = compositor()
        compositor.draw(try placed("12:59", 40), in: rect, with: renderer)
        _ = try compositor.present(at: now, logger: quietLogger)
        let area = rect.integral
        // Labels that grow, shrink and move (centred), values up and down, alone and together.
        let steps: [(String, Int)] = [("13:00", 40), ("13:01", 40), ("9:41", 40), ("9:41", 41), ("9:41", 100), ("10:00", 0), ("W", 7), ("", 7), ("Ŵŷ ǅ", 99)]
        var last = ("12:59", 40)
        for (label, value) in steps {
            let next = try placed(label, value)
            compositor.draw(next, in: rect, with: renderer)
            let kept = compositor.before.map(\.area.area).reduce(0, +)
            // A new label alone is a line of the slot; a new value, the gauge's two thirds
            // (grown to the damage scan's 16-pixel tiles).
            if value == last.1, !label.isEmpty, !last.0.isEmpty {
                #expect(kept > 0 && kept < area.area / 2, "\(label): only the label's line is kept and drawn (\(kept) of \(area.area) pixels)")
            } else if label == last.0 {
                #expect(kept > 0 && kept < area.area * 7 / 8, "\(value): only the gauge is kept and drawn (\(kept) of \(area.area) pixels)")
            }
            last = (label, value)
            #expect(compositor.frame == whole(next), "\(label) \(value): the pixels of a whole redraw")
            _ = try compositor.present(at: now, logger: quietLogger)
        }
    }

    /// The dial of `style` showing each of `entries` (value, label) in turn, drawn over
    /// the one before: the frame is always a whole redraw's.
    func playDial(style: Int, _ entries: [(value: Int, label: String)]) throws {
        let rect = Rect(x: 30, y: 20, width: 160, height: 160)
        let compositor = compositor()
        for (step, entry) in entries.enumerated() {
            let drawable = try #require(Dial().descriptors[0].draw(Entry(date: now, label: entry.label, value: style * 1000 + entry.value)))
            let next = renderer.placeUnit(drawable, family: .accessoryCircular, now: now)
            compositor.draw(next, in: rect, with: renderer)
            var whole = renderer.blankFrame()
            renderer.draw(next, in: rect, into: &whole)
            #expect(compositor.frame == whole, "style \(style), step \(step), \(entry): the pixels of a whole redraw")
            _ = try compositor.present(at: now, logger: quietLogger)
        }
    }

    @Test(arguments: 0..<4) func aDialsMovedValueLeavesTheFrameAWholeRedraws(style: Int) throws {
        // Small steps, large ones, back, through the ends and a grid line of the arc's pieces.
        try playDial(style: style, [0, 1, 2, 3, 9, 10, 31, 30, 57, 100, 99, 0, 44, 45, 46, 12].map { ($0, "") })
    }

    @Test(arguments: 0..<2) func aLabelChangedInsideAStillRingLeavesTheFrameAWholeRedraws(style: Int) throws {
        // The label's box reaches into the ring: a clip through the ring's strokes would
        // leave some of their pixels a level apart.
        try playDial(style: style, ["40:00", "39:59", "39:58", "9:58", "W", "1:00:00", "39:57"].map { (37, $0) })
    }

    @Test func theChangedPartOfATreeBoundsWhatEitherPaintsThereAndNothingElse() throws {
        let a = try placed("12:59", 40), b = try placed("13:00", 40)
        #expect(a.redrawBounds(over: a) == .zero, "the same tree changes nothing")
        let label = try #require(b.redrawBounds(over: a))
        let gauge = try #require(try placed("12:59", 41).redrawBounds(over: a))
        #expect(label.maxY <= gauge.minY + 2, "the label and the gauge change apart: \(label) above \(gauge)")
        #expect(label.width < a.frame.width && gauge.height < a.frame.height)
    }

    @Test func aTurnedLabelIsDrawnAgainWhereItsTurnPutsIt() throws {
        let compositor = compositor()
        compositor.draw(try placed("12:59", 40, turn: 30), in: rect, with: renderer)
        _ = try compositor.present(at: now, logger: quietLogger)
        for (label, turn) in [("13:00", 30.0), ("13:00", -75), ("13:00", 180), ("1", 0)] {
            let next = try placed(label, 40, turn: turn)
            compositor.draw(next, in: rect, with: renderer)
            #expect(compositor.frame == whole(next), "\(label) turned \(turn)°: the pixels of a whole redraw")
            _ = try compositor.present(at: now, logger: quietLogger)
        }
    }

    @Test func aChangedPathIsDrawnWithTheWholeArea() throws {
        let line = { (x: Double) in
            PlacedView(frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .shape(ShapeDrawing(path: Path(rect: Rect(x: x, y: 0, width: 80, height: 4)), paint: .color(RGBA(white: 1)))))
        }
        let (a, b) = (line(0), line(30))
        #expect(b.redrawBounds(over: a) == nil, "a path may reach beyond its view's frame")
        #expect(a.redrawBounds(over: a) == nil, "nor can a box be sure to miss it")
        let compositor = compositor()
        compositor.draw(a, in: rect, with: renderer)
        _ = try compositor.present(at: now, logger: quietLogger)
        compositor.draw(b, in: rect, with: renderer)
        #expect(compositor.before.map(\.area) == [rect.integral])
        #expect(compositor.frame == whole(b))
    }
}
