import ControlProtocol
import DaemonInterface  // for .clock
import DaemonRuntime  // for .now
import FoundationEssentials
import JSON
import Logging
import WebTrust  // for .refusal, .reason

/// APNs's provider API on the daemon's HTTP face: `POST /3/device/<token>`, with the
/// headers APNs reads and its answers — 200 with `apns-id`, an error's status with
/// `{"reason": …}` — so a server that pushes Live Activities through an APNs client
/// needs only the address changed (docs/ACTIVITIES.md). `/api/activities/<token>`
/// answers in the same shape.
extension WebAPI {
    /// The largest push taken: APNs's limit for a Live Activity is 4 KB of payload; the
    /// daemon takes twice that, since its state alone may be 4 KB.
    static let maximumPushBytes = 8_192

    func apns(token: String, method: String, request: WebRequest) async -> WebResponse {
        guard method == "POST" else { return .apns(405, "MethodNotAllowed", "APNs takes POST on /3/device/<token>", request) }
        if let refusal = pushRefusal(request) { return refusal }
        if let kind = request.header("apns-push-type"), kind.lowercased() != "liveactivity" {
            return .apns(400, "InvalidPushType", "this daemon takes Live Activity pushes only (apns-push-type: liveactivity)", request)
        }
        guard let topic = request.header("apns-topic") else {
            return .apns(400, "MissingTopic", "apns-topic is missing: <bundle id>.push-type.liveactivity", request)
        }
        guard topic.hasSuffix(".push-type.liveactivity") else {
            return .apns(400, "TopicDisallowed", "a Live Activity's apns-topic ends in .push-type.liveactivity", request)
        }
        if let priority = request.header("apns-priority"), !["1", "5", "10"].contains(priority.filter { $0 != " " }) {
            return .apns(400, "BadPriority", "apns-priority is 5 or 10", request)
        }
        if let expiration = request.header("apns-expiration"), UInt64(expiration.filter { $0 != " " }) == nil {
            return .apns(400, "BadExpirationDate", "apns-expiration is seconds since 1970, or 0", request)
        }
        if let id = request.header("apns-id"), UUID(uuidString: id) == nil {
            return .apns(400, "BadMessageId", "apns-id is a UUID", request)
        }
        if let collapse = request.header("apns-collapse-id"), collapse.utf8.count > 64 {
            return .apns(400, "BadCollapseId", "apns-collapse-id is at most 64 bytes", request)
        }
        return .reply(Self.asAPNs(await push(token: token, request: request), logger: logger)).withAPNsID(request)
    }

    /// APNs's reasons: the only ones APNs clients know (kalyke-apns and pyapns_client
    /// raise the exception named by the reason, and have one for each of these alone).
    static let apnsReasons: Set<String> = [
        "BadCollapseId", "BadDeviceToken", "BadExpirationDate", "BadMessageId", "BadPriority", "BadTopic", "DeviceTokenNotForTopic",
        "DuplicateHeaders", "IdleTimeout", "InvalidPushType", "MissingDeviceToken", "MissingTopic", "PayloadEmpty", "TopicDisallowed",
        "BadCertificate", "BadCertificateEnvironment", "ExpiredProviderToken", "Forbidden", "InvalidProviderToken", "MissingProviderToken",
        "BadPath", "MethodNotAllowed", "ExpiredToken", "Unregistered", "PayloadTooLarge", "TooManyProviderTokenUpdates", "TooManyRequests",
        "InternalServerError", "ServiceUnavailable", "Shutdown",
    ]

    /// The daemon's answer as APNs would give it. What APNs cannot know — a push the
    /// device itself drops (sent out of order, a start too old or for a running activity,
    /// one activity too many) — is 200, as APNs answers, and said in the daemon's log; a
    /// payload the device cannot use is APNs's nearest reason (`PayloadEmpty`, or
    /// `BadTopic` for an attributes type the topic's app does not have), the daemon's
    /// words in `error`. `/api/activities/<token>` keeps the daemon's own reasons.
    static func asAPNs(_ reply: ControlReply, logger: Logger) -> ControlReply {
        guard !reply.ok, let reason = reply.reason, !apnsReasons.contains(reason) else { return reply }
        switch reason {
        case "OutOfOrder", "StartTooOld", "ActivityExists", "TooManyActivities":
            logger.notice("an APNs push taken and dropped, as a device drops it: \(reply.error ?? reason)")
            return .success
        case "UnknownAttributesType":
            return .failure(reply.error ?? reason, status: 400, reason: "BadTopic")
        default:
            return .failure(reply.error ?? reason, status: reply.status ?? 400, reason: "PayloadEmpty")
        }
    }

    /// Nil when the request may push Live Activities: its bearer token is `[http]
    /// token_file`'s, or a provider token (an ES256 JWT) of a key in `[apns]` signed
    /// within the hour; else the refusal in APNs's words (403 and its reason).
    func pushRefusal(_ request: WebRequest) -> WebResponse? {
        guard let given = request.authorization.flatMap(Self.credential) else {
            let how = providerTokens.isEmpty ? "the token in [http] token_file" : "a provider token signed with a key in [apns]"
            return .apns(403, "MissingProviderToken", "send authorization: bearer <\(how)>", request)
        }
        if check(request.authorization, change: true) == nil { return nil }
        guard !providerTokens.isEmpty else {
            return .apns(403, "InvalidProviderToken", "the bearer token is not [http] token_file's, and [apns] names no key", request)
        }
        guard let refusal = providerTokens.refusal(of: given, now: daemon.clock.now()) else { return nil }
        return .apns(403, refusal.reason, refusal.description, request)
    }

}

extension WebResponse {
    /// An error as APNs gives one: the status, `{"reason": …}` (with `timestamp` for a
    /// token no longer valid), and the daemon's own words in `error`; with `apns-id`.
    static func apns(_ status: Int, _ reason: String, _ message: String, _ request: WebRequest) -> WebResponse {
        reply(.failure(message, status: status, reason: reason), failure: status).withAPNsID(request)
    }

    /// The answer with APNs's `apns-id` (the request's, else a new one) and
    /// `apns-unique-id`; a 410's body gains APNs's `timestamp` (milliseconds).
    func withAPNsID(_ request: WebRequest) -> WebResponse {
        var response = self
        let id = request.header("apns-id").flatMap(UUID.init(uuidString:)) ?? UUID()
        response.headers += [("apns-id", id.uuidString.lowercased()), ("apns-unique-id", UUID().uuidString.lowercased())]
        if status == 410, case var .object(body)? = JSONValue.parse(Data(body)) {
            body["timestamp"] = .number((Date().timeIntervalSince1970 * 1000).rounded(.down))
            response.body = (try? JSONEncoder().encode(JSONValue.object(body))).map(Array.init) ?? response.body
        }
        return response
    }
}
