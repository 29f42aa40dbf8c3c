import FoundationEssentials
import TOML
import ProviderOptions

extension HTTPWidgetSource {
    /// Reads a `[widgets.NAME]` table of kind http.
    static func read(_ table: TOMLTable, at path: String, reader: inout ConfigReader) -> HTTPWidgetSource? {
        guard let urlText = reader.string(table, "url", at: path) else {
            if table["url"] == nil { reader.report(table.line, path, "no url; expected url = \"https://…\"") }
            return nil
        }
        guard let url = URL(string: urlText), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            reader.report(table["url"]!.line, "\(path).url", "expected an http:// or https:// address, found \"\(urlText)\"")
            return nil
        }
        var source = HTTPWidgetSource(fetcher: HTTPFetcher(url: url))
        if let every = reader.duration(table, "every", at: path, unit: 60, in: 60...604_800) { source.interval = every }
        source.fetcher.limit = reader.integer(table, "max_body", at: path, in: 1_024...(16 << 20)) ?? source.fetcher.limit
        if let headers = reader.table(table, "headers", at: path) {
            for entry in headers.entries {
                let key = "\(path).headers.\(entry.key)"
                switch entry.value.kind {
                case let .string(value):
                    if reader.worldReadable && isSecret(entry.key) {
                        reader.report(entry.value.line, key, "a secret written in a file every user can read: give { env = \"VARIABLE\" } or { file = \"/etc/lockscreend/secret\" } (with prefix = \"Bearer \" if needed), or make the file readable by its owner only")
                    }
                    source.headers[entry.key] = .literal(value)
                case let .table(spec):
                    reader.rejectUnknown(spec, known: ["env", "file", "prefix"], at: key)
                    let prefix = reader.string(spec, "prefix", at: key) ?? ""
                    if let variable = reader.string(spec, "env", at: key) {
                        source.headers[entry.key] = .environment(variable, prefix: prefix)
                    } else if spec["file"] != nil {
                        // Checked as every secret file is: readable, and not by every user.
                        if let file = reader.secretFile(spec, "file", at: key) { source.headers[entry.key] = .file(file, prefix: prefix) }
                    } else {
                        reader.report(entry.value.line, key, "expected { env = \"VARIABLE\" } or { file = \"/path\" }")
                    }
                default:
                    reader.mismatch(entry.value, key, expected: "a string, or { env = \"VARIABLE\" } or { file = \"/path\" }")
                }
            }
        }
        guard let template = EntryTemplate.read(table, at: path, reader: &reader) else { return nil }
        source.template = template
        return source
    }
}
