/// The electrophoretic display controller of an e-reader (i.MX EPDC: Kindle, Kobo,
/// PocketBook). Its framebuffer shows nothing new until `MXCFB_SEND_UPDATE` names a region,
/// a waveform and partial or full (flashing) mode; each vendor's kernel takes its own
/// layout of that request. Updates carry a marker, so a full refresh can wait for the
/// updates before it to finish.
package enum EPDC: String, Sendable, CaseIterable, Codable {
    case kobo, kindle, pocketbook
}
