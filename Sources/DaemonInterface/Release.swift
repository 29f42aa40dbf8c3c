/// The daemon's release, as Home Assistant's device page and `lockscreend --version` show it.
package enum Release {
    package static let version = "0.3.0"
}
