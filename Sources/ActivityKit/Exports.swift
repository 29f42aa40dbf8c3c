// `import ActivityKit` as an app's Live Activity code writes it: `ActivityAttributes`,
// `Activity`, `ActivityContent` and the rest live in Accessory, beside the views that
// draw them; `ActivityConfiguration` and the Dynamic Island's types come with WidgetKit,
// as on iOS. It brings SwiftUI's names and Foundation too, so an attributes file that
// imports only ActivityKit and Foundation sees `Date` and `Codable` from one place.
@_exported import SwiftUI
