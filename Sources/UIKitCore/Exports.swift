// UIKit's names widget code reaches for (`UIColor`, `UIImage`, `UIFont`, `UIFontMetrics`,
// `UIScreen`, `UIDevice`), in a module of their own as UIKit keeps them in UIKitCore on
// iOS: `import UIKit` re-exports it with Foundation, and `import SwiftUI` re-exports it
// with the widget API, as Apple's SwiftUI brings UIKit's names. (SwiftUI cannot re-export
// a module named UIKit here: Swift Testing would then look for its UIKit cross-import
// overlay, which Linux's toolchain does not ship, in every test file that imports SwiftUI.)
import SwiftUICore
import Foundation

/// The size type WidgetKit's context gives (`context.displaySize`): Accessory's, which
/// Foundation's CoreGraphics stand-ins also name. Declared here, in a module that sees
/// both and that SwiftUI re-exports (as Apple's UIKit and SwiftUI share CoreGraphics's),
/// so that `CGSize` in widget code means the one the widget API takes.
public typealias CGSize = SwiftUICore.CGSize
/// Accessory's point, for the reason `CGSize` is declared here.
public typealias CGPoint = SwiftUICore.CGPoint
/// Accessory's rectangle, `GeometryProxy.frame(in:)`'s and `UIScreen.bounds`', for the
/// reason `CGSize` is declared here.
public typealias CGRect = SwiftUICore.CGRect
