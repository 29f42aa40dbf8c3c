import FoundationEssentials
import Glibc
import LockScreen  // for PackageResources

/// The program that has the HTTP face, found beside the stock one.
package enum HTTPFaceProgram {
    /// Its file name.
    package static let name = "lockscreend-web"

    /// Where it is: beside the running program's own file (a build's folder), else in
    /// `../libexec/lockscreend/` from it (`/usr/bin/lockscreend` finds
    /// `/usr/libexec/lockscreend/lockscreend-web`, where deploy/install.sh and the
    /// package put it).
    static var path: String? {
        guard let own = PackageResources.runningExecutable(), let slash = own.lastIndex(of: "/") else { return nil }
        let folder = String(own[...slash])
        let beside = folder + name
        let installed = folder + "../libexec/lockscreend/" + name
        return access(beside, X_OK) == 0 || access(installed, X_OK) != 0 ? beside : installed
    }

    /// Replaces this process with `lockscreend-web`, given the same arguments: the same
    /// process for systemd (its PID, its notification socket, its environment), started
    /// before anything is locked or opened. Returns only by throwing, with what to do.
    static func handOver(arguments: [String], asking: String) throws(ValidationFailure) -> Never {
        guard let path else { throw ValidationFailure("\(asking) needs \(name), and this program's own file cannot be read") }
        awaitOtherThreads(seconds: 2)
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw ValidationFailure("\(asking) is served by \(name), the daemon with the HTTP face, and \(path) cannot be started (\(reason)): install it beside \(Lockscreend.programName), or leave \(asking) out")
    }

    /// Waits, at most `seconds`, until this process runs on one thread. The fonts'
    /// warm-up has started by now, and Pango makes short threads of its own for it:
    /// `execv` from under them ended them mid-work, and then the new program's first
    /// threads could not be made (`EAGAIN`; 4 to 5 starts in 40 while other programs made
    /// and ended threads quickly, none when the warm-up had not started), which GLib
    /// answers by aborting. The warm-up takes milliseconds; a start that asks for the
    /// face waits for it.
    private static func awaitOtherThreads(seconds: Int) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while threadCount() > 1, ContinuousClock.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// The threads of this process: the entries of `/proc/self/task`.
    private static func threadCount() -> Int {
        guard let directory = opendir("/proc/self/task") else { return 1 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }
}
