import CPangoCairo
import Synchronization

/// What the icon font can draw. A Material Icons symbol is a ligature: its name, set in
/// the font, shapes to one glyph. A name the font does not know shapes letter by letter
/// into blank glyphs, which would draw nothing at all.
package enum IconFont {
    private static let known = Mutex<[String: Bool]>([:])

    /// Whether `ligature` is one glyph of the icon font (answers are kept).
    package static func hasLigature(_ ligature: String) -> Bool {
        if let answer = known.withLock({ $0[ligature] }) { return answer }
        let glyphs = TextLayout(ligature, style: TextStyle(family: TextStyle.iconFamily, size: 24)).glyphCount
        let answer = glyphs == 1
        known.withLock { $0[ligature] = answer }
        return answer
    }
}

extension TextLayout {
    /// How many glyphs the shaped text has on all its lines: one per character for plain
    /// text, one for a whole icon ligature, more where Pango added a hyphen at a break.
    package var glyphCount: Int {
        var glyphs = 0
        withPangoLayout { pango in
            var lines = pango_layout_get_lines_readonly(pango)
            while let lineNode = lines {
                if let line = lineNode.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                    var run = line.pointee.runs
                    while let node = run {
                        if let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                            glyphs += Int(item.pointee.glyphs.pointee.num_glyphs)
                        }
                        run = node.pointee.next
                    }
                }
                lines = lineNode.pointee.next
            }
        }
        return glyphs
    }
}
