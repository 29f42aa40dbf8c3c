import Foundation
import JSON  // for Spelling
@testable import TOML
import Testing
@testable import Config
@testable import Providers
import TestSupport
import DaemonTestSupport
import LockscreendCommand

/// A configuration is input: whatever a file holds, reading it ends in a configuration or
/// in errors a person can act on, never in a crash, a hang or a flood.
@Suite("Configuration limits")
struct ConfigLimitsTests {
    @Test("deep nesting is an error with its line and column, not a stack overflow", arguments: [
        ("a = " + String(repeating: "[", count: 50_000), "arrays and inline tables nest more than 64 deep"),
        ("a = " + String(repeating: "{b = ", count: 20_000) + "1" + String(repeating: "}", count: 20_000), "arrays and inline tables nest more than 64 deep"),
        ("[" + Array(repeating: "k", count: 50_000).joined(separator: ".") + "]", "a dotted key of more than 64 parts"),
    ])
    func nesting(text: String, message: String) {
        #expect(throws: TOMLError.self) { try TOMLParser.parse(text) }
        do {
            _ = try TOMLParser.parse(text)
        } catch {
            #expect(error.message == message)
            #expect(error.line == 1)
        }
        // 64 levels are still read.
        #expect((try? TOMLParser.parse("a = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64))) != nil)
    }

    @Test("a length of time: a number in the key's unit, or with its own (45s, 5m, 2h, 1d); out of range or unreadable named with the bounds", arguments: [
        ("15", 60, 900.0), ("\"45s\"", 1, 45), ("\"5m\"", 1, 300), ("\"2h\"", 60, 7_200), ("\"1d\"", 60, 86_400), ("\" 90 s \"", 1, 90),
    ])
    func durations(written: String, unit: Int, seconds: Double) throws {
        var reader = ConfigReader(file: "c.toml", files: SystemFiles())
        let table = try TOMLParser.parse("every = \(written)")
        #expect(reader.duration(table, "every", at: "widgets.w", unit: unit, in: 1...604_800) == seconds)
        #expect(reader.issues.isEmpty)
    }

    @Test("a duration outside its range or without a unit it knows", arguments: [
        ("\"30s\"", "c.toml:1: widgets.w.every: expected 1 to 10080 minutes, as a number or with a unit (\"1m\" to \"7d\"), found \"30s\""),
        ("\"5 minutes\"", "c.toml:1: widgets.w.every: expected 1 to 10080 minutes, as a number or with a unit (\"1m\" to \"7d\"), found \"5 minutes\""),
        ("99999999999999999", "c.toml:1: widgets.w.every: expected 1 to 10080 minutes, as a number or with a unit (\"1m\" to \"7d\"), found 99999999999999999"),
        ("-5", "c.toml:1: widgets.w.every: expected 1 to 10080 minutes, as a number or with a unit (\"1m\" to \"7d\"), found -5"),
    ])
    func wrongDurations(written: String, message: String) throws {
        var reader = ConfigReader(file: "c.toml", files: SystemFiles())
        let table = try TOMLParser.parse("every = \(written)")
        #expect(reader.duration(table, "every", at: "widgets.w", unit: 60, in: 60...604_800) == nil)
        #expect(reader.issues.map(\.description) == [message])
    }

    func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID()).toml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func loadIssues(_ path: String) -> String {
        do {
            _ = try RunningConfig.load(path: path, registry: .standard(systemRoot: fixtureRoot))
            return "OK"
        } catch {
            return error.description
        }
    }

    @Test("a file that is not UTF-8 names the line; a device or a huge file is refused unread")
    func files() throws {
        let bad = try file(Array("a = 1\nb = \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: bad) }
        #expect(loadIssues(bad) == "\(bad):2: is not UTF-8 text")
        #expect(loadIssues("/dev/zero") == "/dev/zero: is not a regular file")
        let huge = try file(Array(repeating: UInt8(ascii: "#"), count: TOMLParser.maximumSize + 1))
        defer { try? FileManager.default.removeItem(atPath: huge) }
        #expect(loadIssues(huge) == "\(huge): is \(TOMLParser.maximumSize + 1) bytes; a configuration may be at most \(TOMLParser.maximumSize)")
    }

    @Test("a flood of mistakes prints 100 and counts the rest; a huge value is cut short in the message")
    func flood() throws {
        let text = "[layout]\nrow = [" + Array(repeating: "\"nope\"", count: 5_000).joined(separator: ",") + "]\n"
        var description = "OK"
        do {
            _ = try RunningConfig.parse(text, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        } catch {
            description = error.description
        }
        let lines = description.split(separator: "\n")
        #expect(lines.count == 101)
        #expect(lines.last?.hasPrefix("… and ") == true)

        let value = String(repeating: "x", count: 1_000_000)
        let big = "[layout]\ninline = \"c\"\n[widgets.c]\nkind = \"system\"\nmetric = \"\(value)\"\n"
        #expect(throws: ConfigErrors.self) { try RunningConfig.parse(big, file: "t.toml", registry: .standard(systemRoot: fixtureRoot)) }
        do {
            _ = try RunningConfig.parse(big, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        } catch {
            #expect(error.description.utf8.count < 400)
            #expect(error.description.hasSuffix("(1000000 bytes)"))
        }
        #expect(Spelling.nearest(value, in: ["cpu", "memory"]) == nil)
        #expect(Spelling.nearest("memroy", in: ["cpu", "memory"]) == "memory")
    }

    @Test("control characters from the file are shown escaped")
    func escaping() {
        let issue = ConfigIssue(file: "t.toml", line: 3, key: "widgets.a\u{1B}[31m", message: "found \"\u{1B}[2J\"")
        #expect(issue.description == "t.toml:3: widgets.a\\u{1B}[31m: found \"\\u{1B}[2J\"")
    }
}
