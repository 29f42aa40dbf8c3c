import Accessory
import Canvas
@testable import LockScreenModel
import Testing
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import TimelineEngine

@Suite("LockScreenLayout")
struct LockScreenLayoutTests {
    @Test("every part fits on screen, in order, without overlapping", arguments: [(800, 480), (480, 800), (250, 122), (320, 240), (1872, 1404), (296, 128)])
    func fits(width: Int, height: Int) {
        let layout = LockScreenLayout(width: width, height: height)
        let screen = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        for part in [layout.dateLine, layout.clock, layout.row] {
            #expect(part.minX >= screen.minX - 0.01 && part.maxX <= screen.maxX + 0.01)
            #expect(part.minY >= -0.01 && part.maxY <= screen.maxY + 0.01)
        }
        #expect(layout.dateLine.maxY <= layout.clock.minY)
        #expect(layout.clock.maxY <= layout.row.minY)
        #expect(abs(layout.row.height - 72 * layout.scale) < 1e-9)
    }

    @Test("the clock is 53 pt unless chosen; a chosen height changes the clock alone and the column stays centred")
    func clockHeight() {
        let standard = LockScreenLayout(width: 800, height: 480)
        let full = LockScreenLayout(width: 800, height: 480, clockHeight: 110)
        let small = LockScreenLayout(width: 800, height: 480, clockHeight: 45)
        #expect(abs(standard.clock.height - 53 * standard.scale) < 0.001)
        // 110 pt is more than there is room for: the clock takes all of it.
        #expect(abs(full.row.maxY - 480 * 0.97) < 0.5)
        for layout in [full, small] {
            #expect(layout.scale == standard.scale)
            #expect(layout.row.height == standard.row.height)
            // The same margin above the date line and below the row.
            #expect(abs(layout.dateLine.minY - (480 - layout.row.maxY)) < 0.5)
        }
        #expect(abs(small.clock.height - 45 * small.scale) < 0.001)
        #expect(small.clock.height < standard.clock.height && standard.clock.height < full.clock.height)
        // Out of range is held to 40...110 points.
        #expect(LockScreenLayout(width: 800, height: 480, clockHeight: 5).clock.height == LockScreenLayout(width: 800, height: 480, clockHeight: 40).clock.height)
    }

    @Test("the row holds four units: a rectangular widget takes two, extra widgets get none")
    func units() throws {
        let layout = LockScreenLayout(width: 800, height: 480)
        let rects = layout.unitRects(for: [.accessoryCircular, .accessoryRectangular, .accessoryCircular, .accessoryCircular])
        #expect(rects[3] == nil)
        let first = try #require(rects[0]), second = try #require(rects[1]), third = try #require(rects[2])
        #expect(abs(second.width - 160 * layout.scale) < 1e-9)
        #expect(abs(second.minX - first.maxX - 16 * layout.scale) < 1e-9)
        #expect(abs(third.minX - second.maxX - 16 * layout.scale) < 1e-9)
        #expect(abs(first.minX - layout.row.minX) < 1e-9)
        // Fewer units are centred as a group.
        let one = try #require(layout.unitRects(for: [.accessoryCircular])[0])
        #expect(abs(one.midX - 400) < 1e-9)
        #expect(layout.unitRects(for: [.accessoryInline]) == [nil])
    }

    @Test("portrait screens start the column near the top; landscape ones centre it")
    func placement() {
        let portrait = LockScreenLayout(width: 480, height: 800)
        #expect(portrait.dateLine.minY < 800 * 0.2)
        let landscape = LockScreenLayout(width: 800, height: 480)
        #expect(abs((landscape.dateLine.minY) - (480 - landscape.row.maxY)) < 1)
    }
}
