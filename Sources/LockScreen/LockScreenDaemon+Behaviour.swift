import Accessory  // for WidgetHost
import FoundationEssentials
import LockScreenModel  // for ScreenPower
import ZoneInfo  // for SystemTimeZone

extension LockScreenDaemon {
    /// How the daemon behaves beyond what it shows.
    package struct Behaviour: Sendable {
        /// Live seconds (`.timer`) redraw once a minute instead of every second: for e-ink
        /// panels, where each redraw costs a flash of ink.
        package var coarseLiveSeconds = false
        /// How long a change that is not time-critical — a provider's new answer, not a
        /// minute of the clock, an entry's date or a stack's turn — may wait to join the
        /// next due update, so an e-ink panel refreshes once for both. 0 presents it at
        /// once; a reload someone asked for (a push, `lockscreenctl reload`) never waits.
        package var holdChanges: TimeInterval = 0
        /// For panels that refresh only whole, in tens of seconds (seven-colour e-paper):
        /// updates fall only on multiples of this many seconds (from the hour), and the
        /// clock shows those minutes. 0: any minute.
        package var refreshEvery: TimeInterval = 0
        package var staleMark: StaleMark = .dot
        /// Where the machine's time zone is read on every step, to follow changes; nil
        /// when the zone was chosen and stays.
        package var systemTimeZone: SystemTimeZone?
        /// A wall-clock step larger than this against the monotonic clock is a jump.
        package var jumpThreshold: TimeInterval = 2
        /// Changed timelines are written to the state directory at most this often (and
        /// always on exit): an SD card is not rewritten at every minute's reload.
        package var stateSaveInterval: TimeInterval = 300
        /// When the screen sleeps (`[display] off`) and how long a tap wakes it.
        package var screen = ScreenPower()
        /// Whether a thread finds a colour panel's ink gamut ahead (`PictureInks.gamutFoundAhead`).
        package var findsGamutAhead = false
        /// Whether each step waits for the reloads it started until they answer or time
        /// out (`TimelineEngine.Settings.waitsForAnswers`): for a frame drawn once, where a
        /// picture still decoding after the usual quarter second would leave its
        /// placeholder in the only frame.
        package var waitsForAnswers = false
        /// What widget code reaches of this daemon (its widgets' activity presenters, its
        /// reloads and activities): `WidgetHost.process` for the process's daemon
        /// (DaemonAssembly), else a host of its own.
        package var host = WidgetHost()

        package init() {}
    }
}
