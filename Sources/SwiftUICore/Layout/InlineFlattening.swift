import Canvas

/// The accessoryInline family shows one line: an optional leading image and a text,
/// truncated to the width, in the system font; anything else in the view is dropped.
/// `ViewThatFits` picks the first alternative whose line fits.
package enum InlineFlattening {
    /// The inline text size in points: the lock screen's date line.
    static let fontSize = 16.0

    package static func flatten(_ root: LayoutNode, width: Double, environment: EnvironmentValues) -> LayoutNode {
        let (image, text) = parts(of: root, width: width)
        // iOS shows an inline widget's image only beside its text: an image alone, or a
        // gauge (which has no text of its own), draws nothing.
        guard let text else { return StackNode(axis: .horizontal, alignment: .center, spacing: 4, children: []) }
        var children: [LayoutNode] = []
        // Digits in tabular figures, as the lock screen sets its own clock: the line is
        // centred with the date, and a changed digit (a clock's minute, a reading) must
        // change no width, or the date beside it moves and is sent again.
        let style = TextStyle(size: fontSize, weight: .semibold)
        if let image {
            var iconStyle = image.style
            iconStyle.size = fontSize * 1.15
            children.append(SymbolNode(ligature: image.ligature, style: iconStyle, color: image.color, resizable: false, redacted: image.redacted))
        }
        children.append(TextNode(
            string: text.string, live: text.live, symbols: text.symbols,
            style: TextStyle(family: text.style.family, size: fontSize, weight: style.weight, monospacedDigits: true),
            color: text.color, lineLimit: 1, minimumScaleFactor: 1, alignment: .leading, redacted: text.redacted))
        return StackNode(axis: .horizontal, alignment: .center, spacing: 4, children: children)
    }

    /// The first symbol and first text in the tree, in reading order.
    private static func parts(of node: LayoutNode, width: Double) -> (SymbolNode?, TextNode?) {
        switch node {
        case let text as TextNode:
            return (nil, text)
        case let symbol as SymbolNode:
            return (symbol, nil)
        case let choice as ViewThatFitsNode:
            for child in choice.children {
                let found = parts(of: child, width: width)
                if fits(found, width: width) { return found }
            }
            return choice.children.last.map { parts(of: $0, width: width) } ?? (nil, nil)
        default:
            var symbol: SymbolNode?
            var text: TextNode?
            for child in children(of: node) {
                let (s, t) = parts(of: child, width: width)
                if symbol == nil, text == nil { symbol = s }
                if text == nil { text = t }
                if text != nil { break }
            }
            return (symbol, text)
        }
    }

    private static func fits(_ parts: (SymbolNode?, TextNode?), width: Double) -> Bool {
        let iconWidth = parts.0 == nil ? 0 : fontSize * 1.15 + 4
        guard let text = parts.1 else { return true }
        let line = TextLayout(text.string, style: TextStyle(family: text.style.family, size: fontSize, weight: .semibold, monospacedDigits: true))
        return iconWidth + line.size.width <= width + 0.5
    }

    private static func children(of node: LayoutNode) -> [LayoutNode] {
        switch node {
        case let n as GroupNode: n.children
        case let n as StackNode: n.children
        case let n as OverlayNode: n.children
        case let n as PaddingNode: [n.child]
        case let n as FrameNode: [n.child]
        case let n as EffectNode: [n.child]
        case let n as PriorityNode: [n.child]
        default: []
        }
    }
}
