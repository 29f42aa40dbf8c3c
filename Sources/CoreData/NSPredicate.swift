/// A condition objects are fetched by, as Foundation's `NSPredicate`: read from
/// `NSPredicate(format:)`'s language (`PredicateFormat`), a constant, or a block. Linux's
/// Foundation declares `NSPredicate(format:)` and stops the program when it is called;
/// this class, of Core Data's module, is the one a file importing CoreData names.
///
/// A format Apple's would refuse with an exception (which ends an app) is kept with the
/// reason here: the predicate matches nothing, and a fetch with it throws the reason.
open class NSPredicate: NSObject, @unchecked Sendable {
    let node: PredicateNode
    /// Why the format could not be read; nil when it was.
    public let formatFailure: String?
    private let block: (@Sendable (Any?, [String: Any]?) -> Bool)?
    private let format: String

    public convenience init(format predicateFormat: String, _ args: any CVarArg...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    public init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        format = predicateFormat
        block = nil
        do throws(PredicateFormat.Failure) {
            node = try PredicateFormat.parse(predicateFormat, arguments: (arguments ?? []).map { $0 is NSNull ? nil : $0 })
            formatFailure = nil
        } catch {
            node = .constant(false)
            formatFailure = "NSPredicate(format: \"\(predicateFormat.prefix(200))\"): \(error.description)"
        }
        super.init()
    }

    public init(value: Bool) {
        (node, formatFailure, block, format) = (.constant(value), nil, nil, value ? "TRUEPREDICATE" : "FALSEPREDICATE")
        super.init()
    }

    public init(block: @escaping @Sendable (Any?, [String: Any]?) -> Bool) {
        (node, formatFailure, self.block, format) = (.constant(false), nil, block, "BLOCKPREDICATE")
        super.init()
    }

    init(node: PredicateNode, format: String, failure: String?) {
        (self.node, self.format, formatFailure, block) = (node, format, failure, nil)
        super.init()
    }

    /// The format as given.
    open var predicateFormat: String { format }

    /// Whether `object` (a managed object, or a dictionary of values by key) meets the
    /// condition.
    open func evaluate(with object: Any?) -> Bool {
        if let block { return block(object, nil) }
        return node.evaluate(object)
    }

    open func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        if let block { return block(object, bindings) }
        return node.evaluate(object)
    }

    open override var description: String { format }
}

/// Predicates joined by AND or OR, or one negated, as Foundation's `NSCompoundPredicate`.
open class NSCompoundPredicate: NSPredicate, @unchecked Sendable {
    public enum LogicalType: UInt, Sendable { case not, and, or }

    public let compoundPredicateType: LogicalType
    public let subpredicates: [Any]

    public init(type: LogicalType, subpredicates: [NSPredicate]) {
        compoundPredicateType = type
        self.subpredicates = subpredicates
        let failure = subpredicates.compactMap(\.formatFailure).first
        let nodes = subpredicates.map { PredicateNode.nested($0) }
        let node: PredicateNode = switch type {
        case .and: .and(nodes)
        case .or: .or(nodes)
        case .not: .not(nodes.first ?? .constant(false))
        }
        let words = subpredicates.map { "(\($0.predicateFormat))" }
        let format = type == .not ? "NOT " + (words.first ?? "") : words.joined(separator: type == .and ? " AND " : " OR ")
        super.init(node: node, format: format, failure: failure)
    }

    public convenience init(andPredicateWithSubpredicates subpredicates: [NSPredicate]) {
        self.init(type: .and, subpredicates: subpredicates)
    }

    public convenience init(orPredicateWithSubpredicates subpredicates: [NSPredicate]) {
        self.init(type: .or, subpredicates: subpredicates)
    }

    public convenience init(notPredicateWithSubpredicate predicate: NSPredicate) {
        self.init(type: .not, subpredicates: [predicate])
    }
}
