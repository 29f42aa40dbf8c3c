import Config
import FoundationEssentials
import Glibc
import JSON
import Providers
import TOML
import ZoneInfo

// lockscreend-conformance: what lockscreend's own readers make of other people's test
// suites, as JSON lines, for the scripts in Tests/conformance to compare with the
// reference implementations (Python's tomllib, recurring-ical-events). Not installed.
//
//   lockscreend-conformance toml FILE...
//       a line per file: {"file", "value"} (tables as objects, arrays as arrays, every
//       other value as {"type", "value"} in text) or {"file", "error": "FILE:LINE: …"}
//   lockscreend-conformance calendar ZONE FILE FROM TO [FROM TO …]
//       a line per window (Unix seconds): {"occurrences": [[start, end, allDay, summary]…]}
//       or {"error": "…"}: what a calendar widget in ZONE would show.
//   lockscreend-conformance epd MODEL ROTATE
//       the e-paper driver's traffic for two pictures, as a JSON array (EPDTrace.swift).
//   lockscreend-conformance predicates OBJECT.json < FORMATS
//       a line per format: CoreData's NSPredicate(format:) evaluated against the object
//       (PredicateProbe.swift), as GNUstep's is by Tests/conformance/predicates/oracle.m.

func emit(_ value: JSONValue) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return }
    print(String(decoding: data, as: UTF8.self))
}

func tagged(_ value: TOMLValue) -> JSONValue {
    func scalar(_ type: String, _ text: String) -> JSONValue { .object(["type": .string(type), "value": .string(text)]) }
    switch value.kind {
    case let .string(s): return scalar("string", s)
    case let .integer(i): return scalar("integer", String(i))
    case let .float(d): return scalar("float", d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : "\(d)")
    case let .boolean(b): return scalar("bool", String(b))
    case let .datetime(d): return scalar("datetime", d)
    case let .array(items): return .array(items.map(tagged))
    case let .table(table): return .object(Dictionary(table.entries.map { ($0.key, tagged($0.value)) }, uniquingKeysWith: { a, _ in a }))
    }
}

func toml(_ paths: ArraySlice<String>) {
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
            emit(.object(["file": .string(path), "error": .string("\(path): cannot read")]))
            continue
        }
        // As LockScreenConfig.load reads a file: UTF-8 or refused.
        guard let text = String(validating: data, as: UTF8.self) else {
            emit(.object(["file": .string(path), "error": .string("\(path):\(LockScreenConfig.firstInvalidUTF8Line(data)): is not UTF-8 text")]))
            continue
        }
        do {
            let root = try TOMLParser.parse(text)
            emit(.object(["file": .string(path), "value": tagged(TOMLValue(.table(root), line: 1))]))
        } catch {
            emit(.object(["file": .string(path), "error": .string("\(path):\(error.line): \(error.message)")]))
        }
    }
}

func calendar(_ arguments: ArraySlice<String>) {
    let arguments = Array(arguments)
    guard arguments.count >= 4, arguments.count % 2 == 0, let zone = ZoneRules.named(arguments[0]) else {
        print("usage: lockscreend-conformance calendar ZONE FILE FROM TO [FROM TO …]")
        exit(2)
    }
    guard let data = FileManager.default.contents(atPath: arguments[1]) else {
        print("cannot read \(arguments[1])")
        exit(2)
    }
    let text = String(decoding: data, as: UTF8.self)
    for pair in stride(from: 2, to: arguments.count, by: 2) {
        guard let from = Double(arguments[pair]), let to = Double(arguments[pair + 1]) else { exit(2) }
        do {
            let found = try ICalendar.parse(text, zone: zone).occurrences(from: Date(timeIntervalSince1970: from), to: Date(timeIntervalSince1970: to), zone: zone)
            emit(.object(["occurrences": .array(found.map {
                .array([.number($0.start.timeIntervalSince1970), .number($0.end.timeIntervalSince1970), .bool($0.allDay), .string($0.summary)])
            })]))
        } catch {
            emit(.object(["error": .string(error.description)]))
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "toml": toml(arguments.dropFirst())
case "calendar": calendar(arguments.dropFirst())
case "epd": epdTrace(Array(arguments.dropFirst()))
#if os(Linux)
case "predicates": predicates(arguments.dropFirst())
#endif
default:
    print("usage: lockscreend-conformance toml FILE… | calendar ZONE FILE FROM TO […]")
    exit(2)
}
