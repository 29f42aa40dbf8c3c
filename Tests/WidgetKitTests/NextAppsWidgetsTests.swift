import AppIntents
import Accessory
import Canvas
import Foundation
import SwiftUI  // for DateComponentsFormatter
import Testing
import TestSupport

/// The SwiftUI and WidgetKit names the next apps' files use (NextAppsWidgets.swift), drawn.
@Suite("The next apps' SwiftUI")
struct NextAppsWidgetsTests {
    @Test("an intent's parameter summary compiles as the app writes it and reads with its parameters' titles; without one, the intent's title")
    func parameterSummary() {
        #expect(CarrierIntent.parameterSummary.summaryText == "Parcels from Carrier")
        #expect(CarrierLineIntent.parameterSummary.summaryText == "Next from Carrier")
        #expect(ParcelIntent.parameterSummary.summaryText == "Parcel")
        // When: the branch a fresh intent's values choose, nested as the app nests them.
        #expect(ScopeIntent.parameterSummary.summaryText == "Parcels from every carrier for Days")
        #expect(NoteIntent.parameterSummary.summaryText == "Parcels from Carrier, tracked")
        #expect(DigestIntent.parameterSummary.summaryText == "Parcels every week", "Switch: the case of the default value")
    }

    @Test("a duration written by DateComponentsFormatter as an iPhone writes it in English, in every units style")
    func durations() throws {
        let placed = place(.accessoryRectangular) { ChargeLeftView(secondsLeft: 3_725) }
        #expect(placed.texts == ["01:02:05", "1h 2m remaining"], "\(placed.texts)")
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute, .second]
        let cases: [(DateComponentsFormatter.UnitsStyle, TimeInterval, String)] = [
            (.positional, 125, "2:05"), (.positional, 5, "0:05"), (.positional, 0, "0:00"), (.positional, 36_000, "10:00:00"),
            (.abbreviated, 34_890, "9h 41m 30s"), (.short, 34_890, "9 hr, 41 min, 30 sec"), (.brief, 34_890, "9hr 41min 30sec"),
            (.full, 34_890, "9 hours, 41 minutes, 30 seconds"), (.spellOut, 34_890, "nine hours, forty-one minutes, thirty seconds"),
            (.full, 3_601, "1 hour, 1 second"), (.abbreviated, 0, "0s"), (.full, -90, "-1 minute, 30 seconds"),
        ]
        for (style, seconds, text) in cases {
            formatter.unitsStyle = style
            #expect(formatter.string(from: seconds) == text, "\(style) \(seconds)")
        }
        formatter.unitsStyle = .full
        formatter.zeroFormattingBehavior = .dropLeading
        #expect(formatter.string(from: 3_601) == "1 hour, 0 minutes, 1 second")
        formatter.maximumUnitCount = 1
        formatter.includesApproximationPhrase = true
        #expect(formatter.string(from: 3_599) == "About 59 minutes", "the smaller units cut off")
        // Days and months: months on the calendar from the reference date.
        let days = DateComponentsFormatter()
        days.allowedUnits = [.month, .day, .hour]
        days.unitsStyle = .short
        days.referenceDate = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01 UTC
        days.calendar = { var calendar = Calendar(identifier: .gregorian); calendar.timeZone = TimeZone(identifier: "UTC")!; return calendar }()
        #expect(days.string(from: 40 * 86_400 + 3 * 3_600) == "1 mth, 9 days, 3 hr")
        #expect(days.string(for: 86_400) == "1 day")
        #expect(days.string(for: "soon") == nil)
        // A date from a feed can be anything: a span no count of units holds is nil, not a trap.
        #expect(days.string(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 1e300)) == nil)
        #expect(days.string(from: .infinity) == nil)
    }

    @Test("a count written short with its thousands' name, and a reach with an exponent, as an app formats them")
    func compactNumbers() {
        let placed = place(.accessoryRectangular) { FollowersView(followers: 12_345, reach: 1_234) }
        #expect(placed.texts.contains("12K followers") && placed.texts.contains("1.234E3"), "\(placed.texts)")
    }

    @Test("hidden keeps its place and draws nothing; an offset moves the drawing, not the layout; an animation or transition draws the end state")
    func presence() {
        let placed = place(.accessoryRectangular) { ParcelsView(count: 2) }
        #expect(placed.texts.contains("Parcels") && placed.texts.contains("2"))
        #expect(!placed.texts.contains("Secret"), "hidden")
        #expect(placed.texts.contains("accessoryRectangular"), "the family's debug name; no label on the lock screen")
        let shown = place(.accessoryRectangular) { VStack(alignment: .leading) { Text("A"); Text("B") } }
        let hidden = place(.accessoryRectangular) { VStack(alignment: .leading) { Text("A").hidden(); Text("B") } }
        #expect(shown.frame(of: "B") == hidden.frame(of: "B"), "the hidden text's place is kept")
        let still = place(.accessoryRectangular) { Text("Moved").fixedSize() }
        let moved = place(.accessoryRectangular) { Text("Moved").fixedSize().offset(x: 12, y: -3) }
        let (a, b) = (still.frame(of: "Moved"), moved.frame(of: "Moved"))
        #expect(a.map { $0.minX + 12 } == b?.minX && a.map { $0.minY - 3 } == b?.minY)
    }

    @Test("scaledToFit proposes the largest size of the view's own shape: a square in a wide place")
    func scaledToFit() {
        let placed = place(.accessoryRectangular) { Circle().frame(width: 10, height: 10).frame(maxWidth: .infinity, maxHeight: .infinity).scaledToFit() }
        #expect(placed.contentFrame.width > 0)
        let fitted = place(.accessoryRectangular) { Rectangle().frame(idealWidth: 20, idealHeight: 10).scaledToFit() }
        #expect(abs(fitted.contentFrame.width - 2 * fitted.contentFrame.height) < 1, "\(fitted.contentFrame)")
    }

    @Test("a progress style of the app's own draws from the fraction completed and both labels; a built-in one inside it is the bar")
    func customProgressStyle() {
        let placed = place(.accessoryRectangular) { DeliveryProgress(fraction: 0.6) }
        #expect(placed.texts.contains("On its way") && placed.texts.contains("60 %"), "\(placed.texts)")
        let dots = draw(place(.accessoryRectangular) { DeliveryProgress(fraction: 0.6) })
        let fewer = draw(place(.accessoryRectangular) { DeliveryProgress(fraction: 0.2) })
        #expect(dots.lit > fewer.lit, "three dots filled, not one")
        let bar = place(.accessoryRectangular) { ProgressView(value: 0.5).progressViewStyle(.linear) }
        #expect(bar.texts.isEmpty)
    }

    @Test("a shape's rotation turns its outline about the anchor; filled after, it is still a shape")
    func rotation() {
        let square = draw(place(.accessoryCircular) { Rectangle().fill(.primary).frame(width: 20, height: 20) })
        let diamond = draw(place(.accessoryCircular) { Rectangle().rotation(.degrees(45)).fill(.primary).frame(width: 20, height: 20) })
        let quarter = draw(place(.accessoryCircular) { Rectangle().rotation(.degrees(90)).fill(.primary).frame(width: 20, height: 20) })
        #expect(diamond.pixels != square.pixels, "the diamond reaches where the square does not")
        #expect(abs(quarter.lit - square.lit) < square.lit / 50, "a quarter turn of a square is the square")
        #expect(abs(diamond.lit - square.lit) < square.lit / 10, "a turn keeps the area")
    }

    @Test("colours in linear light and Display P3 are converted to sRGB")
    func colourSpaces() {
        #expect(Color(.sRGB, red: 0.2, green: 0.6, blue: 0.3) == Color(red: 0.2, green: 0.6, blue: 0.3))
        #expect(Color(.sRGBLinear, white: 0.5) == Color(white: Color.encoded(0.5)))
        #expect(abs(Color.encoded(0.5) - 0.7354) < 1e-3 && Color.encoded(0) == 0 && Color.encoded(1) == 1)
        #expect(Color(.displayP3, red: 1, green: 1, blue: 1) == Color(red: 1, green: 1, blue: 1), "white is white in both")
        #expect(Color(.displayP3, red: 0.5, green: 0.5, blue: 0.5) != Color(.displayP3, red: 1, green: 0.1, blue: 0.1))
    }

    @Test("CGFloat(truncating:) reads an NSNumber, as Apple's Foundation overlay does")
    func cgFloat() {
        #expect(Brand.badgeSize == 14.5)
    }

    @Test("a binding reads through, and a constant one stays")
    func binding() {
        var stored = 1
        let binding = Binding(get: { stored }, set: { stored = $0 })
        binding.wrappedValue = 5
        #expect(stored == 5)
        let settings = ParcelSettings()
        settings.binding.wrappedValue = false
        #expect(!settings.showsCount)
        let constant = Binding.constant(3)
        constant.wrappedValue = 9
        #expect(constant.wrappedValue == 3)
    }
}

extension PlacedView {
    /// The frame of the first text reading `text`, depth first.
    func frame(of text: String) -> Rect? {
        if case let .text(layout, _) = content, layout.text == text { return frame }
        for child in children { if let found = child.frame(of: text) { return found } }
        return nil
    }
}
