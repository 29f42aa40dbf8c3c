/// The e-ink waveform an EPDC update asks for: how the controller drives the ink, trading
/// speed against grey fidelity and ghosting.
package enum Waveform: String, Sendable, Codable {
    /// ≈260 ms, any level to black or white only: for text and lines that stay pure.
    case du = "DU"
    /// ≈450 ms, full 16-level grey with a flash: the cleaning full refresh.
    case gc16 = "GC16"
    /// ≈450 ms, grey without a flash, for partial updates with grey levels.
    case gl16 = "GL16"
}
