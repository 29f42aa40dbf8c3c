import CFramebuffer
import Foundation
@testable import Panel
import PanelOptions
import Testing

@Suite("Devices")
struct DeviceTests {
    static func info(bpp: UInt32, red: (UInt32, UInt32), green: (UInt32, UInt32), blue: (UInt32, UInt32), grayscale: UInt32 = 0) -> fb_var_screeninfo {
        var info = fb_var_screeninfo()
        info.bits_per_pixel = bpp
        info.red = fb_bitfield(offset: red.0, length: red.1, msb_right: 0)
        info.green = fb_bitfield(offset: green.0, length: green.1, msb_right: 0)
        info.blue = fb_bitfield(offset: blue.0, length: blue.1, msb_right: 0)
        info.grayscale = grayscale
        return info
    }

    @Test("the framebuffer's pixel format comes from its depth and colour bitfields")
    func formats() {
        #expect(FramebufferDevice.format(of: Self.info(bpp: 32, red: (16, 8), green: (8, 8), blue: (0, 8))) == .xrgb8888)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 32, red: (0, 8), green: (8, 8), blue: (16, 8))) == .xbgr8888)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 24, red: (16, 8), green: (8, 8), blue: (0, 8))) == .rgb888)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 16, red: (11, 5), green: (5, 6), blue: (0, 5))) == .rgb565)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 16, red: (0, 5), green: (5, 6), blue: (11, 5))) == .bgr565)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 8, red: (0, 8), green: (0, 8), blue: (0, 8), grayscale: 1)) == .gray8)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 4, red: (0, 4), green: (0, 4), blue: (0, 4), grayscale: 1)) == .gray4)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 1, red: (0, 1), green: (0, 1), blue: (0, 1))) == .mono1)
        // 15-bit RGB555 and 8-bit palettes are not drawn.
        #expect(FramebufferDevice.format(of: Self.info(bpp: 16, red: (10, 5), green: (5, 5), blue: (0, 5))) == nil)
        #expect(FramebufferDevice.format(of: Self.info(bpp: 8, red: (5, 3), green: (2, 3), blue: (0, 2))) == nil)
    }

    @Test("a node that is not a framebuffer, not a DRM card, or not there is an error naming it")
    func badNodes() {
        #expect(throws: DisplayError.notAFramebuffer(path: "/dev/null")) { try FramebufferDevice(path: "/dev/null") }
        #expect(throws: DisplayError.notADRMDevice(path: "/dev/null")) { try DRMDevice(path: "/dev/null") }
        #expect(throws: DisplayError.noSuchDevice(path: "/dev/fb-none")) { try FramebufferDevice(path: "/dev/fb-none") }
        #expect(DisplayError.permissionDenied(path: "/dev/fb0").description.contains("'video' group"))
    }
}
