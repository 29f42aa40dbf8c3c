import ActivityKitCore
import Accessory
import FoundationEssentials
import JSON
import LockScreenModel
import Testing

/// Live Activity pushes read as APNs reads them: `aps.event`, `timestamp`, `content-state`,
/// `stale-date`, `dismissal-date`, `relevance-score`, `alert`, `attributes-type`,
/// `attributes`; the payload of a server that pushes to APNs, unchanged.
@Suite("Live Activity pushes")
struct ActivityPushTests {
    func push(_ json: String, token: String = "ABCDEF0123456789", priority: Int? = nil) throws -> ActivityPush {
        try ActivityPush(token: token, payload: try #require(JSONValue.parse(Data(json.utf8))), priority: priority)
    }

    func failure(_ json: String, token: String = "abcdef0123456789") -> String {
        do {
            _ = try push(json, token: token)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("localised alerts as APNs clients build them: a key drawn as iOS draws one without its string, its arguments filled in (issue 60)")
    func localisedAlerts() throws {
        func alert(_ json: String) throws -> ActivityUpdate.AlertText? {
            guard case let .update(_, content) = try push(#"{"aps": {"timestamp": 1685952000, "event": "update", "content-state": {}, "alert": \#(json)}}"#).operation else { return nil }
            return content.alert
        }
        #expect(try alert(#"{"title-loc-key": "GOAL_%@", "title-loc-args": ["Saka"], "loc-key": "%1$@ scores in minute %2$@, %@ 100%%", "loc-args": ["Saka", 12]}"#)
                == .init(title: "GOAL_Saka", body: "Saka scores in minute 12, Saka 100%"))
        #expect(try alert(#"{"title": {"loc-key": "%@ and %@", "loc-args": ["one"]}, "body": {"loc-key": "plain"}}"#) == .init(title: "one and ", body: "plain"))
        #expect(try alert(#"{"loc-key": "%9$@ %"}"#) == .init(title: "", body: " %"))
    }

    @Test("an alert's title and body of a megabyte are cut as an entry's texts are (issue 59, attack 8)")
    func hugeAlert() throws {
        let huge = String(repeating: "Goal! ", count: 200_000)
        let read = try push(#"{"aps": {"timestamp": 1685952000, "event": "update", "content-state": {"score": 1}, "alert": {"title": "\#(huge)", "body": {"loc-key": "\#(huge)"}}}}"#)
        guard case let .update(_, content) = read.operation, let alert = content.alert else {
            Issue.record("not an update with an alert: \(read.operation)")
            return
        }
        #expect(alert.title.count == ActivityPush.maximumAlertCharacters + 1 && alert.title.hasSuffix("…"))
        #expect(alert.body.count == ActivityPush.maximumAlertCharacters + 1 && alert.body.hasPrefix("Goal! Goal!"))
    }

    @Test("an update as Apple's documentation writes one: dates in seconds since 1970, the state's numbers as written")
    func update() throws {
        let read = try push(#"{"aps": {"timestamp": 1685952000, "event": "update", "content-state": {"currentHealthLevel": 0.941, "eventDescription": "Power Panda found a sword!", "count": 3}, "stale-date": 1685952300, "relevance-score": 75, "alert": {"title": {"loc-key": "%@ is on an adventure!", "loc-args": ["Power Panda"]}, "body": "Power Panda found a sword!", "sound": "chime.aiff"}}}"#, priority: 5)
        guard case let .update(id, content) = read.operation else { Issue.record("not an update: \(read.operation)"); return }
        #expect(id == "abcdef0123456789")
        #expect(content.timestamp == Date(timeIntervalSince1970: 1_685_952_000))
        #expect(content.staleDate == Date(timeIntervalSince1970: 1_685_952_300))
        #expect(content.relevanceScore == 75)
        #expect(String(decoding: content.state, as: UTF8.self) == #"{"count":3,"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"}"#)
        #expect(content.alert == .init(title: "Power Panda is on an adventure!", body: "Power Panda found a sword!"))
        #expect(!read.urgent)
        #expect(try push(#"{"aps": {"event": "update", "content-state": {}}}"#, priority: 10).urgent)
        #expect(try push(#"{"aps": {"event": "update", "content-state": {}}}"#).urgent)
    }

    @Test("a start names its attributes' type and carries them; the aps object alone is taken too")
    func start() throws {
        let read = try push(#"{"event": "start", "timestamp": 1, "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-7"}, "content-state": {"stage": "onTheWay"}}"#)
        guard case let .start(id, type, attributes, content, _) = read.operation else { Issue.record("not a start"); return }
        #expect(id == "abcdef0123456789" && type == "DeliveryAttributes")
        #expect(String(decoding: attributes, as: UTF8.self) == #"{"orderNumber":"A-7"}"#)
        #expect(String(decoding: content.state, as: UTF8.self) == #"{"stage":"onTheWay"}"#)
    }

    @Test("an end keeps the last state unless it brings one, and leaves at its dismissal date")
    func end() throws {
        let bare = try push(#"{"aps": {"event": "end", "timestamp": 20, "dismissal-date": 1000}}"#)
        guard case let .end(_, content, policy) = bare.operation else { Issue.record("not an end"); return }
        #expect(content?.state.isEmpty == true && content?.timestamp == Date(timeIntervalSince1970: 20))
        #expect(policy == .after(Date(timeIntervalSince1970: 1000)))
        var book = ActivityBook()
        try book.start(id: "abcdef0123456789", attributesType: "T", attributes: Data("{}".utf8), state: Data(#"{"a":1}"#.utf8), staleDate: nil, relevanceScore: 0,
                       timestamp: Date(timeIntervalSince1970: 10), now: Date(timeIntervalSince1970: 10))
        let outcome = try book.apply(bare.operation, now: Date(timeIntervalSince1970: 30))
        #expect(outcome == .applied)
        #expect(book.record("abcdef0123456789")?.state == Data(#"{"a":1}"#.utf8))
        #expect(book.record("abcdef0123456789")?.dismissal == Date(timeIntervalSince1970: 1000))
    }

    @Test("what is not a push is refused, saying what to mend", arguments: [
        (#"{"aps": {"content-state": {}}}"#, "aps.event is missing: start, update or end"),
        (#"{"aps": {"event": "pause"}}"#, "aps.event 'pause' is not one of start, update, end"),
        (#"{"aps": {"event": "update"}}"#, "an update needs aps.content-state"),
        (#"{"aps": {"event": "update", "content-state": []}}"#, "aps.content-state must be an object: the activity's ContentState as JSON"),
        (#"{"aps": {"event": "update", "timestamp": -5, "content-state": {}}}"#, "aps.timestamp must be seconds since 1970, as APNs takes it"),
        (#"{"aps": {"event": "start", "content-state": {}}}"#, "a start needs aps.attributes-type: the name of the ActivityAttributes type"),
        (#"{"aps": {"event": "start", "attributes-type": "T", "content-state": {}}}"#, "a start needs aps.attributes: the attributes as a JSON object"),
        (#"["aps"]"#, #"the payload must be a JSON object with an "aps" member"#),
    ])
    func refused(json: String, reason: String) {
        #expect(failure(json) == reason)
    }

    @Test("a token is hex, 8 to 128 digits; content over 4 KB is refused")
    func bounds() {
        #expect(failure(#"{"aps": {"event": "update", "content-state": {}}}"#, token: "not-hex!").contains("8 to 128 hex digits"))
        #expect(failure(#"{"aps": {"event": "update", "content-state": {}}}"#, token: "abc").contains("8 to 128 hex digits"))
        let big = String(repeating: "x", count: 4100)
        #expect(failure(#"{"aps": {"event": "update", "content-state": {"m": "\#(big)"}}}"#).contains("more than 4 KB"))
    }
}
