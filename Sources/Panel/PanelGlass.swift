import Canvas
import PanelOptions

/// What an e-paper panel shows of a frame, to see it before the panel is bought
/// (`lockscreend snapshot --panel`): the frame converted exactly as the panel's driver
/// converts it (its pixel format, rotation, inks and dithering), then each device pixel
/// painted back as its ink looks — a colour ink as the vendor measured it, a grey as its
/// level — and turned back the way a person sees the mounted panel.
package enum PanelGlass {
    /// The inks pictures are diffused over on a device of `format` (what
    /// `PanelDisplay.pictureInks` gives for it), a colour palette's at `saturation`. A
    /// black-and-white panel whose full refreshes show four greys (`EPDModel.greys`) gets
    /// none: its pictures are ordered-dithered over the greys with the rest, which came
    /// closer to every test photo than error diffusion over them did (docs/DISPLAYS.md).
    package static func pictureInks(format: PixelFormat, palette: PanelPalette?, eink: Bool, saturation: Double? = nil, greys: Int? = nil) -> PictureInks? {
        switch format {
        case .palette4: palette?.pictureInks(saturation: saturation ?? PanelPalette.defaultSaturation)
        case .mono1: (greys ?? 2) > 2 ? nil : .greys(levels: 2)  // `.greys(levels: 4)` to diffuse over the four
        case .gray4: .greys(levels: 16)
        case .gray8: eink ? .greys(levels: 16) : nil
        default: nil
        }
    }

    /// `frame` (as large as the model's glass turned by `rotation`) as the model shows it.
    /// The inks pictures are diffused over on `model`'s glass.
    package static func pictureInks(of model: EPDModel, saturation: Double?) -> PictureInks? {
        pictureInks(format: model.pixelFormat, palette: model.palette, eink: true, saturation: saturation, greys: model.greys)
    }

    /// A model with 4-grey full refreshes shows its frame in those greys, as its cleaning
    /// refresh leaves it.
    package static func picture(of frame: Frame, model: EPDModel, rotation: Rotation) -> Frame {
        let format = model.greys > 2 ? PixelFormat.gray8 : model.pixelFormat
        return picture(of: frame, format: format, palette: model.palette, width: model.width, height: model.height, rotation: rotation, levels: model.greys > 2 ? model.greys : 16)
    }

    /// `frame`, of any size, as glass of `model`'s inks shows it, unturned: the tiles of
    /// `lockscreend preview --panel`.
    package static func picture(of frame: Frame, inksOf model: EPDModel) -> Frame {
        let format = model.greys > 2 ? PixelFormat.gray8 : model.pixelFormat
        return picture(of: frame, format: format, palette: model.palette, width: frame.width, height: frame.height, rotation: .none, levels: model.greys > 2 ? model.greys : 16)
    }

    /// `frame` converted to a device `width`×`height` of `format` as the driver converts
    /// it, each device pixel painted back as its ink looks.
    private static func picture(of frame: Frame, format: PixelFormat, palette: PanelPalette?, width: Int, height: Int, rotation: Rotation, levels: Int = 16) -> Frame {
        let stride = format.minimumStride(width: width)
        var device = [UInt8](repeating: 0, count: stride * height)
        device.withUnsafeMutableBytes { buffer in
            _ = PixelConverter.convert(frame, rect: frame.bounds, to: format, into: buffer, stride: stride, rotation: rotation, grayLevels: levels, palette: palette)
        }
        // How each of a palette's sixteen indices looks, worked out once (white where unused).
        let inks = (0..<16).map { index in palette?.inks.first { $0.index == index }.map { ($0.looks.red, $0.looks.green, $0.looks.blue) } ?? (255, 255, 255) }
        var shown = Frame(width: frame.width, height: frame.height, fill: 255)
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = looks(device, stride: stride, x: x, y: y, format: format, inks: inks)
                let (fx, fy) = rotation.framePoint(deviceX: x, deviceY: y, frameWidth: frame.width, frameHeight: frame.height)
                let i = fy * shown.bytesPerRow + fx * 4
                (shown.pixels[i + 2], shown.pixels[i + 1], shown.pixels[i]) = (red, green, blue)
            }
        }
        return shown
    }

    /// How the device pixel (x, y) looks.
    private static func looks(_ device: [UInt8], stride: Int, x: Int, y: Int, format: PixelFormat, inks: [(UInt8, UInt8, UInt8)]) -> (UInt8, UInt8, UInt8) {
        switch format {
        case .mono1:
            let white = device[y * stride + x / 8] & (0x80 >> UInt8(x & 7)) != 0
            return white ? (255, 255, 255) : (0, 0, 0)
        case .gray4:
            let byte = device[y * stride + x / 2]
            let level = (x & 1 == 0 ? byte >> 4 : byte & 0x0F) * 17
            return (level, level, level)
        case .gray8:
            // Greys converted to fewer levels (a 4-grey full refresh's), a byte a pixel.
            let level = device[y * stride + x]
            return (level, level, level)
        default:
            let byte = device[y * stride + x / 2]
            return inks[Int(x & 1 == 0 ? byte >> 4 : byte & 0x0F)]
        }
    }
}
