import Canvas
import PanelOptions

// A frame's colours as a palette's inks, pixel by pixel: in Panel, beside the pixel
// conversion that calls it for every pixel, so the call is inlined there (a call across
// modules per pixel costs what docs/PERFORMANCE.md measures).
extension PanelPalette {
    /// The ink for the colour (red, green, blue) at device pixel (x, y).
    @inline(__always)
    package func index(red: UInt8, green: UInt8, blue: UInt8, x: Int, y: Int) -> UInt8 {
        let high = max(red, green, blue), low = min(red, green, blue)
        if Int(high) - Int(low) >= Self.hueThreshold {
            let ink = nearest(red: red, green: green, blue: blue)
            if !greys.contains(ink) { return ink }
        }
        let luma = Frame.luma(red: red, green: green, blue: blue)
        return greys[OrderedDither.quantize(luma, x: x, y: y, levels: greys.count)]
    }

    /// The ink closest to the colour, by squared distance weighted as the eye weighs
    /// the channels (2, 4, 3).
    package func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        var best = inks[0].index, bestDistance = Int.max
        for ink in inks {
            let dr = Int(red) - Int(ink.red), dg = Int(green) - Int(ink.green), db = Int(blue) - Int(ink.blue)
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < bestDistance { (best, bestDistance) = (ink.index, distance) }
        }
        return best
    }
}
