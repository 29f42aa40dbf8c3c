import Canvas
import Testing
@testable import Panel

/// The band cut's search skips starts that cannot win; these check it against trying
/// every partition of the lines into bands.
@Suite("Damage bands")
struct DamageBandsTests {
    static func frames(width: Int, height: Int, seed: UInt64, sparsity: UInt64) -> (Damage.Before, Frame) {
        Damage.Before.seeded(width: width, height: height, format: .gray8, seed: seed, sparsity: sparsity)
    }

    /// The least cost of cutting `lines` (each its changed extent, nil when unchanged)
    /// into bands, by trying every partition.
    static func cheapestByTrial(_ lines: [Range<Int>?], flushCost: Int) -> Int {
        let n = lines.count
        var best = Int.max
        for cuts in 0..<(1 << (n - 1)) {
            var total = 0, start = 0
            for end in 1...n where end == n || cuts & (1 << (end - 1)) != 0 {
                let changed = (start..<end).filter { lines[$0] != nil }
                if let first = changed.first, let last = changed.last {
                    let lo = changed.map { lines[$0]!.lowerBound }.min()!, hi = changed.map { lines[$0]!.upperBound }.max()!
                    total += (hi - lo) * (last - first + 1) + flushCost
                }
                start = end
            }
            best = min(best, total)
        }
        return best
    }

    @Test("a cut across rows or columns costs the least of every partition into bands", arguments: [8, 64, 512])
    func cheapest(flushCost: Int) {
        let damage = Damage(flushCost: flushCost, bands: true)
        for seed in 1...40 {
            let (width, height) = (5 + Int(seed % 7), 4 + Int(seed % 6))
            let (old, new) = Self.frames(width: width, height: height, seed: UInt64(seed), sparsity: 2 + UInt64(seed % 5))
            let mask = Damage.ChangeMask(old, new, new.bounds)
            for rows in [true, false] {
                let cut = damage.cheapestCut(mask, new.bounds, rows: rows)
                let lines = rows ? (0..<height).map { mask.row($0, in: 0..<width) } : (0..<width).map { mask.column($0, in: 0..<height) }
                #expect(damage.cost(of: cut) == Self.cheapestByTrial(lines, flushCost: flushCost), "seed \(seed), rows \(rows)")
                // Every changed pixel is inside a band.
                for y in 0..<height {
                    for x in 0..<width where mask.isChanged(x: x, y: y) {
                        #expect(cut.contains { $0.intersection(PixelRect(x: x, y: y, width: 1, height: 1)).area == 1 })
                    }
                }
            }
        }
    }

    @Test("a line's changed extent, an area's count and box, read 64 pixels at a time, are those pixel by pixel")
    func extents() {
        // Wider and taller than two words of bits, so that spans start, end and cross
        // inside and at the edges of words.
        let (width, height) = (150, 131)
        for (seed, sparsity) in [(7, 3), (8, 40), (9, 400)] as [(UInt64, UInt64)] {
            let (old, new) = Self.frames(width: width, height: height, seed: seed, sparsity: sparsity)
            let mask = Damage.ChangeMask(old, new, new.bounds)
            func changed(_ x: Int, _ y: Int) -> Bool {
                old.pixels.pixels[y * old.pixels.bytesPerRow + x] != new.pixels[y * new.bytesPerRow + x]
            }
            for area in [new.bounds, PixelRect(x: 63, y: 1, width: 2, height: 9), PixelRect(x: 1, y: 60, width: 127, height: 71), PixelRect(x: 64, y: 64, width: 64, height: 3)] {
                let inside = area.y..<area.maxY, across = area.x..<area.maxX
                #expect(mask.count(in: area) == inside.reduce(0) { n, y in n + across.filter { changed($0, y) }.count })
                let rows = inside.filter { y in across.contains { changed($0, y) } }
                let columns = across.filter { x in inside.contains { changed(x, $0) } }
                let bounds = mask.bounds(of: area)
                if let top = rows.first, let bottom = rows.last, let left = columns.first, let right = columns.last {
                    #expect(bounds == PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
                } else {
                    #expect(bounds.isEmpty)
                }
            }
            func expected(_ span: Range<Int>, _ isChanged: (Int) -> Bool) -> Range<Int>? {
                guard let first = span.first(where: isChanged), let last = span.last(where: isChanged) else { return nil }
                return first..<(last + 1)
            }
            let spans = [0..<150, 0..<64, 63..<65, 64..<128, 1..<63, 70..<131, 127..<129, 5..<5, 100..<150, 128..<131]
            for span in spans where span.upperBound <= width {
                for y in 0..<height {
                    #expect(mask.row(y, in: span) == expected(span) { changed($0, y) }, "row \(y), \(span)")
                }
            }
            for span in spans where span.upperBound <= height {
                for x in 0..<width {
                    #expect(mask.column(x, in: span) == expected(span) { changed(x, $0) }, "column \(x), \(span)")
                }
            }
        }
    }
}
