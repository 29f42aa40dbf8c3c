import CPangoCairo
import Synchronization

/// What the icon font can draw. A Material Icons symbol is a ligature: its name, set in
/// the font, shapes to one glyph. A name the font does not know shapes letter by letter
/// into blank glyphs, which would draw nothing at all.
///
/// The answers are kept: every name the font has (a few thousand at most), and up to
/// `maximumUnknown` names it has not, forgotten together when more come. A server
/// pushing a new made-up name with every update once grew this table without end.
package enum IconFont {
    private struct Answers {
        var glyphs: Set<String> = []
        var unknown: Set<String> = []
    }

    private static let answers = Mutex(Answers())
    /// How many names the font does not have are remembered at most.
    package static let maximumUnknown = 256
    /// The longest Material Icons name is 40 characters; a longer one is not shaped.
    static let maximumLength = 64

    /// Whether `ligature` is one glyph of the icon font.
    package static func hasLigature(_ ligature: String) -> Bool {
        guard ligature.utf8.count <= maximumLength else { return false }
        if let answer = answers.withLock({ $0.glyphs.contains(ligature) ? true : $0.unknown.contains(ligature) ? false : nil }) { return answer }
        let answer = TextLayout(ligature, style: TextStyle(family: TextStyle.iconFamily, size: 24)).glyphCount == 1
        answers.withLock { answers in
            if answer {
                answers.glyphs.insert(ligature)
            } else {
                if answers.unknown.count >= maximumUnknown { answers.unknown.removeAll() }
                answers.unknown.insert(ligature)
            }
        }
        return answer
    }

    /// How many names the font does not have are remembered now.
    package static var unknownCount: Int { answers.withLock { $0.unknown.count } }
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
