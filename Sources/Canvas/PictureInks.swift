/// The inks a panel shows pictures with, for drawing a photo as the glass can show it:
/// each picture is error-diffused over these inks within its own rectangle as it is
/// drawn (`Canvas.draw(_:in:opacity:)`), so its tones and colours survive on a panel of
/// a few inks, while text and a widget's tints beside it keep the panel's ordered
/// dithering. The same picture in the same place always gives the same pixels, so an
/// unchanged picture never costs a pixel on the next update.
package struct PictureInks: Sendable, Hashable {
    /// A colour of 8-bit sRGB channels.
    package struct Colour: Sendable, Hashable {
        package var red: UInt8, green: UInt8, blue: UInt8

        package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            (self.red, self.green, self.blue) = (red, green, blue)
        }

        /// Grey, neither red, green nor blue stronger.
        package var isAchromatic: Bool { red == green && green == blue }
    }

    /// One ink: the colour written into the frame for it (which the panel's conversion
    /// turns into exactly that ink) and the colour a picture's pixels are matched
    /// against, which for colour inks is what the vendor measured them to look like.
    package struct Ink: Sendable, Hashable {
        package var drawn: Colour
        package var aim: Colour

        package init(drawn: Colour, aim: Colour) {
            (self.drawn, self.aim) = (drawn, aim)
        }
    }

    package let inks: [Ink]
    /// Whether a thread of its own finds the colours beyond the inks ahead (`findGamut()`),
    /// so the diffusion never searches for one on the drawing thread: until it has, such a
    /// colour is matched as it is. The running daemon's; one-off drawings (snapshots,
    /// previews, tests) search on demand.
    package var gamutFoundAhead = false

    package init(_ inks: [Ink]) {
        precondition(!inks.isEmpty, "a panel has at least one ink")
        self.inks = inks
    }

    /// `levels` evenly spaced greys, black to white: a black-and-white panel's two, an
    /// e-ink panel's sixteen.
    package static func greys(levels: Int) -> PictureInks {
        PictureInks((0..<max(2, levels)).map { n in
            let grey = UInt8(n * 255 / (max(2, levels) - 1))
            return Ink(drawn: Colour(grey, grey, grey), aim: Colour(grey, grey, grey))
        })
    }

    /// Only the inks drawn grey: for a picture that is made grey after it is drawn (the
    /// lock screen's vibrant widgets), whose colour inks would turn into greys the
    /// panel does not have.
    package var achromatic: PictureInks {
        let greys = inks.filter(\.drawn.isAchromatic)
        return greys.isEmpty ? self : PictureInks(greys)
    }
}
