import Accessory

// WidgetKit's control statics, over the process's host (`WidgetHost`): the one place this
// module reads it (Tests/imports/rooms.py).

extension ControlCenter {
    /// The center of the daemon that runs this control.
    public static var shared: ControlCenter { ControlCenter(reloads: WidgetHost.process.reloads) }
}
