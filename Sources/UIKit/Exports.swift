// `import UIKit` as widget code writes it: `UIColor`, `UIImage`, `UIFont`,
// `UIFontMetrics` and `UIScreen` live in Accessory, so that `import SwiftUI` brings
// them too, as Apple's SwiftUI brings UIKit's names on iOS.
@_exported import SwiftUI
