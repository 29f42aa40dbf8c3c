import PanelOptions
import TOML
import WidgetKitCore

/// `[http.clients.NAME]`: a device that fetches the lock screen over the network rather
/// than driving a panel — a Kindle or Kobo in online-screensaver mode, an ESP32 e-paper
/// board, a TRMNL — with the size, appearance and inks it shows. Its picture is
/// `GET /screen/NAME.png` or `.bmp`; a TRMNL names itself by `trmnl_id`.
package struct ClientProfile: Sendable, Equatable {
    package var name: String
    package var width: Int
    package var height: Int
    /// Light by default: paper is white.
    package var colorScheme: ColorScheme = .light
    /// Light text on a dark ground.
    package var isDark: Bool { colorScheme == .dark }
    package var depth: ClientDepth = .mono
    /// The MAC address a TRMNL sends in its `ID` header, upper-case.
    package var trmnlID: String?
    /// Bounds, in seconds, of the refresh rate a TRMNL is told: the time until the next
    /// timeline change, never sooner than `refreshMin` (its battery) nor later than `refreshMax`.
    package var refreshMin = 300
    package var refreshMax = 3_600

    package init(name: String, width: Int, height: Int) {
        self.name = name
        self.width = width
        self.height = height
    }

    /// Seconds until `change` from `now`, within the profile's bounds.
    package func refreshRate(untilNextChange seconds: Double?) -> Int {
        let wanted = seconds.map { Int($0.rounded(.up)) } ?? refreshMax
        return min(max(wanted, refreshMin), refreshMax)
    }
}

extension LockScreenConfig {
    /// The `[http.clients]` tables: a size for each (up to 2000 × 2000), `appearance`,
    /// `depth`, `trmnl_id`, `refresh_min`, `refresh_max`.
    func readClients(_ table: TOMLTable, reader: inout ConfigReader) -> [String: ClientProfile] {
        var clients: [String: ClientProfile] = [:]
        var ids: [String: String] = [:]
        for entry in table.entries {
            let (name, value) = (entry.key, entry.value)
            let path = "http.clients.\(name)"
            guard let client = reader.table(table, name, at: "http.clients") else { continue }
            guard name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }) else {
                reader.report(value.line, path, "a client's name is letters, digits, _ and -, at most 64: it is in its URL, /screen/NAME.png")
                continue
            }
            reader.rejectUnknown(client, known: ["size", "appearance", "depth", "trmnl_id", "refresh_min", "refresh_max"], at: path)
            guard client["size"] != nil else {
                reader.report(client.line, "\(path).size", "no size; expected size = \"800x480\" (the device's pixels)")
                continue
            }
            guard let size = readSize(client, "size", at: path, reader: &reader) else { continue }
            guard size.width <= 2_000, size.height <= 2_000 else {
                reader.report(client["size"]!.line, "\(path).size", "at most 2000x2000, found \(size.width)x\(size.height)")
                continue
            }
            var profile = ClientProfile(name: name, width: size.width, height: size.height)
            if let appearance = reader.choice(client, "appearance", at: path, from: ["light", "dark"]) { profile.colorScheme = appearance == "dark" ? ColorScheme.dark : ColorScheme.light }
            if let depth = reader.choice(client, "depth", at: path, from: ClientDepth.allCases.map(\.rawValue)) { profile.depth = ClientDepth(rawValue: depth)! }
            if let id = reader.string(client, "trmnl_id", at: path) {
                let mac = id.uppercased()
                let parts = mac.split(separator: ":", omittingEmptySubsequences: false)
                if parts.count != 6 || !parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isHexDigit } }) {
                    reader.report(client["trmnl_id"]!.line, "\(path).trmnl_id", "expected the device's MAC address, such as \"A1:B2:C3:D4:E5:F6\", found \"\(id.prefix(40))\"")
                } else if let other = ids[mac] {
                    reader.report(client["trmnl_id"]!.line, "\(path).trmnl_id", "\(mac) is already the client \(other)")
                } else {
                    ids[mac] = name
                    profile.trmnlID = mac
                }
            }
            profile.refreshMin = reader.duration(client, "refresh_min", at: path, unit: 1, in: 10...86_400).map { Int($0) } ?? profile.refreshMin
            profile.refreshMax = reader.duration(client, "refresh_max", at: path, unit: 1, in: 10...86_400).map { Int($0) } ?? max(profile.refreshMax, profile.refreshMin)
            if profile.refreshMax < profile.refreshMin {
                reader.report(client["refresh_max"]?.line ?? client.line, "\(path).refresh_max", "is below refresh_min (\(profile.refreshMin))")
            }
            clients[name] = profile
        }
        return clients
    }
}
