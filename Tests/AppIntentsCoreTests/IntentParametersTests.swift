import AppIntentsCore
import FoundationEssentials
import Testing

/// An intent's `@Parameter` properties read and set by name, as the configuration file
/// sets a widget's: below the views, with no widget around it.
@Suite("Intent parameters")
struct IntentParametersTests {
    enum Unit: String, AppEnum {
        case celsius, fahrenheit

        static let typeDisplayRepresentation: TypeDisplayRepresentation = "Unit"
        static let caseDisplayRepresentations: [Unit: DisplayRepresentation] = [.celsius: "Celsius", .fahrenheit: "Fahrenheit"]
    }

    struct Weather: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Weather"

        @Parameter(title: "City", default: "Oslo")
        var city: String

        @Parameter(title: "Unit", default: .celsius)
        var unit: Unit

        @Parameter(title: "Days", default: 3)
        var days: Int

        @Parameter(title: "Station")
        var station: String?
    }

    struct Trip: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Trip"

        @Parameter(title: "Stops", default: ["Bank", "Angel"])
        var stops: [String]

        @Parameter(title: "Units")
        var units: [Unit]
    }

    @Test("an array parameter is a list of its element's kind, its text a JSON array of the elements' texts")
    func arrays() throws {
        let described = IntentParameters.describe(Trip())
        #expect(described.map(\.kind) == [.list(.string), .list(.enumeration(cases: ["celsius", "fahrenheit"], titles: ["Celsius", "Fahrenheit"]))])
        #expect(described.map(\.defaultText) == [#"["Bank","Angel"]"#, "[]"])
        let trip = Trip()
        try IntentParameters.assign(["stops": #"["Oval"]"#, "units": #"["fahrenheit","celsius"]"#], to: trip)
        #expect(trip.stops == ["Oval"] && trip.units == [.fahrenheit, .celsius])
        #expect(throws: ParameterError.invalid(name: "units", value: #"["kelvin"]"#, expected: "an array, each one of celsius, fahrenheit")) {
            try IntentParameters.assign(["units": #"["kelvin"]"#], to: Trip())
        }
        let tooMany = IntentListText.text(of: Array(repeating: "x", count: IntentListText.maximumCount + 1))
        #expect(throws: ParameterError.self) { try IntentParameters.assign(["stops": tooMany], to: Trip()) }
    }

    @Test("each parameter is described by its property's name, kind and default")
    func described() {
        let described = IntentParameters.describe(Weather())
        #expect(described.map(\.name) == ["city", "unit", "days", "station"])
        #expect(described.map(\.defaultText) == ["Oslo", "celsius", "3", ""])
        #expect(described[1].kind == .enumeration(cases: ["celsius", "fahrenheit"], titles: ["Celsius", "Fahrenheit"]))
        #expect(described[2].kind == .integer)
        #expect(described[3].kind == .optional(.string))
    }

    @Test("values given by name are set; the rest keep their defaults")
    func assigned() throws {
        let intent = Weather()
        try IntentParameters.assign(["city": "Bergen", "unit": "fahrenheit"], to: intent)
        #expect(intent.city == "Bergen" && intent.unit == .fahrenheit && intent.days == 3 && intent.station == nil)
        #expect(IntentParameters.values(of: intent).map(\.1) == ["Bergen", "fahrenheit", "3", ""])
    }

    @Test("a wrong value and an unknown name are refused, each naming the key")
    func refused() {
        #expect(throws: ParameterError.invalid(name: "days", value: "many", expected: "an integer")) {
            try IntentParameters.assign(["days": "many"], to: Weather())
        }
        #expect(throws: ParameterError.unknown(name: "town", known: ["city", "days", "station", "unit"])) {
            try IntentParameters.assign(["town": "Bergen"], to: Weather())
        }
    }
}
