import Canvas
import PanelOptions

/// Converts canonical frame pixels to a device format, one rectangle at a time, so only
/// damaged pixels are touched. Grey formats below 8 bits are dithered by position.
package enum PixelConverter {
    /// Writes the pixels of `rect` (clamped to the frame) into `destination`, laid out
    /// with `stride` bytes per row, turned by `rotation` onto the device. Returns the
    /// device rectangle written: the turned `rect`, widened to whole bytes for packed
    /// formats. Dithering follows device pixels, so a change stays inside its rectangle.
    /// `grayLevels` below 256 dithers 8-bit grey to that many levels, for an e-ink panel
    /// behind an 8-bit framebuffer. `.palette4` takes the panel's `palette`.
    @discardableResult
    package static func convert(
        _ frame: Frame, rect: PixelRect, to format: PixelFormat,
        into destination: UnsafeMutableRawBufferPointer, stride: Int, rotation: Rotation = .none, grayLevels: Int = 256,
        palette: PanelPalette? = nil
    ) -> PixelRect {
        let (fw, fh) = (frame.width, frame.height)
        let (dw, dh) = rotation.deviceSize(width: fw, height: fh)
        let device = PixelRect(x: 0, y: 0, width: dw, height: dh)
        let r = aligned(rotation.deviceRect(rect.intersection(frame.bounds), frameWidth: fw, frameHeight: fh), for: format).intersection(device)
        guard !r.isEmpty else { return r }
        if rotation == .none, frame.format == .xrgb8888, format == .xrgb8888 || format == .rgb565 {
            copyUnrotated(frame, r, format, destination, stride)
            return r
        }
        if rotation == .none, format == .gray4 {
            ditherGray4Unrotated(frame, r, destination, stride)
            return r
        }
        let dst = destination.bindMemory(to: UInt8.self)
        frame.pixels.withUnsafeBufferPointer { src in
            for y in r.y..<r.maxY {
                let row = y * stride
                for x in r.x..<r.maxX {
                    let (sx, sy) = rotation.framePoint(deviceX: x, deviceY: y, frameWidth: fw, frameHeight: fh)
                    let srcRow = sy * frame.bytesPerRow
                    switch format {
                    case .xrgb8888, .xbgr8888, .rgb888, .rgb565, .bgr565:
                        let (red, green, blue) = rgb(src, frame, srcRow, sx)
                        write(format, red, green, blue, dst, row, x)
                    case .gray8 where grayLevels < 256:
                        let level = OrderedDither.quantize(gray(src, frame, srcRow, sx), x: x, y: y, levels: grayLevels)
                        dst[row + x] = UInt8(level * 255 / (grayLevels - 1))
                    case .gray8:
                        dst[row + x] = gray(src, frame, srcRow, sx)
                    case .gray4:
                        let level = UInt8(OrderedDither.quantize(gray(src, frame, srcRow, sx), x: x, y: y, levels: 16))
                        let i = row + x / 2
                        dst[i] = x & 1 == 0 ? (dst[i] & 0x0F) | (level << 4) : (dst[i] & 0xF0) | level
                    case .palette4:
                        let (red, green, blue) = rgb(src, frame, srcRow, sx)
                        let ink = palette?.index(red: red, green: green, blue: blue, x: x, y: y) ?? 1
                        let i = row + x / 2
                        dst[i] = x & 1 == 0 ? (dst[i] & 0x0F) | (ink << 4) : (dst[i] & 0xF0) | ink
                    case .mono1:
                        let on = OrderedDither.quantize(gray(src, frame, srcRow, sx), x: x, y: y, levels: 2) == 1
                        let i = row + x / 8
                        let bit = UInt8(0x80) >> UInt8(x & 7)
                        dst[i] = on ? dst[i] | bit : dst[i] & ~bit
                    }
                }
            }
        }
        return r
    }

    /// The common cases without rotation, row by row: XRGB is copied as it is (the frame's
    /// own layout), RGB565 packed from whole 32-bit pixels. Same results as the general
    /// loop, which the tests compare against.
    private static func copyUnrotated(_ frame: Frame, _ r: PixelRect, _ format: PixelFormat, _ destination: UnsafeMutableRawBufferPointer, _ stride: Int) {
        frame.pixels.withUnsafeBytes { src in
            for y in r.y..<r.maxY {
                let from = src.baseAddress! + y * frame.bytesPerRow + r.x * 4
                if format == .xrgb8888 {
                    (destination.baseAddress! + y * stride + r.x * 4).copyMemory(from: from, byteCount: r.width * 4)
                    continue
                }
                let to = destination.baseAddress! + y * stride + r.x * 2
                for i in 0..<r.width {
                    let p = from.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    let value = UInt16(truncatingIfNeeded: (p >> 8) & 0xF800 | (p >> 5) & 0x07E0 | (p >> 3) & 0x001F)
                    to.storeBytes(of: value.littleEndian, toByteOffset: i * 2, as: UInt16.self)
                }
            }
        }
    }

    /// 16 grey levels, dithered, without rotation: whole bytes (the rectangle is aligned
    /// to pairs of pixels), the level looked up by threshold and grey instead of computed,
    /// the source format decided once per rectangle rather than at each pixel. The first
    /// frame converts the whole screen this way.
    private static func ditherGray4Unrotated(_ frame: Frame, _ r: PixelRect, _ destination: UnsafeMutableRawBufferPointer, _ stride: Int) {
        let (minX, maxX) = (r.x, r.maxX)
        gray4Levels.withUnsafeBufferPointer { levels in
            OrderedDither.matrix.withUnsafeBufferPointer { matrix in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: r.width) { row in
                    let greys = row.baseAddress! - minX
                    for y in r.y..<r.maxY {
                        frame.greys(row: y, from: minX, count: r.width, into: row.baseAddress!)
                        let to = (destination.baseAddress! + y * stride).assumingMemoryBound(to: UInt8.self)
                        let thresholds = matrix.baseAddress! + (y & 7) * 8
                        var x = minX
                        while x < maxX {
                            let left = levels[Int(thresholds[x & 7]) << 8 | Int(greys[x])]
                            // A frame of odd width ends on a left pixel; the byte's other half is padding.
                            let right = x + 1 < maxX ? levels[Int(thresholds[(x + 1) & 7]) << 8 | Int(greys[x + 1])] : to[x >> 1] & 0x0F
                            to[x >> 1] = left << 4 | right
                            x += 2
                        }
                    }
                }
            }
        }
    }

    /// `OrderedDither.quantize` to 16 levels for every threshold (high 6 bits of the
    /// index) and grey (low 8 bits), read off the matrix position holding that threshold.
    private static let gray4Levels: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 64 * 256)
        for position in 0..<64 {
            let threshold = Int(OrderedDither.matrix[position])
            for grey in 0..<256 {
                table[threshold << 8 | grey] = UInt8(OrderedDither.quantize(UInt8(grey), x: position % 8, y: position / 8, levels: 16))
            }
        }
        return table
    }()

    /// `rect` widened so that packed formats never split a byte between two writes.
    package static func aligned(_ rect: PixelRect, for format: PixelFormat) -> PixelRect {
        let n = format.pixelsPerByte
        guard n > 1 else { return rect }
        let x0 = rect.x / n * n
        let x1 = (rect.maxX + n - 1) / n * n
        return PixelRect(x: x0, y: rect.y, width: x1 - x0, height: rect.height)
    }

    @inline(__always)
    private static func rgb(_ src: UnsafeBufferPointer<UInt8>, _ frame: Frame, _ row: Int, _ x: Int) -> (UInt8, UInt8, UInt8) {
        if frame.format == .gray8 {
            let g = src[row + x]
            return (g, g, g)
        }
        let i = row + x * 4
        return (src[i + 2], src[i + 1], src[i])
    }

    @inline(__always)
    private static func gray(_ src: UnsafeBufferPointer<UInt8>, _ frame: Frame, _ row: Int, _ x: Int) -> UInt8 {
        if frame.format == .gray8 { return src[row + x] }
        let i = row + x * 4
        return Frame.luma(red: src[i + 2], green: src[i + 1], blue: src[i])
    }

    @inline(__always)
    private static func write(_ format: PixelFormat, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ dst: UnsafeMutableBufferPointer<UInt8>, _ row: Int, _ x: Int) {
        switch format {
        case .xrgb8888, .xbgr8888:
            let i = row + x * 4
            let (first, third) = format == .xrgb8888 ? (b, r) : (r, b)
            dst[i] = first
            dst[i + 1] = g
            dst[i + 2] = third
            dst[i + 3] = 0xFF
        case .rgb888:
            let i = row + x * 3
            dst[i] = b
            dst[i + 1] = g
            dst[i + 2] = r
        default:
            let (hi, lo) = format == .rgb565 ? (r, b) : (b, r)
            let value = UInt16(hi >> 3) << 11 | UInt16(g >> 2) << 5 | UInt16(lo >> 3)
            let i = row + x * 2
            dst[i] = UInt8(value & 0xFF)
            dst[i + 1] = UInt8(value >> 8)
        }
    }
}
