import LockScreen
import LockscreendCLI

// The stock daemon with the HTTP face: what the stock `lockscreend` hands a start with
// `[http]` or `--http` to.
LockScreenDaemon.run()
