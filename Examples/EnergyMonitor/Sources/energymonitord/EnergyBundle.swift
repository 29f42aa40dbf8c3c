import SwiftUI
import WidgetKit

// The extension's bundle, with @main as on iOS: here the program is the stock lockscreend
// command line with these widgets added to the kinds a configuration can place.
@main
struct EnergyBundle: WidgetBundle {
    var body: some Widget {
        SolarWidget()
        BatteryWidget()
        PriceWidget()
        MeterWidget()
        if #available(iOS 17.0, *) {
            UsageWidget()
        }
    }
}
