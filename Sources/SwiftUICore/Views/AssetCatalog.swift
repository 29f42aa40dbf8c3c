import Canvas
import FoundationEssentials
import Glibc

/// `Image("name")` in an Xcode asset catalog a widget package ships as a resource
/// (`Assets.xcassets/name.imageset/Contents.json` and its files, as Xcode writes them):
/// the variant for the appearance (a `luminosity: dark` one on the dark appearance) and
/// the scale (1x, 2x, 3x) nearest at or above the panel's pixels per point. Folders in
/// the catalog that group image sets are looked through, two levels deep.
package enum AssetCatalog {
    /// The file to draw and its scale (pixels per point); nil when no catalog in
    /// `directories` (or directly inside one) has the image set.
    static func image(named name: String, in directories: [String], displayScale: Double, dark: Bool) -> (path: String, scale: Double)? {
        guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else { return nil }
        for directory in directories {
            let catalogs = directory.hasSuffix(".xcassets") ? [directory] : folders(in: directory).filter { $0.hasSuffix(".xcassets") }
            for catalog in catalogs {
                if let set = imageSet(name, in: catalog, depth: 2), let found = pick(in: set, displayScale: displayScale, dark: dark) { return found }
            }
        }
        return nil
    }

    /// `name.imageset` in `folder` or its group folders.
    private static func imageSet(_ name: String, in folder: String, depth: Int) -> String? {
        let set = folder + "/" + name + ".imageset"
        if isDirectory(set) { return set }
        guard depth > 0 else { return nil }
        for group in folders(in: folder) where !group.hasSuffix(".imageset") && !group.hasSuffix(".colorset") {
            if let found = imageSet(name, in: group, depth: depth - 1) { return found }
        }
        return nil
    }

    private struct Contents: Decodable {
        struct Image: Decodable {
            var filename: String?
            var idiom: String?
            var scale: String?
            var appearances: [Appearance]?
        }
        struct Appearance: Decodable {
            var appearance: String
            var value: String
        }
        var images: [Image]?
    }

    /// The image set's file for the appearance and scale.
    private static func pick(in set: String, displayScale: Double, dark: Bool) -> (path: String, scale: Double)? {
        guard let bytes = RegularFile.read(set + "/Contents.json", limit: 64 << 10),
              let contents = try? JSONDecoder().decode(Contents.self, from: Data(bytes)) else { return nil }
        let usable = (contents.images ?? []).filter { image in
            guard let file = image.filename, !file.contains("/") else { return false }
            return ["universal", "iphone", nil].contains(image.idiom) && FileManager.default.fileExists(atPath: set + "/" + file)
        }
        func isDark(_ image: Contents.Image) -> Bool { image.appearances?.contains { $0.appearance == "luminosity" && $0.value == "dark" } ?? false }
        func isPlain(_ image: Contents.Image) -> Bool { image.appearances?.allSatisfy { $0.value == "any" } ?? true }
        let variants = dark && usable.contains(where: isDark) ? usable.filter(isDark) : usable.filter(isPlain)
        let scaled = variants.map { image in (image, Double(image.scale?.dropLast() ?? "1") ?? 1) }
        let chosen = scaled.filter { $0.1 >= displayScale }.min { $0.1 < $1.1 } ?? scaled.max { $0.1 < $1.1 }
        return chosen.flatMap { image, scale in image.filename.map { (set + "/" + $0, scale) } }
    }

    private static func folders(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().prefix(1_000).map { directory + "/" + $0 }.filter(isDirectory)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

}
