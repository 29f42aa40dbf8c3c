import TestSupport
import Canvas
import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore

/// `Image("name")` from an asset catalog as Xcode writes one.
@Suite("Asset catalogs")
struct AssetCatalogTests {
    /// A package's resources: Assets.xcassets with a group folder holding "badge" in four
    /// files whose sizes tell them apart (1x 12 px, 2x 20 px, 3x 27 px, dark 2x 22 px),
    /// and a plain "logo.png" beside the catalog.
    func resources() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("assets")
        let root = folder.path
        let set = root + "/Assets.xcassets/Badges/badge.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        for (file, side) in [("badge.png", 12), ("badge@2x.png", 20), ("badge@3x.png", 27), ("badge-dark@2x.png", 22)] {
            try Frame(width: side, height: side, fill: 200).writePNG(to: set + "/" + file)
        }
        try Frame(width: 8, height: 8, fill: 200).writePNG(to: root + "/logo.png")
        let contents = """
            {"images": [
              {"filename": "badge.png", "idiom": "universal", "scale": "1x"},
              {"filename": "badge@2x.png", "idiom": "universal", "scale": "2x"},
              {"filename": "badge-dark@2x.png", "idiom": "universal", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}]},
              {"filename": "badge@3x.png", "idiom": "universal", "scale": "3x"},
              {"filename": "missing.png", "idiom": "universal", "scale": "1x"}
            ], "info": {"author": "xcode", "version": 1}}
            """
        try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        try Data(#"{"info": {"author": "xcode", "version": 1}}"#.utf8).write(to: URL(fileURLWithPath: root + "/Assets.xcassets/Contents.json"))
        return folder
    }

    func size(_ name: String, in root: String, scale: Double, dark: Bool) -> Size? {
        let placed = place(.accessoryRectangular, environment: {
            $0.imageDirectories = [root]
            $0.displayScale = scale
            $0.colorScheme = dark ? .dark : .light
        }) { Image(name) }
        return placed.all.first { if case .bitmap = $0.content { true } else { false } }?.frame.size
    }

    @Test("the scale at or above the panel's, the dark variant on the dark appearance, a size in points")
    func variants() throws {
        let folder = try resources()
        defer { folder.remove() }
        let root = folder.path
        #expect(size("badge", in: root, scale: 1, dark: false) == Size(width: 12, height: 12))  // 1x
        #expect(size("badge", in: root, scale: 1.6, dark: false) == Size(width: 10, height: 10))  // 2x: 20 px as 10 pt
        #expect(size("badge", in: root, scale: 2, dark: true) == Size(width: 11, height: 11))  // the dark 2x
        #expect(size("badge", in: root, scale: 2.5, dark: false) == Size(width: 9, height: 9))  // 3x
        #expect(size("badge", in: root, scale: 4, dark: false) == Size(width: 9, height: 9))  // the largest there is
        // A plain file beside the catalog is found as before; a name in neither draws nothing.
        #expect(size("logo", in: root, scale: 2, dark: false) == Size(width: 8, height: 8))
        #expect(size("nothing", in: root, scale: 2, dark: false) == nil)
        #expect(size("../logo", in: root, scale: 2, dark: false) == nil)
    }
}
