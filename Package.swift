// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

/// Release builds of the two programs link with LLVM's lld (it comes with Swift's
/// toolchain) and:
/// - pack their relative relocations (DT_RELR, glibc 2.36 and later): a position-independent
///   Swift binary's table of them is 1.9 MB, read at every start and then resident; packed
///   it is 15 KB;
/// - export no symbols of their own (`--no-export-dynamic`): nothing loads the programs as a
///   library, and the 22,000 names Swift would export were 1.5 MB read by the loader;
/// - place the functions the daemon runs side by side, in `function-order.txt`
///   (`scripts/order-functions` writes it): the kernel maps a program's code 64 KiB at a
///   time around each page used, so scattered functions kept most of the code resident;
/// - place the compiler's private helpers (closure contexts' destroyers, witness-table
///   accessors: no symbol names, so no order file reaches them) together, in
///   `link/private-functions.ld`, rather than one in every 64 KiB of the code;
/// - link the C++ library the Swift runtime needs into the program: `-L link` finds
///   `link/libstdc++.so`, a linker script naming `libstdc++.a`, before the shared
///   library, whose 2 MB were loaded, relocated and 1.1 MB of them resident for the few
///   functions the runtime calls.
/// docs/PERFORMANCE.md has the measurements.
let packedRelocations: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/lockscreend/function-order.txt", "-Xlinker", "--no-warn-symbol-ordering",
                  "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/Sources/lockscreend/link/private-functions.ld",
                  "-L\(Context.packageDirectory)/Sources/lockscreend/link"],
                 .when(platforms: [.linux], configuration: .release)),
]

/// Release builds put each function in a section of its own, so the linker can place the
/// functions the daemon runs side by side (`function-order.txt`, docs/PERFORMANCE.md).
/// This reaches the package's own modules only; `scripts/release-build` asks it of the
/// dependencies too.
let functionSections = SwiftSetting.unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))

let package = Package(
    name: "lockscreend",
    // The string tables of the widget sources in Tests/WidgetKitTests.
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Accessory", targets: ["Accessory", "SwiftUICore", "AppIntentsCore", "ActivityKitCore"]),
        .library(name: "LockScreen", targets: ["LockScreen"]),
        /// The stock command line, for a daemon of one's own: `LockScreenDaemon.main(bundles:)`.
        .library(name: "LockscreendCLI", targets: ["LockscreendCLI"]),
        .executable(name: "lockscreend", targets: ["lockscreend"]),
        .executable(name: "lockscreend-web", targets: ["lockscreend-web"]),
        .executable(name: "lockscreenctl", targets: ["lockscreenctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // The HTTP face: NIO's HTTP/1 server, without Foundation (docs/PERFORMANCE.md), and
        // HTTP/2, which APNs clients speak (docs/ACTIVITIES.md).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        // TLS on the HTTP face, the certificate the daemon makes for itself, and the
        // provider tokens (ES256 JWTs) APNs clients sign (docs/ACTIVITIES.md, docs/WEB.md).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        // `import Combine` in widget code (docs/WIDGETS.md#combine); not linked by the daemon.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CLibDRM",
            pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]
        ),
        // glibc's malloc.h, part of the C library itself.
        .systemLibrary(name: "CMalloc"),
        .target(name: "CFramebuffer", dependencies: ["CLibDRM"]),
        // spidev and the GPIO character device, compiled against the kernel's headers.
        .target(name: "CEPaperBus"),
        // timerfd/eventfd flags, pipe2 and posix_spawn's chdir: what the clock and child
        // processes need beyond Glibc.
        .target(name: "CSystemShims"),
        // libcurl's header only: the library is opened with dlopen on the first fetch.
        .target(name: "CCurlLoader"),
        // OpenSSL's libcrypto for the HTTP face's keys, certificates and provider tokens,
        // opened on first use rather than linked (its headers: libssl-dev).
        .target(name: "CCryptoLoader"),
        .target(name: "ZoneInfo"),
        .target(name: "JSON"),
        // TOML 1.0 read into tables that remember the line of every key.
        .target(name: "TOML"),
        // libjpeg's header only: the library is opened with dlopen on the first JPEG.
        .target(name: "CJPEGLoader"),
        // libmosquitto's header at build time (libmosquitto-dev); the library itself is
        // opened with dlopen when [mqtt] is configured.
        .target(name: "CMosquittoLoader"),
        .target(name: "Canvas", dependencies: ["CPangoCairo", "CJPEGLoader"]),
        .target(name: "Gauge", dependencies: ["Canvas"]),
        // The C name through which `@main` widgets reach the stock command line.
        .target(name: "CAccessoryHooks"),
        // `#Preview`'s compiler plugin, speaking the plugin protocol without swift-syntax.
        .target(name: "SwiftLiteral"),
        .macro(name: "AccessoryMacros", dependencies: ["SwiftLiteral"]),
        .target(name: "FoundationAdditions"),
        .target(name: "AppIntentsCore", dependencies: ["FoundationAdditions", "Canvas", "ZoneInfo", "AccessoryMacros"]),
        .target(name: "ActivityKitCore", dependencies: ["FoundationAdditions", "AppIntentsCore", "ZoneInfo"]),
        // WidgetKit's plain values, below the views and the configuration's reader.
        .target(name: "WidgetKitCore"),
        // SwiftUI's core, as iOS's SwiftUICore: views, layout, text, styles, the environment.
        .target(name: "SwiftUICore", dependencies: ["WidgetKitCore", "FoundationAdditions", "AppIntentsCore", "Canvas", "Gauge", "ZoneInfo"]),
        // WidgetKit's widget types over the core, without Foundation: widgets, timelines and
        // their providers, configurations, WidgetCenter, previews, the Live Activities'
        // presentations, and the host widget code reaches its daemon through.
        .target(name: "Accessory", dependencies: ["SwiftUICore", "WidgetKitCore", "ActivityKitCore", "FoundationAdditions", "AppIntentsCore", "Canvas", "ZoneInfo", "CAccessoryHooks", "AccessoryMacros"]),
        // What a display is, as plain values the file and the command line fill.
        .target(name: "PanelOptions", dependencies: ["Canvas", "ZoneInfo"]),
        .target(name: "Panel", dependencies: ["PanelOptions", "Canvas", "CFramebuffer", "CEPaperBus", "ZoneInfo"]),
        // The clock every wait goes through, the wall-clock alarm, the daemon's executor and
        // threads of its own, and the start's pages given back (malloc_trim from CMalloc):
        // what the engine and the providers both run on.
        // libdispatch named: the executor runs its main queue (widget code's @MainActor),
        // which a program linking only FoundationEssentials does not link directly.
        .target(name: "DaemonRuntime", dependencies: ["CSystemShims", "CMalloc", "ZoneInfo"], linkerSettings: [.linkedLibrary("dispatch", .when(platforms: [.linux]))]),
        // What a widget's provider is, as plain values the configuration file fills and
        // nothing runs: its source (a command, a calendar, an address, a topic, a picture),
        // its reload budget and failure policy, the widget's specification.
        .target(name: "ProviderOptions", dependencies: ["WidgetKitCore", "AppIntentsCore", "Canvas", "JSON", "ZoneInfo"]),
        .target(
            name: "TimelineEngine",
            dependencies: ["ProviderOptions", "DaemonRuntime", "Accessory", "SwiftUICore", "ZoneInfo", "CSystemShims", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "Providers",
            dependencies: ["TimelineEngine", "WidgetKitCore", "ProviderOptions", "AppIntentsCore", "DaemonRuntime", "Accessory", "Canvas", "ZoneInfo", "JSON", "CCurlLoader", "CMosquittoLoader", "CSystemShims"]
        ),
                // What lockscreenctl needs and nothing more: no drawing library comes with it.
        .target(name: "ControlProtocol", dependencies: ["JSON"]),
        // The daemon as its front ends reach it: typed requests and replies, the frames
        // presented, what the last step showed. Below LockScreen, so the socket, the web
        // and the broker depend on it rather than on the daemon.
        .target(name: "DaemonInterface", dependencies: ["ControlProtocol", "DaemonRuntime", "Canvas"]),
        // The values the daemon runs, as the configuration makes them: pages and their
        // widgets, the clock's face, taps, the broker's settings, the screen's sleep.
        .target(
            name: "LockScreenModel",
            dependencies: ["ProviderOptions", "WidgetKitCore", "ActivityKitCore", "ControlProtocol", "Canvas", "PanelOptions", "ZoneInfo", "JSON"]
        ),
        .target(
            name: "LockScreen",
            dependencies: ["ProviderOptions", "ActivityKitCore", "AppIntentsCore", 
                "LockScreenModel", "DaemonInterface", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "Accessory", "SwiftUICore", "Canvas", "Panel", "PanelOptions", "ZoneInfo", "JSON", "CSystemShims",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Reads and checks the configuration file into the values the daemon runs; imports
        // nothing that runs them (Tests/imports/rooms.py).
        .target(name: "Config", dependencies: ["ProviderOptions", "WidgetKitCore", "AppIntentsCore", "TOML", "JSON", "LockScreenModel", "PanelOptions", "ZoneInfo"]),
        // The MQTT bridge: Home Assistant's discovery, the widgets' readings and the
        // daemon's state published, commands and pushes taken in.
        .target(
            name: "Broker",
            dependencies: ["ActivityKitCore", 
                "DaemonInterface", "LockScreenModel", "ControlProtocol", "Providers", "TimelineEngine", "DaemonRuntime", "Accessory", "Canvas", "JSON",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The control socket lockscreenctl speaks to: who may connect, one request a line.
        .target(name: "ControlSocket", dependencies: ["DaemonInterface", "ControlProtocol", "DaemonRuntime", "CSystemShims"]),
        // What the HTTP face trusts: its TLS context and certificate, and the provider
        // tokens it accepts. Below Web, so the cryptography is one module's.
        .target(
            name: "WebTrust",
            dependencies: [
                "JSON",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                "CCryptoLoader",
            ]
        ),
        .target(
            name: "Web",
            dependencies: [
                "WebTrust", "DaemonInterface", "LockScreenModel", "Config", "ControlProtocol", "Providers", "Canvas", "Panel", "PanelOptions", "JSON", "TimelineEngine", "DaemonRuntime", "ZoneInfo",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line without the HTTP face: the stock `lockscreend` links this alone
        // (SwiftNIO and TLS are 6.6 MB it hands to lockscreend-web, docs/PERFORMANCE.md).
        .target(
            name: "LockscreendCommand",
            dependencies: ["WidgetKitCore", "ProviderOptions",
                "Broker", "ControlSocket", "DaemonInterface", "LockScreen", "LockScreenModel", "Config", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "Accessory", "SwiftUICore", "Canvas", "Panel", "PanelOptions", "ZoneInfo", "JSON", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line with the HTTP face: lockscreend-web, and widget packages' daemons.
        .target(
            name: "LockscreendCLI",
            dependencies: ["LockscreendCommand", "Web", "WebTrust", "Config", "LockScreen", "Accessory", "Providers", "Canvas", "DaemonRuntime",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "lockscreend", dependencies: ["LockScreen", "LockscreendCommand"], exclude: ["function-order.txt", "link"], linkerSettings: packedRelocations),
        .executableTarget(name: "lockscreend-web", dependencies: ["LockScreen", "LockscreendCLI"], linkerSettings: packedRelocations),
        .executableTarget(
            name: "lockscreenctl",
            dependencies: [
                "ControlProtocol", "JSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: packedRelocations
        ),
        // Feeds the readers of outside input mutated seeds (scripts/fuzz); not a product.
        .executableTarget(name: "lockscreend-fuzz", dependencies: ["ProviderOptions", "ActivityKitCore", 
            "TOML", "Config", "DaemonInterface", "ControlProtocol", "Providers", "LockScreen", "LockScreenModel", "Broker", "Web", "WebTrust", "TimelineEngine", "DaemonRuntime", "Accessory", "Canvas", "ZoneInfo", "Panel", "PanelOptions", "JSON",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // What the readers make of other people's test suites (Tests/conformance); not a product.
        .executableTarget(name: "lockscreend-conformance", dependencies: ["TOML", "Config", "Providers", "JSON", "ZoneInfo", "Panel", "PanelOptions", "Canvas"]),
        // What tests of several modules share: golden images, pinned fonts, the fixture
        // tree (Tests/Fixtures), scripted widgets, a loopback HTTP server, quiet logs.
        .target(
            name: "TestSupport",
            dependencies: ["Canvas", "Accessory", "DaemonRuntime", "DaemonInterface", "ControlProtocol", "TimelineEngine", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support", exclude: ["fonts.conf"]
        ),
        // The daemon as the tests run it, and the configuration reader's mistakes as printed.
        .target(name: "DaemonTestSupport", dependencies: ["LockscreendCommand", "TestSupport", "DaemonInterface", "LockScreen", "LockScreenModel", "Config", "Providers", "ProviderOptions", "ZoneInfo", "DaemonRuntime"], path: "Tests/DaemonSupport"),
        .target(name: "EPDModels", dependencies: ["Panel", "PanelOptions", "Canvas"], path: "Tests/EPDModels"),
        // One test target per module, lowest first.
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "ZoneInfoTests", dependencies: ["ZoneInfo"]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "CPangoCairo", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GaugeTests", dependencies: ["Gauge", "Canvas", "TestSupport"]),
        .testTarget(name: "FoundationAdditionsTests", dependencies: ["FoundationAdditions"]),
        .testTarget(name: "ActivityKitCoreTests", dependencies: ["ActivityKitCore"]),
        .testTarget(name: "AppIntentsCoreTests", dependencies: ["AppIntentsCore", "FoundationAdditions"]),
        .testTarget(name: "AccessoryTests", dependencies: ["ActivityKitCore", "AppIntentsCore", "Accessory", "Canvas", "Gauge", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ProviderOptionsTests", dependencies: ["ProviderOptions", "JSON"]),
        .testTarget(name: "PanelOptionsTests", dependencies: ["PanelOptions", "ZoneInfo"]),
        .testTarget(name: "PanelTests", dependencies: ["Panel", "PanelOptions", "Canvas", "EPDModels", "TestSupport"]),
        .testTarget(name: "DaemonRuntimeTests", dependencies: ["DaemonRuntime", "TestSupport"]),
        .testTarget(name: "DaemonInterfaceTests", dependencies: ["DaemonInterface", "ControlProtocol", "Canvas"]),
        .testTarget(name: "ControlProtocolTests", dependencies: ["ControlProtocol", "JSON"]),
        .testTarget(name: "TimelineEngineTests", dependencies: ["TimelineEngine", "DaemonRuntime", "Accessory", "TestSupport"]),
        .testTarget(name: "ProvidersTests", dependencies: ["AppIntentsCore", "Providers", "DaemonRuntime", "Accessory", "Canvas", "JSON", "ZoneInfo", "TestSupport"]),
        .testTarget(name: "LockScreenTests", dependencies: ["ActivityKitCore", "AppIntentsCore", "DaemonInterface", "LockScreen", "LockScreenModel", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "JSON", "Accessory", "Panel", "PanelOptions", "Canvas", "ZoneInfo", "Config", "TestSupport", "DaemonTestSupport", "EPDModels"], exclude: ["Golden"]),
        .testTarget(name: "LockScreenModelTests", dependencies: ["ActivityKitCore", "LockScreenModel", "LockScreen", "Config", "ControlProtocol", "JSON", "Providers", "TimelineEngine", "Accessory", "Canvas"]),
        .testTarget(name: "ConfigTests", dependencies: ["LockscreendCommand", "AppIntentsCore", "Config", "TOML", "LockScreenModel", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "JSON", "Accessory", "Panel", "PanelOptions", "Canvas", "ZoneInfo", "TestSupport", "DaemonTestSupport"]),
        .testTarget(name: "WebTrustTests", dependencies: ["WebTrust"]),
        .testTarget(name: "WebTests", dependencies: ["ActivityKitCore", "Web", "WebTrust", "JSON", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"), "DaemonInterface", "LockScreen", "LockScreenModel", "Config", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "Accessory", "Panel", "PanelOptions", "Canvas", "TestSupport", "DaemonTestSupport"]),
        .testTarget(name: "BrokerTests", dependencies: ["LockscreendCommand", "Broker", "DaemonInterface", "LockScreen", "LockScreenModel", "Config", "TOML", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "JSON", "Accessory", "Panel", "PanelOptions", "Canvas", "TestSupport", "DaemonTestSupport"]),
        .testTarget(name: "ControlSocketTests", dependencies: ["ControlSocket", "DaemonInterface", "LockScreen", "LockScreenModel", "Config", "Providers", "TimelineEngine", "DaemonRuntime", "ControlProtocol", "JSON", "Accessory", "Panel", "PanelOptions", "Canvas", "TestSupport", "DaemonTestSupport"]),
        .testTarget(name: "LockscreendCLITests", dependencies: ["LockscreendCLI", "WebTrust", "Config", "Providers", "TestSupport"]),
        .testTarget(name: "LockscreendCommandTests", dependencies: ["LockscreendCommand", "DaemonInterface", "LockScreen", "LockScreenModel", "Config", "Panel", "PanelOptions", "ControlProtocol", "JSON", "Accessory", "Canvas", "Providers", "TimelineEngine", "DaemonRuntime", "ZoneInfo", "TestSupport", "DaemonTestSupport", .product(name: "Logging", package: "swift-log")], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

// The modules widget code imports on Apple's systems, so that a widget extension's sources
// compile with no change at all (docs/WIDGETS.md). Only where Apple has none: on macOS
// `import SwiftUI` is Apple's own.
#if os(Linux)
package.products += [
    .library(name: "Combine", targets: ["Combine"]),
    .library(name: "SwiftUI", targets: ["SwiftUI"]),
    .library(name: "WidgetKit", targets: ["WidgetKit"]),
    .library(name: "AppIntents", targets: ["AppIntents"]),
    .library(name: "Charts", targets: ["Charts"]),
    .library(name: "ActivityKit", targets: ["ActivityKit"]),
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "Intents", targets: ["Intents"]),
    .library(name: "SwiftData", targets: ["SwiftData"]),
    .library(name: "CoreData", targets: ["CoreData"]),
    /// Xcode's Core Data code generation: a target's `.xcdatamodeld` as its entity classes and model.
    .plugin(name: "CoreDataModelGeneration", targets: ["CoreDataModelGeneration"]),
    /// Xcode's intent class generation: Swift classes from a target's `.intentdefinition`.
    .plugin(name: "IntentClassGeneration", targets: ["IntentClassGeneration"]),
]
package.targets += [
    .target(name: "Combine", dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "OpenCombineFoundation", package: "OpenCombine"),
    ]),
    .target(name: "UIKitCore", dependencies: ["SwiftUICore", "Canvas"]),
    .target(name: "UIKit", dependencies: ["FoundationAdditions", "UIKitCore"]),
    .target(name: "SwiftUI", dependencies: ["FoundationAdditions", "SwiftUICore", "Combine", "UIKitCore"]),
    .target(name: "WidgetKit", dependencies: ["SwiftUI", "Accessory", "AppIntentsCore"]),
    .target(name: "AppIntents", dependencies: ["AppIntentsCore"]),
    .target(name: "Charts", dependencies: ["SwiftUI", "SwiftUICore", "Canvas", "Gauge"]),
    .target(name: "ActivityKit", dependencies: ["ActivityKitCore", "FoundationAdditions"]),
    // SiriKit's intent classes; Foundation, which it brings as Apple's does, is linked
    // only by widget packages that import it.
    .target(name: "Intents", dependencies: ["FoundationAdditions", "AppIntentsCore"]),
    // SQLite's C library: SwiftData's store (docs/WIDGETS.md#swiftdata says why not GRDB).
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // The SQLite file SwiftData and CoreData keep an app's objects in.
    .target(name: "ModelStorage", dependencies: ["CSQLite"]),
    .target(name: "SwiftData", dependencies: ["FoundationAdditions", "SwiftUICore", "AccessoryMacros", "ModelStorage"]),
    // Core Data's names, on the same store; its model files compiled by the plugin below.
    .target(name: "CoreData", dependencies: ["FoundationAdditions", "ModelStorage", "CAccessoryHooks"]),
    .executableTarget(name: "coredata-classes", dependencies: ["SwiftLiteral"]),
    .plugin(name: "CoreDataModelGeneration", capability: .buildTool(), dependencies: ["coredata-classes"]),
    .executableTarget(name: "intent-classes", dependencies: ["SwiftLiteral"]),
    .plugin(name: "IntentClassGeneration", capability: .buildTool(), dependencies: ["intent-classes"]),
    // Widget sources as apps write them, compiled with their own imports unchanged.
    .testTarget(name: "WidgetKitTests", dependencies: ["WidgetKit", "Combine", "AppIntents", "Charts", "ActivityKit", "UIKit", "Intents", "SwiftData", "CoreData", "Canvas", "TestSupport"], exclude: ["Golden"], resources: [.process("Resources"), .copy("Chores.xcdatamodeld")], plugins: ["IntentClassGeneration", "CoreDataModelGeneration"]),
]
// The conformance tool also reads predicates with CoreData's NSPredicate (GNUstep's is the oracle).
package.targets.first { $0.name == "lockscreend-conformance" }?.dependencies.append("CoreData")
#endif

// Every Swift target names what it uses: a member of a type is visible in a file only when
// the file imports the type's module (SE-0444), so each file's imports are what it needs.
for target in package.targets where target.type != .system && target.type != .macro && target.type != .plugin {
    let name = Array(target.name)
    guard !(name.count > 1 && name[0] == "C" && name[1].isUppercase) else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility"), functionSections]
}


