/// How a touch screen's axes meet the panel's pixels: swapped or mirrored axes (a panel
/// mounted turned), a calibration (libinput's matrix: x' = a·x + b·y + c, y' = d·x + e·y + f,
/// on fractions of the axes), then the frame's size.
package struct TouchMapping: Sendable, Equatable {
    package var swapXY = false
    package var invertX = false
    package var invertY = false
    package var calibration: [Double] = [1, 0, 0, 0, 1, 0]
    /// How the panel is mounted (`rotate`): a touch on the panel's glass is a point of
    /// the picture turned back by it.
    package var rotation = Rotation.none

    package init(swapXY: Bool = false, invertX: Bool = false, invertY: Bool = false, calibration: [Double] = [1, 0, 0, 0, 1, 0]) {
        self.swapXY = swapXY
        self.invertX = invertX
        self.invertY = invertY
        self.calibration = calibration.count == 6 ? calibration : [1, 0, 0, 0, 1, 0]
    }

    /// A tap's fractions as a point of a `width` × `height` frame, in pixels; nil outside it.
    package func point(x: Double, y: Double, width: Int, height: Int) -> (x: Double, y: Double)? {
        var (u, v) = swapXY ? (y, x) : (x, y)
        if invertX { u = 1 - u }
        if invertY { v = 1 - v }
        let c = calibration
        let cu = c[0] * u + c[1] * v + c[2], cv = c[3] * u + c[4] * v + c[5]
        guard (0...1).contains(cu), (0...1).contains(cv) else { return nil }
        // The panel's glass is the frame turned clockwise by the rotation; turn it back.
        let (fx, fy): (Double, Double) = switch rotation {
        case .none: (cu, cv)
        case .clockwise90: (cv, 1 - cu)
        case .upsideDown: (1 - cu, 1 - cv)
        case .clockwise270: (1 - cv, cu)
        }
        return (min(fx * Double(width), Double(width) - 0.5), min(fy * Double(height), Double(height) - 0.5))
    }
}
