import SwiftLiteral

/// Expands `#Preview(…) { … }` into a record in the program's `lockscreend_previews`
/// section whose function builds the preview: the macro's own arguments, unchanged,
/// become a call of `AccessoryPreview.make`, so the compiler has already checked them
/// against the macro's declaration and checks them again as an ordinary call.
enum PreviewExpansion {
    /// The section record's tag: "LPRV".
    static let tag = "0x4C505256"

    static func expand(_ source: String, uniqueName: String, fileID: String, line: Int) -> String? {
        var rest = withoutLeadingTrivia(source[...])
        guard rest.hasPrefix("#Preview") else { return nil }
        rest = rest.dropFirst("#Preview".count)
        let location = "file: \(SwiftLiteral.string(fileID)), line: \(line)"
        let trimmed = rest.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.first == "(" {
            rest = trimmed.dropFirst()
            let isEmpty = rest.drop(while: \.isWhitespace).first == ")"
            rest = Substring("(" + location + (isEmpty ? "" : ", ")) + rest
        } else {
            rest = Substring("(" + location + ")") + rest
        }
        return """
            @section("lockscreend_previews") @used
            private let \(uniqueName): (UInt32, @convention(c) (UnsafeMutableRawPointer) -> Void) = (\(tag), { storage in
                storage.initializeMemory(as: Accessory.AccessoryPreview.self, to: Accessory.AccessoryPreview.make\(rest))
            })
            """
    }

    /// A name for the record as the compiler's own unique names are formed, so it counts
    /// as the expansion's private name.
    static func uniqueName(_ discriminator: String) -> String {
        discriminator + "6recordfMu_"
    }

    /// `text` after its leading spaces and comments.
    static func withoutLeadingTrivia(_ text: Substring) -> Substring {
        var rest = text
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.hasPrefix("//") {
                rest = rest.drop(while: { $0 != "\n" })
            } else if rest.hasPrefix("/*") {
                rest = rest.dropFirst(2)
                while !rest.isEmpty && !rest.hasPrefix("*/") { rest = rest.dropFirst() }
                rest = rest.dropFirst(2)
            } else {
                return rest
            }
        }
    }
}
