// `NSPredicate(format: "due < %@", date as NSDate)`: on Apple's systems every object can
// be a format's `%@` argument; Linux's Foundation makes only strings one. These are the
// objects a predicate's arguments are, passed as Objective-C passes an object (its
// address, valid while the caller holds it). The predicate itself keeps the object.

extension NSDate: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSNumber: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSUUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSURL: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSData: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSManagedObject: CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

extension NSManagedObjectID: CVarArg {
    public var _cVarArgEncoding: [Int] { [Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())] }
}

// Values Apple's Foundation bridges to objects when they are passed as `%@`
// (`NSPredicate(format: "id IN %@", ids)`, `date as CVarArg`). Linux has no bridge and no
// object to pass, so these give a null object: what `NSPredicate` keeps is the value
// itself, and `String(format: "%@", …)` of one of them prints "(null)" rather than reading
// memory that is not an object.

extension Date: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [0] }
}

extension UUID: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [0] }
}

extension URL: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [0] }
}

extension Array: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [0] }
}

extension Set: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { [0] }
}
