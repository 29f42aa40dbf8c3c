import ArgumentParser
import Config
import FoundationEssentials
import LockScreen
import Logging
import PanelOptions
import ZoneInfo
import WidgetKitCore

/// A screen size written WIDTHxHEIGHT.
struct ScreenSize {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses "800x480", within `PanelSize`'s limits.
    static func parse(_ argument: String) throws -> ScreenSize {
        switch PanelSize.parse(argument) {
        case let .success((width, height)): return ScreenSize(width: width, height: height)
        case let .failure(problem): throw ValidationError("expected \(problem), e.g. 800x480")
        }
    }
}

/// Parses an ISO 8601 time given on the command line.
func parseTimestamp(_ argument: String) throws -> Date {
    guard let date = ISO8601.parse(argument) else {
        throw ValidationError("expected an ISO 8601 time such as 2026-11-22T14:04:57Z")
    }
    return date
}

/// The two appearances.
enum Appearance: String, ExpressibleByArgument, CaseIterable {
    case dark, light

    var scheme: ColorScheme { self == .dark ? .dark : .light }
}

extension PixelFormat: ExpressibleByArgument {
    static var headlessChoices: String { headless.map(\.rawValue).joined(separator: ", ") }

    public init?(argument: String) {
        guard let format = PixelFormat(rawValue: argument), PixelFormat.framebuffer.contains(format) else { return nil }
        self = format
    }

    /// The choices are named in the option's help; an error stays one line.
    public static var allValueStrings: [String] { [] }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension StaleMark: ExpressibleByArgument {}

extension Rotation: ExpressibleByArgument {
    public init?(argument: String) {
        guard let degrees = Int(argument), let rotation = Rotation(rawValue: degrees) else { return nil }
        self = rotation
    }

    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
}

/// The e-ink refresh policy's options.
struct EinkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The panel is e-ink: full (flashing) refreshes by the policy below, live seconds once a minute, grey dithered to 16 levels, DU/GL16/GC16 waveforms. 'panel' for panels whose driver refreshes by itself; kobo, kindle or pocketbook for an e-reader's EPDC framebuffer (with --fb).", valueName: "KIND"))
    var eink: EinkKind?

    @Option(help: ArgumentHelp("With --eink: a full refresh after this many partial ones.", valueName: "N"))
    var einkFullAfter = 20

    @Option(help: ArgumentHelp("With --eink: a full refresh at least this often, in minutes, if anything changed (0 for never).", valueName: "MINUTES"))
    var einkFullEvery = 60

    @Option(help: ArgumentHelp("With --eink: no full refresh in this local time span unless ghosting forces one, e.g. 22:00-07:00.", valueName: "HH:MM-HH:MM"), transform: parseQuietPeriod)
    var einkQuiet: QuietSpan?

    @Option(help: ArgumentHelp("With --eink: a provider's new answer waits up to this many seconds to join the next update (the clock's minute), so the panel refreshes once for both (0: at once).", valueName: "SECONDS"))
    var einkHold = 60

    var enabled: Bool { eink != nil }

    /// The e-reader controller to send updates to.
    var epdc: EPDC? { eink.flatMap { EPDC(rawValue: $0.rawValue) } }

    var policy: EinkPolicy? {
        guard eink != nil else { return nil }
        var policy = EinkPolicy()
        policy.partialsBeforeFull = max(1, einkFullAfter)
        policy.partialsLimit = max(policy.partialsBeforeFull, policy.partialsLimit)
        policy.fullInterval = einkFullEvery > 0 ? TimeInterval(einkFullEvery * 60) : nil
        policy.quietPeriod = einkQuiet.map { ($0.start, $0.end) }
        policy.holdChanges = TimeInterval(min(max(einkHold, 0), 3_600))
        policy.timeZone = SystemTimeZone().current()
        return policy
    }
}

/// What kind of e-ink panel: one whose driver refreshes by itself, or an e-reader's EPDC.
enum EinkKind: String, ExpressibleByArgument, CaseIterable {
    case panel, kobo, kindle, pocketbook
}

/// Parses "22:00-07:00".
func parseQuietPeriod(_ argument: String) throws -> QuietSpan {
    guard let span = QuietSpan(argument) else { throw ValidationError("expected a local time span HH:MM-HH:MM, e.g. 22:00-07:00") }
    return span
}
