import AppIntents
import Accessory
import Canvas
import Foundation
import SwiftUI  // for UIColor, UIImage
import Synchronization
import Testing
import TestSupport

/// UIKit's names and the SwiftUI details real apps' files use (UIKitNames.swift), drawn.
@Suite("UIKit's names and text details", .serialized)
struct UIKitNamesTests {
    @Test("UIColor's components, hues and system colours become SwiftUI colours")
    func colours() {
        let (red, green, blue) = Palette.components(UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        #expect(abs(red - 0.2) < 1e-9 && abs(green - 0.4) < 1e-9 && abs(blue - 0.6) < 1e-9)
        let hue = Palette.components(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1))
        #expect(hue.red < 1e-9 && abs(hue.green - 1) < 1e-9 && hue.blue < 1e-9)
        #expect(Color(uiColor: .systemOrange) == Color.orange)
        #expect(UIColor(named: "NoSuchColour") == nil)
    }

    @Test("Color(\"name\") and UIColor(named:) read the colour set of the package's asset catalog")
    func namedColour() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID())").path
        let set = folder + "/Assets.xcassets/BrandBlue.colorset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let contents = #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x00", "green": "122", "blue": "1.000", "alpha": "1.000"}}}]}"#
        try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let before = WidgetHost.process
        WidgetHost.install(before.catalog, assetDirectories: [folder])
        defer { WidgetHost.install(before.catalog, assetDirectories: before.assetDirectories) }
        #expect(Color("BrandBlue") == Color(red: 0, green: 122.0 / 255, blue: 1))
        #expect(UIColor(named: "BrandBlue") != nil)
    }

    @Test("UIImage(data:) decodes a PNG; the badge draws it, the count in a circle, the line struck through at zero")
    func badge() throws {
        let png = try Frame(width: 4, height: 4, fill: 200).pngData()
        #expect(UIImage(data: Data(png)) != nil)
        #expect(UIImage(data: Data("not a picture".utf8)) == nil)
        let placed = place(.accessoryRectangular) { BadgeView(count: 3, thumbnail: Data(png)) }
        #expect(placed.texts.contains("3") && placed.texts.contains("unread since yesterday"))
        let struck = draw(place(.accessoryRectangular) { Text("unread").strikethrough() })
        let plain = draw(place(.accessoryRectangular) { Text("unread") })
        #expect(struck.lit > plain.lit, "the strikethrough's line adds ink")
    }

    @Test("tracking widens a text; fixedSize keeps it on one line in a narrow frame")
    func textDetails() {
        let tight = place(.accessoryRectangular) { Text("Tracking").fixedSize() }
        let wide = place(.accessoryRectangular) { Text("Tracking").tracking(3).fixedSize() }
        #expect(wide.contentFrame.width > tight.contentFrame.width + 15)
        let narrow = place(.accessoryRectangular) { Text("A long line of words").fixedSize().frame(width: 40) }
        #expect(narrow.contentFrame.height < 30, "one line, overflowing its frame, as SwiftUI's fixedSize lets it")
    }

    @Test("an entity query's sections are the values the config file may name; an opened address reaches the daemon")
    func entitiesAndURLs() async throws {
        #expect(try await FolderQuery().suggestedEntities().items.map(\.id) == ["Inbox", "Work", "Family"])
        var opened = WidgetHost.process.app.openedURLs().makeAsyncIterator()
        let intent = OpenFolderIntent()
        intent.folder = FolderEntity(id: "Work")
        _ = try await intent.perform()
        #expect(await opened.next() == "mail://folder/Work")
    }
}

extension Frame {
    /// How many pixels are not black.
    var lit: Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where gray(x: x, y: y) > 0 { count += 1 }
        }
        return count
    }
}
