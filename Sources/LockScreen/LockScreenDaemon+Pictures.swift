import Canvas
import DaemonRuntime

extension LockScreenDaemon {
    /// On a panel of colour inks, has a thread of its own (at the lowest priority) find
    /// the inks' gamut ahead, kept in `directory` for the next start, and draws pictures
    /// without searching meanwhile (`PictureInks.gamutFoundAhead`); nothing for greys or
    /// a gamut found already.
    func findGamutAhead(keptIn directory: String?) {
        guard var inks = renderer.pictureInks, !inks.isGamutFound else { return }
        inks.gamutFoundAhead = true
        renderer.pictureInks = inks
        DetachedThread.start(named: "ink gamut", lowestPriority: true) { [inks] in inks.findGamut(keptIn: directory) }
    }
}
