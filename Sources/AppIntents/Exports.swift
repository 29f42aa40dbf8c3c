// `import AppIntents` as widget code writes it: `AppIntent`, `WidgetConfigurationIntent`,
// `@Parameter`, `AppEntity` and the rest live in Accessory, with the views. It brings
// SwiftUI's names too (Apple's does not), so that a file importing AppIntents beside
// SwiftUI or WidgetKit sees each name, `CGSize` included, from one declaration.
@_exported import SwiftUI
