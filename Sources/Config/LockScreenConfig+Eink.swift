import FoundationEssentials
import PanelOptions
import TOML

extension LockScreenConfig {
    // MARK: [display.eink]

    /// The e-ink section of `[display]`: the refresh policy, how long a change may wait
    /// to join the next update, and which e-reader controller, if any.
    func readEink(_ table: TOMLTable?, output: String, reader: inout ConfigReader) -> (policy: EinkPolicy, epdc: EPDC?)? {
        guard let table else { return nil }
        let path = "display.eink"
        reader.rejectUnknown(table, known: ["kind", "full_after", "full_every", "quiet", "hold"], at: path)
        let kind = reader.choice(table, "kind", at: path, from: ["panel"] + EPDC.allCases.map(\.rawValue)) ?? "panel"
        let epdc = EPDC(rawValue: kind)
        if epdc != nil, output != "fb", let line = table["kind"]?.line {
            reader.report(line, "\(path).kind", "\"\(kind)\" is an e-reader's framebuffer controller: it needs output = \"fb\"")
        }
        var policy = EinkPolicy()
        if let n = reader.integer(table, "full_after", at: path, in: 1...10_000) {
            policy.partialsBeforeFull = n
            policy.partialsLimit = max(policy.partialsLimit, n)
        }
        if let minutes = reader.integer(table, "full_every", at: path, in: 0...10_080) { policy.fullInterval = minutes > 0 ? TimeInterval(minutes * 60) : nil }
        if let seconds = reader.integer(table, "hold", at: path, in: 0...3_600) { policy.holdChanges = TimeInterval(seconds) }
        if let quiet = reader.string(table, "quiet", at: path) {
            if let span = QuietSpan(quiet) {
                policy.quietPeriod = (span.start, span.end)
            } else {
                reader.report(table["quiet"]!.line, "\(path).quiet", "expected a local time span \"HH:MM-HH:MM\", found \"\(quiet)\"")
            }
        }
        return (policy, epdc)
    }
}
