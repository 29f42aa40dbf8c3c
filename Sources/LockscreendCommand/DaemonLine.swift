import ArgumentParser
import FoundationEssentials
import LockScreen
import Logging
import PanelOptions

/// The daemon's own command line, read without ArgumentParser.
///
/// ArgumentParser learns a command's options by reflecting on it: every property wrapper
/// read through `Mirror`, each type asked of the runtime whether it conforms to the
/// parser's protocols, a lookup that reads the program's every conformance record the
/// first time it is asked. For `--headless DIR --once --no-socket --state-dir DIR2` that
/// was a fifth of the main thread's instructions before the first frame
/// (docs/PERFORMANCE.md). The daemon's line is only long options, so it is read here
/// with a table of them, each converted by its type's own `init?(argument:)` or the
/// option's own transform, exactly as the parser converts it.
///
/// A line this reader does not take whole (an option it does not know, a short one, a
/// value missing — "--name=" too — or starting with a dash, an option given twice, a
/// value that does not convert, a combination `validate()` refuses) gives nil, and the
/// parser reads it again from the root: help, errors and their usage read as they
/// always did.
/// `DaemonAssemblyTests` holds both readings equal, option by option.
enum DaemonLine {
    /// What an option does with the line: sets a flag, or takes the next word.
    private enum Action {
        case flag(@Sendable (inout Lockscreend.Run) -> Void)
        case value(@Sendable (inout Lockscreend.Run, String) -> Bool)
    }

    /// `Run` for `arguments` (the words after the program's name and an optional `run`),
    /// validated; nil when this reader leaves the line to ArgumentParser.
    static func parse(_ arguments: ArraySlice<String>) -> Lockscreend.Run? {
        var run = defaults()
        var seen: Set<String> = []
        var words = arguments.makeIterator()
        while let word = words.next() {
            guard word.hasPrefix("--"), word.count > 2 else { return nil }
            let (name, attached) = split(word.dropFirst(2))
            guard let action = actions[name], seen.insert(name).inserted else { return nil }
            switch action {
            case let .flag(set):
                guard attached == nil else { return nil }
                set(&run)
            case let .value(take):
                // The parser takes "--name=" for a missing value, and a dash for the next option.
                guard let value = attached ?? words.next(), attached.map({ !$0.isEmpty }) ?? !value.hasPrefix("-"), take(&run, value) else { return nil }
            }
        }
        do { try run.validate() } catch { return nil }
        return run
    }

    /// The option names this reader takes, as ArgumentParser spells them.
    static var names: Set<String> { Set(actions.keys) }

    /// "name=value" as the name and the value; "name" as itself and nil.
    private static func split(_ word: Substring) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (String(word), nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// `Run` as the parser makes it from an empty line: each option's default.
    private static func defaults() -> Lockscreend.Run {
        var common = CommonOptions()
        (common.size, common.at, common.appearance, common.twelveHour) = (nil, nil, nil, false)
        (common.logLevel, common.systemRoot, common.config) = (.info, "/", nil)
        var eink = EinkOptions()
        (eink.eink, eink.einkFullAfter, eink.einkFullEvery, eink.einkQuiet, eink.einkHold) = (nil, 20, 60, nil, 60)
        var run = Lockscreend.Run()
        (run.common, run.eink) = (common, eink)
        (run.headless, run.fb, run.drm, run.epd, run.spi, run.gpiochip) = (nil, nil, nil, nil, nil, nil)
        (run.vcom, run.refreshEvery, run.connector, run.mode, run.format, run.rotate) = (nil, nil, nil, nil, nil, .none)
        (run.keepConsole, run.png, run.once, run.stateDir, run.staleMark, run.coarseSeconds) = (false, false, false, nil, .dot, false)
        (run.socket, run.socketGroup, run.noSocket, run.http, run.offlineMark) = (nil, nil, false, nil, false)
        return run
    }

    /// Every option of `Run`, by the name ArgumentParser gives it.
    private static let actions: [String: Action] = [
        "size": transformed(ScreenSize.parse) { $0.common.size = $1 },
        "at": transformed(parseTimestamp) { $0.common.at = $1 },
        "appearance": value { (run, value: Appearance) in run.common.appearance = value },
        "twelve-hour": .flag { $0.common.twelveHour = true },
        "log-level": value { (run, value: Logger.Level) in run.common.logLevel = value },
        "system-root": value { (run, value: String) in run.common.systemRoot = value },
        "config": value { (run, value: String) in run.common.config = value },
        "headless": value { (run, value: String) in run.headless = value },
        "fb": value { (run, value: String) in run.fb = value },
        "drm": value { (run, value: String) in run.drm = value },
        "epd": value { (run, value: String) in run.epd = value },
        "spi": value { (run, value: String) in run.spi = value },
        "gpiochip": value { (run, value: String) in run.gpiochip = value },
        "vcom": value { (run, value: Double) in run.vcom = value },
        "refresh-every": value { (run, value: Int) in run.refreshEvery = value },
        "connector": value { (run, value: String) in run.connector = value },
        "mode": transformed(ScreenSize.parse) { $0.mode = $1 },
        "format": value { (run, value: PixelFormat) in run.format = value },
        "rotate": value { (run, value: Rotation) in run.rotate = value },
        "keep-console": .flag { $0.keepConsole = true },
        "png": .flag { $0.png = true },
        "once": .flag { $0.once = true },
        "state-dir": value { (run, value: String) in run.stateDir = value },
        "stale-mark": value { (run, value: StaleMark) in run.staleMark = value },
        "coarse-seconds": .flag { $0.coarseSeconds = true },
        "eink": value { (run, value: EinkKind) in run.eink.eink = value },
        "eink-full-after": value { (run, value: Int) in run.eink.einkFullAfter = value },
        "eink-full-every": value { (run, value: Int) in run.eink.einkFullEvery = value },
        "eink-quiet": transformed(parseQuietPeriod) { $0.eink.einkQuiet = $1 },
        "eink-hold": value { (run, value: Int) in run.eink.einkHold = value },
        "socket": value { (run, value: String) in run.socket = value },
        "socket-group": value { (run, value: String) in run.socketGroup = value },
        "no-socket": .flag { $0.noSocket = true },
        "http": value { (run, value: String) in run.http = value },
        "offline-mark": .flag { $0.offlineMark = true },
    ]

    /// An option whose value its type converts, as the parser converts it.
    private static func value<T: ExpressibleByArgument>(_ set: @escaping @Sendable (inout Lockscreend.Run, T) -> Void) -> Action {
        converted({ T(argument: $0) }, set)
    }

    /// An option whose value the option's own transform converts.
    private static func transformed<T>(_ transform: @escaping @Sendable (String) throws -> T, _ set: @escaping @Sendable (inout Lockscreend.Run, T) -> Void) -> Action {
        converted({ try? transform($0) }, set)
    }

    /// An option whose value `convert` reads (nil: the line is left to the parser).
    private static func converted<T>(_ convert: @escaping @Sendable (String) -> T?, _ set: @escaping @Sendable (inout Lockscreend.Run, T) -> Void) -> Action {
        .value { run, text in
            guard let value = convert(text) else { return false }
            set(&run, value)
            return true
        }
    }
}
