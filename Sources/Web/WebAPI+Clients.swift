import Canvas
import Config
import DaemonInterface
import DaemonRuntime  // for .now, .allowed, .refused
import FoundationEssentials
import Logging
import Panel
import PanelOptions  // for .mono
import ZoneInfo  // for ISO8601

/// Screens for client devices, and TRMNL's device API.
extension WebAPI {
    /// `GET /screen/<client>.png|.bmp`: the lock screen as that client shows it. Beyond
    /// loopback it needs the client's key (`?key=`) or the server's token.
    func screen(_ file: String, request: WebRequest) -> WebResponse {
        guard let dot = file.lastIndex(of: "."), case let name = String(file[..<dot]), let profile = config.clients[name],
              case let format = file[file.index(after: dot)...], format == "png" || format == "bmp" else {
            return .error(404, "no such client screen: \(String(file.prefix(80))) (clients: \(config.clients.keys.sorted().joined(separator: ", ")); /screen/NAME.png or .bmp)")
        }
        if !config.isLoopback {
            if let key = request.parameter("key") {
                guard keys.matches(key, client: name) else { return .error(401, "wrong key for the client \(name)") }
            } else if let refusal = check(request.authorization, change: false) {
                return refusal
            }
        }
        record(name, battery: request.parameter("battery"))
        guard let (bytes, _) = picture(profile, bmp: format == "bmp") else { return .error(503, "nothing has been shown yet") }
        return WebResponse(status: 200, contentType: format == "bmp" ? "image/bmp" : "image/png", body: bytes, headers: [("Cache-Control", "no-store")])
    }

    /// The client's picture (drawn once per step and minute) and the seconds until what it
    /// shows next changes.
    func picture(_ profile: ClientProfile, bmp: Bool) -> ([UInt8], Double?)? {
        guard let shown = daemon.screen else { return nil }
        let now = daemon.clock.now()
        let drawn = pictures.picture(for: profile.name + (bmp ? ".bmp" : ".png"), step: shown.step, now: now) {
            let client = ClientScreen(depth: profile.depth)
            let look = PresentedScreen.Look(width: profile.width, height: profile.height, dark: profile.isDark, pictureInks: client.pictureInks)
            let frame = shown.lockScreen(look, now: now)
            return client.file(frame, bmp: bmp)
        }
        guard let bytes = drawn else { return nil }
        return (bytes, shown.nextEvent.map { $0.timeIntervalSince(now) })
    }

    /// `GET /api/setup`, `GET /api/display`, `POST /api/log`, as TRMNL's firmware calls
    /// them: the device names itself by its MAC address (`ID`), which must be a
    /// configured client's `trmnl_id`, and proves itself with the key setup gave it
    /// (`Access-Token`).
    ///
    /// Answered as the firmware's code reads them (`bl.cpp`'s `downloadAndShow` and
    /// `handleApiDisplayResponse`): it reads the body only of a 200 or a 429, and after
    /// reading it always opens the `image_url` it was given (from deep sleep it has no
    /// other), so every answer it must act on carries one — a forgotten key is status 0
    /// with `reset_firmware` (it forgets the key and sets up again), a 429 and a double
    /// press (`special_function: true`, answered `action: "sleep"`) carry the picture it
    /// keeps by `filename`, with `refresh_rate` the seconds to sleep; 202 waits for the
    /// first picture. Set-up sends `image_url`, the picture shown with the friendly ID;
    /// firmware from 1.5.2 on gets PNG, which it keeps by `filename` and does not fetch
    /// again (a BMP it always fetches).
    func trmnl(_ call: String, method: String, request: WebRequest) -> WebResponse {
        let id = request.header("ID")?.uppercased()
        let profile = id.flatMap { id in config.clients.values.first { $0.trmnlID == id } }
        // Unknown devices are logged at most once a minute, saying how many called since.
        if profile == nil, call == "setup", case let .allowed(more) = unknownDeviceLines.admit() {
            let others = more > 0 ? " (and \(more) more calls from unknown devices since the last such line)" : ""
            logger.warning("a TRMNL device \(id.map { String($0.prefix(17)) } ?? "without an ID") asked to be set up\(others); give a client trmnl_id = \"…\" in [http.clients.NAME]")
        }
        // A device's own budget is spent only by calls that prove they are it (set-up, which
        // has no key yet, or the right key): calls with its MAC and a wrong key share the
        // unknown devices' budget, so they cannot crowd the real device out.
        let holdsKey = profile.map { profile in request.header("Access-Token").map { keys.matches($0, client: profile.name) } ?? false } ?? false
        if case let .refused(wait) = deviceCalls.admit(call == "setup" || holdsKey ? profile?.name ?? "" : "") {
            let seconds = Int(min(wait.rounded(.up), 3_600))
            // The firmware reads a 429's body as a display answer: without an image_url it
            // has nothing to open and shows "unable to connect"; with the picture it keeps
            // (the one it was last given, so it downloads nothing while told to wait), it
            // leaves the screen as it is and sleeps.
            let shown = holdsKey && call == "display" ? profile.flatMap { profile in
                reports.picture(sentTo: profile.name) ?? current(profile, request: request)?.picture
            } : nil
            return .json(TRMNLDisplay(status: 0, error: "too many calls from this device: try again in \(seconds) s", image_url: shown?.url,
                                      filename: shown?.filename, refresh_rate: max(seconds, 1)),
                         status: 429, headers: [("Retry-After", String(seconds))])
        }
        switch (call, method) {
        case ("setup", "GET"):
            guard let profile else {
                return .json(TRMNLSetup(status: 404, message: "no client has this trmnl_id: add it to [http.clients.NAME]"), status: 404)
            }
            let key = keys.key(for: profile.name)
            logger.notice("TRMNL device \(profile.trmnlID ?? "") set up as the client \(profile.name)")
            // The picture shown beside the friendly ID: this client's screen, a BMP of the
            // panel's size or a PNG, the two the firmware takes here.
            let picture = origin(request).map { screenURL(profile, origin: $0, type: profile.depth == .mono ? "bmp" : "png") }
            return .json(TRMNLSetup(status: 200, api_key: key, friendly_id: String(key.prefix(6)).uppercased(), image_url: picture,
                                    message: "this device shows the client \(profile.name)"))
        case ("display", "GET"), ("log", "POST"):
            guard let profile, holdsKey else {
                // For the display call, a 200 the firmware reads, telling it to forget its key
                // and set up again (a 401 it would retry with the same key forever). Status 0
                // with reset_firmware and an address to open: the firmware's status 500 path
                // opens an address it was never given and ends on "unable to connect".
                let refusal = TRMNLDisplay(status: 0, error: "unknown device or wrong Access-Token: set the device up again",
                                           image_url: "\(origin(request) ?? "\(request.scheme)://localhost")/api/setup", filename: "lockscreend-reset",
                                           refresh_rate: 60, reset_firmware: true)
                return .json(refusal, status: call == "display" ? 200 : 401)
            }
            if call == "log" {
                let text = String(decoding: request.body.prefix(2_000), as: UTF8.self).filter { !$0.isNewline }
                logger.notice("TRMNL \(profile.name) says: \(text)")
                return .json(TRMNLSetup(status: 200))
            }
            if let battery = request.header("Percent-Charged") { record(profile.name, battery: battery) }
            guard origin(request) != nil else {
                return .error(400, "no Host header to build the image's address from")
            }
            guard let shown = current(profile, request: request) else {
                return .json(TRMNLDisplay(status: 202, error: "nothing has been shown yet", refresh_rate: 60))
            }
            if request.header("special_function") == "true" {
                // A double press: the function this server gives it is sleep. The firmware
                // then shows the picture it keeps by `filename`, fetching nothing, so the
                // name is the one it was last given: the current picture's name, once the
                // screen has changed since its last wake, it does not have and it would end
                // on its "wrong image size" screen.
                let kept = reports.picture(sentTo: profile.name) ?? shown.picture
                return .json(TRMNLDisplay(status: 0, image_url: kept.url, filename: kept.filename, refresh_rate: profile.refreshMax, action: "sleep"))
            }
            reports.sent(shown.picture, to: profile.name)
            return .json(TRMNLDisplay(status: 0, image_url: shown.picture.url, filename: shown.picture.filename, refresh_rate: profile.refreshRate(untilNextChange: shown.wait)))
        default:
            return .error(405, "\(request.method) is not allowed on \(request.path)")
        }
    }

    /// The picture a TRMNL device is to show now: its address (a version in it, so a new
    /// picture is a new address), the `filename` the firmware keeps it by, and the seconds
    /// until it next changes; nil before anything was drawn or without a `Host`.
    func current(_ profile: ClientProfile, request: WebRequest) -> (picture: ClientReports.Picture, wait: TimeInterval?)? {
        guard let origin = origin(request) else { return nil }
        let bmp = profile.depth == .mono && !Self.readsPNG(firmware: request.header("FW-Version"))
        guard let (bytes, wait) = picture(profile, bmp: bmp) else { return nil }
        // The picture's name: a device tells a new picture from the one it has without
        // fetching it.
        let version = FNV1a.hex(bytes)
        let picture = ClientReports.Picture(url: screenURL(profile, origin: origin, type: bmp ? "bmp" : "png") + "&v=\(version)", filename: "\(profile.name)-\(version)")
        return (picture, wait)
    }

    /// Records that `client` called now with `battery` (a percentage as it sent it), and
    /// says once in the log when the battery has just gone low.
    func record(_ client: String, battery: String?) {
        if reports.fetched(client, at: daemon.clock.now(), battery: battery) {
            logger.notice("the client \(client)'s battery is below \(ClientReports.low) %: charge it")
        }
    }

    /// `http://HOST` or `https://HOST` as the request reached the daemon, when its `Host`
    /// is a name or an address an image's URL can be made of.
    func origin(_ request: WebRequest) -> String? {
        guard let host = request.header("Host"), !host.isEmpty, host.count <= 255,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }) else { return nil }
        return "\(request.scheme)://\(host)"
    }

    /// Whether TRMNL firmware of `version` ("1.8.15") keeps a PNG by its filename: from
    /// 1.5.2 on, as the BYOS servers assume. Unknown versions get the BMP every version reads.
    static func readsPNG(firmware version: String?) -> Bool {
        guard let parts = version?.split(separator: ".").prefix(3).map({ Int($0.prefix(6)) }), parts.count == 3,
              let major = parts[0], let minor = parts[1], let patch = parts[2] else { return false }
        return (major, minor, patch) >= (1, 5, 2)
    }

    /// `GET /api/clients` (token only): each client's screen addresses with its key, for
    /// setting up a Kindle or a board that cannot send a header.
    func clients(_ request: WebRequest) -> [ClientLink] {
        let origin = "\(request.scheme)://\(request.header("Host") ?? "\(config.host):\(config.port)")"
        return config.clients.values.sorted { $0.name < $1.name }.map { profile in
            let report = reports.report(of: profile.name)
            return ClientLink(name: profile.name, size: "\(profile.width)x\(profile.height)", depth: profile.depth.rawValue, trmnl_id: profile.trmnlID,
                              png: screenURL(profile, origin: origin, type: "png"), bmp: screenURL(profile, origin: origin, type: "bmp"),
                              seen: report.map { ISO8601.format($0.seen) }, battery: report?.battery)
        }
    }

    /// Where a client fetches its screen from beyond loopback: `ORIGIN/screen/NAME.TYPE?key=…`.
    func screenURL(_ profile: ClientProfile, origin: String, type: String) -> String {
        "\(origin)/screen/\(profile.name).\(type)?key=\(keys.key(for: profile.name))"
    }
}

/// `/api/setup`'s answer, in the names TRMNL's firmware reads.
struct TRMNLSetup: Encodable {
    var status: Int
    var api_key: String?
    var friendly_id: String?
    var image_url: String?
    var message: String?
}

/// `/api/display`'s answer, in the names TRMNL's firmware reads.
struct TRMNLDisplay: Encodable {
    var status: Int
    var error: String?
    var image_url: String?
    var filename: String?
    var refresh_rate: Int?
    /// The answer to a special function the device asks for (a double press): "sleep".
    var action: String?
    var reset_firmware = false
    var update_firmware = false
    var special_function = "sleep"
}

/// A client's screen addresses (`/api/clients`).
struct ClientLink: Encodable {
    var name: String
    var size: String
    var depth: String
    var trmnl_id: String?
    var png: String
    var bmp: String
    /// When it last fetched its screen (ISO 8601), and its battery in percent if it said.
    var seen: String?
    var battery: Int?
}
