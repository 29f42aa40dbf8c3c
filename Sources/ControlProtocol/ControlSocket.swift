import FoundationEssentials
import Glibc

/// Where the control socket lives, agreed between the daemon and `lockscreenctl`.
package enum ControlSocket {
    /// The default path: in the service's runtime directory when it exists (the systemd
    /// unit), else /run as root, else the user's runtime directory.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if FileManager.default.fileExists(atPath: "/run/lockscreend") { return "/run/lockscreend/lockscreend.sock" }
        if getuid() == 0 { return "/run/lockscreend.sock" }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/lockscreend.sock" }
        return "/tmp/lockscreend-\(getuid()).sock"
    }
}
