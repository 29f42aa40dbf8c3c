import Canvas
import Config
import FoundationEssentials
import Glibc
import Providers

/// `lockscreend bench --parse-keys N`: how reading a configuration grows with its keys.
/// A table of N keys and one of N/10, each checked 5 times as `check` and the web editor
/// check a file; the ratio of the medians is about 10 when reading is linear (it was
/// about 100, quadratic, before the TOML tables were indexed).
struct ConfigParseBench {
    let keys: Int

    /// A `[widgets.big]` table of `count` keys the text widget does not know: every key
    /// is read, looked up, and reported.
    static func document(keys count: Int) -> String {
        "[layout]\ninline = \"big\"\n[widgets.big]\nkind = \"text\"\ntext = \"x\"\n"
            + (0..<count).map { "key\($0) = \"val \($0)\"\n" }.joined()
    }

    /// Median seconds of 5 checks of `text`.
    static func median(_ text: String) -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            _ = try? LockScreenConfig.parse(text, file: "bench.toml", kinds: WidgetRegistry.standard().kinds, files: NoFiles())
            clock_gettime(CLOCK_MONOTONIC, &end)
            times.append(Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return times.sorted()[2]
    }

    func run() -> String {
        let small = Self.document(keys: keys / 10), large = Self.document(keys: keys)
        let (a, b) = (Self.median(small), Self.median(large))
        return """
            config check, \(keys / 10) keys (\(small.utf8.count) bytes)   \(CFormat.string("%.3f", a)) s (median of 5)
            config check, \(keys) keys (\(large.utf8.count) bytes)   \(CFormat.string("%.3f", b)) s (median of 5)
            ratio                                   \(CFormat.string("%.1f", b / max(a, 1e-9))) (10 is linear, 100 quadratic)
            """
    }
}
