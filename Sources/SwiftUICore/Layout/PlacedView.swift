import FoundationEssentials
import Canvas
import Gauge

/// A laid-out view: its frame in points and what it draws, with its children. Drawing,
/// debug dumps and "when does this change next" all read this one tree.
package struct PlacedView: Sendable {
    /// What a placed view draws itself, before its children.
    package enum Content: Sendable, Equatable {
        case none
        case text(TextLayout, RGBA)
        /// Rounded bars standing in for redacted text or images.
        case placeholder(lines: Int, RGBA)
        case bitmap(Bitmap, template: RGBA?)
        case gauge(GaugeLayout, GaugeTint, marker: RGBA)
        case fill(FillShape, RGBA)
        /// A path filled or stroked, in coordinates from the frame's top-left corner.
        case shape(ShapeDrawing)
        /// Children drawn as one layer at this opacity.
        case opacity(Double)
        /// Children clipped to the frame.
        case clip
        /// Children drawn scaled or turned about a point of the frame.
        case transform(ViewTransform)
        /// The first child drawn, the others cut out of it, in a layer of their own.
        case knockout
        /// Children clipped to the frame with rounded corners: a home-screen tile.
        case roundedClip(cornerRadius: Double)
    }

    package var frame: Rect
    package var content: Content = .none
    package var children: [PlacedView] = []
    /// A short name for debug dumps.
    package var name: String = "Group"
    package var live: [LiveSchedule] = []
    /// Set on a button or toggle: what a tap inside the frame performs.
    package var control: PlacedControl?

    package init(frame: Rect, content: Content = .none, children: [PlacedView] = [], name: String = "Group", live: [LiveSchedule] = []) {
        self.frame = frame
        self.content = content
        self.children = children
        self.name = name
        self.live = live
    }

    /// Whether drawing this tree puts the same pixels where `other` puts them: the same
    /// frames, contents and children in the same order. Names, live schedules and tap
    /// actions draw nothing and are not compared.
    package func drawsLike(_ other: PlacedView) -> Bool {
        frame == other.frame && content == other.content && children.count == other.children.count
            && zip(children, other.children).allSatisfy { $0.drawsLike($1) }
    }

    /// The earliest instant after `time` at which anything in this tree changes.
    package func nextChange(after time: Date) -> Date? {
        var best = live.compactMap { $0.nextChange(after: time) }.min()
        for child in children {
            if let t = child.nextChange(after: time), best.map({ t < $0 }) ?? true { best = t }
        }
        return best
    }

    /// A readable outline of the tree: one line per view with its frame and text.
    package func debugDump(indent: Int = 0) -> String {
        var line = String(repeating: "  ", count: indent) + name + " " + frame.description
        switch content {
        case let .text(layout, _): line += " \"\(layout.text)\""
        case let .placeholder(lines, _): line += " redacted(\(lines))"
        case let .opacity(value): line += " opacity(\(value.compact))"
        case let .gauge(layout, _, _): line += " shapes(\(layout.shapes.count))"
        default: break
        }
        return ([line] + children.map { $0.debugDump(indent: indent + 1) }).joined(separator: "\n")
    }

    /// Whether drawing the tree can put colour on the frame that the rendering mode did
    /// not choose: a picture, or an emoji (drawn from its own colour glyphs). Everything
    /// else is drawn in colours the environment already resolved.
    package var mayHoldOwnColour: Bool {
        switch content {
        case .bitmap: return true
        case let .text(layout, _) where layout.text.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }):
            return true
        default: return children.contains { $0.mayHoldOwnColour }
        }
    }

    /// Whether the tree draws a picture.
    package var showsPicture: Bool {
        if case .bitmap = content { return true }
        return children.contains { $0.showsPicture }
    }

    /// Every text shown in the tree, depth first: what a test or a log can compare.
    package var texts: [String] {
        var result: [String] = []
        if case let .text(layout, _) = content { result.append(layout.text) }
        for child in children { result += child.texts }
        return result
    }

    /// Every text shown in the tree as a person reads it, depth first: icons drawn by
    /// ligature left out (`TextLayout.words`); empty texts dropped. What the status, the
    /// web page and Home Assistant's sensors give as a widget's words.
    package var words: [String] {
        var result: [String] = []
        if case let .text(layout, _) = content, case let words = layout.words, !words.isEmpty { result.append(words) }
        for child in children { result += child.words }
        return result
    }

    /// Draws the tree. Frames are in points; the canvas must already be scaled.
    package func draw(on canvas: inout Canvas) {
        switch content {
        case .none:
            drawChildren(on: &canvas)
        case let .text(layout, color):
            canvas.draw(layout, at: frame.origin, color: color)
        case let .placeholder(lines, color):
            let lineHeight = frame.height / Double(max(lines, 1))
            for i in 0..<max(lines, 1) {
                let width = i == lines - 1 && lines > 1 ? frame.width * 0.6 : frame.width
                let bar = Rect(x: frame.minX, y: frame.minY + Double(i) * lineHeight + lineHeight * 0.15, width: width, height: lineHeight * 0.7)
                canvas.fillRoundedRect(bar, cornerRadius: bar.height / 2, color: color)
            }
        case let .bitmap(bitmap, template):
            if let template {
                canvas.draw(bitmap, maskIn: frame, color: template)
            } else {
                canvas.draw(bitmap, in: frame)
            }
        case let .gauge(layout, tint, marker):
            GaugeRenderer.draw(layout, at: frame.origin, tint: tint, marker: marker, on: &canvas)
            drawChildren(on: &canvas)
        case let .fill(shape, color):
            shape.fill(frame, color: color, on: canvas)
            drawChildren(on: &canvas)
        case let .shape(drawing):
            canvas.withSavedState { canvas in
                canvas.translate(x: frame.minX, y: frame.minY)
                drawing.draw(on: canvas)
            }
            drawChildren(on: &canvas)
        case let .opacity(value):
            canvas.withOpacity(value) { drawChildren(on: &$0) }
        case .knockout:
            canvas.withLayer { canvas in
                children.first?.draw(on: &canvas)
                canvas.withKnockout { canvas in
                    for child in children.dropFirst() { child.draw(on: &canvas) }
                }
            }
        case let .transform(transform):
            canvas.withSavedState { canvas in
                transform.apply(to: canvas, in: frame)
                drawChildren(on: &canvas)
            }
        case .clip:
            canvas.withSavedState { canvas in
                canvas.clip(to: frame)
                drawChildren(on: &canvas)
            }
        case let .roundedClip(radius):
            canvas.withSavedState { canvas in
                canvas.clip(to: frame, cornerRadius: radius)
                drawChildren(on: &canvas)
            }
        }
    }

    private func drawChildren(on canvas: inout Canvas) {
        for child in children { child.draw(on: &canvas) }
    }
}

/// The shapes a fill can take.
package enum FillShape: Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case capsule
    case circle

    func fill(_ rect: Rect, color: RGBA, on canvas: Canvas) {
        switch self {
        case .rectangle: canvas.fill(rect, color: color)
        case let .roundedRectangle(radius): canvas.fillRoundedRect(rect, cornerRadius: radius, color: color)
        case .capsule: canvas.fillRoundedRect(rect, cornerRadius: min(rect.width, rect.height) / 2, color: color)
        case .circle: canvas.fillCircle(center: rect.center, radius: min(rect.width, rect.height) / 2, color: color)
        }
    }

    /// The rectangle and corner radius that clip to this shape inside `rect`: a circle is
    /// the centred square of the shorter side with half-side corners.
    func clip(in rect: Rect) -> (rect: Rect, cornerRadius: Double) {
        switch self {
        case .rectangle: return (rect, 0)
        case let .roundedRectangle(radius): return (rect, radius)
        case .capsule: return (rect, min(rect.width, rect.height) / 2)
        case .circle:
            let side = min(rect.width, rect.height)
            return (Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side), side / 2)
        }
    }

    /// The shape's outline in a frame of `size`, from its top-left corner, starting where
    /// SwiftUI's starts (what `trim` measures from).
    func path(in size: Size) -> Path {
        let rect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        switch self {
        case .rectangle: return Path(rect: rect)
        case let .roundedRectangle(radius): return Path(roundedRect: rect, cornerRadius: radius)
        case .capsule: return Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
        case .circle: return Path(circleCenter: rect.center, radius: min(rect.width, rect.height) / 2)
        }
    }
}

/// A path and how it is painted: filled when it has no line style, stroked when it has.
package struct ShapeDrawing: Sendable, Equatable {
    package var path: Path
    package var paint: Paint
    package var line: LineStyle?
    package var trim: ClosedRange<Double>?

    package init(path: Path, paint: Paint, line: LineStyle? = nil, trim: ClosedRange<Double>? = nil) {
        self.path = path
        self.paint = paint
        self.line = line
        self.trim = trim
    }

    func draw(on canvas: Canvas) {
        if let line {
            canvas.stroke(path, style: line, paint: paint, trim: trim)
        } else if let trim, trim.lowerBound > 0 || trim.upperBound < 1 {
            // A trimmed fill: the part of the outline, closed by a straight line.
            canvas.fillTrimmed(path, paint: paint, trim: trim)
        } else {
            canvas.fill(path, paint: paint)
        }
    }
}
