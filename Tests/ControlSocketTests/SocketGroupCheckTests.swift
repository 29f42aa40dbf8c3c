@testable import ControlSocket
import Foundation
import Testing
@testable import Config
@testable import LockScreen
import TestSupport
import DaemonTestSupport
import Providers

/// The people who may steer (the socket's group) may not read secrets or write the
/// configuration: the documented permissions of the last round let them (attack 9).
@Suite("Socket group check")
struct SocketGroupCheckTests {
    // Giving files to another group needs root, which CI is.
    @Test("a socket group that can read a secret, or write the configuration or its folder, stops the start with the fix", .enabled(if: getuid() == 0))
    func mixedGroups() throws {
        let steering = try #require(SocketGroupCheck(group: "daemon"))
        let folder = try TemporaryFolder("socket-group")
        defer { folder.remove() }
        let dir = folder.path
        let config = dir + "/config.toml", password = dir + "/mqtt-password"
        try Data("[http]\n".utf8).write(to: URL(fileURLWithPath: config))
        try Data("s3cret\n".utf8).write(to: URL(fileURLWithPath: password))
        // The documented layout of the last round: everything in the socket's group.
        for path in [dir, config, password] { #expect(chown(path, 0, steering.gid) == 0) }
        chmod(dir, 0o770)
        chmod(config, 0o660)
        chmod(password, 0o640)
        let problems = steering.problems(configuration: config, secrets: [password])
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix(password + " holds a secret") })
        #expect(problems.contains { $0.hasPrefix(config + " can be written") })
        #expect(problems.contains { $0.hasPrefix(dir + " can be written") })
        // The layout now documented: the daemon's group owns, the socket's only steers.
        for path in [dir, config, password] { #expect(chown(path, 0, getegid()) == 0) }
        #expect(steering.problems(configuration: config, secrets: [password]).isEmpty)
        // Readable, not writable, by the steering group: a configuration without secrets in it is fine.
        #expect(chown(config, 0, steering.gid) == 0)
        chmod(config, 0o640)
        #expect(steering.problems(configuration: config, secrets: [password]).isEmpty)
        // The daemon's own group as the socket's: refused.
        let own = try #require(getgrgid(getegid()).map { String(cString: $0.pointee.gr_name) })
        #expect(SocketGroupCheck(group: own)?.problems(configuration: nil, secrets: []).first?.contains("the daemon's own group") == true)
    }

    @Test("the secret files a configuration names are listed for the check")
    func secretsNamed() throws {
        let folder = try TemporaryFolder("socket-group")
        defer { folder.remove() }
        let dir = folder.path
        let token = dir + "/token"
        try Data("t".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let config = try RunningConfig.parse("[http]\ntoken_file = \"\(token)\"\n", file: dir + "/c.toml", registry: .standard(systemRoot: fixtureRoot))
        #expect(config.secretFiles == [token])
    }
}
