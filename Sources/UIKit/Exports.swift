// `import UIKit` as widget code writes it: `UIColor`, `UIImage`, `UIFont`,
// `UIFontMetrics`, `UIScreen` and `UIDevice` (UIKitCore), and, as Apple's UIKit does, all
// of Foundation. SwiftUI's names are not among them: a file that draws views imports
// SwiftUI, which re-exports UIKitCore, as Apple's SwiftUI brings UIKit's names on iOS.
@_exported import Foundation
// Foundation's names Linux's lacks (`LocalizedStringResource`).
@_exported import FoundationAdditions
@_exported import UIKitCore
