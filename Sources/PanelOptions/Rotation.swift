import Canvas

/// How a panel is mounted: the picture is turned clockwise by this many degrees on its way
/// to the device, so it reads upright on a screen mounted sideways or upside down.
package enum Rotation: Int, Sendable, CaseIterable, Codable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// The device's size for a frame of `width`×`height`.
    package func deviceSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The frame's size for a device of `width`×`height`.
    package func frameSize(deviceWidth width: Int, deviceHeight height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    package var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// Where `rect` of a `frameWidth`×`frameHeight` frame lands on the device.
    package func deviceRect(_ rect: PixelRect, frameWidth: Int, frameHeight: Int) -> PixelRect {
        switch self {
        case .none: rect
        case .clockwise90: PixelRect(x: frameHeight - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .upsideDown: PixelRect(x: frameWidth - rect.maxX, y: frameHeight - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270: PixelRect(x: rect.y, y: frameWidth - rect.maxX, width: rect.height, height: rect.width)
        }
    }
}
