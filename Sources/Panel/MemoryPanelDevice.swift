import Canvas
import FoundationEssentials
import PanelOptions

/// A panel in memory: the bytes a device of `format` would hold, and a count of what was
/// flushed to it. What the benchmark drives, so it measures the same conversion,
/// dithering and refresh decisions real panels get, without a disk in the way.
package final class MemoryPanelDevice: PanelDevice {
    package let width: Int
    package let height: Int
    package let format: PixelFormat
    package let stride: Int
    package let pixels: UnsafeMutableRawBufferPointer
    /// Every flush, in order.
    package private(set) var updates: [PanelUpdate] = []
    private let keepsUpdates: Bool
    /// Called with each update as it is flushed.
    package var onFlush: ((PanelUpdate) -> Void)?
    /// Stands for an SPI TFT (the benchmark's `tft`).
    package var onSerialBus = false

    package var name: String { "memory \(width)×\(height) \(format.rawValue)" }

    package init(width: Int, height: Int, format: PixelFormat, keepsUpdates: Bool = false) {
        self.width = width
        self.height = height
        self.format = format
        self.keepsUpdates = keepsUpdates
        stride = format.minimumStride(width: width)
        pixels = .allocate(byteCount: stride * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { pixels.deallocate() }

    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        if keepsUpdates { updates.append(update) }
        onFlush?(update)
    }

    package func close() {}
}
