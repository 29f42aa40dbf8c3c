import Config
import Foundation
import LockScreen
import LockScreenModel  // for .timeZone
import Providers
import TestSupport
import ZoneInfo
import LockscreendCommand

/// The daemon as the tests run it: UTC, the fixture tree, 2026-11-22 14:04:57, pinned fonts.
package func testOptions(width: Int = 800, height: Int = 480) -> DaemonOptions {
    TestFonts.pin()
    var options = DaemonOptions()
    options.width = width
    options.height = height
    options.face.timeZone = ZoneRules.utc
    options.systemRoot = fixtureRoot
    options.start = testNow
    return options
}

/// The mistakes `LockScreenConfig.parse` finds in `text` as it prints them; empty when none.
package func configIssues(_ text: String, file: String) -> String {
    do {
        _ = try LockScreenConfig.parse(text, file: file, kinds: WidgetRegistry.standard(systemRoot: fixtureRoot).kinds, files: SystemFiles())
        return ""
    } catch {
        return "\(error)"
    }
}

