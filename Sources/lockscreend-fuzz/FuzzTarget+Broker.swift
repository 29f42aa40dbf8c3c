import Broker
import Providers  // for .message

extension FuzzTarget {
    /// A broker's traffic as a sequence: each op byte either puts a message (a topic of
    /// 16, a payload up to 64 KiB, retained or not), a connection event, or takes one.
    /// Whatever the order — floods on one topic, retained junk on many — what waits
    /// stays within the inbox's bounds, and every message taken is the newest of its topic.
    static let broker = FuzzTarget(name: "broker", seeds: [], inline: brokerSeeds) { bytes in
        let inbox = MQTTInbox()
        var newest: [String: Int] = [:]
        var i = 0
        func next() -> Int {
            defer { i += 1 }
            return i < bytes.count ? Int(bytes[i]) : 0
        }
        // The first 1,024 bytes: enough ops to fill the inbox many times over.
        let end = min(bytes.count, 1_024)
        while i < end {
            let op = next()
            switch op % 4 {
            case 0, 1:
                let topic = "lockscreend/x/push/w\(next() % 16)"
                // Up to 64 KiB: 64 of them fill the 4 MiB bound.
                let size = (next() << 8) | next()
                let stamp = op >> 2
                inbox.put(.message(topic: topic, payload: [UInt8(stamp)] + [UInt8](repeating: 0, count: size), retained: op % 4 == 1))
                newest[topic] = stamp
            case 2:
                inbox.put(op & 8 == 0 ? .connected(code: 0) : .disconnected(code: 7))
            default:
                if case let .message(topic, payload, _)?? = inbox.poll() {
                    precondition(payload.first.map(Int.init) == newest[topic], "a superseded message came out")
                }
            }
            let counts = inbox.counts
            precondition(counts.waitingBytes <= MQTTInbox.maximumBytes + (1 << 16) + 1, "waiting bytes over the bound: \(counts.waitingBytes)")
            precondition(counts.waiting <= MQTTInbox.maximumMessages + 64, "waiting events over the bound: \(counts.waiting)")
        }
    }

    static let brokerSeeds: [String] = [
        // A flood on one topic, then takes.
        String(repeating: "\u{0}\u{1}\u{F}\u{FF}", count: 200) + String(repeating: "\u{3}", count: 10),
        // Retained junk on many topics, connection events between.
        (0..<64).map { "\u{1}\(UnicodeScalar(UInt8($0 % 16)))\u{FF}\u{FF}\u{2}" }.joined() + String(repeating: "\u{3}", count: 80),
    ]
}
