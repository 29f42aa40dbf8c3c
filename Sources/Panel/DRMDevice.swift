import CFramebuffer
import Canvas
import FoundationEssentials
import Glibc
import PanelOptions

/// A DRM/KMS display (`/dev/dri/cardN`): a connected connector, its preferred (or the
/// chosen) mode and a CRTC driving it, scanning out one XRGB8888 dumb buffer that
/// lockscreend draws into. Manual-update displays (SPI panels on mipi-dbi, virtio-gpu)
/// show nothing new until `drmModeDirtyFB` names the changed rectangles; each far-apart
/// region gets a call of its own, because such drivers merge the clips of one call into
/// one bounding box. A driver that answers `ENOSYS` scans out continuously and is not
/// called again. The CRTC found at start is put back on `close()`.
package final class DRMDevice: PanelDevice {
    private let file: DeviceFile
    package let width: Int
    package let height: Int
    package let format = PixelFormat.xrgb8888
    package let stride: Int
    package let pixels: UnsafeMutableRawBufferPointer
    /// The connector driven, "HDMI-A-1", "Virtual-1", "SPI-1".
    package let connectorName: String
    /// False once the driver said it needs no DirtyFB (`ENOSYS`).
    package private(set) var sendsDamage = true
    /// DirtyFB calls made, for tests and the benchmark.
    package private(set) var dirtyCalls = 0
    private var connectorID: UInt32
    private let crtcID: UInt32
    private let framebufferID: UInt32
    private let bufferHandle: UInt32
    private var previous: drmModeCrtcPtr?
    /// Whether `setPower(false)` left the connector off.
    private var poweredOff = false
    private let mapping: UnsafeMutableRawBufferPointer
    private var closed = false

    /// True for the kernel's drivers of SPI panels (MIPI DBI and its kin), found by the
    /// driver's name.
    package let onSerialBus: Bool
    /// DRM drivers of panels on SPI: tinydrm's MIPI DBI panels and the generic one.
    static let serialDrivers: Set<String> = ["panel-mipi-dbi", "mi0283qt", "ili9341", "ili9163", "ili9225", "ili9486", "hx8357d", "st7735r", "st7586", "repaper", "sharp-memory"]

    package var name: String { "\(file.path) \(connectorName) \(width)×\(height) \(format.rawValue)" }

    /// Opens `path` and lights `connector` (the first connected one when nil) in `mode`
    /// (the preferred one when nil).
    package init(path: String, connector wanted: String? = nil, mode wantedMode: (width: Int, height: Int)? = nil) throws(DisplayError) {
        file = try DeviceFile(path: path)
        let fd = file.descriptor
        onSerialBus = Self.driverName(fd).map(Self.serialDrivers.contains) ?? false
        guard let resources = drmModeGetResources(fd) else {
            throw errno == EACCES || errno == EPERM ? .permissionDenied(path: path) : .notADRMDevice(path: path)
        }
        defer { drmModeFreeResources(resources) }

        // The connector: by name, or the first connected one.
        var connected: [(name: String, connector: drmModeConnectorPtr)] = []
        defer { connected.forEach { drmModeFreeConnector($0.connector) } }
        for i in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { continue }
            guard connector.pointee.connection == DRM_MODE_CONNECTED, connector.pointee.count_modes > 0 else {
                drmModeFreeConnector(connector)
                continue
            }
            connected.append((Self.name(of: connector), connector))
        }
        guard !connected.isEmpty else { throw .nothingConnected(path: path) }
        guard let chosen = wanted.map({ name in connected.first { $0.name == name } }) ?? connected.first else {
            throw .noSuchConnector(path: path, name: wanted ?? "", available: connected.map(\.name))
        }
        let connector = chosen.connector.pointee

        // The mode: the one asked for, else the preferred one, else the first.
        let modes = (0..<Int(connector.count_modes)).map { connector.modes[$0] }
        let preferred = modes.first { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 } ?? modes[0]
        var mode = preferred
        if let wantedMode {
            let matching = modes.filter { Int($0.hdisplay) == wantedMode.width && Int($0.vdisplay) == wantedMode.height }
            guard let best = matching.first(where: { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }) ?? matching.first else {
                var names: [String] = []
                for m in modes where !names.contains("\(m.hdisplay)x\(m.vdisplay)") { names.append("\(m.hdisplay)x\(m.vdisplay)") }
                throw .noSuchMode(path: path, mode: "\(wantedMode.width)x\(wantedMode.height)", available: names)
            }
            mode = best
        }

        // A CRTC: the one the connector's encoder drives, else any the encoders allow.
        guard let crtc = Self.crtc(for: connector, resources: resources, fd: fd) else {
            throw .deviceFailed(path: path, call: "finding a CRTC", reason: "no CRTC can drive \(chosen.name)")
        }

        // The dumb buffer, mapped.
        var create = drm_mode_create_dumb(height: UInt32(mode.vdisplay), width: UInt32(mode.hdisplay), bpp: 32, flags: 0, handle: 0, pitch: 0, size: 0)
        if let code = file.control(CFramebuffer_DRM_IOCTL_MODE_CREATE_DUMB, &create) {
            throw .deviceFailed(path: path, call: "DRM_IOCTL_MODE_CREATE_DUMB", reason: DeviceFile.reason(code))
        }
        var framebuffer: UInt32 = 0
        let added = drmModeAddFB(fd, create.width, create.height, 24, 32, create.pitch, create.handle, &framebuffer)
        guard added == 0 else {
            Self.destroy(handle: create.handle, file: file)
            throw .deviceFailed(path: path, call: "drmModeAddFB", reason: DeviceFile.reason(-added))
        }
        var map = drm_mode_map_dumb(handle: create.handle, pad: 0, offset: 0)
        let mapped: UnsafeMutableRawBufferPointer
        do throws(DisplayError) {
            if let code = file.control(CFramebuffer_DRM_IOCTL_MODE_MAP_DUMB, &map) {
                throw DisplayError.deviceFailed(path: path, call: "DRM_IOCTL_MODE_MAP_DUMB", reason: DeviceFile.reason(code))
            }
            mapped = try file.map(length: Int(create.size), offset: Int(map.offset))
        } catch {
            drmModeRmFB(fd, framebuffer)
            Self.destroy(handle: create.handle, file: file)
            throw error
        }
        mapped.initializeMemory(as: UInt8.self, repeating: 0)

        // Light it, remembering what was shown.
        previous = drmModeGetCrtc(fd, crtc)
        var connectorID = connector.connector_id
        var modeInfo = mode
        let set = drmModeSetCrtc(fd, crtc, framebuffer, 0, 0, &connectorID, 1, &modeInfo)
        guard set == 0 else {
            munmap(mapped.baseAddress, mapped.count)
            drmModeRmFB(fd, framebuffer)
            Self.destroy(handle: create.handle, file: file)
            if let previous { drmModeFreeCrtc(previous) }
            throw -set == EACCES || -set == EPERM || -set == EBUSY ? .busy(path: path) : .deviceFailed(path: path, call: "drmModeSetCrtc", reason: DeviceFile.reason(-set))
        }
        width = Int(mode.hdisplay)
        height = Int(mode.vdisplay)
        stride = Int(create.pitch)
        pixels = UnsafeMutableRawBufferPointer(rebasing: mapped[0..<(stride * height)])
        mapping = mapped
        connectorName = chosen.name
        self.connectorID = connectorID
        crtcID = crtc
        framebufferID = framebuffer
        bufferHandle = create.handle
    }

    /// "HDMI-A-1": the kernel's name for the connector type and its index.
    private static func name(of connector: drmModeConnectorPtr) -> String {
        let type = drmModeGetConnectorTypeName(connector.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
        return "\(type)-\(connector.pointee.connector_type_id)"
    }

    private static func crtc(for connector: drmModeConnector, resources: drmModeResPtr, fd: Int32) -> UInt32? {
        if connector.encoder_id != 0, let encoder = drmModeGetEncoder(fd, connector.encoder_id) {
            defer { drmModeFreeEncoder(encoder) }
            if encoder.pointee.crtc_id != 0 { return encoder.pointee.crtc_id }
        }
        for e in 0..<Int(connector.count_encoders) {
            guard let encoder = drmModeGetEncoder(fd, connector.encoders[e]) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for c in 0..<Int(resources.pointee.count_crtcs) where encoder.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                return resources.pointee.crtcs[c]
            }
        }
        return nil
    }

    /// The kernel driver's name ("virtio_gpu", "vc4", "mi0283qt").
    static func driverName(_ fd: Int32) -> String? {
        guard let version = drmGetVersion(fd) else { return nil }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) }
    }

    private static func destroy(handle: UInt32, file: DeviceFile) {
        var destroy = drm_mode_destroy_dumb(handle: handle)
        _ = file.control(CFramebuffer_DRM_IOCTL_MODE_DESTROY_DUMB, &destroy)
    }

    /// One DirtyFB call per rectangle, until the driver says it scans out by itself.
    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        guard sendsDamage else { return }
        for rect in update.rects {
            var clip = drmModeClip(x1: UInt16(rect.x), y1: UInt16(rect.y), x2: UInt16(rect.maxX), y2: UInt16(rect.maxY))
            let result = drmModeDirtyFB(file.descriptor, framebufferID, &clip, 1)
            dirtyCalls += 1
            if result == -ENOSYS {
                sendsDamage = false
                return
            }
            guard result == 0 else { throw .deviceFailed(path: file.path, call: "drmModeDirtyFB", reason: DeviceFile.reason(-result)) }
        }
    }

    /// The connector's DPMS property, On (0) or Off (3): the kernel stops the CRTC's
    /// scan-out and the monitor sleeps; turned on, it shows the buffer as it was.
    package func setPower(_ on: Bool, at time: Date) throws(DisplayError) { try dpms(on) }

    private func dpms(_ on: Bool) throws(DisplayError) {
        let fd = file.descriptor
        guard let properties = drmModeObjectGetProperties(fd, connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
            throw .deviceFailed(path: file.path, call: "drmModeObjectGetProperties", reason: DeviceFile.reason())
        }
        defer { drmModeFreeObjectProperties(properties) }
        var dpms: UInt32?
        for i in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "DPMS" { dpms = property.pointee.prop_id }
        }
        guard let dpms else { throw .deviceFailed(path: file.path, call: "DPMS", reason: "connector \(connectorName) has no DPMS property") }
        let result = drmModeConnectorSetProperty(fd, connectorID, dpms, UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF))
        guard result == 0 else { throw .deviceFailed(path: file.path, call: "drmModeConnectorSetProperty(DPMS)", reason: DeviceFile.reason(-result)) }
        poweredOff = !on
    }

    /// Puts back the CRTC found at start and frees the buffer.
    package func close() {
        guard !closed else { return }
        closed = true
        let fd = file.descriptor
        // A sleeping screen is woken for whatever shows next (the console, a desktop).
        if poweredOff { try? dpms(true) }
        if let previous {
            var mode = previous.pointee.mode
            if previous.pointee.mode_valid != 0 {
                drmModeSetCrtc(fd, previous.pointee.crtc_id, previous.pointee.buffer_id, previous.pointee.x, previous.pointee.y, &connectorID, 1, &mode)
            }
            drmModeFreeCrtc(previous)
            self.previous = nil
        }
        drmModeRmFB(fd, framebufferID)
        Self.destroy(handle: bufferHandle, file: file)
    }

    deinit {
        close()
        munmap(mapping.baseAddress, mapping.count)
    }
}
