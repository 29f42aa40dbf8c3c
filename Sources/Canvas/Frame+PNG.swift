import CPangoCairo
import FoundationEssentials

/// Why a PNG could not be written, or a PNG or JPEG image read.
package enum PNGError: Error, CustomStringConvertible, Equatable {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)

    package var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write PNG '\(path)': \(reason)"
        case let .cannotRead(path, reason): "cannot read the image '\(path)': \(reason)"
        }
    }
}

extension Frame {
    /// Writes the frame as an 8-bit RGB PNG (grey frames are widened first).
    package func writePNG(to path: String) throws(PNGError) {
        let status = withRGBSurface { cairo_surface_write_to_png($0, path) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// The frame as an 8-bit RGB PNG file's bytes, made in memory (a snapshot sent over
    /// the control socket, for the client to write with its own rights).
    package func pngData() throws(PNGError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = withRGBSurface { surface in
            withExtendedLifetime(sink) {
                cairo_surface_write_to_png_stream(surface, { context, bytes, length in
                    let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                    sink.data.append(bytes!, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: "(memory)", reason: String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }

    /// `body` with a Cairo RGB surface over the frame's pixels as 32-bit (grey frames are
    /// widened first). Only read: the surface is written out, never drawn on, so a frame
    /// whose buffer is shared (the mailbox's) is not copied first — at 800 × 480 that copy
    /// was 1.5 MB that malloc then kept resident.
    private func withRGBSurface(_ body: (OpaquePointer?) -> cairo_status_t) -> cairo_status_t {
        let frame = xrgb()
        let (w, h, stride) = (Int32(width), Int32(height), Int32(frame.bytesPerRow))
        return frame.pixels.withUnsafeBytes { raw in
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_RGB24, w, h, stride)
            defer { cairo_surface_destroy(surface) }
            return body(surface)
        }
    }

    /// Reads a PNG into a 32-bit frame, composited over black.
    package init(contentsOfPNG path: String) throws(PNGError) {
        let bitmap = try Bitmap(contentsOfPNG: path)
        var frame = Frame(width: bitmap.width, height: bitmap.height)
        frame.draw { canvas in
            canvas.draw(bitmap, in: Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)))
        }
        self = frame
    }
}
