extension String {
    /// This text with its control characters (C0, DEL and C1) written as `\u{1B}`: what a
    /// terminal or a log shows of text from outside, where a raw escape sequence could
    /// retitle the window or clear the screen.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
