import FoundationEssentials
import JSON
import LockScreenModel
import PanelOptions
import ProviderOptions
import TOML
import WidgetKitCore
import ZoneInfo

/// A configuration file (TOML, docs/CONFIG.md) read and checked: where to draw, the clock,
/// which widgets sit where, and each widget's kind and parameters. Every mistake in the
/// file is reported at once, each naming its file, line and key.
package struct LockScreenConfig: Sendable {
    package var output: OutputOptions
    /// The headless picture's size; devices have their own.
    package var size: (width: Int, height: Int)?
    /// `[display] appearance` and `[clock]`: the locale (else the environment's: `LC_ALL`,
    /// `LC_TIME`, `LANG`), its clock unless `hours` says, the font, a fixed zone.
    package var face = ClockFace(dateLanguage: .fromEnvironment(ProcessInfo.processInfo.environment))
    /// The big clock's height in points, 40 to 110; nil for 53, the reference lock screen's.
    package var clockHeight: Double?
    /// The pages' widgets, as specifications the composition root makes running widgets of.
    package var content: LockScreenContent<WidgetSpecification>
    /// `[buttons]`: the keys and their actions; nil without the table.
    package var buttons: ButtonsConfig?
    /// `[input]`: touch.
    package var input = InputConfig()
    /// `[mqtt]`: the broker; nil without the table.
    package var mqtt: MQTTConfig?
    package var web: WebConfig?
    /// The mqtt widgets' topic filters, by widget name.
    package var mqttFilters: [String: MQTTTopicFilter] = [:]
    /// The files holding secrets that the file names (passwords, tokens).
    package var secretFiles: [String] = []
    /// The `push` widgets, placed or not: the names timelines may be pushed to.
    package var pushNames: Set<String> = []
    /// Whether a widget fetches over HTTP (`http`, or `calendar` with a `url`): such a
    /// configuration needs libcurl where it runs.
    package var fetchesOverHTTP = false
    /// Things that will show on the screen, though the file is right.
    package var warnings: [ConfigIssue] = []
    /// The calendar files `calendar` widgets read, for `check`.
    package var calendarFiles: [String] = []

    package static let defaultPath = "/etc/lockscreend/config.toml"

    /// Reads and checks `path` through `files`, knowing the program's widget `kinds`.
    package static func load(path: String, kinds: WidgetKinds, files: any ConfigFiles) throws(ConfigErrors) -> LockScreenConfig {
        func failure(_ line: Int, _ reason: String) -> ConfigErrors {
            ConfigErrors(issues: [ConfigIssue(file: path, line: line, key: "", message: reason)])
        }
        let info: FileStatus
        switch files.status(of: path) {
        case let .success(status): info = status
        case let .failure(problem): throw failure(0, problem.reason)
        }
        // Only a regular file, and only as much as a configuration can be: never /dev/zero
        // or a FIFO read forever.
        guard info.kind == .regular else { throw failure(0, "is not a regular file") }
        guard info.size <= TOMLParser.maximumSize else {
            throw failure(0, "is \(info.size) bytes; a configuration may be at most \(TOMLParser.maximumSize)")
        }
        guard let data = files.contents(of: path, limit: TOMLParser.maximumSize) else { throw failure(0, "cannot be read (permissions?)") }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw failure(Self.firstInvalidUTF8Line(data), "is not UTF-8 text")
        }
        return try parse(text, file: path, kinds: kinds, files: files, worldReadable: info.worldReadable)
    }

    /// The line of the first byte sequence that is not UTF-8.
    package static func firstInvalidUTF8Line(_ data: Data) -> Int {
        var line = 1
        var decoder = UTF8()
        var bytes = data.makeIterator()
        while case let .scalarValue(scalar) = decoder.decode(&bytes) {
            if scalar == "\n" { line += 1 }
        }
        return line
    }

    /// Checks `text` as the file `file`, knowing the program's widget `kinds`; the files
    /// it names are asked of `files`. `worldReadable`: the file can be read by every
    /// user, so secrets must not be in it.
    package static func parse(_ text: String, file: String, kinds: WidgetKinds, files: any ConfigFiles, worldReadable: Bool = false) throws(ConfigErrors) -> LockScreenConfig {
        let root: TOMLTable
        do {
            root = try TOMLParser.parse(text)
        } catch {
            throw ConfigErrors(issues: [ConfigIssue(file: file, line: error.line, key: "", message: "column \(error.column): \(error.message)")])
        }
        var reader = ConfigReader(file: file, files: files)
        reader.rejectUnknown(root, known: ["display", "clock", "layout", "widgets", "buttons", "input", "urls", "mqtt", "homeassistant", "http", "apns"], at: "")
        var config = LockScreenConfig(output: OutputOptions(target: .headless(directory: "frames", format: .xrgb8888, png: true)), content: .init(inline: nil, row: []))
        config.readDisplay(reader.table(root, "display", at: "") ?? TOMLTable(line: 1), reader: &reader)
        config.readClock(reader.table(root, "clock", at: "") ?? TOMLTable(line: 1), reader: &reader)
        let widgets = reader.table(root, "widgets", at: "") ?? TOMLTable(line: 1)
        config.pushNames = Set(widgets.entries.filter { $0.value.table?["kind"]?.kind == .string("push") }.map(\.key))
        reader.worldReadable = worldReadable
        config.readHouse(root, reader: &reader)
        config.readLayout(reader.table(root, "layout", at: "") ?? TOMLTable(line: 1), widgets: widgets, kinds: kinds, reader: &reader)
        if let buttons = reader.table(root, "buttons", at: "") {
            config.buttons = readButtons(buttons, widgets: Set(config.content.stacks.flatMap { $0.widgets.map(\.name) }), reader: &reader)
        }
        if let input = reader.table(root, "input", at: "") { config.input = readInput(input, reader: &reader) }
        config.content.taps = Self.readTaps(widgets, reader: &reader)
        if let urls = reader.table(root, "urls", at: "") { config.content.urls = Self.readURLs(urls, reader: &reader) }
        guard reader.issues.isEmpty else { throw ConfigErrors(issues: reader.issues, more: reader.moreIssues) }
        config.fetchesOverHTTP = reader.fetchesOverHTTP
        config.warnings = reader.warnings
        config.mqttFilters = reader.mqttFilters
        config.secretFiles = reader.secretFiles
        config.calendarFiles = reader.calendarFiles
        return config
    }

    // MARK: [display]

    private mutating func readDisplay(_ table: TOMLTable, reader: inout ConfigReader) {
        let path = "display"
        reader.rejectUnknown(table, known: ["output", "device", "format", "size", "rotate", "connector", "mode", "keep_console", "appearance", "png", "eink"] + Self.epdKeys + Self.screenKeys, at: path)
        let kind = reader.choice(table, "output", at: path, from: ["headless", "fb", "drm", "epd"]) ?? "headless"
        let device = reader.string(table, "device", at: path)
        let formatNames = kind == "headless" ? PixelFormat.headless.map(\.rawValue) : PixelFormat.framebuffer.map(\.rawValue)
        let format = reader.choice(table, "format", at: path, from: formatNames).flatMap(PixelFormat.init(rawValue:))
        let eink = readEink(reader.table(table, "eink", at: path), output: kind, reader: &reader)
        let mode = readSize(table, "mode", at: path, reader: &reader)
        for (key, allowed) in [("connector", "drm"), ("mode", "drm"), ("size", "headless"), ("png", "headless")] + Self.epdKeys.map({ ($0, "epd") }) where table[key] != nil && kind != allowed {
            reader.report(table[key]!.line, "\(path).\(key)", "only applies with output = \"\(allowed)\" (this display is \"\(kind)\")")
        }
        switch kind {
        case "fb": output = OutputOptions(target: .framebuffer(path: device ?? "/dev/fb0", format: format, epdc: eink?.epdc))
        case "drm": output = OutputOptions(target: .drm(path: device ?? "/dev/dri/card0", connector: reader.string(table, "connector", at: path), mode: mode))
        case "epd": output = OutputOptions(target: Self.epdTarget(table, at: path, reader: &reader) ?? .headless(directory: "frames", format: .mono1, png: false))
        default: output = OutputOptions(target: .headless(directory: device ?? "frames", format: format ?? .xrgb8888, png: reader.boolean(table, "png", at: path) ?? false))
        }
        size = readSize(table, "size", at: path, reader: &reader)
        if let degrees = table["rotate"] {
            if case let .integer(d) = degrees.kind, let rotation = Rotation(rawValue: d) {
                output.rotation = rotation
            } else {
                reader.mismatch(degrees, "\(path).rotate", expected: "0, 90, 180 or 270")
            }
        }
        output.keepsConsole = reader.boolean(table, "keep_console", at: path) ?? false
        (output.off, output.wakeFor, output.backlight) = readScreen(table, at: path, reader: &reader)
        output.wakeFor = output.wakeFor ?? 60
        // An e-paper HAT is e-ink whether or not [display.eink] tunes the policy.
        output.eink = eink?.policy ?? (kind == "epd" ? EinkPolicy() : nil)
        if let appearance = reader.choice(table, "appearance", at: path, from: ["dark", "light"]) { face.colorScheme = appearance == "dark" ? .dark : .light }
    }

    func readSize(_ table: TOMLTable, _ key: String, at path: String, reader: inout ConfigReader) -> (width: Int, height: Int)? {
        guard let text = reader.string(table, key, at: path) else { return nil }
        switch PanelSize.parse(text) {
        case let .success(size): return size
        case let .failure(problem):
            reader.report(table[key]!.line, "\(path).\(key)", "expected \(problem), found \"\(text.prefix(40))\"")
            return nil
        }
    }

    // MARK: [clock]

    private mutating func readClock(_ table: TOMLTable, reader: inout ConfigReader) {
        let path = "clock"
        reader.rejectUnknown(table, known: ["hours", "locale", "time_zone", "font", "height"], at: path)
        if let height = reader.number(table, "height", at: path, in: 40...110, expected: "a height in points from 40 to 110") {
            clockHeight = height
        }
        if let font = reader.string(table, "font", at: path) {
            if font.isEmpty || font.contains(",") {
                reader.report(table["font"]!.line, "\(path).font", "expected one font family name such as \"DejaVu Sans\", found \"\(font)\"")
            } else {
                face.clockFont = font
            }
        }
        if let name = reader.string(table, "locale", at: path) {
            if let language = DateLanguage.named(name) {
                face.dateLanguage = language
                face.uses24HourClock = language.uses24HourClock
            } else {
                let near = Spelling.nearest(name, in: DateLanguage.identifiers).map { " (did you mean \"\($0)\"?)" } ?? ""
                reader.report(table["locale"]!.line, "\(path).locale", "expected a locale such as \"de_DE\" or \"en_GB\" (\(DateLanguage.identifiers.joined(separator: ", "))), found \"\(name)\"\(near)")
            }
        }
        if let hours = table["hours"] {
            if case let .integer(h) = hours.kind, h == 12 || h == 24 {
                // After the locale, whose clock it overrides.
                face.uses24HourClock = h == 24
            } else {
                reader.mismatch(hours, "\(path).hours", expected: "12 or 24")
            }
        }
        if let name = reader.string(table, "time_zone", at: path) {
            if let zone = ZoneRules.named(name) {
                face.timeZone = zone
            } else {
                let near = Spelling.nearest(name, in: ZoneRules.knownIdentifiers()).map { " (did you mean \"\($0)\"?)" } ?? ""
                reader.report(table["time_zone"]!.line, "\(path).time_zone", "expected a time zone such as \"Europe/London\", found \"\(name)\"\(near)")
            }
        }
    }
}
