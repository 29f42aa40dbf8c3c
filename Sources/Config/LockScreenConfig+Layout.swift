import AppIntentsCore
import FoundationEssentials
import Glibc
import JSON
import LockScreenModel
import ProviderOptions
import TOML
import WidgetKitCore  // for .accessoryRectangular

/// `[layout]` and `[widgets]`: where each widget goes and what it is.
extension LockScreenConfig {
    /// The settings every widget table may have besides its kind's parameters.
    static let widgetKeys = ["kind", "family", "budget", "min_interval", "timeout", "tap"]

    mutating func readLayout(_ layout: TOMLTable, widgets: TOMLTable, kinds: WidgetKinds, reader: inout ConfigReader) {
        let path = "layout"
        reader.rejectUnknown(layout, known: ["inline", "row", "stack_rotation", "home", "page", "photo"], at: path)
        var rotation: TimeInterval?
        if let minutes = reader.integer(layout, "stack_rotation", at: path, in: 1...1_440) { rotation = TimeInterval(minutes * 60) }
        var used: [String: Int] = [:]

        /// The names in a slot: "name" or ["a", "b"] (a stack).
        func names(_ value: TOMLValue, key: String) -> [(String, Int)] {
            switch value.kind {
            case let .string(name): return [(name, value.line)]
            case let .array(items) where !items.isEmpty && items.allSatisfy({ if case .string = $0.kind { true } else { false } }):
                return items.compactMap { if case let .string(name) = $0.kind { (name, $0.line) } else { nil } }
            default:
                reader.mismatch(value, key, expected: "a widget name or an array of names (a stack)")
                return []
            }
        }

        func stack(_ value: TOMLValue, key: String, placement: Placement) -> WidgetStack<WidgetSpecification>? {
            var members: [WidgetSpecification] = []
            for (name, line) in names(value, key: key) {
                if let first = used[name] {
                    reader.report(line, key, "the widget \"\(name)\" is already placed on line \(first); each widget goes in one place")
                    continue
                }
                used[name] = line
                guard let table = widgets[name]?.table else {
                    let near = Spelling.nearest(name, in: widgets.keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                    reader.report(line, key, "no [widgets.\(name)] table\(near)")
                    continue
                }
                if let widget = Self.widget(name, table, placement: placement, kinds: kinds, reader: &reader) { members.append(widget) }
            }
            guard !members.isEmpty else { return nil }
            if Set(members.map(\.family)).count > 1 {
                reader.report(value.line, key, "a stack holds widgets of one family; found \(members.map { "\($0.name) (\($0.family.shortName))" }.joined(separator: ", "))")
                return nil
            }
            return WidgetStack(members, rotation: members.count > 1 ? rotation : nil)
        }

        let inline = layout["inline"].flatMap { stack($0, key: "\(path).inline", placement: .inline) }
        var row: [WidgetStack<WidgetSpecification>] = []
        if let value = layout["row"] {
            if case let .array(slots) = value.kind {
                for slot in slots {
                    if let s = stack(slot, key: "\(path).row", placement: .row) { row.append(s) }
                }
                let units = row.reduce(0) { $0 + ($1.family == .accessoryRectangular ? 2 : 1) }
                if units > 4 { reader.report(value.line, "\(path).row", "the row holds 4 units (circular 1, rectangular 2); these widgets take \(units)") }
            } else {
                reader.mismatch(value, "\(path).row", expected: "an array of widget names, e.g. [\"cpu\", \"battery\"]")
            }
        }
        var home: [WidgetStack<WidgetSpecification>] = []
        if let value = layout["home"] {
            if case let .array(slots) = value.kind {
                home = slots.compactMap { stack($0, key: "\(path).home", placement: .home) }
            } else {
                reader.mismatch(value, "\(path).home", expected: "an array of widget names, e.g. [\"weather\", \"calendar\"]")
            }
        }
        let photo = layout["photo"].flatMap { stack($0, key: "\(path).photo", placement: .photo) }
        // Widgets not placed are checked all the same, so a mistake shows before they are.
        for entry in widgets.entries where used[entry.key] == nil {
            guard let table = entry.value.table else {
                reader.mismatch(entry.value, "widgets.\(entry.key)", expected: "a table ([widgets.\(entry.key)])")
                continue
            }
            _ = Self.widget(entry.key, table, placement: Placement(family: table["family"]), kinds: kinds, reader: &reader)
        }
        content = LockScreenContent(inline: inline, row: row, home: home, photo: photo, page: Self.page(layout, home: home, photo: photo, at: path, reader: &reader))
    }

    /// One `[widgets.NAME]` table, checked against its kind's declared parameters.
    static func widget(_ name: String, _ table: TOMLTable, placement: Placement, kinds catalogue: WidgetKinds, reader: inout ConfigReader) -> WidgetSpecification? {
        let path = "widgets.\(name)"
        let kinds = catalogue.names
        guard table["kind"] != nil else {
            reader.report(table.line, path, "no kind; expected kind = one of \(kinds.map { "\"\($0)\"" }.joined(separator: ", "))")
            return nil
        }
        guard let kind = reader.choice(table, "kind", at: path, from: kinds) else { return nil }
        if let tableKind = WidgetKinds.TableKind(rawValue: kind), catalogue.tables.contains(tableKind) {
            var family = placement.defaultFamily
            switch givenFamily(table, at: path, placement: placement, reader: &reader) {
            case .absent: break
            case .misplaced: return nil
            case let .fits(given): family = given
            }
            return tableWidget(KindTable(name: name, kind: kind, table: table, path: path, family: family), of: tableKind, kinds: catalogue, reader: &reader)
        }
        guard let descriptor = catalogue.declared[kind] else { return nil }
        // The family: given, or the first the kind supports that fits where it is placed.
        let fitting = descriptor.supportedFamilies.filter(placement.takes)
        var family = fitting.first
        switch givenFamily(table, at: path, placement: placement, reader: &reader) {
        case .absent: break
        case .misplaced: return nil
        case let .fits(given):
            family = given
            if !descriptor.supportedFamilies.contains(given) {
                reader.report(table["family"]!.line, "\(path).family", "\"\(kind)\" supports \(descriptor.supportedFamilies.map { "\"\($0.shortName)\"" }.joined(separator: ", ")), found \"\(given.shortName)\"")
                return nil
            }
        }
        guard let family else {
            reader.report(table.line, path, "\"\(kind)\" cannot be shown \(placement.place): it supports \(descriptor.supportedFamilies.map(\.shortName).joined(separator: ", "))")
            return nil
        }

        // Its parameters, as text, each checked by the kind itself.
        let parameterNames = descriptor.parameters.map(\.name)
        reader.rejectUnknown(table, known: widgetKeys + parameterNames, at: path)
        var values: [String: String] = [:]
        var mistyped = false
        for entry in table.entries {
            guard let parameter = descriptor.parameters.first(where: { $0.name == entry.key }) else { continue }
            guard let text = Self.text(of: entry.value, for: parameter.kind) else {
                reader.mismatch(entry.value, "\(path).\(entry.key)", expected: parameter.kind.expectation)
                mistyped = true
                continue
            }
            values[entry.key] = text
        }

        var remaining = values
        // Report each bad value with its own line: apply them one at a time.
        for (key, text) in values.sorted(by: { $0.key < $1.key }) {
            do {
                try descriptor.check([key: text])
            } catch where error.name != key {
                // Another parameter lacks a value; the whole set is checked below.
                continue
            } catch {
                let expected = descriptor.parameters.first { $0.name == key }?.kind.expectation ?? "a valid value"
                var message = "expected \(expected), found \(ConfigReader.shown(table[key]!))"
                if case let .enumeration(cases, _) = descriptor.parameters.first(where: { $0.name == key })?.kind.unwrapped, let near = Spelling.nearest(text, in: cases) {
                    message += " (did you mean \"\(near)\"?)"
                }
                reader.report(table[key]!.line, "\(path).\(key)", message)
                remaining[key] = nil
            }
        }
        guard remaining.count == values.count, !mistyped else { return nil }
        do {
            try descriptor.check(values)
        } catch {
            reader.report(table.line, path, error.description)
            return nil
        }

        // Built-in kinds read the local machine: they cost nothing to ask.
        let (budget, failure) = limits(table, at: path, local: descriptor.isLocal, reader: &reader)
        return WidgetSpecification(name: name, kind: kind, family: family, budget: budget, failurePolicy: failure, source: .parameters(values))
    }

    /// A widget's reload budget and time-out.
    static func limits(_ table: TOMLTable, at path: String, local: Bool, reader: inout ConfigReader) -> (ReloadBudget, FailurePolicy) {
        var budget = local && table["budget"] == nil && table["min_interval"] == nil ? ReloadBudget.unlimited : .standard
        if let perDay = reader.integer(table, "budget", at: path, in: 0...100_000) { budget.maximumPerDay = perDay == 0 ? nil : perDay }
        if let seconds = reader.duration(table, "min_interval", at: path, unit: 1, in: 0...86_400) { budget.minimumInterval = seconds }
        var failure = FailurePolicy()
        if let seconds = reader.duration(table, "timeout", at: path, unit: 1, in: 1...3_600) { failure.timeout = seconds }
        return (budget, failure)
    }

    /// The budget of a widget that asks again every `interval` by itself (`http`, `image`
    /// and `calendar` from an address, Home Assistant's REST API). Its `every` is its
    /// reload policy, so without a `budget` of the user's the day's reloads fit it (96 a
    /// day every 15 minutes, where the standard 70 would spend itself by the evening and
    /// leave the widget unchanged for hours); with a `budget` too small for it, the
    /// reloads are spread evenly over the day instead of spent in a burst.
    static func paced(_ budget: ReloadBudget, every interval: TimeInterval, _ table: TOMLTable) -> ReloadBudget {
        var budget = budget
        if table["min_interval"] == nil { budget.minimumInterval = min(budget.minimumInterval, interval) }
        guard let perDay = budget.maximumPerDay, perDay > 0, interval > 0 else { return budget }
        let wanted = Int((86_400 / interval).rounded(.up))
        if table["budget"] == nil {
            budget.maximumPerDay = max(perDay, wanted)
        } else if wanted > perDay, table["min_interval"] == nil {
            budget.minimumInterval = max(budget.minimumInterval, 86_400 / Double(perDay))
        }
        return budget
    }

    /// A TOML value as a parameter's text, when its TOML type suits the parameter.
    static func text(of value: TOMLValue, for kind: IntentValueKind) -> String? {
        switch (kind, value.kind) {
        case let (.optional(wrapped), _): text(of: value, for: wrapped)
        case let (.string, .string(s)), let (.enumeration, .string(s)), let (.date, .string(s)), let (.date, .datetime(s)): s
        case let (.integer, .integer(i)): String(i)
        case let (.double, .integer(i)): String(i)
        case let (.double, .float(d)): String(d)
        case let (.boolean, .boolean(b)): String(b)
        case let (.list(element), .array(items)):
            // Each element checked as the element's kind; one that is not refuses the list.
            items.count <= IntentListText.maximumCount ? elementTexts(items, element).map(IntentListText.text(of:)) : nil
        default: nil
        }
    }

    private static func elementTexts(_ items: [TOMLValue], _ kind: IntentValueKind) -> [String]? {
        var texts: [String] = []
        for item in items {
            guard let text = text(of: item, for: kind) else { return nil }
            texts.append(text)
        }
        return texts
    }
}
