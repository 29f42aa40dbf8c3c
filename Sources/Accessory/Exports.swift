// WidgetKit's widget types stand on SwiftUI's core, as Apple's WidgetKit does: a module
// importing Accessory (the daemon's, a custom daemon's) sees the views too. Only
// FoundationEssentials comes with it, so the stock daemon links no ICU.
@_exported import SwiftUICore
// WidgetKit's plain values: `WidgetFamily`, `WidgetRenderingMode`.
@_exported import WidgetKitCore
