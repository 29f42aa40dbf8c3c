import Canvas

/// The inks of a colour e-paper panel and how a frame's colours become them.
///
/// A colour with a clear hue (a widget's tint: the spread between its strongest and
/// weakest channel at least `hueThreshold`) becomes the nearest ink, so a red gauge
/// stays solid red rather than a red and white pattern. Everything else — greys, text's
/// anti-aliased edges, washed-out picture tones, and a tint whose nearest ink is black or
/// white (blue on a red panel) — is dithered between the panel's achromatic inks by
/// brightness with the same position-only ordered dithering as grey panels, so it stays
/// visible and a change never alters pixels outside its rectangle.
package struct PanelPalette: Sendable, Hashable {
    /// One ink: the index the controller takes for it, the colour the frame gives it,
    /// and what it looks like on the glass as the vendor measured it (the same colour
    /// where nobody measured).
    package struct Ink: Sendable, Hashable {
        package var name: String
        package var index: UInt8
        package var red: UInt8, green: UInt8, blue: UInt8
        package var looks: PictureInks.Colour
    }

    package let name: String
    package let inks: [Ink]
    /// The achromatic inks, darkest first (black, white).
    package let greys: [UInt8]
    /// The channel spread from which a colour counts as a tint.
    package static let hueThreshold = 96

    package init(name: String, inks: [Ink]) {
        self.name = name
        self.inks = inks
        greys = inks.filter { $0.red == $0.green && $0.green == $0.blue }
            .sorted { $0.red < $1.red }.map(\.index)
    }

    /// What the ink with `index` looks like (white for an index the panel lacks).
    package func colour(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        guard let ink = inks.first(where: { $0.index == index }) else { return (255, 255, 255) }
        return (ink.red, ink.green, ink.blue)
    }

    /// The ink named `name`.
    package func index(of name: String) -> UInt8? { inks.first { $0.name == name }?.index }

    /// How far pictures aim at the inks as they look rather than at their pure colours.
    /// Pimoroni's `set_image` defaults to 0.5; diffusing in linear light, 1 (the inks as
    /// measured) came closer to every test photo on every colour panel
    /// (`Tests/conformance/run-photos.py`: mean ΔE 3.0–10.6, against 5.7–14.8 at 0.5;
    /// docs/DISPLAYS.md). Back to the vendor's: 0.5 here.
    package static let defaultSaturation = 1.0

    /// The inks for error-diffusing pictures: each drawn as its frame colour, aimed at a
    /// blend of how it looks and its pure colour — all of how it looks at `saturation` 1,
    /// the pure colours at 0 — as Pimoroni's own library blends its measured palettes.
    package func pictureInks(saturation: Double = defaultSaturation) -> PictureInks {
        let s = min(1, max(0, saturation))
        func blend(_ looks: UInt8, _ pure: UInt8) -> UInt8 { UInt8((Double(looks) * s + Double(pure) * (1 - s)).rounded(.down)) }
        return PictureInks(inks.map { ink in
            PictureInks.Ink(drawn: PictureInks.Colour(ink.red, ink.green, ink.blue),
                            aim: PictureInks.Colour(blend(ink.looks.red, ink.red), blend(ink.looks.green, ink.green), blend(ink.looks.blue, ink.blue)))
        })
    }

    /// An ink; `looks` as measured where known.
    private static func ink(_ name: String, _ index: UInt8, _ red: UInt8, _ green: UInt8, _ blue: UInt8, looks: (UInt8, UInt8, UInt8)? = nil) -> Ink {
        let measured = looks ?? (red, green, blue)
        return Ink(name: name, index: index, red: red, green: green, blue: blue, looks: PictureInks.Colour(measured.0, measured.1, measured.2))
    }

    /// Black, white and red: tri-colour SSD1608/SSD1683 boards (Inky pHAT and wHAT red).
    package static let blackWhiteRed = PanelPalette(name: "black/white/red", inks: [
        ink("black", 0, 0, 0, 0), ink("white", 1, 255, 255, 255), ink("red", 2, 255, 0, 0),
    ])
    /// Black, white and yellow.
    package static let blackWhiteYellow = PanelPalette(name: "black/white/yellow", inks: [
        ink("black", 0, 0, 0, 0), ink("white", 1, 255, 255, 255), ink("yellow", 2, 255, 255, 0),
    ])
    /// The seven ACeP inks in the UC8159's order, as Pimoroni measured them on the Inky
    /// Impression 5.7" and 4" (`SATURATED_PALETTE` of its `inky_uc8159`).
    package static let sevenColour = PanelPalette(name: "7 colours", inks: [
        ink("black", 0, 0, 0, 0, looks: (57, 48, 57)), ink("white", 1, 255, 255, 255), ink("green", 2, 0, 255, 0, looks: (58, 91, 70)),
        ink("blue", 3, 0, 0, 255, looks: (61, 59, 94)), ink("red", 4, 255, 0, 0, looks: (156, 72, 75)),
        ink("yellow", 5, 255, 255, 0, looks: (208, 190, 71)), ink("orange", 6, 255, 140, 0, looks: (177, 106, 73)),
    ])
    /// The same seven inks on the AC073TC1A glass of the Inky Impression 7.3", as
    /// Pimoroni measured them (`inky_ac073tc1a`).
    package static let sevenColourAC073 = PanelPalette(name: "7 colours", inks: [
        ink("black", 0, 0, 0, 0), ink("white", 1, 255, 255, 255, looks: (217, 242, 255)), ink("green", 2, 0, 255, 0, looks: (3, 124, 76)),
        ink("blue", 3, 0, 0, 255, looks: (27, 46, 198)), ink("red", 4, 255, 0, 0, looks: (245, 80, 34)),
        ink("yellow", 5, 255, 255, 0, looks: (255, 255, 68)), ink("orange", 6, 255, 140, 0, looks: (239, 121, 44)),
    ])
    /// The six Spectra 6 inks in the E673's order (index 4 is unused), as Pimoroni
    /// measured them (`inky_e673`).
    package static let spectra6 = PanelPalette(name: "Spectra 6", inks: [
        ink("black", 0, 0, 0, 0), ink("white", 1, 255, 255, 255, looks: (161, 164, 165)), ink("yellow", 2, 255, 255, 0, looks: (208, 190, 71)),
        ink("red", 3, 255, 0, 0, looks: (156, 72, 75)), ink("blue", 5, 0, 0, 255, looks: (61, 59, 94)), ink("green", 6, 0, 255, 0, looks: (58, 91, 70)),
    ])
}
