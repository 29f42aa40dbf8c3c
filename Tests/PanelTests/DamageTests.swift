import Canvas
import Foundation
@testable import Panel
import PanelOptions
import Testing

@Suite("Damage")
struct DamageTests {
    let base = Frame(width: 200, height: 100)

    func changed(_ rects: [Rect]) -> Frame {
        var frame = base
        frame.draw { canvas in for r in rects { canvas.fill(r, color: .white) } }
        return frame
    }

    @Test("identical frames have no damage")
    func none() {
        #expect(Damage().rectangles(from: base, to: base).isEmpty)
    }

    @Test("one changed pixel is one 1×1 rectangle")
    func pixel() {
        #expect(Damage().rectangles(from: base, to: changed([Rect(x: 37, y: 51, width: 1, height: 1)])) == [PixelRect(x: 37, y: 51, width: 1, height: 1)])
    }

    /// Changes in touching 16-pixel tiles form one region; these are a clean tile apart.
    @Test("far-apart changes stay separate; near ones merge when that is cheaper")
    func merging() {
        let far = changed([Rect(x: 2, y: 2, width: 4, height: 4), Rect(x: 180, y: 90, width: 4, height: 4)])
        #expect(Damage(flushCost: 100).rectangles(from: base, to: far).count == 2)
        let near = changed([Rect(x: 2, y: 2, width: 4, height: 4), Rect(x: 40, y: 2, width: 4, height: 4)])
        let merged = Damage(flushCost: 4096).rectangles(from: base, to: near)
        #expect(merged == [PixelRect(x: 2, y: 2, width: 42, height: 4)])
        #expect(Damage(flushCost: 0).rectangles(from: base, to: near).count == 2)
    }

    @Test("damage is searched only inside the given regions")
    func regions() {
        let frame = changed([Rect(x: 2, y: 2, width: 4, height: 4), Rect(x: 180, y: 90, width: 4, height: 4)])
        let rects = Damage().rectangles(from: base, to: frame, within: [PixelRect(x: 150, y: 50, width: 50, height: 50)])
        #expect(rects == [PixelRect(x: 180, y: 90, width: 4, height: 4)])
    }

    @Test("crops taken before drawing find what the whole earlier frame finds", arguments: [Damage.pixelPanel, Damage.eink, Damage(alignment: 8)])
    func crops(damage: Damage) {
        var old = base
        old.draw { $0.fill(Rect(x: 20, y: 10, width: 50, height: 30), color: RGBA(white: 0.5)) }
        let areas = [PixelRect(x: 10, y: 5, width: 70, height: 50), PixelRect(x: 120, y: 40, width: 60, height: 45)]
        let before = areas.map { Damage.Before(crop: old.cropped(to: $0), at: $0) }
        var new = old
        new.draw { canvas in
            canvas.fill(Rect(x: 30, y: 20, width: 7, height: 9), color: .white)
            canvas.fill(Rect(x: 64.5, y: 50, width: 20, height: 3), color: .white)
            canvas.fillCircle(center: Point(x: 150, y: 60), radius: 9, color: .white)
        }
        let fromCrops = damage.rectangles(from: before, to: new)
        #expect(!fromCrops.isEmpty)
        #expect(fromCrops == damage.rectangles(from: old, to: new, within: areas))
        // A crop shows nothing changed where the new frame matches it.
        #expect(damage.rectangles(from: before, to: old).isEmpty)
    }

    @Test("a part grown to the area's tiles finds what the whole area finds", arguments: [Damage.pixelPanel, Damage.eink, Damage(alignment: 8), Damage.serialPanel])
    func tiledPart(damage: Damage) {
        let (old, new) = Self.glyphFrames()
        let area = PixelRect(x: 3, y: 7, width: 315, height: 190)
        // The box of the changed pixels, whose edges fall inside the area's tiles.
        var changed = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for y in 0..<200 {
            for x in 0..<320 where old.rgb(x: x, y: y) != new.rgb(x: x, y: y) { changed = changed.union(PixelRect(x: x, y: y, width: 1, height: 1)) }
        }
        let part = Damage.tiles(of: changed, in: area)
        #expect(part.area < area.area && part.intersection(changed) == changed)
        #expect((part.x - area.x) % 16 == 0 && (part.y - area.y) % 16 == 0, "the part starts on the area's tiles")
        let whole = damage.rectangles(from: [Damage.Before(crop: old.cropped(to: area), at: area)], to: new)
        #expect(damage.rectangles(from: [Damage.Before(crop: old.cropped(to: part), at: part)], to: new) == whole)
        #expect(Damage.tiles(of: area, in: area) == area)
    }

    @Test("glyph-like changes: every changed pixel is covered, no pixel is sent twice", arguments: [Damage.pixelPanel, Damage.eink, Damage(flushCost: 64), Damage.serialPanel])
    func glyphs(damage: Damage) {
        let (old, new) = Self.glyphFrames()
        let rects = damage.rectangles(from: old, to: new)
        for y in 0..<200 {
            for x in 0..<320 where old.rgb(x: x, y: y) != new.rgb(x: x, y: y) {
                #expect(rects.contains { $0.x <= x && x < $0.maxX && $0.y <= y && y < $0.maxY }, "(\(x), \(y)) is not sent")
            }
        }
        for i in rects.indices {
            for j in rects.indices where j > i {
                #expect(rects[i].intersection(rects[j]).isEmpty, "\(rects[i]) and \(rects[j]) overlap")
            }
        }
    }

    /// A ring and a bar become a bar, a diagonal stroke and a grey disc.
    static func glyphFrames() -> (Frame, Frame) {
        var old = Frame(width: 320, height: 200)
        old.draw { canvas in
            canvas.fillCircle(center: Point(x: 80, y: 100), radius: 60, color: .white)
            canvas.fillCircle(center: Point(x: 80, y: 100), radius: 35, color: .black)
            canvas.fill(Rect(x: 200, y: 30, width: 14, height: 140), color: .white)
        }
        var new = Frame(width: 320, height: 200)
        new.draw { canvas in
            canvas.fill(Rect(x: 40, y: 40, width: 90, height: 14), color: .white)
            canvas.strokeLine(from: Point(x: 130, y: 40), to: Point(x: 60, y: 170), lineWidth: 14, color: .white)
            canvas.fillCircle(center: Point(x: 240, y: 100), radius: 50, color: RGBA(white: 0.6))
        }
        return (old, new)
    }

    /// What a serial bus is charged for a set of rectangles: pixels and set-ups.
    static func cost(_ rects: [PixelRect], flushCost: Int) -> Int { rects.reduce(0) { $0 + $1.area + flushCost } }

    @Test("on a serial bus boxes are cut in bands: fewer pixels and a lower cost than the boxes alone, with the same cost per rectangle")
    func bands() {
        let (old, new) = Self.glyphFrames()
        let boxes = Damage(flushCost: 64).rectangles(from: old, to: new)
        let banded = Damage.serialPanel.rectangles(from: old, to: new)
        #expect(Damage.serialPanel.flushCost == 64)
        #expect(Self.cost(banded, flushCost: 64) < Self.cost(boxes, flushCost: 64))
        #expect(banded.reduce(0) { $0 + $1.area } < boxes.reduce(0) { $0 + $1.area } * 9 / 10)
        // An L: its two arms, not their common box.
        var l = base
        l.draw { canvas in
            canvas.fill(Rect(x: 10, y: 10, width: 8, height: 60), color: .white)
            canvas.fill(Rect(x: 10, y: 62, width: 60, height: 8), color: .white)
        }
        let arms = Damage.serialPanel.rectangles(from: base, to: l)
        #expect(arms.reduce(0) { $0 + $1.area } == 8 * 52 + 60 * 8)
    }

    @Test("alignment widens rectangles to whole bytes")
    func alignment() {
        let rects = Damage(alignment: 8).rectangles(from: base, to: changed([Rect(x: 9, y: 3, width: 2, height: 2)]))
        #expect(rects == [PixelRect(x: 8, y: 3, width: 8, height: 2)])
    }

    @Test("the rectangles cover every changed pixel and nothing is missed across tiles")
    func coverage() {
        let frame = changed([Rect(x: 14, y: 14, width: 5, height: 5), Rect(x: 100.5, y: 40.5, width: 30, height: 20)])
        let rects = Damage().rectangles(from: base, to: frame)
        for y in 0..<100 {
            for x in 0..<200 where frame.gray(x: x, y: y) != 0 {
                #expect(rects.contains { $0.x <= x && x < $0.maxX && $0.y <= y && y < $0.maxY })
            }
        }
    }

    /// Two 20×20 changes 40 pixels apart: one 80×20 box (1600 pixels) against two
    /// flushes of 400. A TFT sends two; an e-ink panel, where a flush costs more, one.
    @Test("the display decides what a flush costs: e-ink panels get fewer, larger rectangles")
    func perDisplay() {
        let pair = changed([Rect(x: 10, y: 10, width: 20, height: 20), Rect(x: 70, y: 10, width: 20, height: 20)])
        let device = MemoryPanelDevice(width: 200, height: 100, format: .rgb565)
        let tft = PanelDisplay(device: device)
        let eink = PanelDisplay(device: device, eink: EinkPolicy())
        #expect(tft.damage.rectangles(from: base, to: pair).count == 2)
        #expect(eink.damage.rectangles(from: base, to: pair) == [PixelRect(x: 10, y: 10, width: 80, height: 20)])
        let spi = MemoryPanelDevice(width: 200, height: 100, format: .rgb565)
        spi.onSerialBus = true
        #expect(PanelDisplay(device: spi).damage.bands && !tft.damage.bands && !eink.damage.bands)
    }

    @Test("merging remembers the pairs that do not merge and merges as trying every pair again would", arguments: [8, 64, 512, 4096])
    func mergesAsEveryPairTried(flushCost: Int) {
        let damage = Damage(flushCost: flushCost)
        var numbers = SeededNumbers(seed: UInt64(flushCost))
        func next(_ bound: Int) -> Int { Int(numbers.next()) % bound }
        for _ in 0..<60 {
            let boxes = (0..<(2 + next(40))).map { _ in PixelRect(x: next(300), y: next(200), width: 1 + next(40), height: 1 + next(30)) }
            #expect(damage.merged(boxes) == Self.mergedTryingEveryPair(boxes, flushCost: flushCost))
        }
    }

    /// The merge as first written: after each merge, every pair from the start again.
    static func mergedTryingEveryPair(_ input: [PixelRect], flushCost: Int) -> [PixelRect] {
        var rects = input
        func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect? {
            let (x0, y0) = (min(a.x, b.x), min(a.y, b.y))
            let u = PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
            let overlap = a.intersection(b).area
            return overlap > 0 || u.area < a.area + b.area - overlap + flushCost ? u : nil
        }
        var merging = true
        while merging {
            merging = false
            search: for i in rects.indices {
                for j in rects.indices where j > i {
                    if let u = union(rects[i], rects[j]) {
                        rects[i] = u
                        rects.remove(at: j)
                        merging = true
                        break search
                    }
                }
            }
        }
        return rects.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
