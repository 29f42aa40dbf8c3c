import Canvas
import Glibc

extension Damage {
    /// `box` cut into bands of rows, and each band into runs of columns, each as tight
    /// as its changed pixels, where that costs less than the whole: for each axis the
    /// cheapest cut, found by trying every band's end for every start. `mask` holds the
    /// changes of `region`, which holds `box`.
    ///
    /// A cut found before for the same changes is taken from `memory`.
    func banded(_ box: PixelRect, of mask: ChangeMask, at region: PixelRect, memory: inout CutMemory) -> [PixelRect] {
        guard box.width > 1, box.height > 1 else { return [box] }
        let area = box.offsetBy(x: -region.x, y: -region.y)
        let key = CutMemory.Key(width: area.width, height: area.height, bits: mask.bits(of: area))
        return memory.cut(key) {
            // Mostly changed: no cut can save a rectangle's cost.
            guard mask.count(in: area) * 10 < box.area * 9 else { return [PixelRect(x: 0, y: 0, width: box.width, height: box.height)] }
            // Rows first suits a glyph's horizontal strokes, columns first its vertical
            // ones: both are tried, and the cheaper kept.
            let cuts = [true, false].map { guillotine(mask, area, rows: $0, depth: Self.cutDepth) }
            let cheaper = cost(of: cuts[0]) <= cost(of: cuts[1]) ? cuts[0] : cuts[1]
            return cheaper.map { $0.offsetBy(x: -area.x, y: -area.y) }
        }.map { $0.offsetBy(x: box.x, y: box.y) }
    }

    /// How many times a box is cut, across rows and columns in turn.
    static let cutDepth = 3

    /// `area` cut across `rows` (else columns), then each band across the other way, and
    /// so on `depth` times: a band of a digit's bowl is cut again where its sides part.
    /// `area` is the box of its changes (as every band is).
    func guillotine(_ mask: ChangeMask, _ area: PixelRect, rows: Bool, depth: Int) -> [PixelRect] {
        // Two rectangles cost at least two flushes and two pixels, more than this box and
        // its one flush: no cut of it can win.
        guard area.area > flushCost + 1 else { return [area] }
        let parts = cheapestCut(mask, area, rows: rows)
        guard depth > 1 else { return parts }
        return parts.flatMap { guillotine(mask, $0, rows: !rows, depth: depth - 1) }
    }

    /// `area` of `mask` cut across `rows` (else columns) into bands, each its changes' box.
    /// Neighbouring lines with the same extent go together, so a cut is tried only where
    /// the extent changes.
    func cheapestCut(_ mask: ChangeMask, _ area: PixelRect, rows: Bool) -> [PixelRect] {
        let n = rows ? area.height : area.width
        // Called for every band of every cut: its working memory is taken for the call
        // (on the stack where it fits) instead of four arrays.
        return withUnsafeTemporaryAllocation(of: Run.self, capacity: n + 1) { runs in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { scratch in
                cheapestCut(mask, area, rows: rows, runs: runs, scratch: scratch)
            }
        }
    }

    /// `cheapestCut` in the memory given: `runs` for n + 1 runs, `scratch` for three
    /// arrays of n + 1 costs.
    private func cheapestCut(
        _ mask: ChangeMask, _ area: PixelRect, rows: Bool, runs: UnsafeMutableBufferPointer<Run>, scratch: UnsafeMutableBufferPointer<Int>
    ) -> [PixelRect] {
        let n = rows ? area.height : area.width
        let span = rows ? area.x..<area.maxX : area.y..<area.maxY
        // Runs of lines with one extent, and after them where the last one ends.
        var count = 0
        for line in 0..<n {
            let extent = rows ? mask.row(area.y + line, in: span) : mask.column(area.x + line, in: span)
            let (low, high) = (extent?.lowerBound ?? 0, extent?.upperBound ?? -1)
            if count == 0 || runs[count - 1].low != low || runs[count - 1].high != high {
                runs.initializeElement(at: count, to: Run(start: line, low: low, high: high))
                count += 1
            }
        }
        runs.initializeElement(at: count, to: Run(start: n, low: 0, high: -1))
        // best[i]: the least cost of the first i runs, cut[i]: where its last band starts;
        // tight[i]: the first i runs' changed extents, one rectangle per line, which no cut
        // sends less of (best[i] >= tight[i]).
        let best = UnsafeMutableBufferPointer(rebasing: scratch[0..<(count + 1)])
        let cut = UnsafeMutableBufferPointer(rebasing: scratch[(n + 1)..<(n + count + 2)])
        let tight = UnsafeMutableBufferPointer(rebasing: scratch[(2 * n + 2)..<(2 * n + count + 3)])
        (best[0], tight[0], cut[0]) = (0, 0, 0)
        for run in 0..<count { tight[run + 1] = tight[run] + runs[run].area(until: runs[run + 1].start) }
        let flushCost = self.flushCost
        for i in 1..<(count + 1) {
            var (lo, hi, first, last) = (Int.max, -1, -1, -1)
            var (least, from) = (Int.max, 0)
            var j = i - 1
            while j >= 0 {
                if runs[j].high >= 0 {
                    (lo, hi) = (min(lo, runs[j].low), max(hi, runs[j].high))
                    if last < 0 { last = runs[j + 1].start - 1 }
                    first = runs[j].start
                }
                let cost = last < 0 ? 0 : (hi &- lo) &* (last &- first &+ 1) &+ flushCost
                if best[j] &+ cost < least { (least, from) = (best[j] &+ cost, j) }
                // Starting one run earlier adds at least that run's extent to the
                // band, which tight[j] loses: once the band and the least that
                // could come before it cost the best, no earlier start beats it.
                if tight[j] &+ cost >= least { break }
                j -= 1
            }
            (best[i], cut[i]) = (least, from)
        }
        var found: [PixelRect] = []
        var i = count
        while i > 0 {
            let j = cut[i]
            var (lo, hi, from, to) = (Int.max, -1, -1, -1)
            for k in j..<i where runs[k].high >= 0 {
                (lo, hi) = (min(lo, runs[k].low), max(hi, runs[k].high))
                if from < 0 { from = runs[k].start }
                to = runs[k + 1].start
            }
            if from >= 0 {
                found.append(rows ? PixelRect(x: lo, y: area.y + from, width: hi - lo, height: to - from)
                                  : PixelRect(x: area.x + from, y: lo, width: to - from, height: hi - lo))
            }
            i = j
        }
        return found
    }

    /// Neighbouring lines of a box whose changes have one extent: from line `start`, the
    /// changes span `low..<high` across them (`high` < 0: none changed).
    struct Run {
        var start: Int
        var low: Int
        var high: Int

        /// The extent's pixels over the lines from `start` to `end`.
        func area(until end: Int) -> Int {
            high >= 0 ? (high - low) * (end - start) : 0
        }
    }
}
