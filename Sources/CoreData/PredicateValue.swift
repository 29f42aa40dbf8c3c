/// How a predicate compares values: numbers of any type as numbers, strings with the
/// comparison's options, dates, identities and objects; as NSPredicate compares them.
enum PredicateValue {
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Bool: v ? 1 : 0
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as Decimal: NSDecimalNumber(decimal: v).doubleValue
        case let v as NSNumber: v.doubleValue
        case let v?: AttributeCoding.integer(v).map(Double.init)
        case nil: nil
        }
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let v as String: v
        case let v as NSString: String(describing: v)
        default: nil
        }
    }

    /// The members of a collection: an array, a set, `NSSet` or `NSOrderedSet`.
    static func elements(_ value: Any?) -> [Any]? {
        switch value {
        case let v as [Any]: v
        case let v as NSSet: v.allObjects
        case let v as NSOrderedSet: v.array
        case let v as NSArray: v.map { $0 }
        default: nil
        }
    }

    static func folded(_ text: String, caseInsensitive: Bool, diacriticInsensitive: Bool) -> String {
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        return options.isEmpty ? text : text.folding(options: options, locale: nil)
    }

    static func equal(_ a: Any?, _ b: Any?, fold: (String) -> String) -> Bool {
        switch (a, b) {
        case (nil, nil), (nil, is NSNull), (is NSNull, nil), (is NSNull, is NSNull): return true
        case (nil, _), (_, nil): return false
        default: break
        }
        if let x = number(a), let y = number(b) { return x == y }
        if let x = string(a), let y = string(b) { return fold(x) == fold(y) }
        if let x = a as? Date, let y = b as? Date { return x == y }
        if let x = a as? UUID, let y = b as? UUID { return x == y }
        if let x = a as? URL, let y = b as? URL { return x == y }
        if let x = a as? Data, let y = b as? Data { return x == y }
        if let x = a as? NSManagedObject, let y = b as? NSManagedObject { return x === y || (x.row != nil && x.objectID == y.objectID) }
        if let x = a as? NSManagedObjectID, let y = b as? NSManagedObject { return x == y.objectID }
        if let x = a as? NSManagedObject, let y = b as? NSManagedObjectID { return x.objectID == y }
        if let x = a as? NSManagedObjectID, let y = b as? NSManagedObjectID { return x == y }
        return false
    }

    /// The order of `a` and `b`; nil when they are not of one ordered kind (so every
    /// ordering comparison of them is false).
    static func order(_ a: Any?, _ b: Any?, fold: (String) -> String) -> ComparisonResult? {
        if let x = number(a), let y = number(b) { return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame }
        if let x = string(a), let y = string(b) {
            let (p, q) = (fold(x), fold(y))
            return p < q ? .orderedAscending : p > q ? .orderedDescending : .orderedSame
        }
        if let x = a as? Date, let y = b as? Date { return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame }
        return nil
    }

    /// LIKE's wildcards: `*` any run of characters, `?` one. Without recursion, so a
    /// long text cannot exhaust the stack: on a mismatch the last `*` takes one more
    /// character.
    static func like(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text), p = Array(pattern)
        var (i, j) = (0, 0)
        var star: (pattern: Int, text: Int)?
        while i < t.count {
            if j < p.count, p[j] == "*" {
                star = (j, i)
                j += 1
            } else if j < p.count, p[j] == "?" || p[j] == t[i] {
                i += 1
                j += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                (i, j) = (last.text + 1, last.pattern + 1)
            } else {
                return false
            }
        }
        while j < p.count, p[j] == "*" { j += 1 }
        return j == p.count
    }

    /// MATCHES: the whole text matches the regular expression (ICU's syntax, as Apple's).
    static func matches(_ text: String, _ pattern: String, caseInsensitive: Bool) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : []) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, options: [.anchored], range: range).map { $0.range == range } ?? false
    }
}
