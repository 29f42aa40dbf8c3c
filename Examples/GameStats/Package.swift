// swift-tools-version: 6.0
import PackageDescription

// Widgets written as Apple's WidgetKit documentation writes them — a lock-screen widget
// and a home-screen widget in one bundle, with previews — whose only change is
// `import Accessory` in place of `import WidgetKit`, `import SwiftUI` and
// `import AppIntents` — but for the Control, which imports WidgetKit as on iOS, where
// controls are WidgetKit's. As a widget extension is one module, the widgets and the `@main`
// bundle share one target. The last match comes from the app's Core Data store
// (MatchData, written by `matchlog` as the app would). The same sources build twice: in
// Swift 6 language mode (the program) and in Swift 5 mode (GameStatsSwift5, a link to
// the same folder, built only to show they compile there too).
let package = Package(
    name: "GameStats",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gamestatsd", targets: ["gamestatsd"]),
        .executable(name: "matchlog", targets: ["matchlog"]),
    ],
    dependencies: [
        .package(name: "lockscreend", path: "../.."),
    ],
    targets: [
        // `@main` on the bundle: the program is the stock lockscreend with these widgets,
        // which needs the LockscreendCLI product linked in.
        .executableTarget(
            name: "gamestatsd",
            dependencies: [
                .product(name: "Accessory", package: "lockscreend"),
                .product(name: "WidgetKit", package: "lockscreend"),
                .product(name: "Intents", package: "lockscreend"),
                .product(name: "CoreData", package: "lockscreend"),
                "MatchData",
                .product(name: "LockscreendCLI", package: "lockscreend"),
            ],
            // Pictures `Image("medal")` finds: SwiftPM copies them beside the program.
            resources: [.copy("Images")],
            // The challenge's intent class, from Challenge.intentdefinition, as Xcode makes it.
            plugins: [.plugin(name: "IntentClassGeneration", package: "lockscreend")]),
        .target(
            name: "GameStatsSwift5",
            dependencies: [.product(name: "Accessory", package: "lockscreend"), .product(name: "WidgetKit", package: "lockscreend"), .product(name: "Intents", package: "lockscreend"),
                           .product(name: "CoreData", package: "lockscreend"), "MatchData"],
            resources: [.copy("Images")],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "IntentClassGeneration", package: "lockscreend")]),
        // The app's match history: Matches.xcdatamodeld, its classes written by
        // CoreDataModelGeneration as Xcode writes them, shared by the app and its widget.
        .target(
            name: "MatchData",
            dependencies: [.product(name: "CoreData", package: "lockscreend")],
            resources: [.copy("Matches.xcdatamodeld")],
            plugins: [.plugin(name: "CoreDataModelGeneration", package: "lockscreend")]),
        // The app's side: records a match in the App Group's store.
        .executableTarget(name: "matchlog", dependencies: ["MatchData", .product(name: "CoreData", package: "lockscreend")]),
    ],
    swiftLanguageModes: [.v6]
)
