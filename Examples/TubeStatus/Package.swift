// swift-tools-version: 6.0
import PackageDescription

// A widget package built against lockscreend's public API, depending on it by path as a
// user's own package would depend on it by URL.
let package = Package(
    name: "TubeStatus",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TubeStatusWidget", targets: ["TubeStatusWidget"]),
        .executable(name: "tubestatusd", targets: ["tubestatusd"]),
    ],
    dependencies: [
        .package(name: "lockscreend", path: "../.."),
    ],
    targets: [
        .target(name: "TubeStatusWidget", dependencies: [.product(name: "Accessory", package: "lockscreend")]),
        .executableTarget(
            name: "tubestatusd",
            dependencies: [
                "TubeStatusWidget",
                .product(name: "LockScreen", package: "lockscreend"),
                .product(name: "LockscreendCLI", package: "lockscreend"),
            ]),
        .testTarget(
            name: "TubeStatusWidgetTests",
            dependencies: [
                "TubeStatusWidget",
                .product(name: "Accessory", package: "lockscreend"),
                .product(name: "LockScreen", package: "lockscreend"),
            ],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
