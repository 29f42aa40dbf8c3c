import CPangoCairo
import Testing
import TestSupport
@testable import Canvas

@Suite("fontconfig's configuration, loaded once")
struct FontConfigurationTests {
    init() { TestFonts.pin() }

    /// The configuration files fontconfig has read for the current configuration, by
    /// name: those it applies, and (as `FcInit` reads them) the templates it only lists.
    static func filesRead() -> [String] {
        guard let config = FcConfigReference(nil) else { return [] }
        defer { FcConfigDestroy(config) }
        var iterator = FcConfigFileInfoIter()
        FcConfigFileInfoIterInit(config, &iterator)
        var names: [String] = []
        repeat {
            var name: UnsafeMutablePointer<FcChar8>?
            var description: UnsafeMutablePointer<FcChar8>?
            var enabled: FcBool = FcFalse
            guard FcConfigFileInfoIterGet(config, &iterator, &name, &description, &enabled) == FcTrue else { break }
            if let name { names.append(String(cString: name)) }
            free(name)
            free(description)
        } while FcConfigFileInfoIterNext(config, &iterator) == FcTrue
        return names
    }

    @Test("the text system's configuration has the tests' file and Debian's rules, and no template read only to be listed")
    func rulesWithoutTemplates() {
        _ = TextLayout("12:30", style: TextStyle(size: 17))
        let files = Self.filesRead()
        #expect(files.contains { $0.hasSuffix("Tests/Support/fonts.conf") }, "\(files)")
        // Debian's rules, through the tests' file's include of conf.d: applied.
        #expect(files.contains { $0.hasSuffix("/30-metric-aliases.conf") }, "\(files)")
        // A template in conf.avail that conf.d does not link: read by FcInit for
        // fc-conflist, never by the daemon.
        #expect(!files.contains { $0.hasSuffix("/10-hinting-full.conf") }, "\(files)")
        #expect(FcConfigGetCurrent() != nil)
    }
}
