import Config

/// The HTTP face (the API, the live page, client screens, TRMNL's device API, APNs's
/// provider API), for a program that links it: `lockscreend-web` and a widget package's
/// own daemon. The stock `lockscreend` links none — SwiftNIO and TLS were 7.5 MB of its
/// binary that a screen without `[http]` never runs (docs/PERFORMANCE.md) — and hands a
/// start that asks for one to `lockscreend-web` (`HTTPFaceProgram.handOver`).
package protocol HTTPFace: Sendable {
    /// The face's service, serving `web` (the command line's `--http` over the file's
    /// `[http]`) for the daemon `assembly` made.
    func service(_ web: WebConfig, assembly: DaemonAssembly) throws -> any Service
}

extension Lockscreend {
    /// The HTTP face of the running program; nil in the stock `lockscreend`.
    @TaskLocal static var httpFace: (any HTTPFace)?
}
