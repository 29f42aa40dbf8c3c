/// Reads `NSPredicate(format:)`'s language (Apple's "Predicate Format String Syntax"):
/// comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`,
/// `LIKE`, `MATCHES`, `IN`, `BETWEEN`, with `[c]`, `[d]` and `[cd]`), `ANY`, `ALL`,
/// `NONE`, `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses, `TRUEPREDICATE`,
/// `FALSEPREDICATE`; key paths with `.` and `@count`, `SELF`, quoted strings, numbers,
/// `YES`/`NO`/`TRUE`/`FALSE`, `NIL`/`NULL`, `{…}` collections; and the arguments `%@`,
/// `%K` and the number conversions (`%d`, `%i`, `%ld`, `%f`, …). Anything else is refused
/// with where it stopped, never guessed. Bounded: a format of at most 16 KiB, nested at
/// most 64 deep.
struct PredicateFormat {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let maximumLength = 16_384
    static let maximumDepth = 64

    private var tokens: [Token]
    private var position = 0
    private var arguments: [Any?]
    private var argumentIndex = 0
    private var depth = 0

    static func parse(_ format: String, arguments: [Any?]) throws(Failure) -> PredicateNode {
        guard format.utf8.count <= maximumLength else { throw Failure(description: "the format is \(format.utf8.count) bytes; at most \(maximumLength)") }
        var parser = PredicateFormat(tokens: try Token.scan(format), arguments: arguments)
        let node = try parser.disjunction()
        guard parser.position == parser.tokens.count else { throw Failure(description: "unexpected \(parser.tokens[parser.position]) after a whole predicate") }
        return node
    }

    private init(tokens: [Token], arguments: [Any?]) {
        (self.tokens, self.arguments) = (tokens, arguments)
    }

    private var next: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ words: String...) -> Bool {
        guard let next, words.contains(where: { next.matches($0) }) else { return false }
        position += 1
        return true
    }

    private mutating func disjunction() throws(Failure) -> PredicateNode {
        var nodes = [try conjunction()]
        while take("OR", "||") { nodes.append(try conjunction()) }
        return nodes.count == 1 ? nodes[0] : .or(nodes)
    }

    private mutating func conjunction() throws(Failure) -> PredicateNode {
        var nodes = [try negation()]
        while take("AND", "&&") { nodes.append(try negation()) }
        return nodes.count == 1 ? nodes[0] : .and(nodes)
    }

    private mutating func negation() throws(Failure) -> PredicateNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Failure(description: "nested more than \(Self.maximumDepth) deep") }
        if take("NOT", "!") { return .not(try negation()) }
        if take("TRUEPREDICATE") { return .constant(true) }
        if take("FALSEPREDICATE") { return .constant(false) }
        if take("(") {
            let inner = try disjunction()
            guard take(")") else { throw Failure(description: "a \"(\" without its \")\"") }
            return inner
        }
        return .comparison(try comparison())
    }

    private mutating func comparison() throws(Failure) -> PredicateComparison {
        var aggregate: PredicateComparison.Aggregate?
        if take("ANY", "SOME") { aggregate = .any } else if take("ALL") { aggregate = .all } else if take("NONE") { aggregate = PredicateComparison.Aggregate.none }
        let left = try expression()
        guard let token = next else { throw Failure(description: "a comparison ends after its left side") }
        position += 1
        let op: PredicateComparison.Operator
        switch token.text.uppercased() {
        case "==", "=": op = .equal
        case "!=", "<>": op = .notEqual
        case "<": op = .less
        case "<=", "=<": op = .lessOrEqual
        case ">": op = .greater
        case ">=", "=>": op = .greaterOrEqual
        case let word: guard let named = PredicateComparison.Operator(rawValue: word), token.kind == .word else {
            throw Failure(description: "expected a comparison (==, !=, <, >, CONTAINS, IN, …), found \(token)")
        }
        op = named
        }
        var comparison = PredicateComparison(left: left, op: op, right: .constant(nil), aggregate: aggregate)
        if let options = next, options.kind == .options {
            position += 1
            comparison.caseInsensitive = options.text.lowercased().contains("c")
            comparison.diacriticInsensitive = options.text.lowercased().contains("d")
        }
        comparison.right = try expression()
        // BETWEEN takes two bounds: a literal that is not `{low, high}` is refused here,
        // as Apple's parser refuses it (an argument's value is checked when evaluated).
        if op == .between, case let .constant(value) = comparison.right, !(value is [Any]) {
            throw Failure(description: "BETWEEN takes its bounds as {low, high}")
        }
        if op == .between, case let .collection(bounds) = comparison.right, bounds.count != 2 {
            throw Failure(description: "BETWEEN takes two bounds, {low, high}; found \(bounds.count)")
        }
        return comparison
    }

    private mutating func expression() throws(Failure) -> PredicateExpression {
        guard let token = next else { throw Failure(description: "the format ends where a value was expected") }
        position += 1
        switch token.kind {
        case .string: return .constant(token.text)
        case .number: return .constant(Token.number(token.text))
        case .argument: return try argument(token.text)
        case .options: throw Failure(description: "unexpected \(token)")
        case .symbol:
            guard token.text == "{" else { throw Failure(description: "expected a value, found \(token)") }
            var items: [PredicateExpression] = []
            if take("}") { return .collection(items) }
            repeat { items.append(try expression()) } while take(",")
            guard take("}") else { throw Failure(description: "a \"{\" without its \"}\"") }
            return .collection(items)
        case .word:
            switch token.text.uppercased() {
            case "YES", "TRUE": return .constant(true)
            case "NO", "FALSE": return .constant(false)
            case "NIL", "NULL": return .constant(nil)
            case "SELF": return .evaluatedObject
            case "SUBQUERY", "FUNCTION", "CAST": throw Failure(description: "\(token.text.uppercased()) is not read here: fetch, then filter in Swift")
            default:
                var keys = token.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                if keys.first?.uppercased() == "SELF" { keys.removeFirst() }
                guard !keys.contains(where: \.isEmpty) else { throw Failure(description: "\"\(token.text)\" is not a key path") }
                return keys.isEmpty ? .evaluatedObject : .keyPath(keys)
            }
        }
    }

    /// `%@`, `%K` or a number conversion: the next argument.
    private mutating func argument(_ conversion: String) throws(Failure) -> PredicateExpression {
        guard argumentIndex < arguments.count else { throw Failure(description: "\(conversion) has no argument (\(arguments.count) given)") }
        let value = arguments[argumentIndex]
        argumentIndex += 1
        switch conversion.last {
        case "K":
            guard let key = PredicateValue.string(value), !key.isEmpty else { throw Failure(description: "%K's argument is not a key name") }
            return .keyPath(key.split(separator: ".").map(String.init))
        case "@": return .constant(value is NSNull ? nil : value)
        default:
            guard PredicateValue.number(value) != nil else { throw Failure(description: "\(conversion)'s argument is not a number") }
            return .constant(value)
        }
    }
}
