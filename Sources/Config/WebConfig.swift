import FoundationEssentials
import Glibc
import TOML

/// `[http]` (or `--http`): where the daemon's HTTP face listens and the file holding the
/// token that guards it. Off unless asked; loopback by default; any other address needs
/// the token for every request, and a state change needs it on any address.
package struct WebConfig: Sendable, Equatable {
    /// A numeric address: "127.0.0.1", "0.0.0.0", "::1", "::".
    package var host: String
    package var port: Int
    /// A file holding the bearer token, not readable by every user.
    package var tokenFile: String?
    /// Whether the page may apply an edited configuration (`edit = true`). Off by
    /// default: a configuration can run commands, so writing one is more than a push.
    package var edit = false
    /// Devices that fetch the screen, by name (`[http.clients.NAME]`).
    package var clients: [String: ClientProfile] = [:]
    /// Host names the server answers to besides its address, `localhost` (on loopback)
    /// and the machine's own name (`names = ["lockscreen.example"]`): a request whose
    /// `Host` is another name is refused, so a page elsewhere cannot point a name it owns
    /// at this server (DNS rebinding).
    package var names: [String] = []
    /// Whether TLS is offered (`tls`, on by default): a connection that opens with a TLS
    /// handshake gets HTTPS on the same port, one that does not gets plain HTTP.
    package var tls = true
    /// The files of the certificate chain and its key in PEM (`certificate`, `key`); nil
    /// for the certificate the daemon makes and keeps in its state directory.
    package var certificateFile: String?
    package var keyFile: String?
    /// Whether a client other than this machine may speak plain HTTP (`cleartext`, on by
    /// default for e-readers and devices that cannot check a certificate); off, such a
    /// client is answered 426 and must use HTTPS.
    package var cleartext = true
    /// `[apns]`: the keys whose provider tokens (ES256 JWTs) may push Live Activities.
    package var apnsKeys: [APNsKeyFile] = []

    package init(host: String, port: Int, tokenFile: String? = nil) {
        self.host = host
        self.port = port
        self.tokenFile = tokenFile
    }

    /// A DNS name as a `Host` header carries it: letters, digits, `-` and `.`, at most 253.
    package static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 253 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    /// Only this machine can connect.
    package var isLoopback: Bool { host == "::1" || host.hasPrefix("127.") }

    /// The page's address as another machine names it: `machine`, the host's name, where
    /// the server listens on every address (Home Assistant's device link, `configuration_url`).
    package func pageURL(machine: String) -> String {
        let name = host == "0.0.0.0" || host == "::" ? machine : host.contains(":") ? "[\(host)]" : host
        return "http://\(name):\(port)/"
    }

    /// "127.0.0.1:8080", "0.0.0.0:8080", "[::1]:8080" or ":8080" (loopback); nil for
    /// anything else, a name included: the daemon listens on addresses, not names.
    package static func listen(_ text: String) -> WebConfig? {
        var host: Substring, port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            (host, port) = (text[..<colon], text[text.index(after: colon)...])
            if host.isEmpty { host = "127.0.0.1" }
        }
        guard let number = Int(port), (1...65_535).contains(number) else { return nil }
        return isAddress(String(host)) ? WebConfig(host: String(host), port: number) : nil
    }

    /// A numeric IPv4 or IPv6 address ("127.0.0.1", "::1"), not a name.
    package static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return text.withCString { inet_pton(AF_INET, $0, &v4) == 1 || inet_pton(AF_INET6, $0, &v6) == 1 }
    }
}

extension LockScreenConfig {
    /// `[http]`: `listen` ("127.0.0.1:8080") and `token_file`; an address other than
    /// loopback without a token is refused.
    func readWeb(_ table: TOMLTable, reader: inout ConfigReader) -> WebConfig? {
        let path = "http"
        reader.rejectUnknown(table, known: ["listen", "token_file", "edit", "clients", "names", "tls", "certificate", "key", "cleartext"], at: path)
        let text = reader.string(table, "listen", at: path) ?? "127.0.0.1:8080"
        guard var web = WebConfig.listen(text) else {
            reader.report(table["listen"]?.line ?? table.line, "\(path).listen", "expected ADDRESS:PORT with a numeric address, such as \"127.0.0.1:8080\" or \"0.0.0.0:8080\", found \"\(text)\"")
            return nil
        }
        web.tokenFile = reader.secretFile(table, "token_file", at: path)
        if !web.isLoopback, web.tokenFile == nil, table["token_file"] == nil {
            reader.report(table["listen"]?.line ?? table.line, "\(path).token_file", "listening on \(web.host) lets other machines in: give token_file (a file with a long random token, chmod 600)")
            return nil
        }
        web.edit = reader.boolean(table, "edit", at: path) ?? false
        if let value = table["names"] {
            let items: [TOMLValue] = if case let .array(items) = value.kind { items } else { [] }
            let names = items.compactMap { if case let .string(s) = $0.kind { s.lowercased() } else { nil } }
            if case .array = value.kind, names.count == items.count, names.count <= 32, names.allSatisfy(WebConfig.isHostName) {
                web.names = names
            } else {
                reader.mismatch(value, "\(path).names", expected: "an array of at most 32 host names (letters, digits, '-' and '.'), such as [\"lockscreen.home.arpa\"]")
            }
        }
        if let clients = reader.table(table, "clients", at: path) { web.clients = readClients(clients, reader: &reader) }
        web.tls = reader.boolean(table, "tls", at: path) ?? true
        web.cleartext = reader.boolean(table, "cleartext", at: path) ?? true
        switch (table["certificate"], table["key"]) {
        case (nil, nil): break
        case let (certificate?, _?):
            web.certificateFile = reader.string(table, "certificate", at: path)
            web.keyFile = reader.secretFile(table, "key", at: path)
            if !web.tls { reader.report(certificate.line, "\(path).tls", "certificate and key are given but tls = false: remove them, or tls = true") }
        case let (certificate?, nil):
            reader.report(certificate.line, "\(path).key", "a certificate needs its key: key = \"/etc/lockscreend/tls/key.pem\" (chmod 600)")
        case let (nil, key?):
            reader.report(key.line, "\(path).certificate", "a key needs its certificate: certificate = \"/etc/lockscreend/tls/cert.pem\"")
        }
        if !web.cleartext, !web.tls {
            reader.report(table["cleartext"]!.line, "\(path).cleartext", "cleartext = false needs TLS: remove tls = false")
        }
        return web
    }

    /// `[apns]`: `[apns.keys.KEY_ID]` with `team_id` and `key_file`, each a key whose
    /// provider tokens the HTTP face takes for Live Activity pushes.
    func readAPNs(_ table: TOMLTable, reader: inout ConfigReader) -> [APNsKeyFile] {
        reader.rejectUnknown(table, known: ["keys"], at: "apns")
        guard let keys = reader.table(table, "keys", at: "apns") else { return [] }
        var found: [APNsKeyFile] = []
        for entry in keys.entries {
            let path = "apns.keys.\(entry.key)"
            guard let key = reader.table(keys, entry.key, at: "apns.keys") else { continue }
            guard APNsKeyFile.isIdentifier(entry.key) else {
                reader.report(entry.value.line, path, "a key ID is Apple's 10 letters and digits, such as [apns.keys.ABC123DEFG]")
                continue
            }
            reader.rejectUnknown(key, known: ["team_id", "key_file"], at: path)
            guard let team = reader.string(key, "team_id", at: path) else {
                reader.report(key.line, "\(path).team_id", "no team_id: the 10 letters and digits of the team the key belongs to")
                continue
            }
            guard APNsKeyFile.isIdentifier(team) else {
                reader.report(key["team_id"]!.line, "\(path).team_id", "a team ID is Apple's 10 letters and digits, found \"\(team)\"")
                continue
            }
            guard key["key_file"] != nil else {
                reader.report(key.line, "\(path).key_file", "no key_file: the key's .p8 file (only its public half is kept) or its public key in PEM")
                continue
            }
            guard let file = reader.secretFile(key, "key_file", at: path) else { continue }
            found.append(APNsKeyFile(id: entry.key, team: team, file: file, line: key["key_file"]!.line))
        }
        return found
    }
}

/// A key of `[apns.keys]`: its ID, its team's, the file holding it, and the line that
/// names the file (a key that does not read is reported there when the daemon starts).
package struct APNsKeyFile: Sendable, Equatable {
    package var id: String
    package var team: String
    package var file: String
    package var line: Int

    /// Apple's key and team IDs: 10 capital letters and digits.
    static func isIdentifier(_ text: String) -> Bool {
        text.utf8.count == 10 && text.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }
}
