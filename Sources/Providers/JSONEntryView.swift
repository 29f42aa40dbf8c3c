import Accessory
import Canvas
import FoundationEssentials
import JSON

/// Draws a JSON timeline entry (already checked by `TimelineJSON`): a family template
/// (`text`, `symbol`, `emoji`, `lines`, `gauge`) laid out as a WidgetKit widget of that
/// family would be, or a `view` tree of Accessory views.
struct JSONEntryView: View {
    let entry: TimelineJSON.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if let view = entry.content["view"] {
            Self.node(view)
        } else {
            template
        }
    }

    private var text: String? { entry.content["text"]?.stringValue }
    private var symbol: String? { entry.content["symbol"]?.stringValue }
    private var emoji: String? { entry.content["emoji"]?.stringValue }
    private var lines: [String] {
        guard case let .array(items)? = entry.content["lines"] else { return [] }
        return items.compactMap(\.stringValue)
    }

    @ViewBuilder private var template: some View {
        let gauge = entry.content["gauge"]
        switch family {
        case .accessoryInline:
            HStack {
                if let symbol { Image(systemName: symbol) }
                Text([emoji, text ?? gauge.flatMap(Self.gaugeText)].compactMap { $0 }.joined(separator: " "))
            }
        case .accessoryCircular:
            if let gauge {
                Self.gauge(gauge, circular: true)
            } else {
                ZStack {
                    AccessoryWidgetBackground()
                    VStack(spacing: 1) {
                        if let emoji { Text(emoji).font(.system(size: 28)) }
                        if let symbol { Image(systemName: symbol).font(.system(size: 22)) }
                        if let text { Text(text).font(.caption).multilineTextAlignment(.center).lineLimit(2).minimumScaleFactor(0.7) }
                    }
                }
            }
        default:
            VStack(alignment: .leading, spacing: 1) {
                HStack(spacing: 4) {
                    if let symbol { Image(systemName: symbol) }
                    if let emoji { Text(emoji) }
                    if let text { Text(text).font(.headline).lineLimit(1) }
                }
                // Three rows fit the family: a headline row leaves room for two lines.
                ForEach(0..<min(lines.count, text == nil && symbol == nil && emoji == nil ? 3 : 2)) { i in
                    Text(lines[i]).lineLimit(1).foregroundStyle(i == 0 ? .primary : .secondary)
                }
                if let gauge { Self.gauge(gauge, circular: false) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    /// "CPU 42": a gauge's label and text, for the inline family.
    private static func gaugeText(_ gauge: JSONValue) -> String? {
        let parts = [gauge["label"]?.stringValue, gauge["text"]?.stringValue ?? gauge["value"]?.numberValue.map { CFormat.string("%g", $0) }]
        let text = parts.compactMap { $0 }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    private static func gauge(_ gauge: JSONValue, circular: Bool) -> AnyView {
        let low = gauge["min"]?.numberValue ?? 0
        let high = max(gauge["max"]?.numberValue ?? 1, low + .ulpOfOne)
        let value = min(max(gauge["value"]?.numberValue ?? low, low), high)
        let label = gauge["label"]?.stringValue ?? ""
        let current = gauge["text"]?.stringValue ?? CFormat.string("%g", value)
        let style = gauge["style"]?.stringValue ?? (circular ? "circular" : "linearCapacity")
        let base = Gauge(value: value, in: low...high) { Text(label) } currentValueLabel: { Text(current) }
        switch (circular, style) {
        case (true, "capacity"), (true, "linearCapacity"): return AnyView(base.gaugeStyle(.accessoryCircularCapacity))
        case (true, _): return AnyView(base.gaugeStyle(.accessoryCircular))
        case (false, "linear"), (false, "circular"): return AnyView(base.gaugeStyle(.accessoryLinear))
        default: return AnyView(base.gaugeStyle(.accessoryLinearCapacity))
        }
    }

    /// One node of a view tree, with its modifiers.
    static func node(_ value: JSONValue) -> AnyView {
        var view: AnyView
        if let text = value["text"]?.stringValue {
            view = AnyView(Text(text))
        } else if let name = value["image"]?.stringValue {
            view = AnyView(Image(systemName: name))
        } else if let gauge = value["gauge"] {
            view = Self.gauge(gauge, circular: ["circular", "capacity"].contains(gauge["style"]?.stringValue ?? "circular"))
        } else if let progress = value["progress"] {
            view = AnyView(ProgressView(value: progress["value"]?.numberValue ?? 0, total: max(progress["total"]?.numberValue ?? 1, .ulpOfOne)))
        } else if let button = value["button"], let title = button["title"]?.stringValue,
                  let url = button["url"]?.stringValue.flatMap({ URL(string: $0) }) {
            // A tap opens the address; the configuration's [urls] says what that does,
            // so nothing a timeline sends can run anything the file did not name.
            let on = button["on"] == .bool(true)
            view = AnyView(Link(destination: url) {
                Text(title).padding(.horizontal, 10).padding(.vertical, 5)
                    .background(on ? HierarchicalShapeStyle.secondary : HierarchicalShapeStyle.quaternary, in: Capsule())
            })
        } else if value["spacer"] != nil {
            view = AnyView(Spacer())
        } else if value["background"] != nil {
            view = AnyView(AccessoryWidgetBackground())
        } else if case let .array(children)? = value["vstack"] {
            let alignment: HorizontalAlignment = switch value["alignment"]?.stringValue {
            case "leading": .leading
            case "trailing": .trailing
            default: .center
            }
            view = AnyView(VStack(alignment: alignment, spacing: value["spacing"]?.numberValue) {
                ForEach(0..<children.count) { node(children[$0]) }
            })
        } else if case let .array(children)? = value["hstack"] {
            let alignment: VerticalAlignment = switch value["alignment"]?.stringValue {
            case "top": .top
            case "bottom": .bottom
            default: .center
            }
            view = AnyView(HStack(alignment: alignment, spacing: value["spacing"]?.numberValue) {
                ForEach(0..<children.count) { node(children[$0]) }
            })
        } else if case let .array(children)? = value["zstack"] {
            view = AnyView(ZStack { ForEach(0..<children.count) { node(children[$0]) } })
        } else {
            view = AnyView(EmptyView())
        }
        let weight = value["weight"]?.stringValue.flatMap { name in Font.Weight.allCases.first { "\($0)" == name } }
        switch value["font"] {
        case let .number(size)?: view = AnyView(view.font(.system(size: size, weight: weight ?? .regular)))
        case let .string(name)?: view = AnyView(view.font(Self.font(name)))
        default: break
        }
        if let weight { view = AnyView(view.fontWeight(weight)) }
        if value["monospacedDigit"] == .bool(true) { view = AnyView(view.monospacedDigit()) }
        // Checked when read (TimelineJSON's ranges); clamped again, as nothing from outside
        // may reach an Int(…) that can trap.
        if let limit = value["lineLimit"]?.numberValue { view = AnyView(view.lineLimit(Int(min(max(limit, 1), 1_000)))) }
        if let padding = value["padding"]?.numberValue { view = AnyView(view.padding(padding)) }
        if let opacity = value["opacity"]?.numberValue { view = AnyView(view.opacity(min(max(opacity, 0), 1))) }
        if value["accent"] == .bool(true) { view = AnyView(view.widgetAccentable()) }
        if value["privacy"] == .bool(true) { view = AnyView(view.privacySensitive()) }
        return view
    }

    private static func font(_ name: String) -> Font {
        switch name {
        case "largeTitle": .largeTitle
        case "title": .title
        case "title2": .title2
        case "title3": .title3
        case "headline": .headline
        case "subheadline": .subheadline
        case "callout": .callout
        case "footnote": .footnote
        case "caption": .caption
        case "caption2": .caption2
        default: .body
        }
    }
}
