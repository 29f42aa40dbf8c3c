/// Outlook's and Exchange's time-zone names for the zones lockscreend's users live in,
/// and the tz-database zone each stands for (from the CLDR's windowsZones table, the
/// "001" territory): what an Outlook export's TZID and VTIMEZONE say.
enum WindowsZones {
    static let iana: [String: String] = [
        "UTC": "Etc/UTC", "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris", "Central Europe Standard Time": "Europe/Budapest",
        "Central European Standard Time": "Europe/Warsaw", "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kyiv",
        "GTB Standard Time": "Europe/Bucharest", "Russian Standard Time": "Europe/Moscow", "Turkey Standard Time": "Europe/Istanbul",
        "Israel Standard Time": "Asia/Jerusalem", "South Africa Standard Time": "Africa/Johannesburg", "Arabian Standard Time": "Asia/Dubai",
        "India Standard Time": "Asia/Kolkata", "China Standard Time": "Asia/Shanghai", "Singapore Standard Time": "Asia/Singapore",
        "Tokyo Standard Time": "Asia/Tokyo", "Korea Standard Time": "Asia/Seoul", "AUS Eastern Standard Time": "Australia/Sydney",
        "E. Australia Standard Time": "Australia/Brisbane", "W. Australia Standard Time": "Australia/Perth",
        "New Zealand Standard Time": "Pacific/Auckland", "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver", "US Mountain Standard Time": "America/Phoenix", "Pacific Standard Time": "America/Los_Angeles",
        "Alaskan Standard Time": "America/Anchorage", "Hawaiian Standard Time": "Pacific/Honolulu", "Atlantic Standard Time": "America/Halifax",
        "Canada Central Standard Time": "America/Regina", "E. South America Standard Time": "America/Sao_Paulo",
        "Argentina Standard Time": "America/Argentina/Buenos_Aires", "Mexico Standard Time": "America/Mexico_City",
    ]
}
