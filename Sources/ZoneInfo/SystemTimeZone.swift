import FoundationEssentials

/// The machine's time zone as it is now: `$TZ`, else the zone /etc/localtime links to.
/// Read afresh on each call (a readlink), so `timedatectl set-timezone` is seen without
/// a restart; Foundation's `TimeZone.current` is cached for the life of the process.
package struct SystemTimeZone: Sendable {
    package let localtime: String

    package init(localtime: String = "/etc/localtime") {
        self.localtime = localtime
    }

    package func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> ZoneRules {
        ZoneRules.system(environment: environment, localtime: localtime)
    }
}
