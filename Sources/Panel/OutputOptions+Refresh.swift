import FoundationEssentials
import PanelOptions

extension OutputOptions {
    /// For a panel that refreshes only whole: the seconds between refreshes (the
    /// configured minutes, else the model's default); 0 for every other display.
    package func refreshInterval(_ display: PanelDisplay) -> TimeInterval {
        guard let device = display.device as? any EPDDevice, !device.model.refreshesPartially else { return 0 }
        var minutes = device.model.defaultRefreshMinutes
        if case let .epd(options) = target, let every = options.refreshEvery { minutes = every }
        return TimeInterval(minutes * 60)
    }
}
