/// Maps SF Symbols names, which widgets written for iOS use, to the Material Icons
/// ligatures that draw the closest glyph. Names with no entry are tried as Material
/// names after dropping SF's modifiers (".fill", ".circle", …); dots become underscores.
enum SymbolNames {
    static let table: [String: String] = [
        "battery.100": "battery_full", "battery.75": "battery_5_bar", "battery.50": "battery_4_bar",
        "battery.25": "battery_2_bar", "battery.0": "battery_0_bar", "battery.100.bolt": "battery_charging_full",
        "bolt": "bolt", "bolt.fill": "bolt", "cpu": "memory", "memorychip": "memory", "thermometer": "thermostat",
        "thermometer.medium": "thermostat", "internaldrive": "storage", "externaldrive": "storage",
        "wifi": "wifi", "network": "lan", "antenna.radiowaves.left.and.right": "settings_input_antenna",
        "sun.max": "wb_sunny", "sun.max.fill": "wb_sunny", "cloud": "cloud", "cloud.fill": "cloud",
        "cloud.sun": "wb_cloudy", "cloud.sun.fill": "wb_cloudy", "cloud.rain": "umbrella", "cloud.rain.fill": "umbrella",
        "cloud.snow": "ac_unit", "snowflake": "ac_unit", "cloud.bolt": "thunderstorm", "cloud.bolt.fill": "thunderstorm",
        "moon": "nightlight", "moon.fill": "nightlight", "moon.stars": "bedtime", "wind": "air", "drop": "water_drop",
        "drop.fill": "water_drop", "humidity": "water_drop", "umbrella": "umbrella", "sunrise": "wb_twilight", "sunset": "wb_twilight",
        "calendar": "event", "clock": "schedule", "clock.fill": "schedule", "alarm": "alarm", "timer": "timer",
        "stopwatch": "timer", "hourglass": "hourglass_empty", "bell": "notifications", "bell.fill": "notifications",
        "checkmark": "check", "checkmark.circle": "check_circle", "checkmark.circle.fill": "check_circle",
        "xmark": "close", "xmark.circle": "cancel", "exclamationmark.triangle": "warning", "exclamationmark.triangle.fill": "warning",
        "info.circle": "info", "star": "star_border", "star.fill": "star", "heart": "favorite_border", "heart.fill": "favorite",
        "house": "home", "house.fill": "home", "building.2": "business", "car": "directions_car", "car.fill": "directions_car",
        "bus": "directions_bus", "tram": "tram", "tram.fill": "tram", "train.side.front.car": "train", "bicycle": "directions_bike",
        "figure.walk": "directions_walk", "airplane": "flight", "location": "place", "location.fill": "place", "map": "map",
        "person": "person", "person.fill": "person", "person.2": "people", "envelope": "email", "envelope.fill": "email",
        "message": "chat", "phone": "phone", "gamecontroller": "sports_esports", "gamecontroller.fill": "sports_esports",
        "trophy": "emoji_events", "trophy.fill": "emoji_events", "list.bullet": "list", "checklist": "checklist",
        "music.note": "music_note", "play.fill": "play_arrow", "pause.fill": "pause", "lock": "lock", "lock.fill": "lock",
        "lock.open": "lock_open", "leaf": "eco", "leaf.fill": "eco", "flame": "local_fire_department", "flame.fill": "local_fire_department",
        "cup.and.saucer": "local_cafe", "fork.knife": "restaurant", "cart": "shopping_cart", "gift": "card_giftcard",
        "book": "menu_book", "graduationcap": "school", "desktopcomputer": "computer", "laptopcomputer": "laptop",
        "arrow.up": "arrow_upward", "arrow.down": "arrow_downward", "arrow.up.right": "trending_up", "arrow.down.right": "trending_down",
        "chart.bar": "bar_chart", "chart.line.uptrend.xyaxis": "show_chart", "dollarsign.circle": "attach_money",
        "face.smiling": "sentiment_satisfied", "globe": "public", "quote.bubble": "format_quote", "lightbulb": "lightbulb",
    ]

    static let modifiers = [".fill", ".circle", ".square", ".slash", ".badge"]

    /// The Material Icons ligature for an SF Symbols or Material name.
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
        return base.replacing(".", with: "_")
    }
}
