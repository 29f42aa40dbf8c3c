// `import AppIntents` as widget code writes it: `AppIntent`, `WidgetConfigurationIntent`,
// `@Parameter`, `AppEntity` and the rest (AppIntentsCore, below the views, which take
// intents for buttons and toggles), and Foundation, as Apple's framework brings it. Not
// SwiftUI's names: a file declaring an intent with `import AppIntents` alone and using a
// view fails here as on iOS, and `import SwiftUI` or `WidgetKit` alone does not bring the
// intents' names.
@_exported import AppIntentsCore
@_exported import Foundation
