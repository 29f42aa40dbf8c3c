import Canvas
import Glibc

extension Damage {
    /// Which pixels of a box changed, as bits, from the box's corner: each row's bits and
    /// each column's, so that a line's changed extent within a span is found 64 pixels at
    /// a time (the band cuts ask for every line of every band they try).
    struct ChangeMask {
        /// Row y's pixel x is bit x % 64 of word y × `rowWords` + x / 64.
        private let rows: [UInt64]
        /// Column x's pixel y is bit y % 64 of word x × `columnWords` + y / 64.
        private let columns: [UInt64]
        private let rowWords: Int
        private let columnWords: Int

        init(_ a: Before, _ b: Frame, _ r: PixelRect) {
            let (rowWords, columnWords) = ((r.width + 63) >> 6, (r.height + 63) >> 6)
            (self.rowWords, self.columnWords) = (rowWords, columnWords)
            var rows = [UInt64](repeating: 0, count: rowWords * r.height)
            var columns = [UInt64](repeating: 0, count: columnWords * r.width)
            let bpp = a.bytesPerPixel
            a.pixels.pixels.withUnsafeBytes { pa in
                b.pixels.withUnsafeBytes { pb in
                    rows.withUnsafeMutableBufferPointer { rows in
                        columns.withUnsafeMutableBufferPointer { columns in
                            for y in 0..<r.height {
                                let rowA = a.offset(x: r.x, y: r.y + y), rowB = (r.y + y) * b.bytesPerRow + r.x * bpp
                                guard memcmp(pa.baseAddress! + rowA, pb.baseAddress! + rowB, r.width * bpp) != 0 else { continue }
                                let (rowBit, columnBit) = (UInt64(1) &<< UInt64(y & 63), y >> 6)
                                func mark(_ x: Int) {
                                    rows[y * rowWords + x >> 6] |= UInt64(1) &<< UInt64(x & 63)
                                    columns[x * columnWords + columnBit] |= rowBit
                                }
                                var x = 0
                                if bpp == 4 {
                                    // Two pixels a load: most of a changed row is unchanged,
                                    // and is passed over eight bytes at a time.
                                    let colour: UInt64 = 0x00FF_FFFF_00FF_FFFF
                                    while x + 2 <= r.width {
                                        let offset = x &* 4
                                        let d = (pa.loadUnaligned(fromByteOffset: rowA &+ offset, as: UInt64.self)
                                            ^ pb.loadUnaligned(fromByteOffset: rowB &+ offset, as: UInt64.self)) & colour
                                        if d != 0 {
                                            if d & 0xFFFF_FFFF != 0 { mark(x) }
                                            if d >> 32 != 0 { mark(x + 1) }
                                        }
                                        x += 2
                                    }
                                }
                                while x < r.width {
                                    if Damage.value(pa, rowA + x * bpp, bpp) != Damage.value(pb, rowB + x * bpp, bpp) { mark(x) }
                                    x += 1
                                }
                            }
                        }
                    }
                }
            }
            (self.rows, self.columns) = (rows, columns)
        }

        /// Whether pixel (`x`, `y`) of the box changed.
        func isChanged(x: Int, y: Int) -> Bool {
            rows[y * rowWords + x >> 6] &>> UInt64(x & 63) & 1 != 0
        }

        /// How many pixels of `area` changed.
        func count(in area: PixelRect) -> Int {
            guard !area.isEmpty else { return 0 }
            let (firstWord, lastWord) = (area.x >> 6, (area.maxX - 1) >> 6)
            let (head, tail) = Self.wordMasks(of: area.x..<area.maxX)
            return rows.withUnsafeBufferPointer { rows in
                var count = 0
                for y in area.y..<area.maxY {
                    for w in firstWord...lastWord {
                        var word = rows[y * rowWords + w]
                        if w == firstWord { word &= head }
                        if w == lastWord { word &= tail }
                        count += word.nonzeroBitCount
                    }
                }
                return count
            }
        }

        /// The box of the changed pixels of `area`; empty, at `area`'s corner, when none did.
        func bounds(of area: PixelRect) -> PixelRect {
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in area.y..<area.maxY {
                guard let extent = row(y, in: area.x..<area.maxX) else { continue }
                (minX, maxX) = (min(minX, extent.lowerBound), max(maxX, extent.upperBound))
                if minY == .max { minY = y }
                maxY = y
            }
            guard maxY >= 0 else { return PixelRect(x: area.x, y: area.y, width: 0, height: 0) }
            return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY + 1)
        }

        /// The columns of row `y` from its first to past its last change within `span`.
        func row(_ y: Int, in span: Range<Int>) -> Range<Int>? {
            Self.extent(rows, from: y * rowWords, of: span)
        }

        /// The rows of column `x` from its first to past its last change within `span`.
        func column(_ x: Int, in span: Range<Int>) -> Range<Int>? {
            Self.extent(columns, from: x * columnWords, of: span)
        }

        /// The changes of `area`, row by row from its corner, each row in whole words:
        /// what decides how the area is cut (`CutMemory`).
        func bits(of area: PixelRect) -> [UInt64] {
            let words = (area.width + 63) >> 6
            let (_, tail) = Self.wordMasks(of: 0..<area.width)
            let shift = UInt64(area.x & 63)
            var bits = [UInt64](repeating: 0, count: words * area.height)
            rows.withUnsafeBufferPointer { rows in
                for y in 0..<area.height {
                    let base = (area.y + y) * rowWords + area.x >> 6
                    for w in 0..<words {
                        var word = rows[base + w] &>> shift
                        if shift != 0, base + w + 1 < (area.y + y + 1) * rowWords { word |= rows[base + w + 1] &<< (64 - shift) }
                        bits[y * words + w] = w == words - 1 ? word & tail : word
                    }
                }
            }
            return bits
        }

        /// The first to past the last set bit of `span` in the line whose bits start at
        /// word `base`: a word at a time from each end.
        private static func extent(_ bits: [UInt64], from base: Int, of span: Range<Int>) -> Range<Int>? {
            guard !span.isEmpty else { return nil }
            let (head, tail) = wordMasks(of: span)
            return bits.withUnsafeBufferPointer { bits in
                let lastWord = (span.upperBound - 1) >> 6
                var w = span.lowerBound >> 6
                var word = bits[base + w] & head
                while word == 0 {
                    w += 1
                    guard w <= lastWord else { return nil }
                    word = bits[base + w]
                }
                let first = w << 6 | word.trailingZeroBitCount
                guard first < span.upperBound else { return nil }
                // A set bit at or after `first` and before the span's end exists: the
                // search down from the end stops at it or at a later one.
                w = lastWord
                word = bits[base + w] & tail
                while word == 0 {
                    w -= 1
                    word = bits[base + w]
                }
                return first..<(w << 6 | (63 - word.leadingZeroBitCount)) + 1
            }
        }

        /// The bits of `span` in its first word (`head`) and in its last (`tail`).
        private static func wordMasks(of span: Range<Int>) -> (head: UInt64, tail: UInt64) {
            let kept = span.upperBound & 63
            return (~UInt64(0) &<< UInt64(span.lowerBound & 63), kept == 0 ? ~UInt64(0) : (UInt64(1) &<< UInt64(kept)) &- 1)
        }
    }
}
