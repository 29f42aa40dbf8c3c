// `import ActivityKit` as an app's Live Activity code writes it: `ActivityAttributes`,
// `Activity`, `ActivityContent`, `ActivityState`, `AlertConfiguration` and the rest
// (ActivityKitCore, below the views: the daemon keeps activities with them) and
// Foundation, as Apple's framework brings it — so an attributes file that imports only
// ActivityKit sees `Date` and `Codable`, and not SwiftUI's views. `ActivityConfiguration`
// and the Dynamic Island's types are WidgetKit's, as on iOS.
@_exported import ActivityKitCore
@_exported import Foundation
@_exported import FoundationAdditions
