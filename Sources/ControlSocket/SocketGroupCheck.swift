import Glibc

/// Whether the control socket's group — the people allowed to steer the display — could
/// also read the daemon's secrets or rewrite its configuration: a member could then read
/// the broker's password, or write a `command` widget the daemon would run as its own
/// user after the next reload. Steering and owning are two groups (`lockscreend-ctl`
/// and the daemon's own `lockscreend`, docs/SECURITY.md); this finds the files that mix
/// them, so the daemon refuses to start rather than hand out more than steering.
package struct SocketGroupCheck {
    /// The socket's group.
    package let group: String
    package let gid: gid_t

    /// Nil when no group has that name (the socket reports that itself).
    package init?(group: String) {
        guard let entry = getgrnam(group) else { return nil }
        self.group = group
        gid = entry.pointee.gr_gid
    }

    /// The daemon's own group, which the steering group must not be.
    package static var daemonGroup: gid_t { getegid() }

    /// What the group can do that it must not, each with the fix: read a secret file,
    /// write the configuration or its directory. Empty when all is well.
    package func problems(configuration: String?, secrets: [String]) -> [String] {
        var found: [String] = []
        if gid == Self.daemonGroup {
            found.append("the socket group '\(group)' is the daemon's own group: everyone in it can read what the daemon reads; give the socket a group of its own (--socket-group lockscreend-ctl)")
        }
        for file in secrets {
            if let info = Self.status(file), info.st_gid == gid, info.st_mode & 0o040 != 0 {
                found.append("\(file) holds a secret and the socket group '\(group)' can read it: chgrp it to the daemon's group, or chmod 600")
            }
        }
        if let configuration {
            if let info = Self.status(configuration), info.st_gid == gid, info.st_mode & 0o020 != 0 {
                found.append("\(configuration) can be written by the socket group '\(group)', and a configuration runs commands: chmod g-w it, or give it the daemon's group")
            }
            let slash = configuration.lastIndex(of: "/")
            let directory = slash.map { $0 == configuration.startIndex ? "/" : String(configuration[..<$0]) } ?? "."
            if let info = Self.status(directory), info.st_gid == gid, info.st_mode & 0o020 != 0 {
                found.append("\(directory) can be written by the socket group '\(group)', who could put another configuration in place: chmod g-w it, or give it the daemon's group")
            }
        }
        return found
    }

    private static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }
}
