import Foundation
import Glibc

/// A small HTTP/1.1 server on 127.0.0.1 for the HTTP provider's tests: each path answers
/// one way (good JSON, a 500, never until stopped, hugely, not JSON, echoing a header). It
/// serves until stopped, one connection at a time, on a thread of its own.
package final class LoopbackHTTPServer: @unchecked Sendable {
    package let port: UInt16
    private let listener: Int32
    /// Signalled by `stop()`: what `/slow` waits for.
    private let stopped = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var recorded: [String] = []
    /// Every request served so far, head and body, as text.
    package var requests: [String] { lock.withLock { recorded } }

    package init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        port = UInt16(bigEndian: address.sin_port)
        guard ok else { throw POSIXError(.EADDRINUSE) }
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Wakes the serving thread, which closes the listener as it leaves: closing it here
    /// would free its number while that thread may still call accept() on it, and a socket
    /// opened meanwhile by another test (a control socket's listener) would be served here.
    package func stop() {
        stopped.signal()
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                close(listener)
                return
            }
            let text = Self.readRequest(fd)
            lock.withLock { recorded.append(text) }
            let path = text.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            respond(fd, path: path, request: text)
            close(fd)
        }
    }

    /// A request's head and as much of its body as Content-Length says (64 KiB at most).
    private static func readRequest(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8_192)
        while bytes.count < 65_536 {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            bytes += buffer[0..<n]
            let text = String(decoding: bytes, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let length = text[..<end.lowerBound].split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text[end.upperBound...].utf8.count >= length { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func send(_ fd: Int32, status: String, body: Data, headers: String = "") {
        var head = Data("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(headers)Connection: close\r\n\r\n".utf8)
        head.append(body)
        write(fd, head)
    }

    private func write(_ fd: Int32, _ bytes: Data) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let w = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if w <= 0 { return }
                offset += w
            }
        }
    }

    private func respond(_ fd: Int32, path: String, request: String) {
        switch path {
        case "/ok":
            send(fd, status: "200 OK", body: Data(#"{"name": "London", "main": {"temp": 12.5, "humidity": 81}, "list": [{"weather": [{"description": "light rain"}]}]}"#.utf8))
        case "/departures.json":
            send(fd, status: "200 OK", body: Data("[4, 11, 17]".utf8))
        case "/error":
            send(fd, status: "500 Internal Server Error", body: Data(#"{"error": "boom"}"#.utf8))
        case "/slow":
            // Never answers while the test runs.
            stopped.wait()
        case "/huge":
            send(fd, status: "200 OK", body: Data(repeating: 0x20, count: 3 << 20))
        case "/invalid":
            send(fd, status: "200 OK", body: Data("<html>not json</html>".utf8))
        case "/moved":
            send(fd, status: "302 Found", body: Data(), headers: "Location: /ok\r\n")
        case "/to-ftp":
            send(fd, status: "302 Found", body: Data(), headers: "Location: ftp://127.0.0.1/file\r\n")
        case "/unsized":
            // No Content-Length: the size is known only as the bytes arrive.
            let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
            write(fd, head + Data(repeating: 0x20, count: 3 << 20))
        case "/agent":
            let agent = request.split(separator: "\r\n").first { $0.lowercased().hasPrefix("user-agent:") }.map { String($0.dropFirst(11)).trimmingCharacters(in: .whitespaces) } ?? ""
            send(fd, status: "200 OK", body: Data("{\"agent\": \"\(agent)\"}".utf8))
        case "/photo.jpg":
            let fixture = URL(fileURLWithPath: fixtureRoot).appendingPathComponent("pictures/gradient.jpg")
            send(fd, status: "200 OK", body: (try? Data(contentsOf: fixture)) ?? Data())
        case "/api/camera_proxy/camera.door":
            // Home Assistant's camera proxy: the picture for the right token only.
            if request.contains("\r\nAuthorization: Bearer good-token\r\n") {
                let fixture = URL(fileURLWithPath: fixtureRoot).appendingPathComponent("pictures/gradient.jpg")
                send(fd, status: "200 OK", body: (try? Data(contentsOf: fixture)) ?? Data())
            } else {
                send(fd, status: "401 Unauthorized", body: Data())
            }
        case "/hook", "/api/services/light/toggle":
            // A webhook, and Home Assistant's service call for the right token only.
            let refused = path.hasPrefix("/api/") && !request.contains("\r\nAuthorization: Bearer good-token\r\n")
            send(fd, status: refused ? "401 Unauthorized" : "200 OK", body: Data("[]".utf8))
        case "/echo":
            let auth = request.split(separator: "\r\n").first { $0.lowercased().hasPrefix("authorization:") }.map { String($0.dropFirst(14)).trimmingCharacters(in: .whitespaces) } ?? ""
            send(fd, status: "200 OK", body: Data("{\"auth\": \"\(auth)\"}".utf8))
        default:
            send(fd, status: "404 Not Found", body: Data("{}".utf8))
        }
    }
}
