import FoundationEssentials
import TOML
import ZoneInfo
import ProviderOptions
import WidgetKitCore

extension CalendarSource {
    /// Reads a `[widgets.NAME]` table of kind calendar.
    package static func read(_ table: TOMLTable, at path: String, family: WidgetFamily, reader: inout ConfigReader) -> CalendarSource? {
        let file = reader.string(table, "file", at: path)
        let urlText = reader.string(table, "url", at: path)
        var source: CalendarSource
        switch (file, urlText) {
        case let (file?, nil):
            source = CalendarSource(location: .file(file), family: family)
            reader.calendarFiles.append(file)
        case let (nil, text?):
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                reader.report(table["url"]!.line, "\(path).url", "expected an http:// or https:// address of an .ics calendar, found \"\(text)\"")
                return nil
            }
            source = CalendarSource(location: .url(HTTPFetcher(url: url)), family: family)
        case (.some, .some):
            reader.report(table.line, path, "give file or url, not both")
            return nil
        case (nil, nil):
            if table["file"] == nil && table["url"] == nil { reader.report(table.line, path, "no calendar: expected file = \"/path/calendar.ics\" or url = \"https://…/calendar.ics\"") }
            return nil
        }
        if let days = reader.integer(table, "days", at: path, in: 1...366) { source.days = days }
        if let every = reader.duration(table, "every", at: path, unit: 60, in: 60...86_400) { source.interval = every }
        if let name = reader.string(table, "time_zone", at: path) {
            if let zone = ZoneRules.named(name) { source.zone = zone } else { reader.report(table["time_zone"]!.line, "\(path).time_zone", "expected a time zone such as \"Europe/London\", found \"\(name)\"") }
        }
        return source
    }
}
