/// Ordered (Bayer 8×8) dithering: the threshold depends only on a pixel's position, so
/// a change never alters pixels outside its own rectangle, unlike error diffusion.
package enum OrderedDither {
    /// The 8×8 Bayer index matrix, values 0..<64.
    static let matrix: [UInt8] = {
        var m = [UInt8](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                // Interleave the bits of x^y and y, reversed: the recursive Bayer construction.
                let xy = x ^ y
                var v = 0
                for bit in 0..<3 {
                    v |= ((xy >> bit) & 1) << (5 - 2 * bit)
                    v |= ((y >> bit) & 1) << (4 - 2 * bit)
                }
                m[y * 8 + x] = UInt8(v)
            }
        }
        return m
    }()

    /// Reduces an 8-bit grey value at (x, y) to one of `levels` levels (2...256),
    /// returned as a level index 0..<levels.
    @inline(__always)
    package static func quantize(_ gray: UInt8, x: Int, y: Int, levels: Int) -> Int {
        let steps = levels - 1
        // Position of the value between two levels, in 1/64ths of a step.
        let scaled = Int(gray) * steps * 64 / 255
        let base = scaled >> 6
        let fraction = scaled & 63
        let threshold = Int(matrix[(y & 7) * 8 + (x & 7)])
        return min(steps, base + (fraction > threshold ? 1 : 0))
    }
}
