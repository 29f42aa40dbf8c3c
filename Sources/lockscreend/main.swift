import LockScreen
import LockscreendCommand

// The stock daemon: the built-in widget kinds and nothing else, its tasks on this thread;
// a start that asks for the HTTP face is handed to lockscreend-web.
LockScreenDaemon.runCommand(face: nil)
