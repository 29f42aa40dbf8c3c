import Foundation
import Testing
@testable import Canvas

/// Pictures drawn for a panel of few inks: error-diffused within their own rectangle,
/// the same pixels for the same picture, nothing else touched.
@Suite("Pictures diffused over a panel's inks")
struct PictureInksTests {
    /// A bitmap of `width` × `height` whose pixel (x, y) is `colour(x, y)`, opaque.
    func bitmap(_ width: Int, _ height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                (pixels[(y * width + x) * 4 + 2], pixels[(y * width + x) * 4 + 1], pixels[(y * width + x) * 4]) = (r, g, b)
            }
        }
        return Bitmap(width: width, height: height, bytesPerRow: width * 4, pixels: pixels)
    }

    func colours(_ frame: Frame, in rect: PixelRect) -> [PictureInks.Colour] {
        var found: [PictureInks.Colour] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let i = y * frame.bytesPerRow + x * 4
                found.append(PictureInks.Colour(frame.pixels[i + 2], frame.pixels[i + 1], frame.pixels[i]))
            }
        }
        return found
    }

    let gradient = { (x: Int, y: Int) -> (UInt8, UInt8, UInt8) in (UInt8(x * 4 % 256), UInt8(y * 5 % 256), UInt8((x + y) % 256)) }

    @Test("every pixel of a picture becomes one of the inks, and nothing outside its rectangle changes")
    func onlyInks() {
        let inks = PictureInks.greys(levels: 2)
        var frame = Frame(width: 80, height: 60, fill: 128)
        let before = frame
        frame.draw(pictureInks: inks) { $0.draw(bitmap(40, 30, gradient), in: Rect(x: 10, y: 10, width: 40, height: 30)) }
        #expect(Set(colours(frame, in: PixelRect(x: 10, y: 10, width: 40, height: 30))) == [PictureInks.Colour(0, 0, 0), PictureInks.Colour(255, 255, 255)])
        var outside = 0
        for y in 0..<60 {
            for x in 0..<80 where !(10..<50).contains(x) || !(10..<40).contains(y) {
                let i = y * frame.bytesPerRow + x * 4
                if frame.pixels[i..<(i + 3)] != before.pixels[i..<(i + 3)] { outside += 1 }
            }
        }
        #expect(outside == 0)
    }

    @Test("the light is kept in linear light: a mid grey (sRGB 188, 50 % light) is about half white dots")
    func lightKept() {
        var frame = Frame(width: 64, height: 64, fill: 0)
        frame.draw(pictureInks: .greys(levels: 2)) { $0.draw(bitmap(64, 64) { _, _ in (188, 188, 188) }, in: Rect(x: 0, y: 0, width: 64, height: 64)) }
        let white = colours(frame, in: frame.bounds).filter { $0.red == 255 }.count
        #expect(abs(Double(white) / 4_096 - 0.5) < 0.02, "\(white) of 4096")
    }

    @Test("the same picture in the same place gives the same pixels, whatever was drawn around it; a clip only cuts it")
    func samePixels() {
        let inks = PictureInks([
            .init(drawn: .init(0, 0, 0), aim: .init(57, 48, 57)), .init(drawn: .init(255, 255, 255), aim: .init(255, 255, 255)),
            .init(drawn: .init(255, 0, 0), aim: .init(156, 72, 75)),
        ])
        let picture = bitmap(30, 20, gradient), place = Rect(x: 5, y: 7, width: 30, height: 20)
        var a = Frame(width: 50, height: 40, fill: 0), b = Frame(width: 50, height: 40, fill: 255)
        a.draw(pictureInks: inks) { $0.draw(picture, in: place) }
        b.draw(pictureInks: inks) { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: 50, height: 40), color: RGBA(red: 0, green: 0.5, blue: 1))
            canvas.draw(picture, in: place)
        }
        let inside = PixelRect(x: 5, y: 7, width: 30, height: 20)
        #expect(colours(a, in: inside) == colours(b, in: inside))
        var clipped = Frame(width: 50, height: 40, fill: 0)
        clipped.draw(pictureInks: inks) { canvas in
            canvas.clip(to: Rect(x: 20, y: 7, width: 15, height: 20))
            canvas.draw(picture, in: place)
        }
        let right = PixelRect(x: 20, y: 7, width: 15, height: 20)
        #expect(colours(clipped, in: right) == colours(a, in: right))
        #expect(Set(colours(a, in: inside)).isSubset(of: [PictureInks.Colour(0, 0, 0), .init(255, 255, 255), .init(255, 0, 0)]))
    }

    @Test("without inks, or translucent, a picture is drawn as it is")
    func asItIs() {
        var plain = Frame(width: 40, height: 30, fill: 0), translucent = plain, diffused = plain
        let picture = bitmap(40, 30, gradient), place = Rect(x: 0, y: 0, width: 40, height: 30)
        plain.draw { $0.draw(picture, in: place) }
        diffused.draw(pictureInks: .greys(levels: 2)) { $0.draw(picture, in: place, opacity: 0.5) }
        translucent.draw { $0.draw(picture, in: place, opacity: 0.5) }
        let kept = colours(plain, in: plain.bounds).contains(PictureInks.Colour(4, 5, 2))
        #expect(kept)
        #expect(diffused == translucent)
    }

    @Test("a vibrant lock-screen picture is diffused over the greys alone")
    func achromatic() {
        let inks = PictureInks([
            .init(drawn: .init(0, 0, 0), aim: .init(0, 0, 0)), .init(drawn: .init(255, 255, 255), aim: .init(255, 255, 255)),
            .init(drawn: .init(255, 0, 0), aim: .init(255, 0, 0)),
        ])
        #expect(inks.achromatic.inks.map(\.drawn) == [PictureInks.Colour(0, 0, 0), .init(255, 255, 255)])
        #expect(PictureInks.greys(levels: 16).inks.map(\.drawn.red) == (0..<16).map { UInt8($0 * 17) })
    }
}
