import LockScreen
import LockscreendCLI
import TubeStatusWidget

// The stock lockscreend — its options, subcommands, built-in widgets and service
// behaviour — with the tube-status widget added to the kinds a configuration can place.
LockScreenDaemon.run(bundle: TubeStatusBundle())
