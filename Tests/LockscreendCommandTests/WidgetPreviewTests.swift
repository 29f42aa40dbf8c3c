import Accessory
import Canvas
import Foundation
import LockScreenModel  // for .referencePointSize
import Testing
@testable import LockscreendCommand
import ZoneInfo
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport

@Suite("WidgetPreview")
struct WidgetPreviewTests {
    @Test("placeholder, snapshot and each timeline entry get a tile of their own")
    func tiles() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            row = ["w"]
            [widgets.w]
            kind = "command"
            family = "rectangular"
            command = ["sh", "-c", "echo '{\\"entries\\": [{\\"date\\": 0, \\"text\\": \\"one\\"}, {\\"date\\": 60, \\"text\\": \\"two\\"}, {\\"date\\": 120, \\"text\\": \\"three\\"}]}'"]
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let widget = config.content.row[0].widgets[0]
        let preview = WidgetPreview(colorScheme: .dark, timeZone: ZoneRules.utc)
        let frame = await preview.render(widget, family: .accessoryRectangular, now: testNow)
        let tileWidth = WidgetFamily.accessoryRectangular.referencePointSize.width * preview.renderer.layout.scale
        // Five tiles: placeholder, snapshot, three entries.
        #expect(frame.width == Int((5 * (tileWidth + 16) + 16).rounded(.up)))
        // Every tile has something drawn in it (the background is black).
        let tileHeight = Int(WidgetFamily.accessoryRectangular.referencePointSize.height * preview.renderer.layout.scale)
        for i in 0..<5 {
            let x0 = Int(16 + Double(i) * (tileWidth + 16))
            var drawn = 0
            for y in 16..<(16 + tileHeight) { for x in x0..<(x0 + Int(tileWidth)) where frame.rgb(x: x, y: y).red > 40 { drawn += 1 } }
            #expect(drawn > 100, "tile \(i) is empty")
        }
    }
}
