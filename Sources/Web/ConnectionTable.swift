import NIOCore
import Synchronization

/// The HTTP server's open connections, so that clients who never finish a request
/// (slowloris) cannot keep everyone else out. When every slot is taken, a new client
/// takes the slot of the connection that has waited longest without a whole request —
/// a client that sends its request at once is answered long before its slot could be
/// taken — and is refused only when every slot holds a request being answered or a live
/// page. An address other than loopback holds at most `perAddress` slots.
final class ConnectionTable: Sendable {
    /// One admitted connection.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    private struct Entry {
        let channel: any Channel
        let address: String?
        /// Set once its request head and body have arrived.
        var requested = false
    }

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    let limit: Int
    let perAddress: Int
    private let state = Mutex(State())

    init(limit: Int, perAddress: Int) {
        self.limit = limit
        self.perAddress = perAddress
    }

    /// A ticket for `channel`, or nil when it must be refused.
    func admit(_ channel: any Channel) -> Ticket? {
        let address = channel.remoteAddress.flatMap(Self.nonLoopback)
        var evicted: (any Channel)?
        let ticket: Ticket? = state.withLock { state in
            if let address, state.entries.values.count(where: { $0.address == address }) >= perAddress { return nil }
            if state.entries.count >= limit {
                // Tickets count up: the lowest waiting one is the oldest.
                guard let oldest = state.entries.filter({ !$0.value.requested }).keys.min() else { return nil }
                evicted = state.entries.removeValue(forKey: oldest)?.channel
            }
            state.next += 1
            state.entries[state.next] = Entry(channel: channel, address: address)
            return Ticket(number: state.next)
        }
        evicted?.close(promise: nil)
        return ticket
    }

    /// The connection's request is whole: it is answered, not evicted.
    func requested(_ ticket: Ticket) {
        state.withLock { $0.entries[ticket.number]?.requested = true }
    }

    func leave(_ ticket: Ticket) {
        state.withLock { _ = $0.entries.removeValue(forKey: ticket.number) }
    }

    var count: Int { state.withLock { $0.entries.count } }

    /// The peer's IP address, nil for loopback (every local program shares it).
    private static func nonLoopback(_ address: SocketAddress) -> String? {
        guard let ip = address.ipAddress else { return nil }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.") ? nil : ip
    }
}
