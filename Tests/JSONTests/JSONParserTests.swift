import Foundation
import Testing
@testable import JSON

/// The daemon's own JSON reader, checked against Foundation's JSONDecoder.
@Suite struct JSONParserTests {
    static let valid = [
        #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#, "[]", "{}", " [ 1 , 2 ] ", "0", "-0.5", "1e3", "2.5E-3", "-12",
        #""plain""#, #""esc \" \\ \/ \b \f \n \r \t""#, #""\u00e9\u4e2d\ud83d\ude00""#, #""ünïcödé 中文 😀""#, "123456789012345678",
        #"{"dup": 1, "dup": 2}"#, "[[[[[[]]]]]]", #"{"weather": [{"description": "light rain", "temp": 12.5}], "n": 81}"#,
    ]

    @Test(arguments: valid)
    func readsWhatJSONDecoderReads(_ text: String) throws {
        let reference = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(JSONParser.parse(Array(text.utf8)) == reference)
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "[1 2]", "01", "1.", ".5", "-", "1e", "+1", "NaN", "Infinity", "1e400", "tru", "nul",
        "\"unterminated", "\"bad \\x escape\"", "\"\\u12\"", "\"\\ud83d alone\"", "\"\\ude00 alone\"", "\"tab\tinside\"",
        "{\"a\" 1}", "{1: 2}", "[1] [2]", "// comment\n1", "'single'",
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(JSONParser.parse(Array(text.utf8)) == nil, "accepted \(text.debugDescription)")
    }

    @Test func refusesInvalidUTF8AndHostileNesting() {
        #expect(JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) == nil)
        #expect(JSONParser.parse([0x22, 0xFF, 0x22]) == nil)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONParser.parse(Array(deep.utf8)) == nil)
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(JSONParser.parse(Array(fine.utf8)) != nil)
    }

    @Test(arguments: ["cpu.json", "battery.json", "weather.json", "weather-line.json"])
    func readsTheBenchRecordingsAsJSONDecoderDoes(_ name: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bench/\(name)")
        let data = try Data(contentsOf: url)
        #expect(JSONParser.parse([UInt8](data)) == (try JSONDecoder().decode(JSONValue.self, from: data)))
    }
}
