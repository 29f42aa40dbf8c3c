import FoundationEssentials

/// What a tap anywhere on a widget does (`[widgets.NAME.tap]`), or on an address a `Link`
/// or a JSON timeline's button opens (`[urls]`), for widgets of any kind and language: a
/// control of the widget's own views, where it has one, wins.
package enum WidgetTap: Sendable, Equatable {
    /// A program with its arguments, ended with its process group after 30 s; it gets
    /// the widget's name in `LOCKSCREEND_WIDGET`.
    case command([String])
    /// A page; nil for the next.
    case page(LockScreenPage?)
    /// The widget's kind asked for new timelines (after every tap anyway).
    case reload
    /// A request to an HTTP(S) address: a webhook, a smart plug's API.
    case http(Request)
    /// A message published on the `[mqtt]` broker.
    case publish(Message)
    /// A Home Assistant service called through `[homeassistant]`'s REST API.
    case service(ServiceCall)

    /// An HTTP request a tap makes; its answer is read only for its status.
    package struct Request: Sendable, Equatable {
        package var url: URL
        /// GET, POST, PUT, PATCH or DELETE.
        package var method: String
        package var body: String
        package var contentType: String
        /// A file whose text (trimmed, at most 4 KiB) is sent as `Authorization: Bearer …`,
        /// read at each tap.
        package var tokenFile: String?

        package init(url: URL, method: String = "POST", body: String = "", contentType: String = "application/json", tokenFile: String? = nil) {
            (self.url, self.method, self.body, self.contentType, self.tokenFile) = (url, method, body, contentType, tokenFile)
        }
    }

    /// An MQTT message a tap publishes.
    package struct Message: Sendable, Equatable {
        package var topic: String
        package var payload: String
        package var qos: Int
        package var retain: Bool

        package init(topic: String, payload: String = "", qos: Int = 1, retain: Bool = false) {
            (self.topic, self.payload, self.qos, self.retain) = (topic, payload, qos, retain)
        }
    }

    /// `POST /api/services/<domain>/<service>` with the data as JSON and the long-lived
    /// token of `[homeassistant]`.
    package struct ServiceCall: Sendable, Equatable {
        package var api: URL
        package var tokenFile: String
        package var domain: String
        package var service: String
        /// The service's data as a JSON object's text (`entity_id` included when given).
        package var data: String

        package init(api: URL, tokenFile: String, domain: String, service: String, data: String = "{}") {
            (self.api, self.tokenFile, self.domain, self.service, self.data) = (api, tokenFile, domain, service, data)
        }

        /// The request Home Assistant's REST API takes for the call.
        package var request: Request {
            var base = api.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            let url = URL(string: "\(base)/api/services/\(domain)/\(service)") ?? api
            return Request(url: url, method: "POST", body: data, tokenFile: tokenFile)
        }
    }
}
