import CPangoCairo

/// A whole screen of canonical pixels: everything draws into one of these, and the
/// panel converts only damaged rectangles of it to the device's own format.
package struct Frame: Equatable, Sendable {
    /// The two canonical layouts: 32-bit XRGB (little-endian words, as Cairo's RGB24)
    /// and one byte of grey per pixel.
    package enum Format: String, Sendable, CaseIterable {
        case xrgb8888
        case gray8

        package var bytesPerPixel: Int { self == .xrgb8888 ? 4 : 1 }
    }

    package let width: Int
    package let height: Int
    package let format: Format
    package let bytesPerRow: Int
    package var pixels: [UInt8]

    /// A frame filled with one grey level (0 black ... 255 white).
    package init(width: Int, height: Int, format: Format = .xrgb8888, fill: UInt8 = 0) {
        precondition(width > 0 && height > 0, "a frame has at least one pixel")
        if format == .xrgb8888 {
            // Written in place: building it from rows would pass through growing
            // intermediate arrays, touching twice the frame's memory for a moment.
            self.init(width: width, height: height, format: format) { buffer in
                let row = width * 4
                for x in 0..<width {
                    buffer[x * 4] = fill
                    buffer[x * 4 + 1] = fill
                    buffer[x * 4 + 2] = fill
                    buffer[x * 4 + 3] = 0xFF
                }
                for y in 1..<height { (buffer.baseAddress! + y * row).copyMemory(from: buffer.baseAddress!, byteCount: row) }
            }
        } else {
            self.init(width: width, height: height, format: format) { _ = $0.initializeMemory(as: UInt8.self, repeating: fill) }
        }
    }

    /// A frame of the given shape whose every byte `write` sets, in a buffer not
    /// initialised before: copies are made without first filling what they overwrite.
    private init(width: Int, height: Int, format: Format, writing write: (UnsafeMutableRawBufferPointer) -> Void) {
        (self.width, self.height, self.format) = (width, height, format)
        bytesPerRow = width * format.bytesPerPixel
        let total = bytesPerRow * height
        pixels = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            write(UnsafeMutableRawBufferPointer(buffer))
            count = total
        }
    }

    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Copies the pixels of `rects` from `source`, a frame of the same shape: keeping a
    /// second frame up to date costs the changed rectangles, not the whole screen.
    package mutating func copy(_ rects: [PixelRect], from source: Frame) {
        precondition(source.width == width && source.height == height && source.format == format, "frames differ in shape")
        for rect in rects { place(source, atX: 0, y: 0, within: rect) }
    }

    /// Copies `source`, a frame of the same format whose top-left pixel goes to (`x`, `y`),
    /// into this one, only inside `area` (this frame's coordinates) and both frames' bounds.
    package mutating func place(_ source: Frame, atX x: Int, y: Int, within area: PixelRect) {
        precondition(source.format == format, "frames differ in format")
        let r = area.intersection(bounds).intersection(PixelRect(x: x, y: y, width: source.width, height: source.height))
        guard !r.isEmpty else { return }
        let bpp = format.bytesPerPixel
        source.pixels.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                for row in r.y..<r.maxY {
                    (dst.baseAddress! + (row * bytesPerRow + r.x * bpp))
                        .copyMemory(from: src.baseAddress! + ((row - y) * source.bytesPerRow + (r.x - x) * bpp), byteCount: r.width * bpp)
                }
            }
        }
    }

    /// A copy that shares no storage with this frame, so that drawing into either never
    /// copies the whole screen behind the scenes.
    package func separateCopy() -> Frame {
        pixels.withUnsafeBytes { source in Frame(width: width, height: height, format: format) { $0.copyMemory(from: source) } }
    }

    /// The pixel at (x, y) as grey 0...255 (luminance for colour frames).
    package func gray(x: Int, y: Int) -> UInt8 {
        switch format {
        case .gray8:
            return pixels[y * bytesPerRow + x]
        case .xrgb8888:
            let i = y * bytesPerRow + x * 4
            return Frame.luma(red: pixels[i + 2], green: pixels[i + 1], blue: pixels[i])
        }
    }

    /// The pixel at (x, y) as (red, green, blue).
    package func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch format {
        case .gray8:
            let g = pixels[y * bytesPerRow + x]
            return (g, g, g)
        case .xrgb8888:
            let i = y * bytesPerRow + x * 4
            return (pixels[i + 2], pixels[i + 1], pixels[i])
        }
    }

    /// Integer Rec. 709 luma, the same weights as `RGBA.luminance`.
    @inline(__always)
    package static func luma(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = UInt32(red) &* 54
        let g = UInt32(green) &* 183
        let b = UInt32(blue) &* 19
        return UInt8((r &+ g &+ b &+ 128) >> 8)
    }

    /// This frame reduced to one grey channel.
    package func grayscale() -> Frame {
        if format == .gray8 { return self }
        var out = Frame(width: width, height: height, format: .gray8)
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height { greys(row: y, from: 0, count: width, into: dst.baseAddress! + y * width) }
        }
        return out
    }

    /// Replaces the colours inside `rect` by their luma: the one luminance channel of the
    /// lock screen's vibrant mode, applied to what drawing cannot tint (emoji, images).
    package mutating func desaturate(_ rect: PixelRect) {
        guard format == .xrgb8888 else { return }
        let r = rect.intersection(bounds)
        guard r.width > 0, r.height > 0 else { return }
        let stride = bytesPerRow
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in r.y..<(r.y + r.height) {
                var p = buffer.baseAddress! + y * stride + r.x * 4
                for _ in 0..<r.width {
                    let level = Frame.luma(red: p[2], green: p[1], blue: p[0])
                    (p[0], p[1], p[2]) = (level, level, level)
                    p += 4
                }
            }
        }
    }

    /// The luma of `count` pixels of row `y` from `x` (clamped to the row), one byte each
    /// into `greys`: one call a row for the panel's dithering, which would otherwise call
    /// `luma` across modules for every pixel.
    package func greys(row y: Int, from x: Int, count: Int, into greys: UnsafeMutablePointer<UInt8>) {
        let count = max(0, min(count, width - x))
        pixels.withUnsafeBufferPointer { src in
            let start = src.baseAddress! + y * bytesPerRow
            if format == .gray8 {
                greys.update(from: start + x, count: count)
                return
            }
            var p = start + x * 4
            for i in 0..<count {
                greys[i] = Frame.luma(red: p[2], green: p[1], blue: p[0])
                p += 4
            }
        }
    }

    /// This frame with every pixel in 32-bit XRGB.
    package func xrgb() -> Frame {
        if format == .xrgb8888 { return self }
        var out = Frame(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width {
                let g = pixels[y * bytesPerRow + x]
                let d = y * out.bytesPerRow + x * 4
                out.pixels[d] = g
                out.pixels[d + 1] = g
                out.pixels[d + 2] = g
            }
        }
        return out
    }

    /// Draws into this frame with Cairo. Only 32-bit frames are drawn into; grey output
    /// is made by `grayscale()` afterwards, so anti-aliasing is computed once, in colour.
    /// `pictureInks`: the inks pictures drawn are error-diffused over (`Canvas`).
    package mutating func draw<Result>(pictureInks: PictureInks? = nil, _ body: (inout Canvas) throws -> Result) rethrows -> Result {
        precondition(format == .xrgb8888, "Cairo draws into 32-bit frames only")
        let (w, h, stride) = (Int32(width), Int32(height), Int32(bytesPerRow))
        return try pixels.withUnsafeMutableBytes { raw in
            let surface = cairo_image_surface_create_for_data(
                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, w, h, stride)
            let context = cairo_create(surface)!
            defer {
                cairo_destroy(context)
                cairo_surface_flush(surface)
                cairo_surface_destroy(surface)
            }
            var canvas = Canvas(context: context, pictureInks: pictureInks)
            return try body(&canvas)
        }
    }

    /// The pixels of `rect` (clipped to the frame) copied into a frame of their own.
    package func cropped(to rect: PixelRect) -> Frame {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return Frame(width: 1, height: 1, format: format) }
        let bpp = format.bytesPerPixel
        let rowBytes = r.width * bpp
        return pixels.withUnsafeBytes { source in
            Frame(width: r.width, height: r.height, format: format) { buffer in
                for row in 0..<r.height {
                    (buffer.baseAddress! + row * rowBytes)
                        .copyMemory(from: source.baseAddress! + ((r.y + row) * bytesPerRow + r.x * bpp), byteCount: rowBytes)
                }
            }
        }
    }
}
