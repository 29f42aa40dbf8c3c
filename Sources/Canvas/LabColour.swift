import Glibc

/// A colour in CIE L*a*b* (D65), for judging how different two colours look: the
/// CIEDE2000 difference (`difference(to:)`) is how the photo tests grade a panel's
/// picture, and how a colour the inks cannot make finds the nearest they can
/// (`InkGamut`).
struct LabColour: Sendable, Hashable {
    var lightness: Float, a: Float, b: Float

    /// The colour of light `light` (linear sRGB, 0 to 1 a channel).
    init(linear light: SIMD3<Float>) {
        let x = (0.4124564 * light.x + 0.3575761 * light.y + 0.1804375 * light.z) / 0.95047
        let y = 0.2126729 * light.x + 0.7151522 * light.y + 0.0721750 * light.z
        let z = (0.0193339 * light.x + 0.1191920 * light.y + 0.9503041 * light.z) / 1.08883
        let (fx, fy, fz) = (Self.f(x), Self.f(y), Self.f(z))
        (lightness, a, b) = (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    private static func f(_ t: Float) -> Float {
        t > 216 / 24389 ? cbrtf(t) : t * 841 / 108 + 4 / 29
    }

    /// CIEDE2000: 0 for the same colour, about 1 for a difference the eye just sees, as
    /// Sharma, Wu and Dalal set the formula out (their test pairs are
    /// `LabColourTests`'), in single precision.
    func difference(to other: LabColour) -> Float {
        let degree: Float = .pi / 180
        let c1 = hypotf(a, b), c2 = hypotf(other.a, other.b)
        let c7 = Self.seventh((c1 + c2) / 2)
        let g = 0.5 * (1 - sqrtf(c7 / (c7 + Self.twentyFive7)))
        let a1 = (1 + g) * a, a2 = (1 + g) * other.a
        let c1p = hypotf(a1, b), c2p = hypotf(a2, other.b)
        let h1 = Self.hue(b, a1), h2 = Self.hue(other.b, a2)
        let chromatic = c1p * c2p != 0
        var dh = h2 - h1
        if !chromatic { dh = 0 } else if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        let dL = other.lightness - lightness, dC = c2p - c1p
        let dH = 2 * sqrtf(c1p * c2p) * sinf(dh * degree / 2)
        let meanL = (lightness + other.lightness) / 2, meanC = (c1p + c2p) / 2
        let sum = h1 + h2
        let meanH = !chromatic ? sum : abs(h1 - h2) <= 180 ? sum / 2 : sum < 360 ? (sum + 360) / 2 : (sum - 360) / 2
        let t = 1 - 0.17 * cosf((meanH - 30) * degree) + 0.24 * cosf(2 * meanH * degree)
            + 0.32 * cosf((3 * meanH + 6) * degree) - 0.20 * cosf((4 * meanH - 63) * degree)
        let rotation = 30 * expf(-((meanH - 275) / 25) * ((meanH - 275) / 25))
        let meanC7 = Self.seventh(meanC)
        let rc = 2 * sqrtf(meanC7 / (meanC7 + Self.twentyFive7))
        let l50 = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * l50 / sqrtf(20 + l50), sc = 1 + 0.045 * meanC, sh = 1 + 0.015 * meanC * t
        let rt = -sinf(2 * rotation * degree) * rc
        let (x, y, z) = (dL / sl, dC / sc, dH / sh)
        return sqrtf(max(0, x * x + y * y + z * z + rt * y * z))
    }

    /// 25 to the seventh.
    private static let twentyFive7 = seventh(25)

    private static func seventh(_ v: Float) -> Float {
        let v2 = v * v
        return v2 * v2 * v2 * v
    }

    /// A hue angle in degrees, 0 to 360.
    private static func hue(_ b: Float, _ a: Float) -> Float {
        let h = atan2f(b, a) * 180 / .pi
        return h < 0 ? h + 360 : h
    }
}
