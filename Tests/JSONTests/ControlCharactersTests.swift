import Testing
@testable import JSON

@Suite("Control characters")
struct ControlCharactersTests {
    @Test("C0, DEL and C1 controls are written as \\u{…}; other text, emoji and accents stay", arguments: [
        ("plain 12 min", "plain 12 min"),
        ("\u{1B}]0;pwned\u{07}", "\\u{1B}]0;pwned\\u{7}"),
        ("\u{1B}[2Jcleared", "\\u{1B}[2Jcleared"),
        ("tab\there\u{7F}", "tab\\u{9}here\\u{7F}"),
        ("\u{9B}31m", "\\u{9B}31m"),
        ("Café ☕️ 🐼", "Café ☕️ 🐼"),
    ])
    func escaped(text: String, shown: String) {
        #expect(text.escapingControlCharacters == shown)
    }
}
