import ArgumentParser
import Accessory
import Foundation
import Logging
import Panel

/// A screen size written WIDTHxHEIGHT.
struct ScreenSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...16384).contains(w), (16...16384).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// An ISO 8601 time given on the command line.
struct Timestamp: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        guard let date = ISO8601.parse(argument) else { return nil }
        self.date = date
    }
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
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
