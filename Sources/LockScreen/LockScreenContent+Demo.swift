import Accessory
import LockScreenModel
import Providers
import TimelineEngine
import ProviderOptions  // for .unlimited

extension LockScreenContent where Widget == TimelineEngine.Widget {
    /// The demo lock screen: host and uptime inline; memory, disk and load in the row.
    package static func demo(stats: SystemStats = SystemStats()) -> LockScreenContent<TimelineEngine.Widget> {
        var widgets: [TimelineEngine.Widget] = []
        for descriptor in DemoWidgets(stats: stats).descriptors {
            // Static configurations take no parameters, so instantiating cannot fail.
            guard let instance = try? descriptor.instantiate([:]), let family = descriptor.supportedFamilies.first else { continue }
            // Local statistics cost nothing to read: no reload budget.
            widgets.append(TimelineEngine.Widget(name: descriptor.kind, family: family, instance: instance, budget: .unlimited))
        }
        return LockScreenContent(inline: widgets.first, row: Array(widgets.dropFirst()))
    }
}
