import CPangoCairo
import Testing
import TestSupport
@testable import Canvas

@Suite("TextLayout")
struct TextLayoutTests {
    init() { TestFonts.pin() }

    @Test("longer text measures wider, larger text taller")
    func measure() {
        let short = TextLayout("Hi", style: TextStyle(size: 20))
        let long = TextLayout("Hello there", style: TextStyle(size: 20))
        let big = TextLayout("Hi", style: TextStyle(size: 40))
        #expect(long.size.width > short.size.width)
        #expect(big.size.height > short.size.height * 1.8)
        #expect(TextLayout("", style: TextStyle(size: 20)).size == .zero)
    }

    @Test("a width limit wraps text, a line limit ellipsizes it")
    func wrapAndEllipsize() {
        let text = "The quick brown fox jumps over the lazy dog"
        let wrapped = TextLayout(text, style: TextStyle(size: 16), maxWidth: 100)
        #expect(wrapped.lineCount > 2)
        #expect(wrapped.size.width <= 100)
        #expect(!wrapped.isTruncated)
        let limited = TextLayout(text, style: TextStyle(size: 16), maxWidth: 100, lineLimit: 1)
        #expect(limited.lineCount == 1)
        #expect(limited.isTruncated)
    }

    @Test("shrink-to-fit lowers the size down to the minimum scale factor, no further")
    func shrink() {
        let text = "Wednesday"
        let full = TextLayout(text, style: TextStyle(size: 40))
        let fitted = TextLayout(text, style: TextStyle(size: 40), maxWidth: full.size.width * 0.7, lineLimit: 1, minimumScaleFactor: 0.5)
        #expect(fitted.style.size < 40)
        #expect(fitted.style.size >= 20)
        #expect(!fitted.isTruncated)
        let floor = TextLayout(text, style: TextStyle(size: 40), maxWidth: 10, lineLimit: 1, minimumScaleFactor: 0.5)
        #expect(abs(floor.style.size - 20) < 0.01)
        #expect(floor.isTruncated)
    }

    @Test("monospaced digits make every digit the same width")
    func tabularDigits() {
        let style = TextStyle(size: 40, monospacedDigits: true)
        let ones = TextLayout("1111", style: style)
        let zeros = TextLayout("0000", style: style)
        #expect(ones.size.width == zeros.size.width)
        let proportional = TextLayout("1111", style: TextStyle(size: 40))
        #expect(proportional.size.width < zeros.size.width)
    }

    @Test("an icon name in the icon font is one square glyph, through its ligature")
    func iconLigature() {
        let icon = TextLayout("battery_full", style: TextStyle(family: TextStyle.iconFamily, size: 48))
        #expect(abs(icon.size.width - 48) < 2)
        let text = TextLayout("battery_full", style: TextStyle(size: 48))
        #expect(text.size.width > 200)
    }

    @Test("emoji fall back to the colour emoji font and draw in colour")
    func emoji() {
        var frame = Frame(width: 60, height: 60)
        let layout = TextLayout("😀", style: TextStyle(size: 40))
        frame.draw { $0.draw(layout, at: Point(x: 5, y: 5), color: .white) }
        var coloured = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let p = frame.rgb(x: x, y: y)
                if abs(Int(p.red) - Int(p.blue)) > 60 { coloured += 1 }
            }
        }
        #expect(coloured > 100)
    }

    /// Layouts are shaped once and reused; more texts than the caches hold empties them,
    /// and a text drawn again afterwards is shaped anew, the same as before.
    @Test("a text drawn from the layout caches draws as when first shaped, also after the caches overflow")
    func caches() {
        func drawn(_ text: String) -> Frame {
            var frame = Frame(width: 200, height: 40)
            let layout = TextLayout(text, style: TextStyle(size: 18), maxWidth: 190, lineLimit: 1)
            frame.draw { $0.draw(layout, at: Point(x: 4, y: 4), color: .white) }
            return frame
        }
        let first = drawn("14:05 Tokyo")
        #expect(drawn("14:05 Tokyo") == first)
        for n in 0..<(TextSystem.layoutLimit + 10) { _ = drawn("filler \(n)") }
        #expect(drawn("14:05 Tokyo") == first)
        #expect(drawn("14:06 Tokyo") != first)
    }

    /// A text drawn again now and then keeps its shaping however many others pass through,
    /// and no more layouts are kept than the limit.
    @Test("a text still in use stays shaped while the caches turn over")
    func cacheKeepsTextsInUse() {
        let style = TextStyle(size: 18)
        func settings(_ text: String) -> TextLayout.Settings {
            TextLayout.Settings(text: text, style: style, maxWidth: nil, maxHeight: nil, lineLimit: 1, alignment: .leading, symbolRanges: [])
        }
        var made = 0
        func use(_ text: String) {
            TextSystem.shared.withLayout(settings(text), make: { context in
                made += 1
                return pango_layout_new(context)!
            }, { _ in })
        }
        // Texts of this test's own: others running beside it share the caches.
        let tag = Int.random(in: 0..<1_000_000_000)
        let hot = "the weather line \(tag)"
        use(hot)
        let before = made
        for n in 0..<(TextSystem.layoutLimit * 3) {
            use("minute \(n) \(tag)")
            if n % 8 == 0 { use(hot) }
            #expect(TextSystem.shared.cachedLayouts <= TextSystem.layoutLimit)
        }
        // Every other text was new, shaped once; the one in use never again.
        #expect(made == before + TextSystem.layoutLimit * 3)
    }

    @Test("limits Pango would not read, and the widths a centred line fits, lay nothing out again")
    func layoutsShared() {
        let style = TextStyle(size: 23)
        let held = TextLayout("12:07", style: style, maxWidth: 90, maxHeight: 0, lineLimit: 1)
        #expect(held == TextLayout("12:07", style: style, maxWidth: 90, maxHeight: 40, lineLimit: 1), "the line limit, not the height, holds the text")
        #expect(held.size == TextLayout("12:07", style: style, maxWidth: 90, lineLimit: 1).size)
        #expect(TextLayout("12:07", style: style, lineLimit: 1) == TextLayout("12:07", style: style), "without a width, no limit is read")

        let drawn = TextLayout("48", style: style, maxWidth: 31, lineLimit: 1, alignment: .center)
        let measured = [72.0, 39.1, 31].map { TextLayout("48", style: style, maxWidth: $0, lineLimit: 1, alignment: .center, forSizeOnly: true) }
        #expect(measured.allSatisfy { $0.size == drawn.size }, "measured alone, the same size")
        #expect(Set(measured).count == 1, "one layout for every width the line fits")
        #expect(drawn.alignment == .center && drawn.maxWidth == 31, "the one drawn keeps its width and alignment")
        let narrow = TextLayout("48", style: style, maxWidth: 8, lineLimit: 1, alignment: .center, forSizeOnly: true)
        #expect(narrow.isTruncated, "a width the line does not fit is laid out as drawn")
    }

    @Test("one face is shaped once for every size: a text's ink at twice the size is exactly twice as wide and tall")
    func oneShapingSize() {
        for (text, weight) in [("Wed 12:30", FontWeight.semibold), ("Tiny wrap", .regular)] {
            let small = TextLayout(text, style: TextStyle(size: 13, weight: weight))
            let large = TextLayout(text, style: TextStyle(size: 26, weight: weight))
            // Pango rounds each size's advances and extents to its own units when it
            // shapes at that size; shaped once and scaled, they are in proportion.
            #expect(large.inkBounds.width == 2 * small.inkBounds.width, "\(text): \(large.inkBounds) against \(small.inkBounds)")
            #expect(large.inkBounds.height == 2 * small.inkBounds.height, "\(text): \(large.inkBounds) against \(small.inkBounds)")
        }
        // Limits scale with the text: the same words break at the same place.
        let narrow = TextLayout("Wraps across lines", style: TextStyle(size: 13), maxWidth: 60)
        let wide = TextLayout("Wraps across lines", style: TextStyle(size: 26), maxWidth: 120)
        #expect(narrow.lineCount > 1 && narrow.lineCount == wide.lineCount)
    }
}
