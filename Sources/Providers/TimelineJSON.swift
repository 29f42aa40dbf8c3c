import Accessory
import Canvas
import FoundationEssentials
import JSON
import ProviderOptions
import ZoneInfo

/// The timeline a command prints, a push sends or an HTTP template builds, as JSON
/// (docs/TIMELINE-JSON.md): entries, each a family template or a view tree, and a reload
/// policy. Checked whole; every error names the JSON path of the value at fault.
package struct TimelineJSON: Sendable {
    /// One entry: when it shows, its relevance, and what it draws (the entry object).
    package struct Entry: TimelineEntry, Codable, Sendable {
        package let date: Date
        package let relevance: TimelineEntryRelevance?
        package let content: JSONValue

        /// An entry whose every text is cut to `maximumCharacters`: whoever made it (a
        /// pushed timeline, a topic's payload through a template, a web service), a
        /// megabyte of text would cost seconds of text layout each time it is drawn.
        package init(date: Date, relevance: TimelineEntryRelevance?, content: JSONValue) {
            self.date = date
            self.relevance = relevance
            self.content = Self.cut(content)
        }

        /// The most characters of one text in an entry: more than any family shows (a
        /// rectangular widget holds three lines of about 25).
        package static let maximumCharacters = 500

        static func cut(_ value: JSONValue) -> JSONValue {
            switch value {
            case let .string(text) where text.utf8.count > maximumCharacters:
                return .string(text.cut(to: maximumCharacters))
            case let .array(items):
                return .array(items.map(cut))
            case let .object(members):
                return .object(members.mapValues(cut))
            default:
                return value
            }
        }
    }

    package var entries: [Entry]
    package var policy: TimelineReloadPolicy

    /// Why a document is not a timeline: each mistake with its path ("$.entries[2].gauge.value").
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var issues: [String]
        package var description: String { issues.joined(separator: "; ") }
    }

    package static let maximumEntries = 5_000

    /// The most views one entry's view tree holds, containers included: what a widget's
    /// few square centimetres show is tens. Each view is laid out at every redraw and every
    /// status, so a tree of thousands (from whoever can push or publish) would cost
    /// seconds of the drawing thread and megabytes.
    package static let maximumViews = 200

    /// The most characters all texts of one entry hold together, after each is cut to
    /// `Entry.maximumCharacters`: a home widget's list is a few hundred. Text layout costs
    /// by the character, so this bounds an entry's layout work.
    package static let maximumEntryCharacters = 4_000

    /// Reads a timeline from `data`; entries without a date show from `now`.
    package static func decode(_ data: Data, now: Date) throws(Failure) -> TimelineJSON {
        let root: JSONValue
        switch JSONValue.read(data) {
        case let .success(value): root = value
        case .failure(.tooDeep): throw Failure(issues: ["$: \(JSONFailure.tooDeep)"])
        case .failure: throw Failure(issues: ["$: not valid JSON"])
        }
        return try decode(root, now: now)
    }

    /// Reads a timeline from a document already parsed (a front end's request).
    package static func decode(_ root: JSONValue, now: Date) throws(Failure) -> TimelineJSON {
        var checker = Checker()
        let timeline = checker.timeline(root, now: now)
        guard checker.issues.isEmpty, let timeline else { throw Failure(issues: checker.issues) }
        return timeline
    }

    /// Dates: ISO 8601 text (as the command line takes it) or seconds since 1970, from
    /// 1970 to the end of 9999: every date from outside is read through this, so no
    /// arithmetic or formatting downstream meets a date of ±1e300.
    static func date(_ value: JSONValue) -> Date? {
        let date: Date? = switch value {
        case let .number(n): Date(timeIntervalSince1970: n)
        case let .string(s): ISO8601.parse(s)
        default: nil
        }
        return date.flatMap { validDates.contains($0.timeIntervalSince1970) ? $0 : nil }
    }

    /// Seconds since 1970 of the dates a timeline may carry: 1970 to 9999.
    package static let validDates: ClosedRange<Double> = 0...253_402_300_799

    /// The ranges of the numbers a timeline may carry, by key: what they are read into
    /// (a line count, points of padding, a relevance score) holds them all.
    static let numberRanges: [String: ClosedRange<Double>] = [
        "opacity": 0...1, "padding": -1_000...1_000, "lineLimit": 1...1_000, "spacing": 0...1_000, "font": 1...500,
        "value": -1e15...1e15, "min": -1e15...1e15, "max": -1e15...1e15, "total": 1e-9...1e15,
        "score": -1e6...1e6, "duration": 0...1e9,
    ]

    /// Checks an entry read back from saved state as a pushed one is checked; nil when it
    /// is not valid now (the state file was edited, or written by another version).
    package static func validated(_ entry: Entry) -> Entry? {
        guard validDates.contains(entry.date.timeIntervalSince1970) else { return nil }
        if let relevance = entry.relevance {
            guard numberRanges["score"]!.contains(Double(relevance.score)), numberRanges["duration"]!.contains(relevance.duration) else { return nil }
        }
        var checker = Checker()
        _ = checker.entry(entry.content, at: "$", now: entry.date)
        return checker.issues.isEmpty ? entry : nil
    }

    static let dateExpectation = "a date from 1970 to 9999 (ISO 8601 text or seconds since 1970)"

    /// Gauge styles by their JSON names.
    package static let gaugeStyles = EntryTemplate.Gauge.styles
    static let fonts = ["largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout", "footnote", "caption", "caption2"]
    static let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    static let alignments = ["leading", "center", "trailing", "top", "bottom"]
    static let containers = ["vstack", "hstack", "zstack"]
    static let modifiers = ["font", "weight", "monospacedDigit", "opacity", "padding", "lineLimit", "accent", "privacy", "spacing", "alignment"]

    private struct Checker {
        var issues: [String] = []
        /// Views and characters of the entry being checked.
        var views = 0
        var characters = 0

        mutating func fail(_ path: String, _ message: String) { issues.append("\(path): \(message)") }

        mutating func expect(_ value: JSONValue, _ path: String, _ what: String) {
            fail(path, "expected \(what), found \(value.typeName)")
        }

        mutating func timeline(_ root: JSONValue, now: Date) -> TimelineJSON? {
            guard case let .object(object) = root else {
                expect(root, "$", "an object with \"entries\"")
                return nil
            }
            unknownKeys(object, known: ["entries", "policy"], at: "$")
            var policy = TimelineReloadPolicy.atEnd
            switch object["policy"] {
            case nil, .string("atEnd")?: break
            case .string("never")?: policy = .never
            case let .object(after)? where after.count == 1 && after["after"] != nil:
                if let date = TimelineJSON.date(after["after"]!) { policy = .after(date) } else { expect(after["after"]!, "$.policy.after", TimelineJSON.dateExpectation) }
            case let value?:
                fail("$.policy", "expected \"atEnd\", \"never\" or {\"after\": DATE}, found \(value.typeName == "a string" ? "\(value)" : value.typeName)")
            }
            guard case let .array(items)? = object["entries"] else {
                if let value = object["entries"] { expect(value, "$.entries", "an array") } else { fail("$", "no \"entries\" array") }
                return nil
            }
            if items.count > TimelineJSON.maximumEntries { fail("$.entries", "\(items.count) entries; at most \(TimelineJSON.maximumEntries)") }
            var entries: [Entry] = []
            for (i, item) in items.prefix(TimelineJSON.maximumEntries).enumerated() {
                if let entry = entry(item, at: "$.entries[\(i)]", now: now) { entries.append(entry) }
            }
            return TimelineJSON(entries: entries, policy: policy)
        }

        mutating func entry(_ value: JSONValue, at path: String, now: Date) -> Entry? {
            guard case let .object(object) = value else {
                expect(value, path, "an object")
                return nil
            }
            unknownKeys(object, known: ["date", "relevance", "text", "symbol", "emoji", "lines", "gauge", "view"], at: path)
            var date = now
            if let d = object["date"] {
                if let parsed = TimelineJSON.date(d) { date = parsed } else { expect(d, "\(path).date", TimelineJSON.dateExpectation) }
            }
            var relevance: TimelineEntryRelevance?
            if let r = object["relevance"] {
                if case let .number(score)? = r["score"] {
                    number(r["score"], at: "\(path).relevance.score")
                    number(r["duration"], at: "\(path).relevance.duration")
                    relevance = TimelineEntryRelevance(score: Float(score), duration: r["duration"]?.numberValue ?? 0)
                } else {
                    fail("\(path).relevance", "expected {\"score\": NUMBER, \"duration\": SECONDS}")
                }
            }
            (views, characters) = (0, 0)
            let templateKeys = ["text", "symbol", "emoji", "lines", "gauge"].filter { object[$0] != nil }
            if let view = object["view"] {
                if !templateKeys.isEmpty { fail(path, "give a \"view\" or template keys (\(templateKeys.joined(separator: ", "))), not both") }
                self.view(view, at: "\(path).view", depth: 0)
            } else if templateKeys.isEmpty {
                fail(path, "nothing to draw: give \"text\", \"symbol\", \"emoji\", \"lines\", \"gauge\" or a \"view\"")
            } else {
                for key in ["text", "symbol", "emoji"] { string(object[key], at: "\(path).\(key)") }
                if let lines = object["lines"] {
                    if case let .array(items) = lines {
                        for (i, line) in items.enumerated() { string(line, at: "\(path).lines[\(i)]") }
                    } else {
                        expect(lines, "\(path).lines", "an array of strings")
                    }
                }
                if let gauge = object["gauge"] { self.gauge(gauge, at: "\(path).gauge") }
            }
            count(value)
            if views > TimelineJSON.maximumViews { fail("\(path).view", "\(views) views; an entry holds at most \(TimelineJSON.maximumViews)") }
            if characters > TimelineJSON.maximumEntryCharacters {
                fail(path, "its texts hold \(characters) characters together; an entry holds at most \(TimelineJSON.maximumEntryCharacters)")
            }
            return Entry(date: date, relevance: relevance, content: value)
        }

        /// Adds the characters of every text in `value` to `characters`, each counted as
        /// drawn: cut to `Entry.maximumCharacters`.
        mutating func count(_ value: JSONValue) {
            switch value {
            case let .string(text): characters += min(text.count, Entry.maximumCharacters)
            case let .array(items): items.forEach { count($0) }
            case let .object(members): members.values.forEach { count($0) }
            default: break
            }
        }

        mutating func string(_ value: JSONValue?, at path: String) {
            guard let value else { return }
            if case .string = value { return }
            expect(value, path, "a string")
        }

        /// A number within the range its key allows (`numberRanges`, by the path's last
        /// key).
        mutating func number(_ value: JSONValue?, at path: String) {
            guard let value else { return }
            let key = String(path.split(separator: ".").last ?? "")
            let range = TimelineJSON.numberRanges[key] ?? -1e15...1e15
            guard case let .number(n) = value else { return expect(value, path, "a number") }
            if !range.contains(n) { fail(path, "expected a number from \(CFormat.string("%g", range.lowerBound)) to \(CFormat.string("%g", range.upperBound)), found \(CFormat.string("%g", n))") }
        }

        mutating func choice(_ value: JSONValue?, at path: String, from choices: [String]) {
            guard let value else { return }
            if case let .string(s) = value, choices.contains(s) { return }
            fail(path, "expected one of \(choices.joined(separator: ", ")), found \(value.typeName)")
        }

        mutating func unknownKeys(_ object: [String: JSONValue], known: [String], at path: String) {
            for key in object.keys.sorted() where !known.contains(key) {
                let near = Spelling.nearest(key, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
                fail("\(path).\(key)", "unknown key\(near)")
            }
        }

        mutating func gauge(_ value: JSONValue, at path: String) {
            guard case let .object(object) = value else { return expect(value, path, "an object with \"value\"") }
            unknownKeys(object, known: ["value", "min", "max", "label", "text", "style"], at: path)
            if object["value"] == nil { fail(path, "no \"value\"") }
            for key in ["value", "min", "max"] { number(object[key], at: "\(path).\(key)") }
            for key in ["label", "text"] { string(object[key], at: "\(path).\(key)") }
            choice(object["style"], at: "\(path).style", from: TimelineJSON.gaugeStyles)
            if case let .number(lo)? = object["min"], case let .number(hi)? = object["max"], lo >= hi { fail(path, "min (\(lo)) must be below max (\(hi))") }
        }

        mutating func view(_ value: JSONValue, at path: String, depth: Int) {
            guard depth < 16 else { return fail(path, "views nest more than 16 deep") }
            guard case let .object(object) = value else { return expect(value, path, "a view object") }
            views += 1
            guard views <= TimelineJSON.maximumViews else { return }
            let primitives = ["text", "image", "gauge", "progress", "button", "spacer", "background"] + TimelineJSON.containers
            let kinds = primitives.filter { object[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first else {
                return fail(path, kinds.isEmpty ? "expected one of \(primitives.joined(separator: ", "))" : "one view per object; found \(kinds.joined(separator: " and "))")
            }
            unknownKeys(object, known: primitives + TimelineJSON.modifiers, at: path)
            switch kind {
            case "text", "image": string(object[kind], at: "\(path).\(kind)")
            case "gauge": gauge(object[kind]!, at: "\(path).gauge")
            case "progress":
                if case let .object(p)? = object["progress"] {
                    number(p["value"], at: "\(path).progress.value")
                    number(p["total"], at: "\(path).progress.total")
                } else {
                    expect(object["progress"]!, "\(path).progress", "{\"value\": N, \"total\": N}")
                }
            case "button":
                guard case let .object(b)? = object["button"] else { return expect(object["button"]!, "\(path).button", "{\"title\": TEXT, \"url\": ADDRESS}") }
                unknownKeys(b, known: ["title", "url", "on"], at: "\(path).button")
                if b["title"] == nil { fail("\(path).button", "no \"title\"") }
                string(b["title"], at: "\(path).button.title")
                if case let .string(url)? = b["url"], url.utf8.count <= 512, url.contains("://"), URL(string: url) != nil {
                } else {
                    fail("\(path).button.url", "expected an address such as \"lamp://toggle\" (at most 512 bytes), which [urls] maps to an action")
                }
                if let on = b["on"], on != .bool(true), on != .bool(false) { expect(on, "\(path).button.on", "true or false") }
            case "vstack", "hstack", "zstack":
                guard case let .array(children)? = object[kind] else { return expect(object[kind]!, "\(path).\(kind)", "an array of views") }
                for (i, child) in children.enumerated() { view(child, at: "\(path).\(kind)[\(i)]", depth: depth + 1) }
            default: break
            }
            if let font = object["font"], !(font.isNumber || TimelineJSON.fonts.contains(font.stringValue ?? "")) {
                fail("\(path).font", "expected a size in points or one of \(TimelineJSON.fonts.joined(separator: ", "))")
            } else if let font = object["font"], font.isNumber {
                number(font, at: "\(path).font")
            }
            choice(object["weight"], at: "\(path).weight", from: TimelineJSON.weights)
            choice(object["alignment"], at: "\(path).alignment", from: TimelineJSON.alignments)
            for key in ["opacity", "padding", "lineLimit", "spacing"] { number(object[key], at: "\(path).\(key)") }
            for key in ["monospacedDigit", "accent", "privacy"] {
                if let v = object[key], v != .bool(true), v != .bool(false) { expect(v, "\(path).\(key)", "true or false") }
            }
        }
    }
}

extension JSONValue {
    var isNumber: Bool { if case .number = self { true } else { false } }
}
