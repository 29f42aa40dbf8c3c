import Foundation
@testable import TOML
import Testing

@Suite("TOMLParser")
struct TOMLParserTests {
    func parse(_ text: String) throws -> TOMLTable { try TOMLParser.parse(text) }

    func error(_ text: String) -> TOMLError? {
        do {
            _ = try TOMLParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("values of every type, with the line each key was written on")
    func values() throws {
        let doc = try parse("""
            # a comment
            title = "desk" # trailing comment
            count = 1_000
            hex = 0xff
            octal = 0o17
            binary = 0b101
            negative = -42
            ratio = 6.5e-1
            on = true
            off = false
            when = 2026-11-22T14:04:57Z
            day = 2026-11-22
            spaced = 1979-05-27 07:32:00
            at = 07:30:00
            infinite = -inf
            literal = 'C:\\path'
            escaped = "tab\\there \\u00e9"
            """)
        #expect(doc["title"] == TOMLValue(.string("desk"), line: 2))
        #expect(doc["count"]?.kind == .integer(1_000))
        #expect(doc["hex"]?.kind == .integer(255))
        #expect(doc["octal"]?.kind == .integer(15))
        #expect(doc["binary"]?.kind == .integer(5))
        #expect(doc["negative"]?.kind == .integer(-42))
        #expect(doc["ratio"]?.kind == .float(0.65))
        #expect(doc["on"]?.kind == .boolean(true))
        #expect(doc["off"]?.kind == .boolean(false))
        #expect(doc["when"]?.kind == .datetime("2026-11-22T14:04:57Z"))
        #expect(doc["day"]?.kind == .datetime("2026-11-22"))
        #expect(doc["spaced"]?.kind == .datetime("1979-05-27T07:32:00"))
        #expect(doc["at"]?.kind == .datetime("07:30:00"))
        #expect(doc["infinite"]?.kind == .float(-.infinity))
        #expect(doc["literal"]?.kind == .string("C:\\path"))
        #expect(doc["escaped"]?.kind == .string("tab\there é"))
        #expect(doc["escaped"]?.line == 17)
        #expect(doc.keys.first == "title")
    }

    @Test("dates, times and numbers are told by their exact form", arguments: [
        ("1979-05-27T07:32:00.999-07:00", TOMLValue.Kind.datetime("1979-05-27T07:32:00.999-07:00")),
        ("1979-05-27t07:32:00z", .datetime("1979-05-27t07:32:00z")),
        ("1979-05-27T07:32:00+05:30", .datetime("1979-05-27T07:32:00+05:30")),
        ("2024-02-29", .datetime("2024-02-29")),
        ("07:32:00.5", .datetime("07:32:00.5")),
        ("+1.5E+3", .float(1500)),
        ("3.14_15", .float(3.1415)),
        ("1e6", .float(1_000_000)),
        ("-0.5", .float(-0.5)),
        ("+17", .integer(17)),
    ])
    func forms(token: String, kind: TOMLValue.Kind) throws {
        #expect(try parse("v = \(token)")["v"]?.kind == kind)
    }

    @Test("a token almost in a date's, a time's or a number's form is an error", arguments: [
        "1979-5-27", "1979-05-27T07:32:0", "1979-05-27T07", "1979-05-27T07:32+0530", "1979-05-27T07:32:00.",
        "07:32:", "7:32", "1979-05-27T07:32Z", "1.", ".5", "1_e2", "1e_2", "0x-1", "0x", "0b12", "0o8", "1e", "1e+", "1.5.2", "+-1", "12:30x",
    ])
    func almostForms(token: String) throws {
        #expect(error("v = \(token)")?.message == "'\(token)' is not a TOML value (strings need quotes)")
    }

    @Test("tables, dotted keys, arrays over lines, inline tables and arrays of tables")
    func structure() throws {
        let doc = try parse("""
            [display]
            device = "/dev/fb0"
            eink.full_after = 20

            [widgets.weather]
            kind = "http"
            headers = { Accept = "application/json", "X-Key" = "k" }
            slots = [
              1, 2,  # a comment inside
              3,
            ]

            [[layout.row]]
            widget = "cpu"
            [[layout.row]]
            widget = "battery"
            """)
        let display = try #require(doc["display"]?.table)
        #expect(display["device"]?.kind == .string("/dev/fb0"))
        #expect(display["eink"]?.table?["full_after"]?.kind == .integer(20))
        let weather = try #require(doc["widgets"]?.table?["weather"]?.table)
        #expect(weather.line == 5)
        #expect(weather["headers"]?.table?["X-Key"]?.kind == .string("k"))
        #expect(weather["slots"]?.kind == .array([TOMLValue(.integer(1), line: 9), TOMLValue(.integer(2), line: 9), TOMLValue(.integer(3), line: 10)]))
        guard case let .array(rows)? = doc["layout"]?.table?["row"]?.kind else { Issue.record("no rows"); return }
        #expect(rows.map { $0.table?["widget"]?.kind } == [.string("cpu"), .string("battery")])
        #expect(rows.map(\.line) == [13, 15])
    }

    @Test("multi-line strings: a first newline dropped, line-ending backslashes joining lines")
    func multiline() throws {
        let doc = try parse(#"""
            a = """
            one
            two"""
            b = """\
                joined \
                line"""
            c = '''
            raw \n'''
            """#)
        #expect(doc["a"]?.kind == .string("one\ntwo"))
        #expect(doc["b"]?.kind == .string("joined line"))
        #expect(doc["c"]?.kind == .string("raw \\n"))
    }

    @Test("mistakes are errors naming the line and column", arguments: [
        ("name = desk", 1, "'desk' is not a TOML value (strings need quotes)"),
        ("a = 1\na = 2", 2, "the key 'a' is given twice (first on line 1)"),
        ("[x]\n[x]", 2, "[x] is defined twice (first on line 1)"),
        ("a = \"open", 1, "a string is not closed before the end of the line"),
        ("a = [1, 2", 1, "expected ',' or ']' in the array opened on line 1, found the end of the file"),
        ("a = 1 b = 2", 1, "expected the end of the line, found 'b'"),
        ("a = 1\n[a]", 2, "[a]: 'a' was already given an integer on line 1"),
        ("t = { x = 1 }\n[t]", 2, "[t] is defined twice (first on line 1)"),
        ("n = 012", 1, "'012' is not a TOML value (strings need quotes)"),
        ("n = 1__0", 1, "'1__0' is not a TOML value (strings need quotes)"),
        ("= 1", 1, "expected a key, found '='"),
        ("a = \"\\q\"", 1, "unknown escape \\q"),
        ("d = 2026-02-29", 1, "'2026-02-29' is no real date or time (months 1–12, days within the month, hours 0–23, minutes and seconds 0–59)"),
        ("d = 2026-11-26T25:00:00", 1, "'2026-11-26T25:00:00' is no real date or time (months 1–12, days within the month, hours 0–23, minutes and seconds 0–59)"),
        ("d = 2026-11-26T10:00:00+25:00", 1, "'2026-11-26T10:00:00+25:00' is no real date or time (months 1–12, days within the month, hours 0–23, minutes and seconds 0–59)"),
        ("t = 07:32", 1, "'07:32' needs its seconds in TOML 1.0: 07:32:00"),
        ("n = 0x8000000000000000", 1, "'0x8000000000000000' does not fit in 64 bits"),
        ("s = \"a\u{7}b\"", 1, "a control character (U+7) in a string; write it as an escape"),
        ("s = '''a\rb'''", 1, "a control character (U+D) in a string; write it as an escape"),
        ("[a]\nb.c = 1\n[a.b]", 3, "[a.b] was already made by dotted keys on line 2"),
        ("[a.b.c]\nz = 1\n[a]\nb.c.t = 2", 4, "'c' is a table defined on line 1; a dotted key cannot add to it from another table"),
        ("[a]\nb.c = 1\n[x]\n[a.b]\nd = 1", 4, "[a.b] was already made by dotted keys on line 2"),
        ("[a]\nb.c = 1\n[x]\n[a]\nb.d = 1", 4, "[a] is defined twice (first on line 1)"),
        ("a = []\n[[a]]", 2, "[[a]]: 'a' was already given an array on line 1"),
        ("a = [{ b = 1 }]\n[a.c]", 2, "'a' is an array written as a value on line 1 and cannot be extended"),
        ("[[a]]\n[a]", 2, "[a]: 'a' was already given an array on line 1"),
    ])
    func errors(text: String, line: Int, message: String) throws {
        let found = try #require(error(text))
        #expect(found.line == line)
        #expect(found.message == message)
    }

    @Test("a byte order mark before the first key is not part of the document")
    func byteOrderMark() throws {
        #expect(try parse("\u{FEFF}a = 1\n")["a"]?.kind == .integer(1))
        #expect(error("a = 1\n\u{FEFF}b = 2")?.line == 2)
    }

    @Test("what TOML 1.0 allows around dotted keys and headers stays allowed")
    func dottedAndHeaders() throws {
        let doc = try parse("""
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true
            [fruit.apple.texture]
            smooth = true
            [[fruit.kinds]]
            name = "a"
            [fruit.kinds.extra]
            x = 1
            [[fruit.kinds]]
            name = "b"
            """)
        let apple = try #require(doc["fruit"]?.table?["apple"]?.table)
        #expect(apple["texture"]?.table?["smooth"]?.kind == .boolean(true))
        #expect(apple["taste"]?.table?["sweet"]?.kind == .boolean(true))
        #expect(doc["fruit"]?.table?["kinds"]?.items?.count == 2)
    }

    @Test("a table of 40,000 keys is read in one pass: the values are right, the last key's line too")
    func manyKeys() throws {
        let text = "[stuff]\n" + (0..<40_000).map { "key\($0) = \($0)\n" }.joined()
        let stuff = try #require(try parse(text)["stuff"]?.table)
        #expect(stuff.entries.count == 40_000)
        #expect(stuff["key39999"]?.kind == .integer(39_999))
        #expect(stuff["key39999"]?.line == 40_001)
    }
}
