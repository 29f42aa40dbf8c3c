import Synchronization

/// The clients a server is serving, so that clients which connect and say nothing
/// (slowloris) cannot keep everyone else out. A newcomer always gets in while some slot
/// holds a client still waiting for its request: when its group (a user, an address)
/// already holds `perGroup` slots, or all `limit` are taken, the client of that group
/// (or of anyone) that has waited longest without a whole request is let go. A client
/// whose request arrived is being answered and is never let go. The control socket and
/// the HTTP server each keep one.
package final class ClientSlots<Handle: Sendable>: Sendable {
    /// One admitted client.
    package struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    private struct Client {
        let handle: Handle
        let group: String?
        /// Set once its request arrived.
        var answering = false
    }

    private struct State {
        var next: UInt64 = 0
        /// By arrival: a lower number came earlier.
        var clients: [UInt64: Client] = [:]
    }

    package let limit: Int
    package let perGroup: Int
    private let state = Mutex(State())

    package init(limit: Int, perGroup: Int) {
        self.limit = limit
        self.perGroup = perGroup
    }

    /// A ticket for `handle`, or nil when every slot it could take is answering. `group`
    /// nil counts toward no group's share. `letGo` is called, under the table's lock, with
    /// each client given up for it: it must end that client without waiting (and without
    /// calling back into this table).
    package func admit(_ handle: Handle, group: String?, letGo: (Handle) -> Void) -> Ticket? {
        state.withLock { state in
            func release(where included: (Client) -> Bool) -> Bool {
                guard let oldest = state.clients.filter({ !$0.value.answering && included($0.value) }).keys.min(),
                      let client = state.clients.removeValue(forKey: oldest) else { return false }
                letGo(client.handle)
                return true
            }
            if let group, state.clients.values.count(where: { $0.group == group }) >= perGroup, !release(where: { $0.group == group }) { return nil }
            if state.clients.count >= limit, !release(where: { _ in true }) { return nil }
            state.next += 1
            state.clients[state.next] = Client(handle: handle, group: group)
            return Ticket(number: state.next)
        }
    }

    /// The client's request arrived: it is answered, not let go.
    package func answering(_ ticket: Ticket) {
        state.withLock { $0.clients[ticket.number]?.answering = true }
    }

    /// The client is done; what its handle holds may be freed after this returns.
    package func leave(_ ticket: Ticket) {
        state.withLock { _ = $0.clients.removeValue(forKey: ticket.number) }
    }

    package var count: Int { state.withLock { $0.clients.count } }
}
