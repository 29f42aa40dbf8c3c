import Canvas
import PanelOptions

/// A picture of the screen for a device that fetches one over the network instead of
/// driving a panel: a Kindle or Kobo in online-screensaver mode, an ESP32 e-paper board,
/// a TRMNL. The frame goes through the same conversion and position-only dithering as a
/// panel of that depth, then into a BMP file, the format such firmware reads.
package struct ClientScreen: Sendable {
    /// The inks the device shows.
    package typealias Depth = ClientDepth

    package let depth: Depth

    package init(depth: Depth) {
        self.depth = depth
    }

    /// The greys pictures are error-diffused over for this device, as for a panel of its
    /// depth; nil for colour.
    package var pictureInks: PictureInks? { depth.levels.map { .greys(levels: $0) } }

    /// The frame as an uncompressed Windows BMP (BITMAPINFOHEADER, rows bottom-up, each
    /// padded to four bytes): 1 bit a pixel with a black-and-white palette, 4 bits with a
    /// palette of the greys used, or 24-bit BGR. An 800 × 480 black-and-white screen is
    /// 48,062 bytes.
    package func bmp(_ frame: Frame) -> [UInt8] {
        let (width, height) = (frame.width, frame.height)
        let rowBytes = (width * depth.bitsPerPixel + 31) / 32 * 4
        let paletteColours = depth.levels ?? 0
        let pixelOffset = 14 + 40 + paletteColours * 4
        var file = [UInt8]()
        file.reserveCapacity(pixelOffset + rowBytes * height)
        func le(_ value: Int, _ bytes: Int) { for i in 0..<bytes { file.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
        // BITMAPFILEHEADER
        file += [0x42, 0x4D]
        le(pixelOffset + rowBytes * height, 4)
        le(0, 4)
        le(pixelOffset, 4)
        // BITMAPINFOHEADER: positive height, so rows run bottom-up as every reader expects.
        le(40, 4); le(width, 4); le(height, 4); le(1, 2); le(depth.bitsPerPixel, 2)
        le(0, 4); le(rowBytes * height, 4); le(2_835, 4); le(2_835, 4); le(paletteColours, 4); le(0, 4)
        // The palette: index n is grey n × 255 / (levels − 1), as the dithering makes them.
        if let levels = depth.levels {
            for n in 0..<paletteColours {
                let grey = UInt8(n * 255 / (levels - 1))
                file += [grey, grey, grey, 0]
            }
        }
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        let whole = frame.bounds
        rows.withUnsafeMutableBytes { buffer in
            switch depth {
            case .mono:
                // The panel's mono1 is 1 for white, leftmost pixel in the high bit: palette
                // entry 1 is white.
                PixelConverter.convert(frame, rect: whole, to: .mono1, into: buffer, stride: rowBytes)
            case .gray16:
                PixelConverter.convert(frame, rect: whole, to: .gray4, into: buffer, stride: rowBytes)
            case .colour:
                PixelConverter.convert(frame, rect: whole, to: .rgb888, into: buffer, stride: rowBytes)
            case .gray4:
                // Four levels dithered into grey bytes, then packed as palette indices 0–3.
                var grey = [UInt8](repeating: 0, count: width * height)
                grey.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: whole, to: .gray8, into: $0, stride: width, grayLevels: 4) }
                for y in 0..<height {
                    for x in 0..<width {
                        let index = UInt8(grey[y * width + x] / 85)
                        buffer[y * rowBytes + x / 2] |= x & 1 == 0 ? index << 4 : index
                    }
                }
            }
        }
        for y in (0..<height).reversed() { file += rows[y * rowBytes..<(y + 1) * rowBytes] }
        return file
    }

    /// The frame as the device will show it, back in canonical pixels: what a test or a
    /// preview compares.
    package func shown(_ frame: Frame) -> Frame {
        guard let levels = depth.levels else { return frame }
        var grey = Frame(width: frame.width, height: frame.height, format: .gray8)
        let stride = grey.bytesPerRow
        grey.pixels.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: frame.bounds, to: .gray8, into: $0, stride: stride, grayLevels: levels) }
        return grey
    }

    /// The file a device fetches: a BMP, or a PNG of the greys it will show; nil when
    /// the PNG cannot be made.
    package func file(_ frame: Frame, bmp: Bool) -> [UInt8]? {
        bmp ? self.bmp(frame) : (try? shown(frame).pngData()).map(Array.init)
    }
}
