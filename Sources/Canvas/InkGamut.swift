import Synchronization

/// The colours a panel's inks make together — the hull of their light, each face three
/// inks — and, for a colour beyond it, the colour inside that looks nearest.
///
/// A photo's deep reds, dark foliage and bright skies lie far outside what seven or six
/// inks of e-paper can make. Clipping such a colour channel by channel to the inks'
/// range keeps its light but not its hue: the dark red of a saucer became the panel's
/// black. Aiming instead at the colour of the hull nearest to it in CIEDE2000 (lighter,
/// but still red) and diffusing towards that lowered the 95th percentile of the
/// difference on every colour photo and panel the photo test has, 0.3–4.7, and the mean
/// with it (docs/DISPLAYS.md gives the figures and the command).
///
/// The search is a grid over each face then a finer one around the best point: about 550
/// differences a colour. Colours are looked up by their top five bits a channel and what
/// was found is kept for the process, per set of inks, so a picture drawn again costs
/// only the diffusion. Found on demand, that is 0.55 s for a photo and 5 s for a picture
/// of every colour on this machine's drawing thread; the daemon has a thread of its own
/// find every colour ahead instead (`fill()`), and its drawing thread never searches.
final class InkGamut: Sendable {
    /// How far past the nearest colour the inks make a picture still aims, towards the
    /// colour beyond the glass: measured best at 0.15 of the way (0 left the 5.7"
    /// coffee's 95th percentile above Pimoroni's; 0.25 raised it again).
    static let beyond: Float = 0.15

    /// One face of the hull: three inks and the plane through them, its normal outward.
    struct Face: Sendable {
        var corners: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)
        var normal: SIMD3<Float>
        var offset: Float

        /// The point `u` of the way to the first corner and `v` to the second.
        func point(_ u: Float, _ v: Float) -> SIMD3<Float> {
            u * corners.0 + v * corners.1 + (1 - u - v) * corners.2
        }
    }

    /// What a diffusion needs: the faces and the colours found so far.
    struct Table: Sendable {
        let faces: [Face]
        /// The nearest colour inside, by a colour's top five bits a channel.
        private var nearest: [SIMD3<Float>]
        private var known: [Bool]
        /// How many colours are found.
        private(set) var found = 0

        init(faces: [Face]) {
            self.faces = faces
            let count = faces.isEmpty ? 0 : 1 << 15
            nearest = Array(repeating: .zero, count: count)
            known = Array(repeating: false, count: count)
        }

        /// Whether the inks make light `light` (always, where they span no volume: there
        /// the inks' range channel by channel is all a diffusion keeps to).
        func contains(_ light: SIMD3<Float>) -> Bool {
            faces.allSatisfy { ($0.normal * light).sum() - $0.offset <= 1e-5 }
        }

        /// Whether every colour is found.
        var isComplete: Bool { found == known.count }

        /// The light a diffusion aims at for a pixel of light `light` and 8-bit sRGB
        /// `red`, `green`, `blue`: the light itself where the inks make it, otherwise
        /// the nearest they make and `InkGamut.beyond` of the way back towards it. A
        /// colour not found yet is searched for here when `searching`, else aimed at as it
        /// is (the diffusion then keeps to the inks' range channel by channel).
        mutating func aim(for light: SIMD3<Float>, red: UInt8, green: UInt8, blue: UInt8, searching: Bool = true) -> SIMD3<Float> {
            guard !contains(light) else { return light }
            let key = (Self.fiveBits(red) << 10) | (Self.fiveBits(green) << 5) | Self.fiveBits(blue)
            if !known[key] {
                guard searching else { return light }
                store([(key, Self.nearestInside(Self.centre(of: key), faces: faces))])
            }
            let inside = nearest[key]
            return inside + InkGamut.beyond * (light - inside)
        }

        /// Keeps what was found for each colour (by key).
        mutating func store(_ colours: [(key: Int, nearest: SIMD3<Float>)]) {
            for (key, point) in colours where !known[key] {
                nearest[key] = point
                known[key] = true
                found += 1
            }
        }

        /// Every colour's nearest point, by key, once all are found; nil before.
        var allFound: [SIMD3<Float>]? { isComplete && !nearest.isEmpty ? nearest : nil }

        /// The keys of `range` not found yet.
        func missing(in range: Range<Int>) -> [Int] {
            range.filter { !known[$0] }
        }

        /// The light at the middle of the colours of `key`.
        static func centre(of key: Int) -> SIMD3<Float> {
            SIMD3(PictureInks.linear[eightBits(key >> 10 & 31)], PictureInks.linear[eightBits(key >> 5 & 31)],
                  PictureInks.linear[eightBits(key & 31)])
        }

        private static func fiveBits(_ value: UInt8) -> Int { (Int(value) * 31 + 127) / 255 }

        private static func eightBits(_ value: Int) -> Int { (value * 255 + 15) / 31 }

        /// The point of the faces nearest `light` in CIEDE2000: every face on a grid of
        /// eighths, then four halvings of the step around the best point.
        static func nearestInside(_ light: SIMD3<Float>, faces: [Face]) -> SIMD3<Float> {
            let wanted = LabColour(linear: light)
            let steps = 8
            var best = (difference: Float.infinity, face: 0, u: Float(0), v: Float(0))
            func consider(_ face: Int, _ u: Float, _ v: Float) {
                guard u >= 0, v >= 0, u + v <= 1 else { return }
                let difference = wanted.difference(to: LabColour(linear: faces[face].point(u, v)))
                if difference < best.difference { best = (difference, face, u, v) }
            }
            for face in faces.indices {
                for i in 0...steps {
                    for j in 0...(steps - i) { consider(face, Float(i) / Float(steps), Float(j) / Float(steps)) }
                }
            }
            var step = 1 / Float(steps)
            for _ in 0..<4 {
                step /= 2
                let (face, u, v) = (best.face, best.u, best.v)
                for du in -2...2 {
                    for dv in -2...2 { consider(face, u + Float(du) * step, v + Float(dv) * step) }
                }
            }
            return faces[best.face].point(best.u, best.v)
        }
    }

    private let table: Mutex<Table>
    /// Whether a thread fills the table.
    private let filling = Atomic(false)

    /// The inks' light the gamut is of.
    let aims: [SIMD3<Float>]

    /// The hull of inks of light `aims`.
    init(aims: [SIMD3<Float>]) {
        self.aims = aims
        table = Mutex(Table(faces: Self.faces(of: aims)))
    }

    /// Finds every colour's nearest point the inks make, as `aim` would on demand, a block
    /// at a time, holding the table only to store each block (a diffusion meanwhile waits
    /// at most for one store). Returns at once where the inks span no volume, or when
    /// another thread fills it already.
    func fill(keys range: Range<Int> = 0..<(1 << 15)) {
        let faces = table.withLock { $0.faces }
        guard !faces.isEmpty, !filling.exchange(true, ordering: .relaxed) else { return }
        let block = 512
        for start in Swift.stride(from: range.lowerBound, to: range.upperBound, by: block) {
            let keys = table.withLock { $0.missing(in: start..<min(range.upperBound, start + block)) }
            let found = keys.map { (key: $0, nearest: Table.nearestInside(Table.centre(of: $0), faces: faces)) }
            table.withLock { $0.store(found) }
        }
    }

    /// Whether every colour is found (by `fill()` or on demand).
    var isComplete: Bool { table.withLock { $0.isComplete } }

    /// Every colour's nearest point once all are found (`fill()`); nil before.
    var allFound: [SIMD3<Float>]? { table.withLock { $0.allFound } }

    /// Takes every colour's nearest point, by key, as `allFound` gave them.
    func take(_ points: [SIMD3<Float>]) {
        guard points.count == 1 << 15 else { return }
        table.withLock { $0.store(points.enumerated().map { (key: $0.offset, nearest: $0.element) }) }
    }

    /// Runs `body` with the table, which no other diffusion uses meanwhile.
    func withTable<Result>(_ body: (inout Table) -> Result) -> Result {
        table.withLock { body(&$0) }
    }

    /// The faces of the hull of `points`: every three whose plane has all the others on
    /// one side. None where the points span no volume (greys on a line, three inks on a
    /// plane).
    static func faces(of points: [SIMD3<Float>]) -> [Face] {
        var faces: [Face] = []
        for i in points.indices {
            for j in points.indices where j > i {
                for k in points.indices where k > j {
                    let (p, q, r) = (points[i], points[j], points[k])
                    var normal = cross(q - p, r - p)
                    let length = (normal * normal).sum().squareRoot()
                    guard length > 1e-9 else { continue }
                    normal /= length
                    var offset = (normal * p).sum()
                    let sides = points.map { (normal * $0).sum() - offset }
                    let above = sides.contains { $0 > 1e-6 }, below = sides.contains { $0 < -1e-6 }
                    guard above != below else { continue }
                    if above { (normal, offset) = (-normal, -offset) }
                    faces.append(Face(corners: (p, q, r), normal: normal, offset: offset))
                }
            }
        }
        return faces.count >= 4 ? faces : []
    }

    private static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// The gamut of inks of light `aims`, made once for the process (a few sets of inks
    /// are kept; a process drawing more makes them again).
    static func of(_ aims: [SIMD3<Float>]) -> InkGamut {
        made.withLock { made in
            if let gamut = made[aims] { return gamut }
            if made.count >= 8 { made.removeAll() }
            let gamut = InkGamut(aims: aims)
            made[aims] = gamut
            return gamut
        }
    }

    private static let made = Mutex<[[SIMD3<Float>]: InkGamut]>([:])
}
