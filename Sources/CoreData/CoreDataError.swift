/// Core Data's validation error codes (in `NSCocoaErrorDomain`), as Apple numbers them.
public let NSManagedObjectValidationError = 1550
public let NSValidationMissingMandatoryPropertyError = 1570
public let NSManagedObjectReferentialIntegrityError = 133_000
public let NSPersistentStoreOpenError = 134_080
public let NSPersistentStoreSaveError = 134_030
public let NSCoreDataError = 134_060

/// Why Core Data could not do what was asked, as the `NSError`s of `NSCocoaErrorDomain`
/// Apple's Core Data throws: a code of Apple's and a message a user can act on.
enum CoreDataError {
    static func validation(_ code: Int, _ message: String) -> NSError { error(code, message) }

    static func error(_ code: Int, _ message: String) -> NSError {
        NSError(domain: NSCocoaErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
