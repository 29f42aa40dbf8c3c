// `import SwiftUI` as widget code writes it: the whole widget API (Accessory), Combine
// (`ObservableObject`, `@Published`) with SwiftUI's `@ObservedObject`, `@StateObject`
// and `@EnvironmentObject` over it, and, as Apple's SwiftUI does, all of Foundation — `NSLocalizedString`, `UserDefaults`,
// `CGFloat`, `NSPredicate` — with no import of its own. The stock daemon imports
// Accessory, which brings only FoundationEssentials and so links no ICU; a widget package
// importing this module links Foundation (docs/WIDGETS.md measures what that costs).
@_exported import Accessory
@_exported import Combine
@_exported import Foundation

/// The size type WidgetKit's context gives (`context.displaySize`): Accessory's, which
/// Foundation's CoreGraphics stand-ins also name. Declared here, in a module that sees
/// both, so that `CGSize` in widget code means the one the widget API takes.
public typealias CGSize = Accessory.CGSize
/// Accessory's point, for the reason `CGSize` is declared here.
public typealias CGPoint = Accessory.CGPoint
/// Accessory's rectangle, `GeometryProxy.frame(in:)`'s, for the reason `CGSize` is declared here.
public typealias CGRect = Accessory.CGRect

extension CGFloat {
    /// The number's value as a `CGFloat`, as Apple's Foundation overlay gives it (a widget
    /// reading a value out of `UserDefaults` or a JSON object); swift-corelibs-foundation
    /// has it for `Double` and `Float` only.
    public init(truncating number: NSNumber) {
        self.init(number.doubleValue)
    }
}
