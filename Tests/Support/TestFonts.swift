import Foundation

/// Points fontconfig at the tests' own configuration (Tests/Support/fonts.conf) before
/// anything loads a font, so golden images do not depend on the machine's other fonts.
public enum TestFonts {
    private static let pinned: Bool = {
        let conf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fonts.conf").path
        setenv("FONTCONFIG_FILE", conf, 1)
        // Dates in the standard English the golden images show, whatever the machine's locale.
        setenv("LC_ALL", "C.UTF-8", 1)
        return true
    }()

    /// Call first in every test that draws text.
    public static func pin() { _ = pinned }
}
