extension StringProtocol {
    /// The text without the leading and trailing characters `trims` accepts (by default
    /// white space and line breaks): Foundation's `trimmingCharacters(in:)`, which
    /// FoundationEssentials lacks.
    package func trimmed(where trims: (Character) -> Bool = \.isWhitespace) -> String {
        guard let first = firstIndex(where: { !trims($0) }), let last = lastIndex(where: { !trims($0) }) else { return "" }
        return String(self[first...last])
    }
}
