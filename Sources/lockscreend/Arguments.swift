import ArgumentParser
import Accessory
import Foundation
import Logging
import LockScreen
import Panel

/// A screen size written WIDTHxHEIGHT.
struct ScreenSize {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses "800x480"; each side 16 to 16384 pixels.
    static func parse(_ argument: String) throws -> ScreenSize {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...16384).contains(w), (16...16384).contains(h) else {
            throw ValidationError("expected WIDTHxHEIGHT with each side 16 to 16384 pixels, e.g. 800x480")
        }
        return ScreenSize(width: w, height: h)
    }
}

/// Parses an ISO 8601 time given on the command line.
func parseTimestamp(_ argument: String) throws -> Date {
    guard let date = ISO8601.parse(argument) else {
        throw ValidationError("expected an ISO 8601 time such as 2026-11-22T14:04:57Z")
    }
    return date
}

/// The two appearances.
enum Appearance: String, ExpressibleByArgument, CaseIterable {
    case dark, light

    var scheme: ColorScheme { self == .dark ? .dark : .light }
}

extension PixelFormat: ExpressibleByArgument {
    /// The formats the headless backend writes.
    static let headless: [PixelFormat] = [.xrgb8888, .rgb565, .gray8, .gray4, .mono1]
    static var headlessChoices: String { headless.map(\.rawValue).joined(separator: ", ") }

    public init?(argument: String) {
        guard let format = PixelFormat(rawValue: argument), Self.headless.contains(format) else { return nil }
        self = format
    }

    /// The choices are named in the option's help; an error stays one line.
    public static var allValueStrings: [String] { [] }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension StaleMark: ExpressibleByArgument {}
