import Glibc

extension InkGamut {
    /// What a kept gamut file starts with; a new layout takes a new one.
    static let keptMagic = Array("LSGAMUT1".utf8)

    /// `fill()`, reading what a daemon of this machine found for the same inks from
    /// `directory` instead when it is there, and keeping what was found there otherwise:
    /// a colour panel's gamut is searched for once per machine and set of inks, not at
    /// every start (seconds of a Raspberry Pi's CPU). A file that is not this gamut's
    /// (other inks, cut short, another layout) is searched for again and replaced.
    func fill(keptIn directory: String?) {
        guard let directory, isComplete == false else { return fill() }
        let path = directory + "/" + keptName
        if let bytes = RegularFile.read(path, limit: keptSize), let points = readKept(bytes) {
            take(points)
            return
        }
        fill()
        if let points = allFound { _ = RegularFile.replace(path, with: keptBytes(points), mode: 0o644) }
    }

    /// The file's name: the inks' light, hashed (FNV-1a, 64 bits).
    var keptName: String {
        let light = aims.flatMap { [$0.x, $0.y, $0.z] }.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        return "ink-gamut-" + FNV1a.hex(light) + ".bin"
    }

    /// The magic, the number of inks, their light, then every colour's nearest point, each
    /// value a little-endian 32-bit float.
    private var keptSize: Int { Self.keptMagic.count + 4 + aims.count * 12 + (1 << 15) * 12 }

    func keptBytes(_ points: [SIMD3<Float>]) -> [UInt8] {
        var bytes = Self.keptMagic
        bytes.reserveCapacity(keptSize)
        withUnsafeBytes(of: UInt32(aims.count).littleEndian) { bytes += $0 }
        for point in aims + points {
            for value in [point.x, point.y, point.z] { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
        }
        return bytes
    }

    /// The points of a kept file of this gamut; nil when it is not one.
    func readKept(_ bytes: [UInt8]) -> [SIMD3<Float>]? {
        guard bytes.count == keptSize, Array(bytes.prefix(Self.keptMagic.count)) == Self.keptMagic else { return nil }
        var at = Self.keptMagic.count
        func word() -> UInt32 {
            defer { at += 4 }
            return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func point() -> SIMD3<Float> {
            SIMD3(Float(bitPattern: word()), Float(bitPattern: word()), Float(bitPattern: word()))
        }
        guard word() == UInt32(aims.count), aims.allSatisfy({ point() == $0 }) else { return nil }
        let points = (0..<(1 << 15)).map { _ in point() }
        return points.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite } ? points : nil
    }
}
