import CFramebuffer
import Canvas
import Glibc
import PanelOptions

extension EPDC {
    /// The driver's number for a waveform (the i.MX numbering all three share).
    package static func mode(_ waveform: Waveform) -> UInt32 {
        switch waveform {
        case .du: CFramebuffer_MXCFB_WAVEFORM_DU
        case .gc16: CFramebuffer_MXCFB_WAVEFORM_GC16
        case .gl16: CFramebuffer_MXCFB_WAVEFORM_GL16
        }
    }

    /// The request number of `MXCFB_SEND_UPDATE` for this vendor (it encodes the layout's size).
    package var sendRequest: UInt {
        switch self {
        case .kobo: CFramebuffer_MXCFB_SEND_UPDATE_KOBO
        case .kindle: CFramebuffer_MXCFB_SEND_UPDATE_KINDLE
        case .pocketbook: CFramebuffer_MXCFB_SEND_UPDATE
        }
    }

    /// Asks the controller to show `rect`; returns the errno on failure.
    func send(_ file: DeviceFile, rect: PixelRect, waveform: Waveform, full: Bool, marker: UInt32) -> Int32? {
        let region = CFramebuffer_mxcfb_rect(top: UInt32(rect.y), left: UInt32(rect.x), width: UInt32(rect.width), height: UInt32(rect.height))
        let mode = full ? CFramebuffer_MXCFB_UPDATE_MODE_FULL : CFramebuffer_MXCFB_UPDATE_MODE_PARTIAL
        let temperature = CFramebuffer_MXCFB_TEMP_USE_AMBIENT
        switch self {
        case .kobo:
            var data = CFramebuffer_mxcfb_update_data_kobo()
            (data.update_region, data.waveform_mode, data.update_mode, data.update_marker, data.temp) = (region, Self.mode(waveform), mode, marker, temperature)
            return file.control(sendRequest, &data)
        case .kindle:
            var data = CFramebuffer_mxcfb_update_data_kindle()
            (data.update_region, data.waveform_mode, data.update_mode, data.update_marker, data.temp) = (region, Self.mode(waveform), mode, marker, temperature)
            return file.control(sendRequest, &data)
        case .pocketbook:
            var data = CFramebuffer_mxcfb_update_data()
            (data.update_region, data.waveform_mode, data.update_mode, data.update_marker, data.temp) = (region, Self.mode(waveform), mode, marker, temperature)
            return file.control(sendRequest, &data)
        }
    }

    /// Waits until the update with `marker` is on the glass: newer kernels take marker
    /// data, older ones the bare marker.
    func wait(_ file: DeviceFile, marker: UInt32) -> Int32? {
        var data = CFramebuffer_mxcfb_update_marker_data(update_marker: marker, collision_test: 0)
        guard let code = file.control(CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE_V2, &data), code == ENOTTY || code == EINVAL else { return nil }
        var bare = marker
        return file.control(CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE, &bare)
    }
}
