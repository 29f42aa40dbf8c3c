import Canvas
import Config
import FoundationEssentials
import Glibc
import LockscreendCommand  // for MachineName
import Logging
import Providers
import WebTrust

/// What the HTTP face trusts and shows, read from the files the configuration names or
/// the daemon's state directory: its TLS certificate and the `[apns]` keys. Reading and
/// writing those files is the composition root's; WebTrust only makes and checks.
enum ServerTrust {
    /// The largest certificate or key file read.
    static let fileLimit = 64 * 1_024

    /// TLS for `web`: its configured certificate, else the one kept in `stateDirectory`
    /// (made on first start, renewed for new names and addresses and before its end);
    /// nil, logged, where neither can be had: the face then speaks plain HTTP only.
    static func tls(for web: WebConfig, stateDirectory: String?, now: Date, logger: Logger) -> ServerTLS? {
        guard web.tls else { return nil }
        do throws(ServerTLSError) {
            try LibCrypto.require()
            if let chainFile = web.certificateFile, let keyFile = web.keyFile {
                let chain = try read(chainFile), key = try read(keyFile)
                return try ServerTLS(chain: chain, key: key, trusted: chain)
            }
            guard let stateDirectory else {
                logger.warning("HTTPS off: no state directory to keep the daemon's certificate in; give [http] certificate and key, or --state-dir")
                return nil
            }
            return try kept(in: stateDirectory + "/tls", web: web, now: now, logger: logger)
        } catch {
            logger.error("HTTPS off: \(error)")
            return nil
        }
    }

    /// The daemon's own authority and server certificate in `folder` (mode 0700): the
    /// authority made once, the server certificate again when it no longer covers the
    /// names and addresses the daemon is reached by, or nears its end.
    static func kept(in folder: String, web: WebConfig, now: Date, logger: Logger) throws(ServerTLSError) -> ServerTLS {
        if mkdir(folder, 0o700) != 0, errno != EEXIST { throw ServerTLSError("cannot make \(folder): \(String(cString: strerror(errno)))") }
        let (names, addresses) = reachedBy(web)
        var authority: ServerCertificate.Pair
        if let certificate = try? read(folder + "/ca.pem"), let key = try? read(folder + "/ca-key.pem") {
            authority = .init(certificate: certificate, key: key)
        } else {
            authority = try ServerCertificate.authority(host: MachineName.current, now: now)
            try write(authority.key, to: folder + "/ca-key.pem", mode: 0o600)
            try write(authority.certificate, to: folder + "/ca.pem", mode: 0o644)
            logger.notice("made a certificate authority for HTTPS: \(folder)/ca.pem; have clients trust it (docs/WEB.md)")
        }
        var server = ServerCertificate.Pair(certificate: (try? read(folder + "/cert.pem")) ?? "", key: (try? read(folder + "/key.pem")) ?? "")
        if !ServerCertificate.covers(server, names: names, addresses: addresses, authority: authority, now: now) {
            server = try ServerCertificate.server(names: names, addresses: addresses, authority: authority, now: now)
            try write(server.key, to: folder + "/key.pem", mode: 0o600)
            try write(server.certificate + authority.certificate, to: folder + "/cert.pem", mode: 0o644)
            logger.info("made the HTTPS certificate for \((names + addresses).joined(separator: ", "))")
        }
        return try ServerTLS(chain: server.certificate + authority.certificate, key: server.key, trusted: authority.certificate)
    }

    /// The names and addresses a client may reach the daemon by: loopback's, the host's
    /// name (and its `.local` for mDNS), `[http] names`, and the listening address or, on
    /// every address, the machine's own addresses now.
    static func reachedBy(_ web: WebConfig) -> (names: [String], addresses: [String]) {
        let host = MachineName.current.lowercased()
        var names = ["localhost", host] + web.names
        if !host.contains(".") { names.append(host + ".local") }
        var addresses = ["127.0.0.1", "::1"]
        if web.host == "0.0.0.0" || web.host == "::" {
            addresses += interfaceAddresses()
        } else {
            addresses.append(web.host)
        }
        func unique(_ list: [String]) -> [String] {
            var seen = Set<String>()
            return list.filter { seen.insert($0).inserted }
        }
        return (unique(names), unique(addresses))
    }

    /// The machine's IPv4 and IPv6 addresses (link-local ones left out: a URL cannot
    /// name one without its interface).
    static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var next = list
        while let entry = next?.pointee {
            next = entry.ifa_next
            guard let address = entry.ifa_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var v4 = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr
                inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
            case AF_INET6:
                var v6 = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
                guard !(v6.__in6_u.__u6_addr8.0 == 0xfe && v6.__in6_u.__u6_addr8.1 & 0xc0 == 0x80) else { continue }
                inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count))
            default: continue
            }
            found.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return found
    }

    /// The keys of `[apns]`, their public halves only; a key file that does not read is
    /// logged with its line and left out.
    static func providerTokens(_ keys: [APNsKeyFile], configuration: String?, logger: Logger) -> ProviderTokens {
        if !keys.isEmpty {
            do throws(ServerTLSError) {
                try LibCrypto.require()
            } catch {
                logger.error("\(configuration ?? "configuration"): [apns] keys: \(error); provider tokens are refused")
                return ProviderTokens([])
            }
        }
        return ProviderTokens(keys.compactMap { file in
            do {
                let pem = try SecretFile.text(of: file.file)
                return try ProviderTokens.Key(id: file.id, team: file.team, pem: pem)
            } catch {
                logger.error("\(configuration ?? "configuration"):\(file.line): apns.keys.\(file.id).key_file: \(error); its tokens are refused")
                return nil
            }
        })
    }

    static func read(_ path: String) throws(ServerTLSError) -> String {
        guard let bytes = RegularFile.read(path, limit: fileLimit) else { throw ServerTLSError("cannot read \(path): missing, not a regular file, or over 64 KB") }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String, mode: mode_t) throws(ServerTLSError) {
        if let failure = RegularFile.replace(path, with: Array(text.utf8), mode: mode) { throw ServerTLSError("cannot write \(path): \(failure)") }
    }
}
