// `import Charts` as widget code writes it: `Chart`, the marks and the chart modifiers
// live in Accessory with the other views (they lay out and draw as views do), and come
// with SwiftUI's names, as Apple's Charts brings SwiftUI.
@_exported import SwiftUI
