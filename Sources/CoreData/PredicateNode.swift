/// A predicate as `NSPredicate(format:)` reads it: comparisons of key paths and
/// constants joined by AND, OR and NOT, evaluated against an object in Swift.
indirect enum PredicateNode {
    case constant(Bool)
    case not(PredicateNode)
    case and([PredicateNode])
    case or([PredicateNode])
    case comparison(PredicateComparison)
    /// A predicate of its own inside a compound one (it may be a block).
    case nested(NSPredicate)

    func evaluate(_ object: Any?) -> Bool {
        switch self {
        case let .constant(value): value
        case let .not(node): !node.evaluate(object)
        case let .and(nodes): nodes.allSatisfy { $0.evaluate(object) }
        case let .or(nodes): nodes.contains { $0.evaluate(object) }
        case let .comparison(comparison): comparison.evaluate(object)
        case let .nested(predicate): predicate.evaluate(with: object)
        }
    }
}

/// One side of a comparison: a key path of the object, the object itself, a constant, or
/// a literal collection (`{1, 2}`).
indirect enum PredicateExpression {
    case keyPath([String])
    case evaluatedObject
    case constant(Any?)
    case collection([PredicateExpression])

    /// The expression's value for `object`: through a to-many relationship, the values
    /// of every destination, as an array.
    func value(for object: Any?) -> Any? {
        switch self {
        case .evaluatedObject: return object
        case let .constant(value): return value
        case let .collection(items): return items.map { $0.value(for: object) as Any }
        case let .keyPath(keys):
            var current: Any? = object
            for key in keys {
                current = Self.step(current, key)
            }
            return current
        }
    }

    private static func step(_ value: Any?, _ key: String) -> Any? {
        if key == "@count" { return PredicateValue.elements(value).map(\.count) }
        switch value {
        case let object as NSManagedObject:
            let next = object.value(forKey: key)
            if let set = next as? NSSet { return set.allObjects }
            if let set = next as? NSOrderedSet { return set.array }
            return next
        case let dictionary as [String: Any]: return dictionary[key]
        case let array as [Any]: return array.map { step($0, key) as Any }
        default: return nil
        }
    }
}

/// `left OPERATOR right`, with its options (`[c]` case, `[d]` diacritics) and its
/// aggregate (`ANY`, `ALL`, `NONE` over a collection on the left).
struct PredicateComparison {
    enum Operator: String {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE", matches = "MATCHES"
        case `in` = "IN", between = "BETWEEN"
    }

    enum Aggregate { case any, all, none }

    var left: PredicateExpression
    var op: Operator
    var right: PredicateExpression
    var caseInsensitive = false
    var diacriticInsensitive = false
    var aggregate: Aggregate?

    func evaluate(_ object: Any?) -> Bool {
        let lhs = left.value(for: object), rhs = right.value(for: object)
        guard let aggregate else { return test(lhs, rhs) }
        let items = PredicateValue.elements(lhs) ?? []
        switch aggregate {
        case .any: return items.contains { test($0, rhs) }
        case .all: return items.allSatisfy { test($0, rhs) }
        case .none: return !items.contains { test($0, rhs) }
        }
    }

    private func test(_ lhs: Any?, _ rhs: Any?) -> Bool {
        let fold = { (text: String) in PredicateValue.folded(text, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive) }
        switch op {
        case .equal: return PredicateValue.equal(lhs, rhs, fold: fold)
        case .notEqual: return !PredicateValue.equal(lhs, rhs, fold: fold)
        case .less: return PredicateValue.order(lhs, rhs, fold: fold) == .orderedAscending
        case .lessOrEqual: return [.orderedAscending, .orderedSame].contains(PredicateValue.order(lhs, rhs, fold: fold))
        case .greater: return PredicateValue.order(lhs, rhs, fold: fold) == .orderedDescending
        case .greaterOrEqual: return [.orderedDescending, .orderedSame].contains(PredicateValue.order(lhs, rhs, fold: fold))
        case .beginsWith, .endsWith, .like, .matches:
            guard let text = PredicateValue.string(lhs), let pattern = PredicateValue.string(rhs) else { return false }
            let (t, p) = (fold(text), fold(pattern))
            switch op {
            case .beginsWith: return t.hasPrefix(p)
            case .endsWith: return t.hasSuffix(p)
            case .like: return PredicateValue.like(t, p)
            default: return PredicateValue.matches(text, pattern, caseInsensitive: caseInsensitive)
            }
        case .contains:
            if let text = PredicateValue.string(lhs), let part = PredicateValue.string(rhs) { return fold(text).contains(fold(part)) }
            return (PredicateValue.elements(lhs) ?? []).contains { PredicateValue.equal($0, rhs, fold: fold) }
        case .in:
            if let text = PredicateValue.string(rhs), let part = PredicateValue.string(lhs) { return fold(text).contains(fold(part)) }
            return (PredicateValue.elements(rhs) ?? []).contains { PredicateValue.equal(lhs, $0, fold: fold) }
        case .between:
            guard let bounds = PredicateValue.elements(rhs), bounds.count == 2 else { return false }
            return PredicateValue.order(lhs, bounds[0], fold: fold) != .orderedAscending && PredicateValue.order(lhs, bounds[1], fold: fold) != .orderedDescending
        }
    }
}
