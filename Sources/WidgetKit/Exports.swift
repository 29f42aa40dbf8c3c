// `import WidgetKit` as widget code writes it. Apple's WidgetKit brings SwiftUI and
// Foundation with it; so does this one, so a file importing only WidgetKit compiles, and
// a file importing both sees each name once.
@_exported import SwiftUI
// WidgetKit's own types — `Widget`, `TimelineProvider`, `Timeline`, the configurations,
// `WidgetCenter` — are Accessory's, which the daemon imports without Foundation.
@_exported import Accessory
