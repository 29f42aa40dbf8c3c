/// The one place SwiftUI's statics are declared: each reaches the process's services,
/// which the process's widget host holds (WidgetHost+Statics.swift).
extension AppServices {
    /// The process's services: the ones its statics reach, and the running daemon's.
    package static let process = AppServices()
}

extension AssetCatalog {
    /// Where `Color("name")` and `UIColor(named:)` look: colours are made before any view
    /// has an environment to say where.
    static var colorDirectories: [String] { AppServices.process.assetDirectories }
}

extension EnvironmentValues {
    /// Opens an address: asks the daemon to run the address's `[urls]` action.
    public var openURL: OpenURLAction {
        OpenURLAction { url in AppServices.process.open(url) }
    }
}
