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
        var glyphs = 0
        let layout = TextLayout(ligature, style: TextStyle(family: TextStyle.iconFamily, size: 24))
        layout.withPangoLayout { pango in
            guard let line = pango_layout_get_line_readonly(pango, 0) else { return }
            var run = line.pointee.runs
            while let node = run {
                if let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                    glyphs += Int(item.pointee.glyphs.pointee.num_glyphs)
                }
                run = node.pointee.next
            }
        }
        let answer = glyphs == 1
        known.withLock { $0[ligature] = answer }
        return answer
    }
}
