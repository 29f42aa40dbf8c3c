import AppIntents
import Accessory
import Canvas
import Foundation
import Intents
import Testing
import TestSupport

/// A SiriKit-configured widget (SiriKitWidgets.swift): the classes generated from
/// Intents.intentdefinition, set from the config file's keys and the definition's
/// defaults, and drawn.
@Suite("SiriKit intents in widgets")
struct SiriKitWidgetsTests {
    let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: CGSize(width: 160, height: 72), date: testNow)

    @Test("the generated classes are shaped as Xcode's: optional parameters, an enum with unknown, a custom type, a response code")
    func generated() {
        let intent = ConfigurationIntent()
        #expect(intent.stop == nil && intent.unit == .unknown && intent.departures == nil && intent.title == nil)
        intent.unit = .feet
        intent.departures = 4
        intent.stop = Stop(identifier: "940GZZLUOXC", display: "Oxford Circus")
        intent.stop?.line = "Victoria"
        #expect(intent.unit == .feet && intent.departures?.intValue == 4 && intent.stop?.line == "Victoria")
        #expect(intent.stop == Stop(identifier: "940GZZLUOXC", display: "Oxford"), "objects are equal by identifier")
        intent.unit = .unknown
        #expect(intent.parameterText("unit") == "")
        #expect(DistanceUnit.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(ConfigurationIntentResponse(code: .success, userActivity: nil).code == .success)
        #expect(ConfigurationIntent.configurationTitle == "Configuration")
        #expect(DeparturesProvider().recommendations().map(\.description) == ["Next two"])
        #expect(DeparturesProvider().recommendations().first?.intent.departures == 2)
    }

    @Test("IntentConfiguration lists the definition's parameters with their types and defaults")
    func described() throws {
        let descriptor = try #require(DeparturesWidget().descriptors.first)
        #expect(descriptor.kind == "Departures" && descriptor.displayName == "Departures")
        #expect(descriptor.parameters.map(\.name) == ["stop", "unit", "departures", "showsPlatform", "title", "line", "platforms"])
        #expect(descriptor.parameters.map(\.defaultText) == ["", "metres", "3", "true", "", "", ""])
        #expect(descriptor.parameters[1].kind == .optional(.enumeration(cases: ["metres", "feet"], titles: ["Metres", "Feet"])))
        #expect(descriptor.parameters[2].kind == .optional(.integer))
    }

    @Test("a placed widget's intent gets the config's values over the definition's defaults, and draws them")
    func configured() async throws {
        let descriptor = try #require(DeparturesWidget().descriptors.first)
        let size = Size(width: 160, height: 72)
        let defaults = try await descriptor.instantiate([:]).timeline(context)
        #expect(defaults.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["Choose a stop", "3, 8, 12 min", "Platform 2 · 90 m"])
        let values = ["stop": "Oxford Circus", "unit": "feet", "departures": "2", "showsPlatform": "true"]
        let chosen = try await descriptor.instantiate(values).timeline(context)
        #expect(chosen.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["Oxford Circus", "3, 8 min", "Platform 2 · 300 ft"])
        let quiet = try await descriptor.instantiate(["showsPlatform": "false", "title": "Home"]).timeline(context)
        #expect(quiet.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["Home", "3, 8, 12 min"])
    }

    @Test("a value not of the parameter's type is refused naming the parameter and what it takes")
    func refused() throws {
        let descriptor = try #require(DeparturesWidget().descriptors.first)
        #expect(throws: ParameterError.invalid(name: "unit", value: "miles", expected: "one of metres, feet (optional)")) {
            _ = try descriptor.instantiate(["unit": "miles"])
        }
        #expect(throws: ParameterError.invalid(name: "departures", value: "many", expected: "an integer (optional)")) {
            _ = try descriptor.instantiate(["departures": "many"])
        }
        #expect(throws: ParameterError.unknown(name: "colour", known: ["departures", "line", "platforms", "showsPlatform", "stop", "title", "unit"])) {
            _ = try descriptor.instantiate(["colour": "red"])
        }
    }

    @Test("a parameter that supports multiple values is an array of its type: the file gives a list, each element checked")
    func multipleValues() throws {
        let descriptor = try #require(DeparturesWidget().descriptors.first)
        #expect(descriptor.parameters.last?.kind == .optional(.list(.integer)))
        let intent = ConfigurationIntent()
        #expect(intent.platforms == nil)
        #expect(intent.setParameter("platforms", text: #"["2","5"]"#))
        #expect(intent.platforms?.map(\.intValue) == [2, 5])
        #expect(intent.parameterText("platforms") == #"["2","5"]"#)
        #expect(!intent.setParameter("platforms", text: #"["2","five"]"#))
        #expect(intent.platforms?.map(\.intValue) == [2, 5])
        #expect(throws: ParameterError.invalid(name: "platforms", value: #"["x"]"#, expected: "an array, each an integer (optional)")) {
            _ = try descriptor.instantiate(["platforms": #"["x"]"#])
        }
    }

    @Test("the intent extension's handler, found by its class name, lists the stops the file may name; the placed intent gets the handler's object")
    func offered() async throws {
        let descriptor = try await #require(DeparturesWidget().descriptors.first).resolvingOptions()
        #expect(descriptor.parameters[0].kind == .optional(.enumeration(cases: ["940GZZLUOXC", "940GZZLUKSX"], titles: ["Oxford Circus", "King's Cross"])))
        #expect(throws: ParameterError.invalid(name: "stop", value: "Oxford Circus", expected: "one of 940GZZLUOXC, 940GZZLUKSX (optional)")) {
            _ = try descriptor.instantiate(["stop": "Oxford Circus"])
        }
        // A String parameter the handler lists (async form), as NSStrings.
        #expect(descriptor.parameters[5].kind == .optional(.enumeration(cases: ["Victoria", "Northern"], titles: ["Victoria", "Northern"])))
        #expect(throws: ParameterError.self) { _ = try descriptor.instantiate(["line": "Circle"]) }
        _ = try descriptor.instantiate(["line": "Northern"])
        let timeline = try await descriptor.instantiate(["stop": "940GZZLUKSX", "showsPlatform": "false"]).timeline(context)
        let texts = timeline.entries[0].place(size: Size(width: 160, height: 72), environment: testEnvironment(.accessoryRectangular)).texts
        #expect(texts == ["King's Cross", "Northern", "3, 8, 12 min"], "the handler's object, its line included")
    }

    @Test("URLSession.shared, reached through WidgetKit's Foundation as on iOS, fetches what the provider reads")
    func fetched() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let file = try #require(URL(string: server.url("/departures.json")))
        #expect(try await DeparturesAPI.minutes(from: file) == [4, 11, 17])
    }

    @Test("the intent extension's handler lists its stops, through the completion or the async form")
    func handler() async throws {
        let handler = try #require(IntentHandler().handler(for: ConfigurationIntent()) as? any ConfigurationIntentHandling)
        let stops = try await handler.provideStopOptionsCollection(for: ConfigurationIntent())
        #expect(stops.allItems.map(\.displayString) == ["Oxford Circus", "King's Cross"])
        #expect(stops.allItems.map(\.line) == ["Victoria", "Northern"])
    }
}
