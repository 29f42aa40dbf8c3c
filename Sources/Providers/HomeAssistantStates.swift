/// An entity's state as Home Assistant's dashboards write it: "on" is "On", a door's "on"
/// is "Open", "not_home" is "Away". Only the domains whose states Home Assistant defines
/// are translated; a sensor's text, an input_text or an input_select option is the user's
/// own and stays as it is, as does every number.
enum HomeAssistantStates {
    /// A binary sensor's "on" and "off" by its device class.
    static let binaryByDeviceClass: [String: (on: String, off: String)] = [
        "door": ("Open", "Closed"), "window": ("Open", "Closed"), "opening": ("Open", "Closed"), "garage_door": ("Open", "Closed"),
        "motion": ("Detected", "Clear"), "occupancy": ("Detected", "Clear"), "sound": ("Detected", "Clear"), "vibration": ("Detected", "Clear"),
        "smoke": ("Detected", "Clear"), "gas": ("Detected", "Clear"), "carbon_monoxide": ("Detected", "Clear"), "tamper": ("Tampering detected", "OK"),
        "presence": ("Home", "Away"), "moisture": ("Wet", "Dry"), "battery": ("Low", "Normal"), "cold": ("Cold", "Normal"), "heat": ("Hot", "Normal"),
        "lock": ("Unlocked", "Locked"), "plug": ("Plugged in", "Unplugged"), "connectivity": ("Connected", "Disconnected"),
        "problem": ("Problem", "OK"), "safety": ("Unsafe", "Safe"), "light": ("Light detected", "No light"), "power": ("Power detected", "No power"),
        "running": ("Running", "Not running"), "update": ("Update available", "Up-to-date"), "battery_charging": ("Charging", "Not charging"),
    ]

    /// States whose words are not the state's own with a capital.
    static let words = [
        "not_home": "Away", "heat_cool": "Heat/Cool", "fan_only": "Fan only", "partlycloudy": "Partly cloudy",
        "clear-night": "Clear, night", "lightning-rainy": "Lightning, rainy", "snowy-rainy": "Snowy, rainy",
        "windy-variant": "Windy, cloudy", "exceptional": "Exceptional", "armed_away": "Armed away", "armed_home": "Armed home",
    ]

    /// The domains whose states Home Assistant names and translates.
    static let translated: Set<String> = [
        "light", "switch", "input_boolean", "binary_sensor", "fan", "cover", "lock", "person", "device_tracker", "sun",
        "climate", "media_player", "vacuum", "alarm_control_panel", "weather", "automation", "script", "siren", "humidifier",
        "water_heater", "lawn_mower", "valve", "remote", "update", "schedule", "timer", "group",
    ]

    /// `state` of `entity` ("binary_sensor.front_door") of `deviceClass` as Home Assistant shows it.
    static func display(_ state: String, entity: String, deviceClass: String?) -> String {
        let domain = String(entity.prefix { $0 != "." })
        guard translated.contains(domain), Double(state) == nil, !state.isEmpty else { return state }
        if domain == "binary_sensor", let pair = deviceClass.flatMap({ binaryByDeviceClass[$0] }) {
            if state == "on" { return pair.on }
            if state == "off" { return pair.off }
        }
        if let word = words[state] { return word }
        let spaced = String(state.map { $0 == "_" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
