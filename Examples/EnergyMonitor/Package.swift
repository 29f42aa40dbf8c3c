// swift-tools-version: 6.0
import PackageDescription

// A home-energy app's widget extension, written as such an extension is: several
// lock-screen widgets in one `@main` bundle, one offered only `if #available`, strings
// localised through `NSLocalizedString` and string tables, settings shared with the app
// through an App Group's `UserDefaults`, a Combine model of the battery, the app's meter readings in a SwiftData store in
// the App Group's folder (`energylog` records one, as the app would), and Swift Charts. Its files import `WidgetKit`,
// `SwiftUI`, `Charts` and `AppIntents`, as on iOS: nothing in them is changed for Linux.
// The same sources build twice: in Swift 6 language mode (the program) and in Swift 5
// mode (EnergyMonitorSwift5, a link to the same folder, built to show they compile there).
let package = Package(
    name: "EnergyMonitor",
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "energymonitord", targets: ["energymonitord"]),
        .executable(name: "energylog", targets: ["energylog"]),
    ],
    dependencies: [
        .package(name: "lockscreend", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "energymonitord",
            dependencies: [
                .product(name: "WidgetKit", package: "lockscreend"),
                .product(name: "SwiftUI", package: "lockscreend"),
                .product(name: "Charts", package: "lockscreend"),
                .product(name: "AppIntents", package: "lockscreend"),
                .product(name: "SwiftData", package: "lockscreend"),
                "EnergyData",
                // `@main` on the bundle is the stock lockscreend command line.
                .product(name: "LockscreendCLI", package: "lockscreend"),
            ],
            resources: [.process("Resources")]),
        .target(
            name: "EnergyMonitorSwift5",
            dependencies: [
                .product(name: "WidgetKit", package: "lockscreend"),
                .product(name: "SwiftUI", package: "lockscreend"),
                .product(name: "Charts", package: "lockscreend"),
                .product(name: "AppIntents", package: "lockscreend"),
                .product(name: "SwiftData", package: "lockscreend"),
                "EnergyData",
            ],
            resources: [.process("Resources")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // The app's models, shared with the extension as an app shares them (its meter readings).
        .target(name: "EnergyData", dependencies: [.product(name: "SwiftData", package: "lockscreend")]),
        // The app's side: records a meter reading in the App Group's store.
        .executableTarget(name: "energylog", dependencies: ["EnergyData", .product(name: "SwiftData", package: "lockscreend")]),
    ],
    swiftLanguageModes: [.v6]
)
