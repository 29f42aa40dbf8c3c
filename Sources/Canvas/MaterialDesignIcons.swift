import Synchronization

/// Home Assistant's icons (`mdi:thermometer`): the Material Design Icons font, Debian's
/// `fonts-materialdesignicons-webfont`. Its glyphs sit at private code points; their names
/// are read from the stylesheet the same package ships, once, when an `mdi:` name is
/// first drawn, so the names always match the installed font.
package enum MaterialDesignIcons {
    /// The font's family name, as fontconfig knows it.
    package static let family = "Material Design Icons"
    /// The package's list of names and code points.
    package static let stylesheet = "/usr/share/fonts-materialdesignicons-webfont/scss/_variables.scss"

    private static let table = Mutex<[String: Unicode.Scalar]?>(nil)

    /// The character that draws `name` ("thermometer", without `mdi:`), nil when the
    /// installed font has no such icon (or is not installed).
    package static func character(named name: String) -> String? {
        let scalar = table.withLock { table in
            if table == nil { table = load() }
            return table?[name]
        }
        return scalar.map { String(Character($0)) }
    }

    /// How many icons the installed font names.
    package static var count: Int { table.withLock { table in
        if table == nil { table = load() }
        return table?.count ?? 0
    } }

    private static func load() -> [String: Unicode.Scalar] {
        guard let bytes = RegularFile.read(stylesheet, limit: 1 << 20) else { return [:] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The `"name": F1234,` lines of the stylesheet's `$mdi-icons` map.
    static func parse(_ text: String) -> [String: Unicode.Scalar] {
        var names: [String: Unicode.Scalar] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingPrefix(while: \.isWhitespace)
            guard key.count > 2, key.first == "\"", key.last == "\"" else { continue }
            let hex = parts[1].filter(\.isHexDigit)
            guard let value = UInt32(hex, radix: 16), (0xE000...0x10FFFD).contains(value), let scalar = Unicode.Scalar(value) else { continue }
            names[String(key.dropFirst().dropLast())] = scalar
        }
        return names
    }
}
