import CFramebuffer
import Canvas
import FoundationEssentials
import Glibc
import PanelOptions

/// A Linux framebuffer (`/dev/fbN`): its screen info read with `FBIOGET_VSCREENINFO` and
/// `FBIOGET_FSCREENINFO`, its memory mapped, the pixel format taken from the bit depth and
/// colour bitfields. Writes land in the mapped memory; drivers that need manual updates
/// (SPI panels, virtio-gpu under fbdev emulation) collect the touched pages themselves
/// (deferred I/O), so writing fewer rows is what makes an update cheap. An e-reader's
/// EPDC framebuffer is told each region to show (`EPDC`).
///
/// An SPI panel on fbtft is not `onSerialBus`: fbtft sends, at each of its periods, every
/// row from the first touched page's to the last's, whole, whatever rectangles were
/// written, so cutting the damage finer would cost CPU and save nothing on the bus.
package final class FramebufferDevice: PanelDevice {
    private let file: DeviceFile
    package let width: Int
    package let height: Int
    package let format: PixelFormat
    package let stride: Int
    package let pixels: UnsafeMutableRawBufferPointer
    private let mapping: UnsafeMutableRawBufferPointer
    private var console: ConsoleMode?
    private let epdc: EPDC?
    private var marker: UInt32 = 0

    package var name: String { "\(file.path) \(width)×\(height) \(format.rawValue)" }

    /// Opens `path`; `format` overrides the detected pixel format; `console` (normally a
    /// `ConsoleMode`) is restored on `close()`; `epdc` names the e-reader's controller.
    package init(path: String, format override: PixelFormat? = nil, console: ConsoleMode? = nil, epdc: EPDC? = nil) throws(DisplayError) {
        file = try DeviceFile(path: path)
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        if let code = file.control(CFramebuffer_FBIOGET_VSCREENINFO, &variable) {
            throw code == ENOTTY || code == EINVAL ? .notAFramebuffer(path: path) : .deviceFailed(path: path, call: "FBIOGET_VSCREENINFO", reason: DeviceFile.reason(code))
        }
        if let code = file.control(CFramebuffer_FBIOGET_FSCREENINFO, &fixed) {
            throw .deviceFailed(path: path, call: "FBIOGET_FSCREENINFO", reason: DeviceFile.reason(code))
        }
        let detected = Self.format(of: variable)
        guard let chosen = override ?? detected else { throw .unsupportedPixelFormat(path: path, found: Self.describe(variable)) }
        width = Int(variable.xres)
        height = Int(variable.yres)
        format = chosen
        stride = Int(fixed.line_length)
        guard stride >= chosen.minimumStride(width: width), Int(fixed.smem_len) >= stride * height else {
            throw .unsupportedPixelFormat(path: path, found: "\(Self.describe(variable)) with \(stride) bytes a row and \(fixed.smem_len) bytes of memory")
        }
        mapping = try file.map(length: Int(fixed.smem_len))
        // Draw into the page being shown (a panned framebuffer shows a later one).
        let offset = Int(variable.yoffset) * stride + Int(variable.xoffset) * chosen.bitsPerPixel / 8
        pixels = UnsafeMutableRawBufferPointer(rebasing: mapping[offset..<(offset + stride * height)])
        self.console = console
        self.epdc = epdc
    }

    /// The format a screen info describes, or nil when lockscreend cannot draw it.
    package static func format(of info: fb_var_screeninfo) -> PixelFormat? {
        let (red, blue) = (info.red.offset, info.blue.offset)
        switch info.bits_per_pixel {
        case 32 where red == 16 && blue == 0: return .xrgb8888
        case 32 where red == 0 && blue == 16: return .xbgr8888
        case 24 where red == 16 && blue == 0: return .rgb888
        case 16 where red == 11 && blue == 0: return .rgb565
        case 16 where red == 0 && blue == 11: return .bgr565
        case 8 where info.grayscale != 0 || info.red.length == 0 || (red == blue && info.red.length == 8): return .gray8
        case 4 where info.grayscale != 0: return .gray4
        case 1: return .mono1
        default: return nil
        }
    }

    static func describe(_ info: fb_var_screeninfo) -> String {
        "\(info.bits_per_pixel) bpp (red \(info.red.offset)/\(info.red.length), green \(info.green.offset)/\(info.green.length), blue \(info.blue.offset)/\(info.blue.length), grayscale \(info.grayscale))"
    }

    /// Nothing to send for a plain framebuffer: the pixels are already in its memory. An
    /// EPDC gets one update per rectangle; a full refresh first waits for the updates
    /// before it, so its flash is not cut short.
    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        guard let epdc else { return }
        let full = update.refresh == .full
        if full, marker > 0, let code = epdc.wait(file, marker: marker) {
            throw .deviceFailed(path: file.path, call: "MXCFB_WAIT_FOR_UPDATE_COMPLETE", reason: DeviceFile.reason(code))
        }
        for (i, rect) in update.rects.enumerated() {
            marker = marker == UInt32.max ? 1 : marker + 1
            let waveform = i < update.waveforms.count ? update.waveforms[i] : (full ? .gc16 : .gl16)
            if let code = epdc.send(file, rect: rect, waveform: waveform, full: full, marker: marker) {
                throw .deviceFailed(path: file.path, call: "MXCFB_SEND_UPDATE (\(epdc.rawValue))", reason: DeviceFile.reason(code))
            }
        }
    }

    /// `FBIOBLANK`, powered down or unblanked, as the console's blanker does; an
    /// e-reader's EPDC keeps its picture unpowered and is left alone.
    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) {
        guard epdc == nil else { return }
        let value = on ? CFramebuffer_FB_BLANK_UNBLANK : CFramebuffer_FB_BLANK_POWERDOWN
        if let code = file.control(CFramebuffer_FBIOBLANK, value: value) {
            throw .deviceFailed(path: file.path, call: "FBIOBLANK", reason: DeviceFile.reason(code))
        }
    }

    package func close() {
        console?.restore()
        console = nil
    }

    deinit {
        munmap(mapping.baseAddress, mapping.count)
        console?.restore()
    }
}
