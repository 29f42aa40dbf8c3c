import CPangoCairo

extension Canvas {
    /// Fills the inside of `path` (non-zero winding) with `paint`.
    package func fill(_ path: Path, paint: Paint) {
        add(path)
        setPaint(paint)
        cairo_fill(context)
    }

    /// Strokes `path` in `style` with `paint`. With `trim`, only that fraction of the
    /// path's length is drawn (SwiftUI's `trim(from:to:)`): the path is first flattened
    /// into lines at the target's resolution, so that a trim growing by a little draws
    /// the same lines as before plus the new end, and damages only that end.
    package func stroke(_ path: Path, style: LineStyle, paint: Paint, trim: ClosedRange<Double>? = nil) {
        guard style.width > 0 else { return }
        add(path, trim: trim)
        cairo_set_line_width(context, style.width)
        let cap: cairo_line_cap_t = switch style.cap {
            case .butt: CAIRO_LINE_CAP_BUTT
            case .round: CAIRO_LINE_CAP_ROUND
            case .square: CAIRO_LINE_CAP_SQUARE
        }
        let join: cairo_line_join_t = switch style.join {
            case .miter: CAIRO_LINE_JOIN_MITER
            case .round: CAIRO_LINE_JOIN_ROUND
            case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo_set_line_cap(context, cap)
        cairo_set_line_join(context, join)
        cairo_set_miter_limit(context, style.miterLimit)
        let dashes = style.dash.map { max(0, $0) }
        if !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) {
            cairo_set_dash(context, dashes, Int32(dashes.count), style.dashPhase)
        }
        setPaint(paint)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    /// Fills the part of `path` that `trim` keeps, closed by a straight line, as SwiftUI
    /// fills a trimmed shape.
    package func fillTrimmed(_ path: Path, paint: Paint, trim: ClosedRange<Double>) {
        add(path, trim: trim)
        cairo_close_path(context)
        setPaint(paint)
        cairo_fill(context)
    }

    /// Makes `path`, or the fraction of its length `trim` keeps, the current path.
    private func add(_ path: Path, trim: ClosedRange<Double>?) {
        add(path)
        guard let trim else { return }
        let from = max(0, min(1, trim.lowerBound)), to = max(0, min(1, trim.upperBound))
        let lines = flattenedSubpaths()
        cairo_new_path(context)
        if to > from { addTrimmed(lines, from: from, to: to) }
    }

    private func add(_ path: Path) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case let .move(p): cairo_move_to(context, p.x, p.y)
            case let .line(p): cairo_line_to(context, p.x, p.y)
            case let .arc(c, r, a, b): if b >= a { cairo_arc(context, c.x, c.y, r, a, b) } else { cairo_arc_negative(context, c.x, c.y, r, a, b) }
            case let .curve(c1, c2, p): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(context)
            }
        }
    }

    private func setPaint(_ paint: Paint) {
        switch paint {
        case let .color(color):
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        case let .linearGradient(stops, start, end):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(pattern, max(0, min(1, stop.location)), stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
            }
            cairo_set_source(context, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// The current path as polylines (one per subpath, a closed one ending where it began).
    private func flattenedSubpaths() -> [[Point]] {
        guard let flat = cairo_copy_path_flat(context) else { return [] }
        defer { cairo_path_destroy(flat) }
        var result: [[Point]] = []
        var current: [Point] = []
        var i = 0
        let count = Int(flat.pointee.num_data)
        while i < count {
            let header = flat.pointee.data[i].header
            let length = Int(header.length)
            guard length > 0 else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if current.count > 1 { result.append(current) }
                let p = flat.pointee.data[i + 1].point
                current = [Point(x: p.x, y: p.y)]
            case CAIRO_PATH_LINE_TO:
                let p = flat.pointee.data[i + 1].point
                current.append(Point(x: p.x, y: p.y))
            case CAIRO_PATH_CLOSE_PATH:
                if let first = current.first { current.append(first) }
            default:
                break
            }
            i += length
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    /// Adds the part of `lines` between the fractions `from` and `to` of their whole length.
    private func addTrimmed(_ lines: [[Point]], from: Double, to: Double) {
        func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let total = lines.reduce(0) { sum, line in sum + zip(line, line.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) } }
        guard total > 0 else { return }
        let start = from * total, end = to * total
        var walked = 0.0
        for line in lines {
            var drawing = false
            for (a, b) in zip(line, line.dropFirst()) {
                let length = distance(a, b)
                defer { walked += length }
                guard length > 0, walked + length > start, walked < end else { continue }
                let t0 = max(0, (start - walked) / length), t1 = min(1, (end - walked) / length)
                if !drawing {
                    let p = lerp(a, b, t0)
                    cairo_move_to(context, p.x, p.y)
                    drawing = true
                }
                let q = lerp(a, b, t1)
                cairo_line_to(context, q.x, q.y)
            }
        }
    }
}
