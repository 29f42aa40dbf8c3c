import Foundation

/// A real HTTP server on loopback serving a directory (Python's http.server), so the
/// provider's URLSession fetch is tested over HTTP as it runs on a lock screen.
final class FixtureServer {
    let process = Process()
    let address: String

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    init(directory: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: #"port (\d+)"#, options: .regularExpression) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "python3 -m http.server did not start: \(text)")
        }
        address = "http://127.0.0.1:\(text[range].dropFirst(5))"
    }

    /// Kills the server: SIGKILL, because a child of the test runner starts with SIGTERM
    /// blocked.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
