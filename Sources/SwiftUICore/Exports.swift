// SwiftUI and WidgetKit bring Foundation's value types with them, so widget code uses
// `Date`, `URL`, `Calendar` and `TimeInterval` with no import of its own. The core does
// the same with FoundationEssentials, which has them without ICU.
@_exported import FoundationEssentials

// The plain values a host chooses are a module below the views, so that the
// configuration's reader names them without importing what draws. SwiftUI's among them
// (`ColorScheme`) come with the views; WidgetKit's (`WidgetFamily`,
// `WidgetRenderingMode`) with Accessory, as on iOS `import SwiftUI` alone brings no family.
@_exported import enum WidgetKitCore.ColorScheme
