// `import SwiftUI` as widget code writes it: the views, layout and environment
// (SwiftUICore, as on iOS; WidgetKit's widget types are `import WidgetKit`'s), UIKit's
// names (`UIColor`, `UIImage`, `UIFont`: UIKitCore, as on iOS), Combine
// (`ObservableObject`, `@Published`) with SwiftUI's `@ObservedObject`, `@StateObject`
// and `@EnvironmentObject` over it, and, as Apple's SwiftUI does, all of Foundation — `NSLocalizedString`, `UserDefaults`,
// `CGFloat`, `NSPredicate`, `URLSession` — with no import of its own. The stock daemon imports
// Accessory, which brings only FoundationEssentials and so links no ICU; a widget package
// importing this module links Foundation (docs/WIDGETS.md measures what that costs).
@_exported import SwiftUICore
@_exported import Combine
@_exported import UIKitCore
@_exported import Foundation
// Foundation's names Linux's lacks (`LocalizedStringResource`).
@_exported import FoundationAdditions
// Apple's Foundation holds `URLSession`; Linux's keeps it in FoundationNetworking.
@_exported import FoundationNetworking

extension CGFloat {
    /// The number's value as a `CGFloat`, as Apple's Foundation overlay gives it (a widget
    /// reading a value out of `UserDefaults` or a JSON object); swift-corelibs-foundation
    /// has it for `Double` and `Float` only.
    public init(truncating number: NSNumber) {
        self.init(number.doubleValue)
    }
}
