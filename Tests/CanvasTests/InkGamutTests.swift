import Foundation
import Testing
@testable import Canvas

/// The colours a panel's inks make, and where a colour beyond them is aimed.
@Suite("The inks' gamut and CIEDE2000")
struct InkGamutTests {
    /// Light of an 8-bit sRGB colour.
    func light(_ r: Int, _ g: Int, _ b: Int) -> SIMD3<Float> {
        SIMD3(PictureInks.linear[r], PictureInks.linear[g], PictureInks.linear[b])
    }

    /// The Inky Impression 5.7"'s seven inks as Pimoroni measured them.
    var sevenInks: [SIMD3<Float>] {
        [light(57, 48, 57), light(255, 255, 255), light(58, 91, 70), light(61, 59, 94), light(156, 72, 75), light(208, 190, 71),
         light(177, 106, 73)]
    }

    @Test("CIEDE2000 gives Sharma, Wu and Dalal's published differences", arguments: [
        // (L*, a*, b*) pairs from their table of test data, and ΔE00.
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 2.5, 0.0), (50.0, 3.2592, 0.335), 1.0),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
        ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ])
    func sharma(_ first: (Double, Double, Double), _ second: (Double, Double, Double), _ expected: Double) {
        func lab(_ v: (Double, Double, Double)) -> LabColour {
            var colour = LabColour(linear: .zero)
            (colour.lightness, colour.a, colour.b) = (Float(v.0), Float(v.1), Float(v.2))
            return colour
        }
        let d = lab(first).difference(to: lab(second))
        #expect(abs(Double(d) - expected) < 0.001, "\(d) against \(expected)")
        #expect(abs(Double(lab(second).difference(to: lab(first))) - expected) < 0.001)
    }

    @Test("sRGB white is L* 100 and its black L* 0, neither with colour")
    func labEnds() {
        let white = LabColour(linear: SIMD3(1, 1, 1)), black = LabColour(linear: .zero)
        #expect(abs(white.lightness - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        #expect(abs(black.lightness) < 0.01)
    }

    @Test("seven inks make a solid: every ink is inside, light beyond the brightest ink or darker than the darkest is not")
    func solid() {
        let faces = InkGamut.faces(of: sevenInks)
        #expect(faces.count >= 4)
        let table = InkGamut.Table(faces: faces)
        for ink in sevenInks { #expect(table.contains(ink)) }
        #expect(table.contains((sevenInks[0] + sevenInks[1] + sevenInks[4]) / 3))
        #expect(!table.contains(light(255, 0, 0)))
        #expect(!table.contains(light(10, 10, 10)))
    }

    @Test("greys on a line and three inks on a plane span no volume: no faces, every colour kept as it is")
    func flat() {
        #expect(InkGamut.faces(of: [light(0, 0, 0), light(128, 128, 128), light(255, 255, 255)]).isEmpty)
        #expect(InkGamut.faces(of: [light(0, 0, 0), light(255, 255, 255), light(255, 0, 0)]).isEmpty)
        var table = InkGamut.Table(faces: [])
        #expect(table.aim(for: light(255, 0, 0), red: 255, green: 0, blue: 0) == light(255, 0, 0))
    }

    @Test("a colour the inks make is aimed at as it is")
    func insideKept() {
        var table = InkGamut.Table(faces: InkGamut.faces(of: sevenInks))
        let grey = light(140, 130, 120)
        #expect(table.contains(grey))
        #expect(table.aim(for: grey, red: 140, green: 130, blue: 120) == grey)
    }

    @Test("a deep red beyond the glass is aimed at a red the inks make, not at their black")
    func deepRed() {
        var table = InkGamut.Table(faces: InkGamut.faces(of: sevenInks))
        let saucer = light(97, 16, 5)
        let aim = table.aim(for: saucer, red: 97, green: 16, blue: 5)
        let wanted = LabColour(linear: saucer), got = LabColour(linear: aim)
        let black = LabColour(linear: sevenInks[0])
        #expect(got.difference(to: wanted) < black.difference(to: wanted))
        #expect(got.a > 15, "still red: a* \(got.a)")
        // The nearest inside, then a little of the way back towards the red beyond.
        let inside = (aim - InkGamut.beyond * saucer) / (1 - InkGamut.beyond)
        #expect(table.contains(inside))
    }

    @Test("the same inks give the same gamut, made once")
    func madeOnce() {
        #expect(InkGamut.of(sevenInks) === InkGamut.of(sevenInks))
    }
}

/// The gamut found ahead, on a thread of the daemon's own, instead of on demand on the
/// drawing thread.
@Suite("The inks' gamut found ahead")
struct InkGamutAheadTests {
    /// Four inks no other test uses: their gamut is theirs alone in the process.
    static let inks = PictureInks([
        .init(drawn: .init(0, 0, 0), aim: .init(31, 29, 33)), .init(drawn: .init(255, 255, 255), aim: .init(241, 237, 229)),
        .init(drawn: .init(255, 0, 0), aim: .init(161, 51, 47)), .init(drawn: .init(0, 0, 255), aim: .init(49, 61, 139)),
    ])

    func light(_ r: Int, _ g: Int, _ b: Int) -> SIMD3<Float> {
        SIMD3(PictureInks.linear[r], PictureInks.linear[g], PictureInks.linear[b])
    }

    /// Colours with no red and little green: keys below 512, the part the tests fill.
    static let colours: [(Int, Int, Int)] = stride(from: 0, through: 255, by: 17).flatMap { blue in [0, 40, 90].map { (0, $0, blue) } }

    @Test("a colour found ahead is aimed where the search on demand aims it")
    func sameAim() {
        let aims = Self.inks.inks.map { light(Int($0.aim.red), Int($0.aim.green), Int($0.aim.blue)) }
        let ahead = InkGamut(aims: aims), onDemand = InkGamut(aims: aims)
        ahead.fill(keys: 0..<512)
        var outside = 0
        for (r, g, b) in Self.colours {
            let colour = light(r, g, b)
            let found = ahead.withTable { $0.aim(for: colour, red: UInt8(r), green: UInt8(g), blue: UInt8(b), searching: false) }
            let searched = onDemand.withTable { $0.aim(for: colour, red: UInt8(r), green: UInt8(g), blue: UInt8(b)) }
            #expect(found == searched, "\((r, g, b))")
            if found != colour { outside += 1 }
        }
        // The test means something only if most of its colours lie beyond the inks.
        #expect(outside > Self.colours.count / 2)
        #expect(ahead.withTable { $0.found } == 512 && !ahead.isComplete)
    }

    @Test("a gamut found once is kept in the daemon's state and read back at the next start; a file of other inks, or cut short, is not taken")
    func kept() throws {
        let aims = Self.inks.inks.map { light(Int($0.aim.red), Int($0.aim.green), Int($0.aim.blue)) }
        // Every colour's point given by hand (a search would take seconds here): what is read
        // back is the file's, not found again.
        let points = (0..<(1 << 15)).map { SIMD3<Float>(Float($0) / 32_768, 0.5, 0.25) }
        let found = InkGamut(aims: aims)
        found.take(points)
        #expect(found.isComplete && found.allFound == points)
        let folder = "/tmp/lockscreend-gamut-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        #expect(mkdir(folder, 0o700) == 0)
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        #expect(RegularFile.replace(folder + "/" + found.keptName, with: found.keptBytes(points)) == nil)
        let next = InkGamut(aims: aims)
        next.fill(keptIn: folder)
        #expect(next.allFound == points)
        let other = InkGamut(aims: aims.map { $0 * 0.9 })
        #expect(other.keptName != found.keptName && other.readKept(found.keptBytes(points)) == nil)
        #expect(next.readKept(Array(found.keptBytes(points).dropLast())) == nil)
        #expect(found.keptName.hasPrefix("ink-gamut-") && found.keptName.count == "ink-gamut-".count + 16 + 4)
    }

    @Test("with the gamut found ahead the diffusion never searches: until it is found, colours beyond the inks are matched as they are")
    func neverSearches() {
        var inks = Self.inks
        inks.gamutFoundAhead = true
        let gamut = InkGamut.of(inks.inks.map { light(Int($0.aim.red), Int($0.aim.green), Int($0.aim.blue)) })
        func diffused() -> [UInt8] {
            var pixels: [UInt8] = Self.colours.flatMap { r, g, b -> [UInt8] in [UInt8(b), UInt8(g), UInt8(r), 255] }
            pixels.withUnsafeMutableBytes { inks.diffuse($0, width: Self.colours.count, height: 1, stride: Self.colours.count * 4) }
            return pixels
        }
        let before = diffused()
        #expect(gamut.withTable { $0.found } == 0)
        gamut.fill(keys: 0..<512)
        let after = diffused()
        #expect(gamut.withTable { $0.found } == 512)
        // Aimed at the nearest colour the inks make, the picture comes out otherwise.
        #expect(before != after)
    }
}
