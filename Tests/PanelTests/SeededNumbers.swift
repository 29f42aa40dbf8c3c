import Canvas
@testable import Panel

/// Numbers from a fixed seed (a 64-bit linear congruential generator with Knuth's
/// constants, its high bits): the damage tests draw the same "random" changes every run.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

extension Damage.Before {
    /// What was shown before, and a frame drawn over it, `width`×`height`, from a fixed
    /// seed, differing at about one pixel in `sparsity`: a grey pixel turned white, or an
    /// XRGB pixel's colour byte changed, and as many again in the unused X byte only.
    static func seeded(width: Int, height: Int, format: Frame.Format, seed: UInt64, sparsity: UInt64) -> (Damage.Before, Frame) {
        var numbers = SeededNumbers(seed: seed)
        let old = Frame(width: width, height: height, format: format, fill: format == .gray8 ? 0 : 40)
        var new = old
        for pixel in 0..<(width * height) {
            switch (format, numbers.next() % (format == .gray8 ? sparsity : 2 * sparsity)) {
            case (.gray8, 0): new.pixels[pixel] = 255
            case (.xrgb8888, 0): new.pixels[pixel * 4 + Int(numbers.next() % 3)] = 200
            case (.xrgb8888, 1): new.pixels[pixel * 4 + 3] = 0
            default: break
            }
        }
        return (Damage.Before(area: old.bounds, frame: old), new)
    }
}
