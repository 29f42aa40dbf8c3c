// `import Charts` as widget code writes it: `Chart`, the marks and the chart modifiers are
// this module's own, laid out and drawn through the views' core (Accessory) as its views
// are, and it brings SwiftUI's names with it, as Apple's Charts brings SwiftUI. `import
// SwiftUI` or `WidgetKit` alone does not bring them, as on iOS.
@_exported import SwiftUI
