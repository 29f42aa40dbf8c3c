/// The icon a Home Assistant entity shows when it names none itself: by its device class,
/// else by its domain, as HA's own dashboards choose (`mdi:` names; each one is in the
/// Material Design Icons font Debian ships, which a test checks).
enum HomeAssistantIcons {
    static let byDeviceClass = [
        "temperature": "mdi:thermometer", "humidity": "mdi:water-percent", "moisture": "mdi:water-percent",
        "battery": "mdi:battery", "illuminance": "mdi:brightness-5", "pressure": "mdi:gauge",
        "atmospheric_pressure": "mdi:gauge", "power": "mdi:flash", "energy": "mdi:flash", "current": "mdi:flash",
        "voltage": "mdi:flash", "signal_strength": "mdi:wifi", "precipitation": "mdi:weather-rainy",
        "wind_speed": "mdi:weather-windy", "timestamp": "mdi:clock", "duration": "mdi:timer",
        "motion": "mdi:walk", "occupancy": "mdi:home", "presence": "mdi:home", "window": "mdi:window-open",
        "plug": "mdi:power-socket", "outlet": "mdi:power-socket", "gas": "mdi:fire", "water": "mdi:water",
    ]

    static let byDomain = [
        "light": "mdi:lightbulb", "switch": "mdi:toggle-switch", "input_boolean": "mdi:toggle-switch",
        "climate": "mdi:thermometer", "person": "mdi:account", "sun": "mdi:white-balance-sunny",
        "weather": "mdi:weather-partlycloudy", "lock": "mdi:lock", "fan": "mdi:fan", "cover": "mdi:window-closed",
        "media_player": "mdi:cast", "binary_sensor": "mdi:checkbox-marked-circle", "sensor": "mdi:eye",
        "calendar": "mdi:calendar", "device_tracker": "mdi:account", "timer": "mdi:timer", "vacuum": "mdi:home",
        "water_heater": "mdi:radiator", "alarm_control_panel": "mdi:security", "camera": "mdi:video",
        "input_number": "mdi:ray-vertex", "input_select": "mdi:format-list-bulleted", "counter": "mdi:counter",
        "input_datetime": "mdi:calendar-clock",
    ]

    /// The icon for `entity` ("sensor.hall_temperature") of `deviceClass`: the entity's
    /// own `icon` attribute first, then these tables.
    static func icon(entity: String, own: String?, deviceClass: String?) -> String? {
        if let own, own.hasPrefix("mdi:") { return own }
        if let deviceClass, let icon = byDeviceClass[deviceClass] { return icon }
        return entity.split(separator: ".").first.flatMap { byDomain[String($0)] }
    }
}
