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

/// A slot whose new entry is placed exactly as its area shows it is not drawn again
/// (`Compositor.draw`): the frame holds it already.
@Suite struct UnchangedDrawingTests {
    struct Entry: TimelineEntry {
        let date: Date
        let value: Int
    }

    struct Battery: Widget {
        struct Provider: TimelineProvider {
            func placeholder(in context: Context) -> Entry { Entry(date: context.date, value: 0) }
            func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(placeholder(in: context)) }
            func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
                completion(Timeline(entries: [placeholder(in: context)], policy: .never))
            }
        }

        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "battery", provider: Provider()) { entry in
                Gauge(value: Double(entry.value) / 100) { Text("BAT") } currentValueLabel: { Text("\(entry.value)") }
                    .gaugeStyle(.accessoryCircularCapacity)
            }
            .supportedFamilies([.accessoryCircular])
        }
    }

    let renderer = LockScreenRenderer.preview(colorScheme: .dark, timeZone: .utc, width: 400, height: 240)

    func placed(_ value: Int, minute: Int) throws -> PlacedView {
        let now = Date(timeIntervalSince1970: 1_800_000_000 + Double(minute) * 60)
        let drawable = try #require(Battery().descriptors[0].draw(Entry(date: now, value: value)))
        return renderer.placeUnit(drawable, family: .accessoryCircular, now: now)
    }

    func compositor() -> (Compositor, FrameMailbox) {
        let frames = FrameMailbox()
        frames.open()
        let display = MemoryDisplay(width: 400, height: 240, keepsHistory: false)
        return (Compositor(display: display, damage: .serialPanel, frames: frames, blank: renderer.blankFrame()), frames)
    }

    var rect: Rect {
        let size = WidgetFamily.accessoryCircular.referencePointSize
        return Rect(x: 40, y: 30, width: size.width * renderer.layout.scale, height: size.height * renderer.layout.scale)
    }

    @Test func theSameValueAgainIsNotDrawnAndAnotherIs() throws {
        let (compositor, frames) = compositor()
        compositor.draw(try placed(81, minute: 0), in: rect, with: renderer)
        #expect(try compositor.present(at: Date(), logger: quietLogger))

        // A new entry (another date) showing the same value: nothing drawn, nothing sent.
        compositor.draw(try placed(81, minute: 5), in: rect, with: renderer)
        #expect(compositor.unchangedDrawings == 1)
        #expect(compositor.before.isEmpty, "nothing was kept to compare: nothing was drawn")
        #expect(try compositor.present(at: Date(), logger: quietLogger) == false)

        // Another value is drawn, and the panel shows what a whole redraw makes.
        let next = try placed(82, minute: 10)
        compositor.draw(next, in: rect, with: renderer)
        #expect(compositor.unchangedDrawings == 1)
        #expect(try compositor.present(at: Date(), logger: quietLogger))
        var whole = renderer.blankFrame()
        renderer.draw(next, in: rect, into: &whole)
        let (drawn, shown) = (compositor.frame == whole, frames.latest == whole)
        #expect(drawn && shown)
    }

    @Test func anAreaIsDrawnAgainWhenItsFrameStartsAgainOrItsSettingsDiffer() throws {
        let (compositor, _) = compositor()
        let view = try placed(50, minute: 0)
        compositor.draw(view, in: rect, with: renderer)
        compositor.restart(on: renderer.blankFrame())
        compositor.draw(view, in: rect, with: renderer)
        #expect(compositor.unchangedDrawings == 0, "a blank frame does not hold the drawing")

        compositor.draw(view, in: rect, with: renderer, scale: renderer.layout.scale * 1.5)
        var light = renderer
        light.face.colorScheme = .light
        compositor.draw(view, in: rect, with: light, scale: renderer.layout.scale * 1.5)
        compositor.draw(view, in: rect, with: light, scale: renderer.layout.scale * 1.5, fullColor: true)
        #expect(compositor.unchangedDrawings == 0, "another scale, background or colour mode draws other pixels")
    }

    @Test func aPictureIsAlwaysDrawn() throws {
        // A picture is diffused over the panel's inks, which the drawing does not hold.
        let (compositor, _) = compositor()
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/home-250x122-light.png").path
        let bitmap = try Bitmap(contentsOfPNG: png)
        let picture = PlacedView(frame: Rect(x: 0, y: 0, width: 20, height: 20), content: .bitmap(bitmap, template: nil))
        compositor.draw(picture, in: rect, with: renderer)
        compositor.draw(picture, in: rect, with: renderer)
        #expect(compositor.unchangedDrawings == 0)
    }
}
