import Glibc

/// Serpentine Floyd–Steinberg error diffusion in linear light: a pixel takes the ink
/// nearest to its light plus the error carried to it, and what that ink lacks or adds
/// goes to the neighbours not yet drawn (7/16 ahead, 3/16, 5/16 and 1/16 on the next
/// row), each row in the other direction so no drift builds up along one side. A colour
/// the inks cannot make (a red deeper than the glass's red, a sky brighter than its
/// white) is first aimed at the nearest they make (`InkGamut`), and light with the error
/// added is clipped to the inks' range before it is matched, so the error it would carry
/// cannot pile up and smear across the picture.
///
/// Chosen by `Tests/conformance/run-photos.py` against the vendors' conversions
/// (docs/DISPLAYS.md): matching by distance in linear light beat matching in Oklab, and
/// Floyd–Steinberg beat Jarvis–Judice–Ninke, Stucki and Sierra, on the 95th percentile.
extension PictureInks {
    /// sRGB's 8-bit values in linear light.
    static let linear: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// The inks' aims in linear light.
    private var aims: [SIMD3<Float>] {
        inks.map { SIMD3<Float>(Self.linear[Int($0.aim.red)], Self.linear[Int($0.aim.green)], Self.linear[Int($0.aim.blue)]) }
    }

    /// Finds ahead, on the calling thread, every colour's nearest the inks make
    /// (`InkGamut`), so that a diffusion with `gamutFoundAhead` never searches; seconds
    /// for colour inks, nothing for greys. Kept for the process, and in `directory`
    /// (the daemon's state) for the next start.
    package func findGamut(keptIn directory: String? = nil) {
        InkGamut.of(aims).fill(keptIn: directory)
    }

    /// Whether every colour's nearest the inks make is found (always for greys).
    package var isGamutFound: Bool { InkGamut.of(aims).isComplete }

    /// Diffuses the XRGB8888 pixels of a `width` × `height` picture (`stride` bytes a row)
    /// over the inks, in place: each pixel becomes one ink's drawn colour.
    package func diffuse(_ pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int) {
        guard width > 0, height > 0, stride >= width * 4, pixels.count >= (height - 1) * stride + width * 4 else { return }
        let aims = aims
        let searching = !gamutFoundAhead
        // The light the inks reach, channel by channel.
        let lowest = aims.dropFirst().reduce(aims[0]) { pointwiseMin($0, $1) }
        let highest = aims.dropFirst().reduce(aims[0]) { pointwiseMax($0, $1) }
        // Errors of this row and the next, a pixel of margin each side.
        var current = [SIMD3<Float>](repeating: .zero, count: width + 2)
        var next = current
        let bytes = pixels.bindMemory(to: UInt8.self)
        InkGamut.of(aims).withTable { gamut in
            for y in 0..<height {
                let forward = y % 2 == 0
                let ahead = forward ? 1 : -1
                for step in 0..<width {
                    let x = forward ? step : width - 1 - step
                    let p = y * stride + x * 4
                    let (red, green, blue) = (bytes[p + 2], bytes[p + 1], bytes[p])
                    let source = gamut.aim(for: SIMD3(Self.linear[Int(red)], Self.linear[Int(green)], Self.linear[Int(blue)]),
                                           red: red, green: green, blue: blue, searching: searching)
                    let light = pointwiseMin(highest, pointwiseMax(lowest, source + current[x + 1]))
                    var best = 0, bestDistance = Float.infinity
                    for (n, aim) in aims.enumerated() {
                        let d = light - aim
                        let distance = (d * d).sum()
                        if distance < bestDistance { (best, bestDistance) = (n, distance) }
                    }
                    let ink = inks[best].drawn
                    (bytes[p + 2], bytes[p + 1], bytes[p]) = (ink.red, ink.green, ink.blue)
                    let error = light - aims[best]
                    current[x + 1 + ahead] += error * (7 / 16)
                    next[x + 1 - ahead] += error * (3 / 16)
                    next[x + 1] += error * (5 / 16)
                    next[x + 1 + ahead] += error * (1 / 16)
                }
                swap(&current, &next)
                for i in next.indices { next[i] = .zero }
            }
        }
    }
}
