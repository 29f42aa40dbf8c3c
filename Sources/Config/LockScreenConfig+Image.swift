import FoundationEssentials
import ProviderOptions
import TOML  // for .line
import WidgetKitCore  // for .accessoryInline

extension LockScreenConfig {
    /// A `[widgets.NAME]` of kind image: one of `file`, `folder`, `url` or `camera` (a
    /// Home Assistant camera entity, through `[homeassistant]`), `every` minutes,
    /// `fit` ("fill" or "fit"), `max_body` for a fetched picture.
    static func imageWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        let (table, path, family) = (widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["file", "folder", "url", "camera", "every", "fit", "max_body"], at: path)
        if family == .accessoryInline {
            reader.report(table.line, path, "an image needs room: circular or rectangular on the lock screen, or a home-page family; not the inline line")
            return nil
        }
        let given = ["file", "folder", "url", "camera"].filter { table[$0] != nil }
        guard given.count == 1, let key = given.first else {
            reader.report(table.line, path, given.isEmpty
                ? "no picture; expected file = \"photo.jpg\", folder = \"/home/pi/Pictures\", url = \"https://…\" or camera = \"camera.front_door\""
                : "one picture source, found \(given.joined(separator: " and "))")
            return nil
        }
        guard let text = reader.string(table, key, at: path) else { return nil }
        let line = table[key]!.line
        let limit = reader.integer(table, "max_body", at: path, in: 1_024...(32 << 20)) ?? (8 << 20)
        var local = true
        let location: ImageWidgetSource.Location
        switch key {
        case "file", "folder":
            let resolved = text.hasPrefix("/") ? text : reader.directory + "/" + text
            let kind = try? reader.files.status(of: resolved).get().kind
            // Not there yet is no mistake of the file (a share may mount later): the widget
            // shows its placeholder and the reason until it appears.
            if key == "file" && kind != .regular || key == "folder" && kind != .directory {
                reader.warn(line, "\(path).\(key)", key == "file" ? "no picture \(resolved) yet: the widget waits for it" : "no folder \(resolved) yet: the widget waits for it")
            }
            location = key == "file" ? .file(resolved) : .folder(resolved)
        case "url":
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                reader.report(line, "\(path).url", "expected an http:// or https:// address of a PNG or JPEG picture")
                return nil
            }
            var fetcher = HTTPFetcher(url: url)
            fetcher.limit = limit
            location = .url(fetcher)
            local = false
        default:
            guard text.hasPrefix("camera."), HomeAssistantWidgetSource.isEntity(text) else {
                reader.report(line, "\(path).camera", "expected a camera entity such as \"camera.front_door\"")
                return nil
            }
            guard let api = reader.homeAssistantAPI else {
                reader.report(line, "\(path).camera", "a camera is fetched through Home Assistant's API: add [homeassistant] with url and token_file")
                return nil
            }
            var fetcher = HTTPFetcher(url: api.url.appendingPathComponent("api/camera_proxy/\(text)"))
            fetcher.limit = limit
            location = .camera(entity: text, fetcher: fetcher, tokenFile: api.tokenFile)
            local = false
        }
        if local, table["max_body"] != nil { reader.report(table["max_body"]!.line, "\(path).max_body", "max_body is for a picture fetched from a url or camera") }
        if !local { reader.fetchesOverHTTP = true }
        var source = ImageWidgetSource(location: location)
        // A folder turns every 15 minutes; an address is asked again every 5.
        source.interval = reader.duration(table, "every", at: path, unit: 60, in: 60...604_800) ?? TimeInterval((key == "folder" || key == "file" ? 15 : 5) * 60)
        source.fill = (reader.choice(table, "fit", at: path, from: ["fill", "fit"]) ?? "fill") == "fill"
        // Pixels kept: a lock-screen widget is at most a few hundred pixels across.
        source.leastSide = family.isHomeScreen ? 1_200 : 400
        var (budget, failure) = limits(table, at: path, local: local, reader: &reader)
        if !local { budget = paced(budget, every: source.interval, table) }
        if case var .url(fetcher) = source.location {
            fetcher.timeout = failure.timeout
            source.location = .url(fetcher)
        } else if case .camera(let entity, var fetcher, let tokenFile) = source.location {
            fetcher.timeout = failure.timeout
            source.location = .camera(entity: entity, fetcher: fetcher, tokenFile: tokenFile)
        }
        if !local { failure.timeout += 1 }  // the request's own deadline fires first, with its message
        return widget.specification(budget: budget, failure: failure, source: .image(source))
    }
}
