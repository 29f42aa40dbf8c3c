import Canvas
import Testing
@testable import Panel

/// The change mask read two XRGB pixels at a time, an area's bits as the cut memory keys
/// them, and cuts taken from memory against cuts searched for.
@Suite("Damage cut memory")
struct DamageCutMemoryTests {
    static func frames(width: Int, height: Int, seed: UInt64, sparsity: UInt64) -> (Damage.Before, Frame) {
        Damage.Before.seeded(width: width, height: height, format: .xrgb8888, seed: seed, sparsity: sparsity)
    }

    @Test("an XRGB mask, two pixels a load, holds the pixels whose colour changed and no other")
    func xrgbMask() {
        // Odd widths leave a pixel after the last pair.
        for (width, seed) in [(1, 1), (2, 2), (37, 3), (150, 4)] as [(Int, UInt64)] {
            let (old, new) = Self.frames(width: width, height: 9, seed: seed, sparsity: 3)
            let mask = Damage.ChangeMask(old, new, new.bounds)
            for y in 0..<9 {
                for x in 0..<width {
                    let at = y * new.bytesPerRow + x * 4
                    let changed = (0..<3).contains { old.pixels.pixels[at + $0] != new.pixels[at + $0] }
                    #expect(mask.isChanged(x: x, y: y) == changed, "width \(width), pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("an area's bits are its pixels' changes from its corner, whole words a row")
    func bits() {
        let (old, new) = Self.frames(width: 150, height: 20, seed: 9, sparsity: 4)
        let mask = Damage.ChangeMask(old, new, new.bounds)
        for area in [new.bounds, PixelRect(x: 63, y: 1, width: 2, height: 9), PixelRect(x: 1, y: 3, width: 127, height: 17), PixelRect(x: 64, y: 0, width: 64, height: 3), PixelRect(x: 70, y: 2, width: 80, height: 5)] {
            let bits = mask.bits(of: area)
            let words = (area.width + 63) / 64
            #expect(bits.count == words * area.height)
            for y in 0..<area.height {
                for x in 0..<(words * 64) {
                    let set = bits[y * words + x / 64] >> UInt64(x % 64) & 1 == 1
                    #expect(set == (x < area.width && mask.isChanged(x: area.x + x, y: area.y + y)), "\(area), (\(x), \(y))")
                }
            }
        }
    }

    @Test("a display's damage with its cuts remembered is the damage searched afresh, and changes seen before are not searched again")
    func remembered() {
        let damage = Damage.serialPanel
        var memory = Damage.CutMemory()
        // Three changes, each three times, as a clock's digits come round again.
        for round in 0..<9 {
            let (old, new) = Self.frames(width: 120, height: 70, seed: UInt64(round % 3 + 20), sparsity: 30)
            #expect(damage.rectangles(from: [old], to: new, memory: &memory) == damage.rectangles(from: [old], to: new), "round \(round)")
        }
        #expect(memory.misses > 0)
        #expect(memory.hits >= 2 * memory.misses)
    }

    @Test("the memory keeps its most recently used cuts and no more than its capacity")
    func bounded() {
        var memory = Damage.CutMemory()
        func key(_ n: Int) -> Damage.CutMemory.Key { .init(width: 64, height: 1, bits: [UInt64(n)]) }
        var made = 0
        func cut(_ n: Int) { _ = memory.cut(key(n)) { made += 1; return [PixelRect(x: n, y: 0, width: 1, height: 1)] } }
        for n in 0..<Damage.CutMemory.capacity { cut(n) }
        cut(0)  // used again: the least recently used is now 1
        cut(Damage.CutMemory.capacity)
        #expect(made == Damage.CutMemory.capacity + 1)
        cut(0)
        #expect(made == Damage.CutMemory.capacity + 1)
        cut(1)
        #expect(made == Damage.CutMemory.capacity + 2)
        #expect(memory.count <= Damage.CutMemory.capacity)
    }
}
