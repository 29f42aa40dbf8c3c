import CSystemShims
import Glibc
import Synchronization
import TimelineEngine

/// The control socket's clients being served, so that clients that connect and say
/// nothing cannot keep `lockscreenctl` out. A new client always gets in: when its user
/// already holds `perUser` clients, or every slot is taken, the client of that user (or
/// of anyone) that has waited longest without sending its request is let go first. A
/// client whose request arrived is being answered and is never let go.
final class ControlClients: Sendable {
    private struct Client {
        let fd: Int32
        let uid: uid_t
        /// Set once its request line arrived.
        var answering = false
    }

    private struct State {
        var next: UInt64 = 0
        /// By arrival: a lower number came earlier.
        var clients: [UInt64: Client] = [:]
    }

    let limit: Int
    let perUser: Int
    private let state = Mutex(State())

    init(limit: Int, perUser: Int) {
        self.limit = limit
        self.perUser = perUser
    }

    /// Admits `fd`, letting an idle client go when the user's or the server's slots are
    /// full; nil when every slot is answering a request.
    func admit(_ fd: Int32) -> UInt64? {
        let uid = Self.peer(fd)
        return state.withLock { state in
            func letGo(where included: (Client) -> Bool) -> Bool {
                guard let oldest = state.clients.filter({ !$0.value.answering && included($0.value) }).keys.min(),
                      let client = state.clients.removeValue(forKey: oldest) else { return false }
                // Its thread, woken from its read, closes it; it is still open: it is
                // closed only after it leaves this table, under this lock.
                shutdown(client.fd, Int32(SHUT_RDWR))
                return true
            }
            if state.clients.values.count(where: { $0.uid == uid }) >= perUser, !letGo(where: { $0.uid == uid }) { return nil }
            if state.clients.count >= limit, !letGo(where: { _ in true }) { return nil }
            state.next += 1
            state.clients[state.next] = Client(fd: fd, uid: uid)
            return state.next
        }
    }

    /// The client's request arrived: it is answered, not let go.
    func answering(_ ticket: UInt64) {
        state.withLock { $0.clients[ticket]?.answering = true }
    }

    /// The client is done; its descriptor may be closed after this returns.
    func leave(_ ticket: UInt64) {
        state.withLock { _ = $0.clients.removeValue(forKey: ticket) }
    }

    var count: Int { state.withLock { $0.clients.count } }

    /// The user at the other end of a Unix socket (`SO_PEERCRED`); `uid_t.max` when unknown.
    static func peer(_ fd: Int32) -> uid_t {
        let uid = CSystemShims_peer_uid(fd)
        return uid >= 0 ? uid_t(uid) : uid_t.max
    }
}
