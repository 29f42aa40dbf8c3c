import PanelOptions

// The rotation pixel by pixel: in Panel, beside the conversion and the glass that call it
// for every pixel, so the call is inlined there (a call across modules per pixel costs
// what docs/PERFORMANCE.md measures).
extension Rotation {
    /// The frame pixel shown at device pixel (`x`, `y`).
    @inline(__always)
    package func framePoint(deviceX x: Int, deviceY y: Int, frameWidth: Int, frameHeight: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: (x, y)
        case .clockwise90: (y, frameHeight - 1 - x)
        case .upsideDown: (frameWidth - 1 - x, frameHeight - 1 - y)
        case .clockwise270: (frameWidth - 1 - y, x)
        }
    }
}
