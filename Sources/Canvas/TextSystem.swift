import CPangoCairo
import Synchronization

/// The process's one Pango font map and context, and the lock that serialises their use.
///
/// Pango's default font map is per thread, and Swift tasks move between threads, so
/// using it would load and shape every font once per thread. One shared map, used by
/// one thread at a time, loads each font once.
final class TextSystem: Sendable {
    static let shared = TextSystem()

    private struct State: @unchecked Sendable {
        // Only touched while `state` is locked.
        let fontMap: UnsafeMutablePointer<PangoFontMap>
        let context: OpaquePointer
        /// Pango layouts already shaped, by their settings, in two generations: drawing
        /// the same text again (the clock's digits, a label) reuses the shaping. A layout
        /// found in the older generation moves to the recent one; when the recent one is
        /// full, what is left of the older goes and the recent becomes the older. Texts
        /// still drawn stay shaped, where emptying one full cache reshaped them all
        /// (docs/PERFORMANCE.md).
        var recent: [TextLayout.Settings: OpaquePointer] = [:]
        var older: [TextLayout.Settings: OpaquePointer] = [:]
        /// Layouts of a generation gone, freed two at each new layout made: freeing a
        /// hundred at once held one update for a quarter of a millisecond.
        var retired: [OpaquePointer] = []

        /// Retires the older generation and makes the recent one the older.
        mutating func age() {
            retired += older.values
            older.removeAll(keepingCapacity: true)
            swap(&older, &recent)
        }

        /// Frees up to `count` retired layouts.
        mutating func freeRetired(_ count: Int) {
            for _ in 0..<min(count, retired.count) { g_object_unref(UnsafeMutableRawPointer(retired.removeLast())) }
        }
    }

    /// The most layouts kept, both generations together.
    static let layoutLimit = 256

    private let state: Mutex<State>

    private init() {
        FontConfiguration.load()
        Self.followIconFontsWithTextFace()
        let fontMap = pango_cairo_font_map_new()!
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        // Unhinted metrics make a text's width independent of where it is drawn.
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        // The font the warm-up lays out first, loaded here to reach Pango's Cairo font
        // class (its type has no public name) before any font of it is measured. Loaded
        // as Pango loads the font of an ellipsis (no language, the shaping size), so
        // that the clock's face's first "…" finds it made.
        Self.withFont(for: TextLayout.warmUpStyle, size: TextStyle.shapingSize, in: context) { font in
            if let font { FontMetrics.install(classOf: font) }
        }
        state = Mutex(State(fontMap: fontMap, context: context))
    }

    /// Puts the text face right after each icon font in fontconfig's order for it.
    ///
    /// The icon fonts have no space, and Pango measures a font (its line height) by laying
    /// out a sample sentence in it: the sentence's spaces went to the next face fontconfig
    /// lists, the system's default (DejaVu Sans), loaded and kept mapped (0.5 MB resident)
    /// for nothing else. The text face is loaded anyway.
    private static func followIconFontsWithTextFace() {
        let aliases = [TextStyle.iconFamily, MaterialDesignIcons.family].map {
            "<alias binding=\"same\"><family>\($0)</family><accept><family>\(TextStyle.defaultFamily)</family></accept></alias>"
        }
        let rules = "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\"><fontconfig>\(aliases.joined())</fontconfig>"
        _ = FcConfigParseAndLoadFromMemory(FcConfigGetCurrent(), rules, FcFalse)
    }

    /// Runs `body` with the Pango layout for `settings`, made by `make` on the shared
    /// context the first time, holding the lock.
    func withLayout(_ settings: TextLayout.Settings, make: (OpaquePointer) -> OpaquePointer, _ body: (OpaquePointer) -> Void) {
        state.withLock { state in
            if let layout = state.recent[settings] {
                body(layout)
                return
            }
            let layout = state.older.removeValue(forKey: settings) ?? make(state.context)
            if state.recent.count >= Self.layoutLimit / 2 { state.age() }
            // Two a time empty the retired before the recent generation fills again.
            state.freeRetired(2)
            state.recent[settings] = layout
            body(layout)
        }
    }

    /// Runs `body` holding the lock, with the font Pango loads for `style` on the shared
    /// context (nil when it loads none).
    func withFont<T: Sendable>(for style: TextStyle, _ body: (UnsafeMutablePointer<PangoFont>?) -> T) -> T {
        state.withLock { Self.withFont(for: style, in: $0.context, body) }
    }

    /// Runs `body` with the font Pango loads for `style` on `context` (at `size`, else
    /// the style's own), released after.
    private static func withFont<T>(for style: TextStyle, size: Double? = nil, in context: OpaquePointer, _ body: (UnsafeMutablePointer<PangoFont>?) -> T) -> T {
        let description = style.pangoDescription(size: size)
        defer { pango_font_description_free(description) }
        let font = pango_context_load_font(context, description)
        defer { if let font { g_object_unref(font) } }
        return body(font)
    }

    /// How many shaped layouts are kept now.
    var cachedLayouts: Int {
        state.withLock { $0.recent.count + $0.older.count + $0.retired.count }
    }
}

extension TextLayout {
    /// Loads fontconfig's configuration and caches and the default face by shaping a few
    /// digits: what the first frame would otherwise wait for. Meant for a thread of its
    /// own at start, while the configuration is read and the providers answer; the first
    /// drawing then finds the fonts ready (or waits for this, never repeats it).
    package static func warmUp() {
        _ = TextLayout("0123456789:", style: warmUpStyle)
    }

    /// The clock's face, which the warm-up shapes.
    static let warmUpStyle = TextStyle(size: 17, weight: .semibold, monospacedDigits: true)
}
