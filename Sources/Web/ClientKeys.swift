import Canvas
import FoundationEssentials
import Synchronization

/// The key of each client device: what a TRMNL gets from `/api/setup` and sends back as
/// its `Access-Token`, and what any client puts in its screen's URL (`?key=…`) to fetch
/// it from beyond loopback without the server's token. Made at random on first use
/// (128 bits from the system's secure generator) and kept in the state directory, so a
/// restart does not make devices set up again; deleting the file revokes them all.
package final class ClientKeys: Sendable {
    /// `clients.json` in the state directory; nil keeps keys in memory only.
    let file: String?
    private let keys: Mutex<[String: String]?> = Mutex(nil)

    package init(file: String?) {
        self.file = file
    }

    /// The client's key, made and saved the first time it is asked for.
    package func key(for client: String) -> String {
        withKeys { known in
            if let key = known[client] { return key }
            var generator = SystemRandomNumberGenerator()
            let key = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
            known[client] = key
            if let file, let data = try? JSONEncoder().encode(known) { _ = RegularFile.replace(file, with: data) }
            return key
        }
    }

    /// Whether `key` is the client's, compared in constant time; never makes one.
    package func matches(_ key: String, client: String) -> Bool {
        guard let known = withKeys({ $0[client] }) else { return false }
        return WebAPI.equal(Array(key.utf8), Array(known.utf8))
    }

    /// The keys, read from the file the first time they are needed.
    private func withKeys<Result>(_ body: (inout [String: String]) -> Result) -> Result {
        keys.withLock { keys in
            var known = keys ?? load()
            defer { keys = known }
            return body(&known)
        }
    }

    private func load() -> [String: String] {
        guard let file, let bytes = RegularFile.read(file, limit: 1 << 20) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: Data(bytes))) ?? [:]
    }
}

extension String {
    /// Zeros before, to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
