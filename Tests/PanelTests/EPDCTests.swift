import CFramebuffer
@testable import Panel
import PanelOptions
import Testing

@Suite("EPDC")
struct EPDCTests {
    /// `_IOW('F', nr, size)` as the kernel's ioctl.h builds it.
    static func iow(_ nr: UInt, size: Int) -> UInt { 1 << 30 | UInt(size) << 16 | UInt(UInt8(ascii: "F")) << 8 | nr }

    @Test("each vendor's MXCFB_SEND_UPDATE matches its published request number")
    func requests() {
        // The numbers e-reader software uses on these 32-bit ARM devices: PocketBook and
        // Kindle have no pointers in their layouts, so they are the same on every machine.
        #expect(EPDC.pocketbook.sendRequest == 1_077_954_094)
        #expect(EPDC.kindle.sendRequest == 1_078_478_382)
        // Kobo's carries a pointer: 68 bytes on 32-bit ARM (1078216238), more on 64-bit.
        let koboSize = MemoryLayout<CFramebuffer_mxcfb_update_data_kobo>.size
        #expect(EPDC.kobo.sendRequest == Self.iow(0x2E, size: koboSize))
        #expect(Self.iow(0x2E, size: 68) == 1_078_216_238)
        #expect(koboSize == (MemoryLayout<UnsafeRawPointer>.size == 4 ? 68 : 80))
        #expect(CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE == 1_074_021_935)
    }

    @Test("waveforms map to the i.MX numbering: DU 1, GC16 2, GL16 5")
    func waveforms() {
        #expect(EPDC.mode(.du) == 1)
        #expect(EPDC.mode(.gc16) == 2)
        #expect(EPDC.mode(.gl16) == 5)
    }
}
