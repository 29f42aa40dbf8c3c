import CSystemShims
import ControlProtocol
import DaemonInterface
import DaemonRuntime
import FoundationEssentials
import Dispatch
import Glibc
import Synchronization

/// The daemon's control socket: a Unix stream socket taking one JSON request line per
/// connection and answering one JSON reply line. Requests are bounded in size
/// (`ControlRequest.maximumSize`) and time (5 s to arrive); each client is served on a
/// thread of its own (at most 64 at once, 16 per user, the longest silent let go first
/// when a newcomer needs the slot), answers computed on the daemon's tasks.
package final class ControlServer: Sendable {
    package let path: String
    private let listener: Int32
    /// The socket file's device and inode: `stop()` removes the file only while it is
    /// still this socket.
    private let identity: (device: UInt, inode: UInt)
    private let stopped = Atomic(false)
    /// Whether the serving thread owns the listener (and closes it when it leaves).
    private let serving = Atomic(false)
    /// How long a client has to send its request line (5 s in the daemon); the tests
    /// lengthen it so that what they check is the order of events, not a deadline.
    private let requestSeconds: Int

    /// Why the socket could not be opened.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case inUse(path: String)
        case notASocket(path: String)
        case foreignSocket(path: String, owner: uid_t)
        case cannotCreate(path: String, reason: String)
        case unknownGroup(name: String)

        package var description: String {
            switch self {
            case let .inUse(path): "'\(path)' is in use by another running lockscreend"
            case let .notASocket(path): "'\(path)' exists and is not a socket; not replacing it"
            case let .foreignSocket(path, owner): "'\(path)' is a socket of user \(owner), not of this daemon's user; not replacing it"
            case let .cannotCreate(path, reason): "cannot create the control socket '\(path)': \(reason)"
            case let .unknownGroup(name): "no group named '\(name)' for the control socket"
            }
        }
    }

    /// Binds `path` with `mode`, owned by `group` when given. A socket of this user left by
    /// a daemon that died is replaced; a socket a running daemon answers on, another
    /// user's socket, and anything that is not a socket are left alone. The socket is
    /// created with `mode` at once (the umask is narrowed around `bind`), never wider.
    package init(path: String, mode: mode_t = 0o660, group: String? = nil, requestSeconds: Int = 5) throws(Failure) {
        self.path = path
        self.requestSeconds = max(1, requestSeconds)
        if let problem = UnixSocket.problem(with: path) { throw .cannotCreate(path: path, reason: problem) }
        var gid: gid_t?
        if let group {
            guard let entry = getgrnam(group) else { throw .unknownGroup(name: group) }
            gid = entry.pointee.gr_gid
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
            guard info.st_uid == geteuid() else { throw .foreignSocket(path: path, owner: info.st_uid) }
            if Self.answers(path) { throw .inUse(path: path) }
            unlink(path)
        }
        let fd = UnixSocket.open()
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        let previous = umask(~mode & 0o777)
        let bound = UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        umask(previous)
        guard bound == 0, gid.map({ chown(path, uid_t.max, $0) == 0 }) ?? true, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotCreate(path: path, reason: reason)
        }
        listener = fd
        identity = Self.identity(of: path) ?? (0, 0)
    }

    private static func identity(of path: String) -> (device: UInt, inode: UInt)? {
        var info = stat()
        return lstat(path, &info) == 0 ? (UInt(info.st_dev), UInt(info.st_ino)) : nil
    }

    /// True when a daemon accepts connections on `path`.
    private static func answers(_ path: String) -> Bool {
        let fd = UnixSocket.open()
        defer { close(fd) }
        return UnixSocket.connect(fd, to: path) == 0
    }

    /// Starts serving on a thread of its own; `daemon` answers each request.
    package func start(_ daemon: any DaemonControl) {
        serving.store(true, ordering: .releasing)
        // The answers run on the daemon's executor: the serving thread has no task to
        // pass its preference on.
        let executor = DaemonExecutor.preferred
        DetachedThread.start(named: "control socket") { [self] in serve(daemon, on: executor) }
    }

    private func serve(_ daemon: any DaemonControl, on executor: DaemonExecutor?) {
        defer { close(listener) }
        while !stopped.load(ordering: .acquiring) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            // Each client on a thread of its own, with its own deadlines: one that never
            // sends its request, or never reads its reply, holds up no one else; one that
            // waits without a word gives its slot to a newcomer (ControlClients).
            // Its descriptor is shut down, under the table's lock, only while it is still
            // its own: a client's thread leaves the table before it closes it.
            let uid = CSystemShims_peer_uid(connection)
            guard let ticket = clients.admit(connection, group: String(uid), letGo: { shutdown($0, Int32(SHUT_RDWR)) }) else {
                Self.write(.failure("too many requests being answered at once (\(Self.maximumClients)); try again"), to: connection)
                close(connection)
                continue
            }
            DetachedThread.start(named: "control client") { [self] in
                serve(connection, ticket: ticket, daemon, on: executor)
            }
        }
    }

    /// Clients served at once, and by one user.
    static let maximumClients = 64
    static let maximumClientsPerUser = 16
    private let clients = ClientSlots<Int32>(limit: ControlServer.maximumClients, perGroup: ControlServer.maximumClientsPerUser)

    private func serve(_ connection: Int32, ticket: ClientSlots<Int32>.Ticket, _ daemon: any DaemonControl, on executor: DaemonExecutor?) {
        // A reply the client does not read is given up after 5 s.
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        defer {
            // Out of the table first: a newcomer may shut an idle client down only while
            // its descriptor is still its own.
            clients.leave(ticket)
            close(connection)
        }
        let request = Self.readRequest(connection, within: requestSeconds)
        clients.answering(ticket)
        switch request {
        case let .request(data):
            // Read here, on the client's thread (up to 1 MiB of pushed timeline), once;
            // answered on the daemon's tasks; written here, so a slow reader holds this
            // thread, not the daemon.
            let request: ControlRequest
            do throws(ControlRequest.Malformed) {
                request = try ControlRequest.decode(data)
            } catch {
                Self.write(error.reply, to: connection)
                return
            }
            let answer = Answer()
            Task(executorPreference: executor) { answer.put(await daemon.handle(request)) }
            Self.write(answer.take(), to: connection)
        case let .rejected(reply):
            Self.write(reply, to: connection)
        }
    }

    /// A reply handed from the daemon's task to the client's thread.
    private final class Answer: Sendable {
        private let reply = Mutex<ControlReply?>(nil)
        private let ready = DispatchSemaphore(value: 0)

        func put(_ value: ControlReply) {
            reply.withLock { $0 = value }
            ready.signal()
        }

        func take() -> ControlReply {
            ready.wait()
            return reply.withLock { $0! }
        }
    }

    /// What arrived on a connection: a request line, or why it is answered with an error.
    private enum Incoming {
        case request(Data)
        case rejected(ControlReply)
    }

    /// Reads one line, up to the size limit, within `seconds`.
    private static func readRequest(_ fd: Int32, within seconds: Int) -> Incoming {
        var data = Data()
        let deadline = Date().addingTimeInterval(Double(seconds))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .rejected(.failure("the request did not arrive within \(seconds) s")) }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            // A signal arriving mid-read is not the end of the request.
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return data.isEmpty ? .rejected(.failure("an empty request")) : .request(data) }
            data.append(contentsOf: buffer[0..<n])
            if let newline = data.firstIndex(of: 0x0A) { return .request(data[..<newline]) }
            if data.count > ControlRequest.maximumSize {
                return .rejected(.failure("the request is larger than \(ControlRequest.maximumSize) bytes"))
            }
        }
    }

    /// Sends the reply; a client that hung up gets nothing (no SIGPIPE: `MSG_NOSIGNAL`).
    private static func write(_ reply: ControlReply, to fd: Int32) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard var data = try? encoder.encode(reply) else { return }
        data.append(0x0A)
        UnixSocket.sendAll(data, to: fd)
    }

    /// Stops accepting and removes the socket file. The serving thread, woken by the
    /// shutdown, closes the listener itself: closing it here would free its number while
    /// that thread may still call accept() on it, and accept on whatever opened it next.
    package func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        if !serving.load(ordering: .acquiring) { close(listener) }
        if let now = Self.identity(of: path), now == identity { unlink(path) }
    }
}
