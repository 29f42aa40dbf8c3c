
/// Why a TOML file could not be read: the line and column, and what was wrong there.
package struct TOMLError: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "line \(line), column \(column): \(message)" }
}
