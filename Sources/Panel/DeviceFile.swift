import Glibc

/// An open device node, closed on deinit; opening maps the usual failures to errors a
/// user can act on.
final class DeviceFile {
    let path: String
    let descriptor: Int32

    init(path: String) throws(DisplayError) {
        self.path = path
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENXIO, ENODEV: throw .noSuchDevice(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case EBUSY: throw .busy(path: path)
            default: throw .deviceFailed(path: path, call: "open", reason: Self.reason())
            }
        }
        descriptor = fd
    }

    deinit { Glibc.close(descriptor) }

    /// `ioctl(fd, request, argument)`, retried on EINTR; the errno on failure.
    func control<T>(_ request: UInt, _ argument: inout T) -> Int32? {
        while true {
            if withUnsafeMutablePointer(to: &argument, { ioctl(descriptor, request, $0) }) >= 0 { return nil }
            if errno != EINTR { return errno }
        }
    }

    /// `ioctl(fd, request, value)` for requests that take their argument by value
    /// (`FBIOBLANK`), retried on EINTR; the errno on failure.
    func control(_ request: UInt, value: Int32) -> Int32? {
        while true {
            if ioctl(descriptor, request, value) >= 0 { return nil }
            if errno != EINTR { return errno }
        }
    }

    /// Maps `length` bytes at `offset` shared, read-write.
    func map(length: Int, offset: Int = 0) throws(DisplayError) -> UnsafeMutableRawBufferPointer {
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset))
        guard let address, address != MAP_FAILED else { throw .deviceFailed(path: path, call: "mmap", reason: Self.reason()) }
        return UnsafeMutableRawBufferPointer(start: address, count: length)
    }

    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
