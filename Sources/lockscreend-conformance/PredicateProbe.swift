#if os(Linux)
import CoreData
import JSON

/// `lockscreend-conformance predicates OBJECT.json`: each line of standard input read as
/// CoreData's `NSPredicate(format:)` and evaluated against the object of OBJECT.json
/// (`{"$date": seconds}` a date), a JSON line each: {"format", "result"} or {"format",
/// "error"}, as Tests/conformance/predicates/oracle.m prints GNUstep's.
func predicates(_ arguments: ArraySlice<String>) {
    guard let path = arguments.first, let data = FileManager.default.contents(atPath: path), let json = JSONValue.parse(data) else {
        print("usage: lockscreend-conformance predicates OBJECT.json < formats")
        exit(2)
    }
    let object = foundationValue(json)
    while let line = readLine(strippingNewline: true) {
        guard !line.isEmpty, !line.hasPrefix("#") else { continue }
        let predicate = NSPredicate(format: line)
        var answer: [String: Any] = ["format": line]
        if let failure = predicate.formatFailure {
            answer["error"] = failure
        } else {
            answer["result"] = predicate.evaluate(with: object)
        }
        if let out = try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]) {
            print(String(decoding: out, as: UTF8.self))
        }
    }
}

/// A JSON value as the oracle makes it: `{"$date": s}` a `Date`, whole numbers `Int64`,
/// other numbers `Double`, null `NSNull`.
private func foundationValue(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case let .bool(b): b
    case let .number(n): n.rounded() == n && abs(n) < 9e15 ? Int64(n) as Any : n as Any
    case let .string(s): s
    case let .array(items): items.map(foundationValue)
    case let .object(fields):
        if fields.count == 1, case let .number(seconds)? = fields["$date"] {
            Date(timeIntervalSince1970: seconds)
        } else {
            fields.mapValues(foundationValue)
        }
    }
}
#endif
