import Canvas
import Synchronization

/// Maps SF Symbols names, which widgets written for iOS use, to the Material Icons
/// ligatures that draw the closest glyph: the 411 names most used in widget code
/// (weather, time, devices, transport, media, health, home, sport, arrows, charts).
/// Names with no entry are tried as Material names after dropping SF's modifiers
/// (".fill", ".circle", …), dots becoming underscores. A name that still draws no glyph
/// shows `fallback` and is reported once (`takeMissing()`), never silently blank.
package enum SymbolNames {
    static let table: [String: String] = [
        "battery.100": "battery_full", "battery.75": "battery_5_bar", "battery.50": "battery_4_bar",
        "battery.25": "battery_2_bar", "battery.0": "battery_0_bar", "battery.100.bolt": "battery_charging_full",
        "battery.100percent": "battery_full", "bolt": "bolt", "bolt.fill": "bolt", "bolt.car": "electric_car",
        "bolt.horizontal": "power", "powerplug": "power", "cpu": "memory", "memorychip": "memory",
        "thermometer": "thermostat", "thermometer.medium": "thermostat", "thermometer.sun": "device_thermostat",
        "thermometer.snowflake": "ac_unit", "internaldrive": "storage", "externaldrive": "storage",
        "server.rack": "dns", "wifi": "wifi", "wifi.slash": "wifi_off", "network": "lan",
        "antenna.radiowaves.left.and.right": "settings_input_antenna", "dot.radiowaves.left.and.right": "sensors",
        "sun.max": "wb_sunny", "sun.max.fill": "wb_sunny", "sun.min": "light_mode", "sun.haze": "wb_sunny",
        "sun.dust": "wb_sunny", "cloud": "cloud", "cloud.fill": "cloud", "cloud.sun": "wb_cloudy",
        "cloud.sun.fill": "wb_cloudy", "cloud.moon": "nights_stay", "cloud.moon.fill": "nights_stay",
        "cloud.rain": "umbrella", "cloud.rain.fill": "umbrella", "cloud.drizzle": "grain",
        "cloud.heavyrain": "thunderstorm", "cloud.sun.rain": "umbrella", "cloud.snow": "ac_unit",
        "cloud.sleet": "ac_unit", "cloud.hail": "ac_unit", "cloud.fog": "foggy", "smoke": "cloud",
        "snowflake": "ac_unit", "cloud.bolt": "thunderstorm", "cloud.bolt.fill": "thunderstorm",
        "cloud.bolt.rain": "thunderstorm", "tornado": "tornado", "hurricane": "cyclone", "moon": "nightlight",
        "moon.fill": "nightlight", "moon.stars": "bedtime", "moon.zzz": "bedtime", "sparkles": "auto_awesome",
        "wind": "air", "drop": "water_drop", "drop.fill": "water_drop", "humidity": "water_drop",
        "umbrella": "umbrella", "sunrise": "wb_twilight", "sunset": "wb_twilight", "rainbow": "looks",
        "thermometer.high": "thermostat", "aqi.medium": "air", "calendar": "event",
        "calendar.badge.clock": "event_available", "calendar.circle": "event", "clock": "schedule",
        "clock.fill": "schedule", "clock.arrow.circlepath": "history", "alarm": "alarm", "alarm.fill": "alarm",
        "timer": "timer", "stopwatch": "timer", "hourglass": "hourglass_empty", "deskclock": "schedule",
        "bell": "notifications", "bell.fill": "notifications", "bell.slash": "notifications_off",
        "bell.badge": "notifications_active", "checkmark": "check", "checkmark.circle": "check_circle",
        "checkmark.circle.fill": "check_circle", "checkmark.seal": "verified", "checkmark.shield": "verified_user",
        "xmark": "close", "xmark.circle": "cancel", "xmark.circle.fill": "cancel",
        "exclamationmark.triangle": "warning", "exclamationmark.triangle.fill": "warning",
        "exclamationmark.circle": "error", "exclamationmark": "error", "questionmark": "help_outline",
        "questionmark.circle": "help", "info.circle": "info", "info": "info", "plus": "add",
        "plus.circle": "add_circle", "minus": "remove", "minus.circle": "remove_circle", "star": "star_border",
        "star.fill": "star", "star.leadinghalf.filled": "star_half", "heart": "favorite_border",
        "heart.fill": "favorite", "heart.text.square": "monitor_heart", "bolt.heart": "monitor_heart", "house": "home",
        "house.fill": "home", "building.2": "business", "building.columns": "account_balance", "car": "directions_car",
        "car.fill": "directions_car", "bus": "directions_bus", "bus.fill": "directions_bus", "tram": "tram",
        "tram.fill": "tram", "train.side.front.car": "train", "cablecar": "tram", "ferry": "directions_boat",
        "sailboat": "sailing", "bicycle": "directions_bike", "scooter": "electric_scooter",
        "figure.walk": "directions_walk", "figure.run": "directions_run", "figure.hiking": "hiking",
        "figure.pool.swim": "pool", "figure.yoga": "self_improvement", "figure.stand": "accessibility",
        "airplane": "flight", "airplane.departure": "flight_takeoff", "airplane.arrival": "flight_land",
        "fuelpump": "local_gas_station", "parkingsign": "local_parking", "location": "place", "location.fill": "place",
        "location.north": "navigation", "mappin": "place", "mappin.and.ellipse": "place", "map": "map",
        "globe": "public", "globe.europe.africa": "public", "signpost.right": "signpost", "person": "person",
        "person.fill": "person", "person.circle": "account_circle", "person.crop.circle": "account_circle",
        "person.2": "people", "person.3": "groups", "person.badge.plus": "person_add",
        "figure.2.and.child.holdinghands": "family_restroom", "envelope": "email", "envelope.fill": "email",
        "envelope.open": "drafts", "paperplane": "send", "paperplane.fill": "send", "message": "chat",
        "message.fill": "chat", "bubble.left": "chat_bubble_outline", "bubble.left.fill": "chat_bubble",
        "text.bubble": "chat", "phone": "phone", "phone.fill": "phone", "video": "videocam", "video.fill": "videocam",
        "mic": "mic", "mic.fill": "mic", "mic.slash": "mic_off", "speaker.wave.2": "volume_up",
        "speaker.wave.3": "volume_up", "speaker.slash": "volume_off", "speaker": "volume_mute",
        "headphones": "headphones", "airpods": "headphones", "music.note": "music_note",
        "music.note.list": "queue_music", "play": "play_arrow", "play.fill": "play_arrow", "pause": "pause",
        "pause.fill": "pause", "stop": "stop", "stop.fill": "stop", "forward.fill": "fast_forward",
        "backward.fill": "fast_rewind", "forward.end.fill": "skip_next", "backward.end.fill": "skip_previous",
        "shuffle": "shuffle", "repeat": "repeat", "radio": "radio", "tv": "tv", "tv.fill": "tv", "display": "monitor",
        "desktopcomputer": "computer", "laptopcomputer": "laptop", "iphone": "smartphone", "ipad": "tablet",
        "applewatch": "watch", "keyboard": "keyboard", "printer": "print", "camera": "photo_camera",
        "camera.fill": "photo_camera", "photo": "image", "photo.fill": "image", "film": "movie",
        "gamecontroller": "sports_esports", "gamecontroller.fill": "sports_esports", "trophy": "emoji_events",
        "trophy.fill": "emoji_events", "medal": "military_tech", "flag": "flag", "flag.fill": "flag",
        "flag.checkered": "sports_score", "sportscourt": "sports_basketball", "soccerball": "sports_soccer",
        "basketball": "sports_basketball", "football": "sports_football", "tennis.racket": "sports_tennis",
        "dumbbell": "fitness_center", "figure.strengthtraining.traditional": "fitness_center", "list.bullet": "list",
        "list.number": "format_list_numbered", "list.dash": "list", "checklist": "checklist",
        "text.alignleft": "format_align_left", "doc": "description", "doc.fill": "description",
        "doc.text": "description", "note.text": "notes", "note": "notes", "square.and.pencil": "edit_note",
        "pencil": "edit", "pencil.circle": "edit", "trash": "delete", "trash.fill": "delete", "folder": "folder",
        "folder.fill": "folder", "paperclip": "attach_file", "link": "link", "tray": "inbox", "archivebox": "archive",
        "bookmark": "bookmark_border", "bookmark.fill": "bookmark", "tag": "local_offer", "tag.fill": "local_offer",
        "magnifyingglass": "search", "gear": "settings", "gearshape": "settings", "gearshape.fill": "settings",
        "slider.horizontal.3": "tune", "wrench": "build", "wrench.and.screwdriver": "build", "hammer": "handyman",
        "lock": "lock", "lock.fill": "lock", "lock.open": "lock_open", "key": "vpn_key", "key.fill": "vpn_key",
        "shield": "shield", "eye": "visibility", "eye.slash": "visibility_off", "hand.thumbsup": "thumb_up",
        "hand.thumbsdown": "thumb_down", "hand.raised": "pan_tool", "leaf": "eco", "leaf.fill": "eco", "tree": "park",
        "camera.macro": "local_florist", "flame": "local_fire_department", "flame.fill": "local_fire_department",
        "cup.and.saucer": "local_cafe", "mug": "local_cafe", "wineglass": "wine_bar", "fork.knife": "restaurant",
        "takeoutbag.and.cup.and.straw": "fastfood", "carrot": "restaurant", "birthday.cake": "cake",
        "cart": "shopping_cart", "cart.fill": "shopping_cart", "bag": "shopping_bag", "bag.fill": "shopping_bag",
        "basket": "shopping_basket", "creditcard": "credit_card", "banknote": "payments",
        "dollarsign.circle": "attach_money", "dollarsign": "attach_money", "eurosign.circle": "euro",
        "sterlingsign.circle": "currency_pound", "bitcoinsign.circle": "currency_bitcoin", "gift": "card_giftcard",
        "book": "menu_book", "book.fill": "menu_book", "books.vertical": "library_books", "newspaper": "newspaper",
        "graduationcap": "school", "backpack": "backpack", "pills": "medication", "cross.case": "medical_services",
        "stethoscope": "medical_services", "bed.double": "bed", "bed.double.fill": "bed", "sofa": "weekend",
        "lightbulb": "lightbulb", "lightbulb.fill": "lightbulb", "fan": "mode_fan_off", "lamp.desk": "light",
        "door.left.hand.open": "door_front", "washer": "local_laundry_service", "refrigerator": "kitchen",
        "shower": "shower", "toilet": "wc", "pawprint": "pets", "pawprint.fill": "pets", "dog": "pets", "cat": "pets",
        "bird": "flutter_dash", "ant": "bug_report", "ladybug": "bug_report", "arrow.up": "arrow_upward",
        "arrow.down": "arrow_downward", "arrow.left": "arrow_back", "arrow.right": "arrow_forward",
        "arrow.up.right": "trending_up", "arrow.down.right": "trending_down", "arrow.clockwise": "refresh",
        "arrow.counterclockwise": "undo", "arrow.triangle.2.circlepath": "sync", "arrow.up.arrow.down": "swap_vert",
        "arrow.left.arrow.right": "swap_horiz", "arrow.uturn.left": "undo", "chevron.right": "chevron_right",
        "chevron.left": "chevron_left", "chevron.up": "expand_less", "chevron.down": "expand_more",
        "square.and.arrow.up": "ios_share", "square.and.arrow.down": "download", "icloud": "cloud",
        "icloud.and.arrow.down": "cloud_download", "icloud.and.arrow.up": "cloud_upload",
        "arrow.down.circle": "download", "arrow.up.circle": "upload", "chart.bar": "bar_chart",
        "chart.bar.fill": "bar_chart", "chart.pie": "pie_chart", "chart.line.uptrend.xyaxis": "show_chart",
        "chart.xyaxis.line": "show_chart", "waveform": "graphic_eq", "waveform.path.ecg": "monitor_heart",
        "gauge": "speed", "gauge.medium": "speed", "speedometer": "speed", "percent": "percent", "number": "tag",
        "function": "functions", "sum": "functions", "face.smiling": "sentiment_satisfied",
        "face.dashed": "sentiment_neutral", "quote.bubble": "format_quote", "ellipsis": "more_horiz",
        "ellipsis.circle": "more_horiz", "square.grid.2x2": "apps", "rectangle.grid.2x2": "grid_view",
        "square.stack": "layers", "circle": "radio_button_unchecked", "circle.fill": "circle",
        "square": "check_box_outline_blank", "power": "power_settings_new", "poweron": "power_settings_new",
        "battery.25percent": "battery_2_bar", "sunglasses": "wb_sunny", "sun.and.horizon": "wb_twilight",
        "water.waves": "waves", "drop.degreesign": "water_drop", "thermometer.variable.and.figure": "thermostat",
        "house.lodge": "cabin", "mountain.2": "terrain", "beach.umbrella": "beach_access", "tent": "cabin",
        "globe.americas": "public", "flag.2.crossed": "sports_score", "figure.skiing.downhill": "downhill_skiing",
        "figure.outdoor.cycle": "directions_bike", "car.side": "directions_car",
        "bolt.batteryblock": "battery_charging_full", "lightswitch.on": "toggle_on", "switch.2": "toggle_on",
        "togglepower": "power_settings_new", "qrcode": "qr_code", "barcode": "qr_code_scanner",
        "wave.3.right": "rss_feed", "dot.radiowaves.right": "rss_feed",
        "antenna.radiowaves.left.and.right.circle": "cell_tower", "cellularbars": "signal_cellular_alt",
        "personalhotspot": "wifi_tethering", "sensor": "sensors", "homekit": "home", "hifispeaker": "speaker",
        "appletv": "tv", "airport.extreme": "router", "network.badge.shield.half.filled": "security",
        "exclamationmark.octagon": "report", "nosign": "block", "hand.raised.slash": "do_not_disturb",
        "moon.circle": "bedtime", "sleep": "bedtime", "figure.mind.and.body": "self_improvement",
        "brain": "psychology", "lungs": "air",
    ]

    static let modifiers = [".fill", ".circle", ".square", ".slash", ".badge", ".rectangle"]

    /// What a symbol the font lacks draws: a dotted square, visibly a placeholder.
    static let fallback = "check_box_outline_blank"

    /// The Material Icons ligature for an SF Symbols or Material name, whether or not the
    /// font has it.
    static func materialName(for name: String) -> String {
        if let mapped = table[name] { return mapped }
        var base = name
        var changed = true
        while changed {
            changed = false
            for suffix in modifiers where base.hasSuffix(suffix) {
                base.removeLast(suffix.count)
                changed = true
            }
        }
        if let mapped = table[base] { return mapped }
        // Byte by byte: a dot is one byte in UTF-8, never part of another character, and
        // the generic `replacing` cost a tenth of laying out the date line (docs/PERFORMANCE.md).
        let dot = UInt8(ascii: "."), underscore = UInt8(ascii: "_")
        guard base.utf8.contains(dot) else { return base }
        return String(decoding: base.utf8.map { $0 == dot ? underscore : $0 }, as: UTF8.self)
    }

    /// The ligature to draw for `name`: its Material name when the font has that glyph,
    /// else the fallback, with the name kept for `takeMissing()`.
    static func drawableName(for name: String) -> String {
        let ligature = materialName(for: name)
        if IconFont.hasLigature(ligature) { return ligature }
        reportMissing(name)
        return fallback
    }

    /// The text and font family that draw `name`: a Home Assistant icon (`mdi:…`) from
    /// the Material Design Icons font, anything else as `drawableName(for:)` says.
    static func drawable(for name: String) -> (text: String, family: String) {
        guard name.hasPrefix("mdi:") else { return (drawableName(for: name), TextStyle.iconFamily) }
        if let character = MaterialDesignIcons.character(named: String(name.dropFirst(4))) {
            return (character, MaterialDesignIcons.family)
        }
        reportMissing(name)
        return (fallback, TextStyle.iconFamily)
    }

    private static func reportMissing(_ name: String) {
        missing.withLock { $0.report(name) }
    }

    /// The names that drew the fallback: each listed once, at most `maximumReported`;
    /// past them, that the list is full is said once.
    package struct Missing: Sendable {
        private(set) var reported: Set<String> = []
        private var pending: [String] = []
        private var full = false
        private var saidFull = false

        package init() {}

        package mutating func report(_ name: String) {
            let name = String(name.prefix(100))
            guard !reported.contains(name) else { return }
            guard reported.count < SymbolNames.maximumReported else { return full = true }
            reported.insert(name)
            pending.append(name)
        }

        /// The names reported since the last call, and whether the list has just become
        /// full (true once a process).
        package mutating func take() -> (names: [String], nowFull: Bool) {
            defer { pending = []; saidFull = saidFull || full }
            return (pending, full && !saidFull)
        }

        /// How many names are remembered.
        package var count: Int { reported.count }
    }

    private static let missing = Mutex(Missing())
    /// How many names are listed at most, each once per process; past them the daemon
    /// says once that it lists no more (a server pushing a new name with every update once
    /// wrote 1,370 warnings and kept every name).
    package static let maximumReported = 256

    /// The symbol names that drew the fallback since the last call, each once per
    /// process, and whether names past `maximumReported` have just begun to go unlisted:
    /// the daemon logs them.
    package static func takeMissing() -> (names: [String], nowFull: Bool) {
        missing.withLock { $0.take() }
    }

    /// Whether `name` has drawn the fallback in this process (and been listed).
    package static func hasReported(_ name: String) -> Bool {
        missing.withLock { $0.reported.contains(String(name.prefix(100))) }
    }
}
