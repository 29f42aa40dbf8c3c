import FoundationAdditions
import Testing

/// Foundation's `LocalizedStringResource` as widget code writes it: a literal, an
/// interpolation, or a key with the default value Apple's string tables fall back to.
@Suite("Localized string resources")
struct LocalizedStringResourceTests {
    @Test("the text shown is the literal, the interpolation, or the table's default value")
    func text() {
        let literal: LocalizedStringResource = "Weather"
        let count = 3
        let interpolated: LocalizedStringResource = "\(count) stops away"
        let keyed = LocalizedStringResource("widget.title", defaultValue: "Next train", table: "Widgets", comment: "the widget's name")
        #expect([literal, interpolated, keyed].map(\.description) == ["Weather", "3 stops away", "Next train"])
        #expect(keyed == LocalizedStringResource("Next train"))
    }
}
