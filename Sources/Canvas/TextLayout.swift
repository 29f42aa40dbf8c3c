import CPangoCairo

/// A text shaped and measured by Pango under width, line and scale limits; drawn with
/// `Canvas.draw(_:at:color:)`, it shows exactly what was measured.
package struct TextLayout: Sendable, Hashable {
    package let text: String
    /// The style after any shrinking to fit.
    package let style: TextStyle
    package let maxWidth: Double?
    package let maxHeight: Double?
    package let lineLimit: Int?
    package let alignment: LineAlignment
    /// UTF-8 byte ranges of `text` drawn in the icon font: symbols inside a text.
    package let symbolRanges: [Range<Int>]
    /// The text as a person reads it: without what the icon font draws. A Material Icons
    /// symbol is set as its ligature's name ("event"), which is a picture, not a word.
    package var words: String {
        if style.family == TextStyle.iconFamily { return "" }
        guard !symbolRanges.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for range in symbolRanges.sorted(by: { $0.lowerBound > $1.lowerBound }) where range.lowerBound >= 0 && range.upperBound <= bytes.count {
            bytes.removeSubrange(range)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The size the text occupies: its logical extents.
    package private(set) var size: Size
    /// True when the text was cut short with an ellipsis.
    package private(set) var isTruncated: Bool
    package private(set) var lineCount: Int
    /// Where the logical rectangle starts inside Pango's layout box.
    private(set) var inkOffset: Point
    /// What the glyphs paint, in points from the top-left corner the text is drawn at:
    /// Pango's ink rectangle, which a glyph reaching past its advance (an italic's
    /// overhang, a tall accent) takes beyond the logical `size`. Pango finds it with the
    /// logical one; kept, so that bounding a redrawing never lays a text out again.
    package private(set) var inkBounds: Rect

    /// Shapes `text`. With `maxWidth` the text wraps at word boundaries and is ellipsized
    /// at the end when `lineLimit` lines (or `maxHeight`) do not hold it; when it does not
    /// fit at full size it is first shrunk in 5 % steps down to `minimumScaleFactor`.
    /// A layout made `forSizeOnly` is measured and never drawn: where its glyphs fall
    /// does not matter, so a centred or trailing line that fits is measured as a leading
    /// one, whose layout serves every width it fits.
    package init(
        _ text: String, style: TextStyle, maxWidth: Double? = nil, maxHeight: Double? = nil,
        lineLimit: Int? = nil, alignment: LineAlignment = .leading, minimumScaleFactor: Double = 1,
        symbolRanges: [Range<Int>] = [], forSizeOnly: Bool = false
    ) {
        var scale = 1.0
        let floor = min(max(minimumScaleFactor, 0.05), 1)
        // Pango reads the limits only with a width, and holds the text to `lineLimit`
        // lines when there is one, to `maxHeight` only without: limits it would not read
        // are left out of what the layout is kept by, so that the heights a stack
        // proposes, or a line limit without a width, do not shape the text again.
        let heldLines = maxWidth == nil ? nil : lineLimit
        let heldHeight = maxWidth == nil || lineLimit != nil ? nil : maxHeight
        while true {
            var scaled = style
            scaled.size = style.size * scale
            let attempt = TextLayout(
                fitting: text, style: scaled, maxWidth: maxWidth, maxHeight: heldHeight,
                lineLimit: heldLines, alignment: alignment, symbolRanges: symbolRanges, forSizeOnly: forSizeOnly)
            let overflowsWidth = maxWidth.map { attempt.size.width > $0 + 0.5 } ?? false
            if (!attempt.isTruncated && !overflowsWidth) || scale - 0.05 < floor - 1e-9 {
                self = attempt
                return
            }
            scale -= 0.05
        }
    }

    /// Everything a measurement depends on.
    struct Settings: Hashable, Sendable {
        let text: String
        let style: TextStyle
        let maxWidth: Double?
        let maxHeight: Double?
        let lineLimit: Int?
        let alignment: LineAlignment
        let symbolRanges: [Range<Int>]
    }

    /// `text` under the limits, shaped once for every limit it fits within: a leading
    /// text whose one line fits the width (and height) is laid out as it is without them
    /// — the same glyphs in the same places — so a text a stack measures at several
    /// widths, and draws at one, is shaped once rather than once for each. A centred or
    /// trailing line to be drawn is not: its offset inside the width moves its glyphs on
    /// Cairo's grid (docs/PERFORMANCE.md); one measured for its size alone is.
    private init(
        fitting text: String, style: TextStyle, maxWidth: Double?, maxHeight: Double?,
        lineLimit: Int?, alignment: LineAlignment, symbolRanges: [Range<Int>], forSizeOnly: Bool
    ) {
        if let maxWidth, alignment == .leading || forSizeOnly {
            let natural = TextLayout(
                measuring: text, style: style, maxWidth: nil, maxHeight: nil,
                lineLimit: nil, alignment: .leading, symbolRanges: symbolRanges)
            if natural.lineCount <= 1, natural.size.width <= maxWidth, maxHeight.map({ natural.size.height <= $0 }) ?? true {
                self = natural
                return
            }
        }
        self.init(
            measuring: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight,
            lineLimit: lineLimit, alignment: alignment, symbolRanges: symbolRanges)
    }

    private init(
        measuring text: String, style: TextStyle, maxWidth: Double?, maxHeight: Double?,
        lineLimit: Int?, alignment: LineAlignment, symbolRanges: [Range<Int>]
    ) {
        self.text = text
        self.style = style
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.symbolRanges = symbolRanges
        self.size = .zero
        self.isTruncated = false
        self.lineCount = 0
        self.inkOffset = .zero
        self.inkBounds = .zero
        guard !text.isEmpty else { return }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        var truncated = false
        var lines: Int32 = 0
        withPangoLayout { layout in
            pango_layout_get_extents(layout, &ink, &logical)
            truncated = pango_layout_is_ellipsized(layout) != 0
            lines = pango_layout_get_line_count(layout)
        }
        // Pango measured the text at the shaping size: scaled to the style's own.
        let scale = Double(PANGO_SCALE) / style.shapingScale
        self.size = Size(
            width: (Double(logical.width) / scale).rounded(.up),
            height: (Double(logical.height) / scale).rounded(.up))
        self.inkOffset = Point(x: Double(logical.x) / scale, y: Double(logical.y) / scale)
        self.inkBounds = Rect(
            x: Double(ink.x - logical.x) / scale, y: Double(ink.y - logical.y) / scale,
            width: Double(ink.width) / scale, height: Double(ink.height) / scale)
        self.isTruncated = truncated
        self.lineCount = Int(lines)
    }

    /// Everything this layout was measured with.
    var settings: Settings {
        Settings(text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, lineLimit: lineLimit, alignment: alignment, symbolRanges: symbolRanges)
    }

    /// The Pango layout for these settings on the shared context, made once and reused.
    /// Measuring and drawing both go through here, so they cannot disagree.
    func withPangoLayout(_ body: (OpaquePointer) -> Void) {
        TextSystem.shared.withLayout(settings, make: { context in
            let layout = pango_layout_new(context)!
            configure(layout)
            return layout
        }, body)
    }

    private func configure(_ layout: OpaquePointer) {
        // Shaped at the shaping size, its limits and spacing scaled alike; drawn scaled
        // back to the style's size (`Canvas.draw(_:at:color:)`).
        let scale = style.shapingScale
        let font = style.pangoDescription(size: TextStyle.shapingSize)
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)

        let attributes = pango_attr_list_new()
        // Words wrap whole, as SwiftUI's do; a word longer than the line is broken
        // between characters without the hyphen Pango would add ("Wat-er").
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        if style.monospacedDigits {
            pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum=1"))
        }
        if style.strikethrough { pango_attr_list_insert(attributes, pango_attr_strikethrough_new(1)) }
        if style.tracking.isFinite, style.tracking != 0 {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(max(-100, min(100, style.tracking)) / scale * Double(PANGO_SCALE))))
        }
        for range in symbolRanges {
            let icon = pango_attr_family_new(TextStyle.iconFamily)!
            icon.pointee.start_index = UInt32(range.lowerBound)
            icon.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(attributes, icon)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        let pangoAlignment: PangoAlignment =
            switch alignment {
            case .leading: PANGO_ALIGN_LEFT
            case .center: PANGO_ALIGN_CENTER
            case .trailing: PANGO_ALIGN_RIGHT
            }
        pango_layout_set_alignment(layout, pangoAlignment)
        if let maxWidth {
            pango_layout_set_width(layout, Int32(min(max(1, maxWidth) / scale, 1e6) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            // Pango's default height (-1) with ellipsizing means "one line", so text
            // without a limit is left unellipsized and wraps freely.
            let ellipsis = switch style.truncation {
            case .head: PANGO_ELLIPSIZE_START
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            case .tail: PANGO_ELLIPSIZE_END
            }
            if let lineLimit {
                pango_layout_set_ellipsize(layout, ellipsis)
                pango_layout_set_height(layout, -Int32(max(1, lineLimit)))
            } else if let maxHeight {
                pango_layout_set_ellipsize(layout, ellipsis)
                pango_layout_set_height(layout, Int32(min(max(1, maxHeight) / scale, 1e6) * Double(PANGO_SCALE)))
            }
        }
        pango_layout_set_text(layout, text, -1)
    }
}
