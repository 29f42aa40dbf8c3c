import Testing
@testable import Canvas

@Suite("CFormat")
struct CFormatTests {
    @Test("numbers are formatted as printf formats them, longer ones than the first buffer too")
    func formats() {
        #expect(CFormat.string("%.1f", 12.25) == "12.2")
        #expect(CFormat.string("%02d:%02d", 7, 5) == "07:05")
        let long = CFormat.string("%0100d", 42)
        #expect(long.count == 100 && long.hasSuffix("042") && long.hasPrefix("000"))
        #expect(CFormat.string("") == "")
    }

    @Test("two digits are written as \"%02d\" writes them, negative and long numbers too")
    func twoDigits() {
        for value in -120...120 {
            #expect(CFormat.twoDigits(value) == CFormat.string("%02d", value))
        }
        #expect(CFormat.twoDigits(123_456) == "123456")
    }
}
