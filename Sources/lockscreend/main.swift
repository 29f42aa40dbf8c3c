import LockScreen
import LockscreendCLI

// The stock daemon: the built-in widget kinds and nothing else, its tasks on this thread.
LockScreenDaemon.run()
