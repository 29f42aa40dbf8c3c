import Canvas
import FoundationEssentials

extension AssetCatalog {
    /// The colour set `name` (`name.colorset/Contents.json`) of a catalog among the
    /// resource folders, its any-appearance variant; nil when there is none.
    package static func color(named name: String) -> RGBA? {
        guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else { return nil }
        for directory in colorDirectories {
            let catalogs = directory.hasSuffix(".xcassets") ? [directory] : contents(of: directory).filter { $0.hasSuffix(".xcassets") }
            for catalog in catalogs {
                for folder in [catalog] + contents(of: catalog) {
                    if let colour = readColorSet(folder + "/" + name + ".colorset") { return colour }
                }
            }
        }
        return nil
    }

    private struct ColorContents: Decodable {
        struct Entry: Decodable {
            struct Appearance: Decodable { var value: String }
            struct Value: Decodable {
                var components: [String: String]?
            }
            var color: Value?
            var appearances: [Appearance]?
        }
        var colors: [Entry]?
    }

    private static func readColorSet(_ set: String) -> RGBA? {
        guard let bytes = RegularFile.read(set + "/Contents.json", limit: 64 << 10),
              let contents = try? JSONDecoder().decode(ColorContents.self, from: Data(bytes)) else { return nil }
        let entries = contents.colors ?? []
        let plain = entries.first { $0.appearances?.allSatisfy { $0.value == "any" } ?? true } ?? entries.first
        guard let components = plain?.color?.components else { return nil }
        if let white = components["white"].flatMap(component) {
            return RGBA(white: white, alpha: components["alpha"].flatMap(component) ?? 1)
        }
        guard let red = components["red"].flatMap(component), let green = components["green"].flatMap(component),
              let blue = components["blue"].flatMap(component) else { return nil }
        return RGBA(red: red, green: green, blue: blue, alpha: components["alpha"].flatMap(component) ?? 1)
    }

    /// A component as Xcode writes one: "0.200", "0x33" or "51" (of 255).
    private static func component(_ text: String) -> Double? {
        let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") { return Int(trimmed.dropFirst(2), radix: 16).map { Double(min($0, 255)) / 255 } }
        if !trimmed.contains("."), let whole = Int(trimmed), whole > 1 { return Double(min(whole, 255)) / 255 }
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return max(0, min(1, value))
    }

    private static func contents(of directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().prefix(1_000).map { directory + "/" + $0 }
    }
}

extension Color {
    /// The colour set `name` of the package's asset catalog (`Assets.xcassets/name.colorset`),
    /// its any-appearance variant; the ink's grey when there is none, so the content stays seen.
    public init(_ name: String) {
        self.init(AssetCatalog.color(named: name) ?? RGBA(white: 0.6, alpha: 1))
    }
}
