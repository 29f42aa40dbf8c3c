#if canImport(Glibc)
import Glibc

#endif

/// printf-style formatting of numbers through the C library. Foundation's
/// `String(format:)` goes through CoreFoundation's formatter and its locale machinery,
/// which the daemon otherwise never loads; numbers on a lock screen need none of it.
package enum CFormat {
    /// `format` (a C printf format such as "%.1f" or "%02d") applied to `arguments`.
    /// Integers and floating-point numbers only: `%@` and `%s` are not supported.
    package static func string(_ format: String, _ arguments: any CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 64)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            if needed < 0 { return "" }
            if needed >= buffer.count {
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = withVaList(arguments) { again in vsnprintf(&buffer, buffer.count, format, again) }
            }
            return String(decoding: buffer[..<needed].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// `value` in decimal with at least two digits, as `"%02d"` writes it: a clock's
    /// minutes without boxing arguments for `vsnprintf` (a quarter of laying out the
    /// clock each minute, docs/PERFORMANCE.md).
    package static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0" + String(value) : String(value)
    }
}
