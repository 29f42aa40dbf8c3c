import Glibc
import Canvas

/// Finds the pixels that changed between two frames as a few tight rectangles.
///
/// The frame is scanned in 16×16 tiles; touching dirty tiles form regions, each shrunk
/// to the exact box of its changed pixels. Two boxes are then merged only when sending
/// the merged box costs less than sending both, each send costing its pixels plus a
/// fixed `flushCost` (the per-call overhead of an ioctl or an SPI transaction).
package struct Damage: Sendable {
    package var flushCost: Int
    /// Rectangles are widened to multiples of this many pixels horizontally (8 for
    /// 1-bit panels and EPDCs, which address whole bytes).
    package var alignment: Int

    /// For panels written pixel by pixel (screens scanned out from memory, framebuffers,
    /// and fbtft's SPI panels, which send whole rows whatever the rectangles): a pixel is
    /// a memory write, one more rectangle a DirtyFB call and an atomic commit, about what
    /// 512 more pixels cost (docs/PERFORMANCE.md).
    package static let pixelPanel = Damage(flushCost: 512)
    /// For panels on a serial bus that send each rectangle on its own (SPI TFTs behind a
    /// DRM MIPI-DBI driver: one DirtyFB, one window, one transfer), where
    /// the bus is the bottleneck: a pixel is 2 bytes on it, a rectangle's window set-up
    /// (column and row address, memory write) 11 bytes more, and the call that starts it
    /// about what 50 more pixels take (25 µs on a Pi-class core; an estimate, not measured
    /// on a device), so 64 pixels a rectangle, and boxes are cut in bands
    /// (docs/PERFORMANCE.md).
    package static let serialPanel = Damage(flushCost: 64, bands: true)
    /// For e-ink: every rectangle is an update of its own through the controller's
    /// waveform pass, so fewer and larger ones.
    package static let eink = Damage(flushCost: 4096)

    /// Whether each changed box is also cut into bands of rows and columns where that
    /// costs less (`banded`): fewer pixels for more CPU, worth it where pixels cost the most.
    package var bands: Bool

    package init(flushCost: Int = 4096, alignment: Int = 1, bands: Bool = false) {
        self.flushCost = flushCost
        self.alignment = max(1, alignment)
        self.bands = bands
    }

    static let tile = 16

    /// `part` of `area` grown outward to the tiles a scan of all `area` reads: damage
    /// found over it is the damage found over all `area` when nothing outside `part`
    /// changed, the same rectangles to the pixel.
    package static func tiles(of part: PixelRect, in area: PixelRect) -> PixelRect {
        let x0 = area.x + (part.x - area.x) / tile * tile, y0 = area.y + (part.y - area.y) / tile * tile
        let x1 = area.x + (part.maxX - area.x + tile - 1) / tile * tile, y1 = area.y + (part.maxY - area.y + tile - 1) / tile * tile
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(area)
    }

    /// What was shown over part of a frame before it was drawn over: `pixels`, whose
    /// top-left pixel sits at (`x`, `y`) in the frame, compared with the frame over `area`.
    /// A crop taken before drawing, or a whole earlier frame at (0, 0).
    package struct Before: Sendable {
        package var area: PixelRect
        package var pixels: Frame
        package var x: Int
        package var y: Int

        /// `pixels`' bytes per pixel, kept: damage asks for it on every row it reads.
        let bytesPerPixel: Int

        /// `pixels` cropped from the frame at `area`, before drawing into it.
        package init(crop pixels: Frame, at area: PixelRect) {
            (self.area, self.pixels, x, y) = (area, pixels, area.x, area.y)
            bytesPerPixel = pixels.format.bytesPerPixel
        }

        package init(area: PixelRect, frame: Frame) {
            (self.area, pixels, x, y) = (area, frame, 0, 0)
            bytesPerPixel = frame.format.bytesPerPixel
        }

        /// What the panel showed in `rect` before `frame` was drawn over it: `frame`, with
        /// each of `before` put back where it was kept.
        package static func shown(in rect: PixelRect, of frame: Frame, before: [Before]) -> Frame {
            let area = rect.intersection(frame.bounds)
            var shown = frame.cropped(to: area)
            for old in before {
                shown.place(old.pixels, atX: old.x - area.x, y: old.y - area.y, within: old.area.offsetBy(x: -area.x, y: -area.y))
            }
            return shown
        }

        /// Where pixel (x, y) of the frame is in `pixels`, in bytes.
        func offset(x: Int, y: Int) -> Int {
            (y - self.y) * pixels.bytesPerRow + (x - self.x) * bytesPerPixel
        }
    }

    /// The changed rectangles, searched only inside `regions` when given.
    package func rectangles(from old: Frame, to new: Frame, within regions: [PixelRect]? = nil) -> [PixelRect] {
        precondition(old.width == new.width && old.height == new.height && old.format == new.format, "frames differ in shape")
        return rectangles(from: (regions ?? [new.bounds]).map { Before(area: $0, frame: old) }, to: new)
    }

    /// The changed rectangles of `new` against what was there before each drawing.
    package func rectangles(from before: [Before], to new: Frame) -> [PixelRect] {
        var memory = CutMemory()
        return rectangles(from: before, to: new, memory: &memory)
    }

    /// The changed rectangles of `new` against what was there before each drawing, the
    /// band cuts of changes seen before taken from `memory`: a display's compositor keeps
    /// one.
    package func rectangles(from before: [Before], to new: Frame, memory: inout CutMemory) -> [PixelRect] {
        var found: [PixelRect] = []
        for old in before {
            precondition(old.pixels.format == new.format, "frames differ in format")
            let clipped = old.area.intersection(new.bounds).intersection(PixelRect(x: old.x, y: old.y, width: old.pixels.width, height: old.pixels.height))
            guard !clipped.isEmpty else { continue }
            found += regionsOfChange(old, new, in: clipped, memory: &memory)
        }
        return merged(found.map(align))
    }

    /// What sending `rects` costs in the model: their pixels and a `flushCost` each.
    func cost(of rects: [PixelRect]) -> Int {
        rects.reduce(0) { $0 + $1.area + flushCost }
    }

    private func align(_ r: PixelRect) -> PixelRect {
        guard alignment > 1 else { return r }
        let x0 = r.x / alignment * alignment
        let x1 = (r.maxX + alignment - 1) / alignment * alignment
        return PixelRect(x: x0, y: r.y, width: x1 - x0, height: r.height)
    }

    /// Merges boxes while a merge is cheaper than two sends: the first pair in order that
    /// merges, then the search again from the start, until no pair does. A pair found not
    /// to merge is not tried again while neither box changes (`tried`, by the boxes' first
    /// places), and the search starts again at the merged box, before which only pairs
    /// with it are untried: the merges are those of trying every pair again, at a
    /// fraction of the trials.
    package func merged(_ input: [PixelRect]) -> [PixelRect] {
        var rects = input.filter { !$0.isEmpty }
        // The boxes still in play, each by its first place.
        var ids = Array(rects.indices)
        var tried = PairSet(count: rects.count)
        // Rows of the search before `first` hold no untried pair but those with the box
        // at `first`.
        var first = 0
        /// Whether the boxes at `i` and `j` merge; a pair that does not is remembered.
        func merges(_ i: Int, _ j: Int) -> PixelRect? {
            guard !tried.contains(ids[i], ids[j]) else { return nil }
            guard let union = mergeable(rects[ids[i]], rects[ids[j]]) else {
                tried.insert(ids[i], ids[j])
                return nil
            }
            return union
        }
        while true {
            var found: (i: Int, j: Int, union: PixelRect)?
            for a in 0..<first {
                if let union = merges(a, first) {
                    found = (a, first, union)
                    break
                }
            }
            if found == nil {
                search: for i in first..<ids.count {
                    for j in (i + 1)..<ids.count {
                        if let union = merges(i, j) {
                            found = (i, j, union)
                            break search
                        }
                    }
                }
            }
            guard let (i, j, union) = found else { break }
            rects[ids[i]] = union
            tried.removeAll(with: ids[i])
            ids.remove(at: j)
            first = i
        }
        return ids.map { rects[$0] }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The union of `a` and `b` when sending it costs less than sending both, or when they
    /// overlap (no pixel is sent twice); nil otherwise. In plain arithmetic: the search
    /// above tries many pairs.
    @inline(__always)
    private func mergeable(_ a: PixelRect, _ b: PixelRect) -> PixelRect? {
        let (ax1, ay1, bx1, by1) = (a.x + a.width, a.y + a.height, b.x + b.width, b.y + b.height)
        let (ux, uy, uw, uh) = (min(a.x, b.x), min(a.y, b.y), max(ax1, bx1) - min(a.x, b.x), max(ay1, by1) - min(a.y, b.y))
        let (iw, ih) = (min(ax1, bx1) - max(a.x, b.x), min(ay1, by1) - max(a.y, b.y))
        let overlap = iw > 0 && ih > 0 ? iw * ih : 0
        guard overlap > 0 || uw * uh < a.width * a.height + b.width * b.height - overlap + flushCost else { return nil }
        return PixelRect(x: ux, y: uy, width: uw, height: uh)
    }

    private func regionsOfChange(_ old: Before, _ new: Frame, in area: PixelRect, memory: inout CutMemory) -> [PixelRect] {
        let t = Self.tile
        let cols = (area.width + t - 1) / t, rows = (area.height + t - 1) / t
        var dirty = [Bool](repeating: false, count: cols * rows)
        // One comparison per row of the area first: bands of tiles whose rows are all
        // equal are skipped without looking at their tiles.
        let bandChanged = (0..<rows).map { ty in
            Self.differs(old, new, in: PixelRect(x: area.x, y: area.y + ty * t, width: area.width, height: t).intersection(area))
        }
        for ty in 0..<rows where bandChanged[ty] {
            for tx in 0..<cols {
                let r = PixelRect(x: area.x + tx * t, y: area.y + ty * t, width: t, height: t).intersection(area)
                dirty[ty * cols + tx] = Self.differs(old, new, in: r)
            }
        }
        // Connected groups of dirty tiles (4-neighbour), each as a tile bounding box.
        var seen = [Bool](repeating: false, count: dirty.count)
        var boxes: [PixelRect] = []
        for start in dirty.indices where dirty[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var (minX, minY, maxX, maxY) = (cols, rows, -1, -1)
            while let i = stack.popLast() {
                let (x, y) = (i % cols, i / cols)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                func visit(_ n: Int) {
                    if dirty[n] && !seen[n] {
                        seen[n] = true
                        stack.append(n)
                    }
                }
                if x > 0 { visit(i - 1) }
                if x + 1 < cols { visit(i + 1) }
                if y > 0 { visit(i - cols) }
                if y + 1 < rows { visit(i + cols) }
            }
            let box = PixelRect(x: area.x + minX * t, y: area.y + minY * t, width: (maxX - minX + 1) * t, height: (maxY - minY + 1) * t).intersection(area)
            if bands {
                // Halving and band cuts read one mask of the box's changes, not its pixels.
                let mask = ChangeMask(old, new, box)
                let tightened = { (r: PixelRect) in mask.bounds(of: r.offsetBy(x: -box.x, y: -box.y)).offsetBy(x: box.x, y: box.y) }
                for part in refined(tightened(box), tightened: tightened) { boxes += banded(part, of: mask, at: box, memory: &memory) }
            } else {
                let tightened = { (r: PixelRect) in Self.tightened(old, new, r) }
                boxes += refined(tightened(box), tightened: tightened)
            }
        }
        return boxes
    }

    /// `box` cut in two along its longer side, each half tightened, for as long as
    /// sending the halves costs less than sending the whole: a changed glyph's box holds
    /// more unchanged pixels than its strokes, and halves often shed them.
    private func refined(_ box: PixelRect, tightened: (PixelRect) -> PixelRect) -> [PixelRect] {
        guard !box.isEmpty, box.width >= 2 * Self.tile || box.height >= 2 * Self.tile else { return [box] }
        let halves: [PixelRect]
        if box.width >= box.height {
            let w = box.width / 2
            halves = [PixelRect(x: box.x, y: box.y, width: w, height: box.height), PixelRect(x: box.x + w, y: box.y, width: box.width - w, height: box.height)]
        } else {
            let h = box.height / 2
            halves = [PixelRect(x: box.x, y: box.y, width: box.width, height: h), PixelRect(x: box.x, y: box.y + h, width: box.width, height: box.height - h)]
        }
        let parts = halves.map(tightened).filter { !$0.isEmpty }
        guard cost(of: parts) < cost(of: [box]) else { return [box] }
        return parts.flatMap { refined($0, tightened: tightened) }
    }

    /// The colour of the pixel at byte `offset` of a frame of `bpp`-byte pixels: XRGB's X
    /// byte is not part of it; a grey frame's pixel is one byte.
    @inline(__always)
    static func value(_ p: UnsafeRawBufferPointer, _ offset: Int, _ bpp: Int) -> UInt32 {
        bpp == 4 ? p.loadUnaligned(fromByteOffset: offset, as: UInt32.self) & 0x00FF_FFFF : UInt32(p[offset])
    }

    /// True when any pixel in `r` differs.
    static func differs(_ a: Before, _ b: Frame, in r: PixelRect) -> Bool {
        let bpp = b.format.bytesPerPixel
        return a.pixels.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                for y in r.y..<r.maxY where memcmp(pa.baseAddress! + a.offset(x: r.x, y: y), pb.baseAddress! + y * b.bytesPerRow + r.x * bpp, r.width * bpp) != 0 {
                    return true
                }
                return false
            }
        }
    }

    /// The exact box of the differing pixels inside `r`: rows that are equal are
    /// skipped whole, and a row that differs is searched from both ends.
    static func tightened(_ a: Before, _ b: Frame, _ r: PixelRect) -> PixelRect {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        let (bpp, x0, x1) = (a.bytesPerPixel, r.x, r.maxX)
        a.pixels.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                func value(_ p: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 { Damage.value(p, offset, bpp) }
                for y in r.y..<r.maxY {
                    let rowA = a.offset(x: 0, y: y), rowB = y * b.bytesPerRow
                    guard memcmp(pa.baseAddress! + (rowA + x0 * bpp), pb.baseAddress! + (rowB + x0 * bpp), (x1 - x0) * bpp) != 0 else { continue }
                    var left = x0
                    while left < x1, value(pa, rowA + left * bpp) == value(pb, rowB + left * bpp) { left += 1 }
                    guard left < x1 else { continue }
                    var right = x1 - 1
                    while value(pa, rowA + right * bpp) == value(pb, rowB + right * bpp) { right -= 1 }
                    (minX, minY, maxX, maxY) = (min(minX, left), min(minY, y), max(maxX, right), max(maxY, y))
                }
            }
        }
        guard maxX >= 0 else { return PixelRect(x: r.x, y: r.y, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
