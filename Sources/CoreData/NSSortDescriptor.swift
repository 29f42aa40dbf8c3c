/// How fetched objects are ordered, as Foundation's `NSSortDescriptor`: by a key (a key
/// path with `.`) or a Swift key path, ascending or not. Linux's Foundation cannot read a
/// key of an object without Objective-C's key-value coding; this class, of Core Data's
/// module, reads managed objects' values as `NSPredicate` does.
open class NSSortDescriptor: NSObject, @unchecked Sendable {
    open var key: String?
    open var ascending: Bool
    private let read: @Sendable (Any) -> Any?

    public init(key: String?, ascending: Bool) {
        self.key = key
        self.ascending = ascending
        let keys = (key ?? "").split(separator: ".").map(String.init)
        read = { object in key == nil ? object : PredicateExpression.keyPath(keys).value(for: object) }
        super.init()
    }

    public init<Root, Value>(keyPath: KeyPath<Root, Value> & Sendable, ascending: Bool) {
        self.key = nil
        self.ascending = ascending
        read = { object in (object as? Root).map { $0[keyPath: keyPath] } }
        super.init()
    }

    private init(key: String?, ascending: Bool, read: @escaping @Sendable (Any) -> Any?) {
        (self.key, self.ascending, self.read) = (key, ascending, read)
        super.init()
    }

    open var reversedSortDescriptor: Any { NSSortDescriptor(key: key, ascending: !ascending, read: read) }

    /// The order of two objects by this descriptor: nil values first, as Core Data's
    /// SQLite store orders them ascending.
    open func compare(_ object1: Any, to object2: Any) -> ComparisonResult {
        let (a, b) = (Self.unwrapped(read(object1)), Self.unwrapped(read(object2)))
        let order: ComparisonResult = switch (a, b) {
        case (nil, nil): .orderedSame
        case (nil, _): .orderedAscending
        case (_, nil): .orderedDescending
        default: PredicateValue.order(a, b, fold: { $0 }) ?? .orderedSame
        }
        guard !ascending else { return order }
        return order == .orderedAscending ? .orderedDescending : order == .orderedDescending ? .orderedAscending : .orderedSame
    }

    /// A key path's optional value as the value or nil.
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}

extension Array where Element == NSSortDescriptor {
    /// `objects` sorted by each descriptor in turn (a stable sort: equal objects keep
    /// their order).
    func sorting<T>(_ objects: [T]) -> [T] {
        guard !isEmpty else { return objects }
        return objects.enumerated().sorted { x, y in
            for descriptor in self {
                switch descriptor.compare(x.element, to: y.element) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return x.offset < y.offset
        }.map(\.element)
    }
}
