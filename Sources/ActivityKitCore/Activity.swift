import FoundationAdditions  // for .key
import FoundationEssentials

/// A Live Activity, as ActivityKit's: started by `request`, changed by `update`, ended
/// by `end`. The daemon draws it in the band below the widgets and takes its pushes at
/// `POST /api/activities/<token>` and on MQTT (docs/ACTIVITIES.md).
public final class Activity<Attributes: ActivityAttributes>: Identifiable, @unchecked Sendable {
    /// The activity's id; also its push token, in hex.
    public let id: String
    /// The attributes it was started with; they never change.
    public let attributes: Attributes
    private let channel: String?
    /// The content it had when this object was made: what `content` gives should the
    /// daemon's state ever not decode, rather than stopping the program.
    private let known: ActivityContent<Attributes.ContentState>

    private init(id: String, attributes: Attributes, channel: String?, content: ActivityContent<Attributes.ContentState>) {
        self.id = id
        self.attributes = attributes
        self.channel = channel
        self.known = content
    }

    /// The type name a push names in `attributes-type`: what `String(describing:)` prints
    /// for the type, read directly. `String(describing:)` first asks the runtime whether
    /// the metatype conforms to the printing protocols, each a miss that reads every
    /// conformance record: 4 million instructions at the first frame (docs/PERFORMANCE.md).
    package static var typeName: String { _typeName(Attributes.self, qualified: false) }

    /// Starts an activity. Throws when its content is over 4 KB, too many run, or
    /// activities are turned off.
    public static func request(
        attributes: Attributes, content: ActivityContent<Attributes.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        let id = ActivityToken.make()
        let attributesData = try ActivityCoding.encode(attributes), stateData = try ActivityCoding.encode(content.state)
        guard attributesData.count + stateData.count <= ActivityBook.maximumBytes else { throw ActivityAuthorizationError.attributesTooLarge }
        guard ActivityCenter.shared.running.filter({ $0.phase != .ended }).count < ActivityBook.maximumActivities else {
            throw ActivityAuthorizationError.targetMaximumExceeded
        }
        let now = Date()
        let update = ActivityUpdate(state: stateData, staleDate: content.staleDate, relevanceScore: content.relevanceScore, timestamp: now)
        let record = ActivityRecord(
            id: id, attributesType: typeName, attributes: attributesData, state: stateData, staleDate: content.staleDate,
            relevanceScore: content.relevanceScore, phase: .pending, started: now, timestamp: now, channel: pushType?.channel)
        ActivityCenter.shared.submit(
            .start(id: id, attributesType: typeName, attributes: attributesData, content: update, channel: pushType?.channel), provisional: record)
        return Activity(id: id, attributes: attributes, channel: pushType?.channel, content: content)
    }

    /// Starts an activity, as ActivityKit's iOS 16.1 form.
    @available(*, deprecated, renamed: "request(attributes:content:pushType:)")
    public static func request(attributes: Attributes, contentState: Attributes.ContentState, pushType: PushType? = nil) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil), pushType: pushType)
    }

    /// The activities of this attributes type running now.
    public static var activities: [Activity<Attributes>] {
        ActivityCenter.shared.running.filter { $0.attributesType == typeName && $0.phase != .dismissed }.compactMap { record in
            guard let attributes = try? ActivityCoding.decode(Attributes.self, from: record.attributes),
                  let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.state) else { return nil }
            let content = ActivityContent(state: state, staleDate: record.staleDate, relevanceScore: record.relevanceScore)
            return Activity(id: record.id, attributes: attributes, channel: record.channel, content: content)
        }
    }

    private var record: ActivityRecord? { ActivityCenter.shared.running.first { $0.id == id } }

    /// Where the activity is in its life.
    public var activityState: ActivityState { record?.phase ?? .dismissed }

    /// Its latest content (the daemon keeps only states that decode as the app's; once
    /// the activity is gone, the last one this object knew).
    public var content: ActivityContent<Attributes.ContentState> {
        guard let record, let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.state) else { return known }
        return ActivityContent(state: state, staleDate: record.staleDate, relevanceScore: record.relevanceScore)
    }

    /// Its latest content state, as ActivityKit's iOS 16.1 property.
    public var contentState: Attributes.ContentState { content.state }

    /// The token a server sends updates to: the id's bytes.
    public var pushToken: Data? { ActivityToken.bytes(id) }

    /// The push token, once (it never changes here).
    public var pushTokenUpdates: AsyncStream<Data> {
        AsyncStream { continuation in
            if let token = pushToken { continuation.yield(token) }
            continuation.finish()
        }
    }

    /// The activity's state now; later changes are read from `activityState`.
    public var activityStateUpdates: AsyncStream<ActivityState> {
        let current = activityState
        return AsyncStream { continuation in
            continuation.yield(current)
            continuation.finish()
        }
    }

    /// Replaces the content state.
    public func update(_ content: ActivityContent<Attributes.ContentState>) async {
        await update(content, alertConfiguration: nil)
    }

    /// Replaces the content state and shows an alert with it.
    public func update(_ content: ActivityContent<Attributes.ContentState>, alertConfiguration: AlertConfiguration?, timestamp: Date = .now) async {
        guard let state = try? ActivityCoding.encode(content.state) else { return }
        let alert = alertConfiguration.map { ActivityUpdate.AlertText(title: $0.title.key, body: $0.body.key) }
        ActivityCenter.shared.submit(.update(id: id, content: ActivityUpdate(
            state: state, staleDate: content.staleDate, relevanceScore: content.relevanceScore, timestamp: timestamp, alert: alert)))
    }

    /// Replaces the content state, as ActivityKit's iOS 16.1 form.
    @available(*, deprecated, renamed: "update(_:)")
    public func update(using contentState: Attributes.ContentState, alertConfiguration: AlertConfiguration? = nil) async {
        await update(ActivityContent(state: contentState, staleDate: nil), alertConfiguration: alertConfiguration)
    }

    /// Ends the activity, with a last content state if given; it stays on screen as the
    /// policy says (at most four hours).
    public func end(_ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default, timestamp: Date = .now) async {
        let update = content.flatMap { content in
            (try? ActivityCoding.encode(content.state)).map { ActivityUpdate(state: $0, staleDate: content.staleDate, relevanceScore: content.relevanceScore, timestamp: timestamp) }
        }
        ActivityCenter.shared.submit(.end(id: id, content: update ?? ActivityUpdate(state: Data(), timestamp: timestamp), dismissal: dismissalPolicy))
    }

    /// Ends the activity, as ActivityKit's iOS 16.1 form.
    @available(*, deprecated, renamed: "end(_:dismissalPolicy:)")
    public func end(using contentState: Attributes.ContentState? = nil, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        await end(contentState.map { ActivityContent(state: $0, staleDate: nil) }, dismissalPolicy: dismissalPolicy)
    }
}

/// Whether activities may be started, as ActivityKit's `ActivityAuthorizationInfo`.
public final class ActivityAuthorizationInfo: Sendable {
    public init() {}
    /// The daemon draws activities unless its configuration turns them off.
    public var areActivitiesEnabled: Bool { true }
    /// Priority-10 pushes are always taken; there is no budget on a desk display.
    public var frequentPushesEnabled: Bool { true }
    /// The setting now; it does not change while the program runs.
    public var activityEnablementUpdates: AsyncStream<Bool> {
        AsyncStream { continuation in
            continuation.yield(true)
            continuation.finish()
        }
    }
}

/// Push tokens: 32 random bytes, written in hex.
package enum ActivityToken {
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in hex(UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The bytes of a hex token; nil when it is not one.
    package static func bytes(_ token: String) -> Data? {
        let digits = Array(token.utf8)
        guard digits.count % 2 == 0, !digits.isEmpty else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// A token as the daemon accepts one: 8 to 128 hex digits.
    package static func isValid(_ token: String) -> Bool {
        (8...128).contains(token.utf8.count) && token.utf8.allSatisfy { value($0) != nil }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Attributes and states to and from JSON as ActivityKit reads a push's `content-state`:
/// with `JSONDecoder`'s default strategies, so a `Date` is seconds since 1 January 2001
/// (Apple's reference date), not since 1970 as `aps.timestamp` is.
package enum ActivityCoding {
    package static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// Why a decoding failed, in a line: where in the JSON, and what was wrong.
    package static func reason(_ error: any Error) -> String {
        let (path, why): ([any CodingKey], String) = switch error as? DecodingError {
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?, let .dataCorrupted(context)?: (context.codingPath, context.debugDescription)
        case let .keyNotFound(key, context)?: (context.codingPath + [key], "the member is missing")
        default: ([], "\(error)")
        }
        let place = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return (place.isEmpty ? "" : "at \(place.drop { $0 == "." }): ") + String(why.prefix(200))
    }
}
