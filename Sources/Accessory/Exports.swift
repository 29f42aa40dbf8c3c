// SwiftUI and WidgetKit bring Foundation's value types with them, so widget code uses
// `Date`, `URL`, `Calendar` and `TimeInterval` with no import of its own. Accessory does
// the same with FoundationEssentials, which has them without ICU.
@_exported import FoundationEssentials

// WidgetKit's plain values (`WidgetFamily`, `WidgetRenderingMode`) are a module below the
// views, so that the configuration's reader names a family without importing them.
@_exported import WidgetKitCore
