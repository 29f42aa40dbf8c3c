import Accessory
@testable import Broker
@testable import Config
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
import JSON
@testable import LockScreen
@testable import Panel
import PanelOptions
@testable import Providers
import TestSupport
import Testing
@testable import TimelineEngine

/// What a flood from the broker, the page or the socket costs: bounded memory, one
/// provider run a second, two full refreshes and then one every 30 s, bounded text.
@Suite("Floods")
struct FloodTests {
    @Test("1,200 messages of 1 MiB on one push topic keep one waiting; 600 retained topics keep at most 4 MiB (attacks 2 and 3)")
    func inboxBytes() async {
        let inbox = MQTTInbox()
        let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        for n in 0..<1_200 { inbox.put(.message(topic: "home/kitchen/push/note", payload: megabyte + [UInt8(n % 256)], retained: false)) }
        #expect(inbox.counts.waitingBytes == (1 << 20) + 1)
        for n in 0..<600 { inbox.put(.message(topic: "home/kitchen/push/w\(n)", payload: megabyte, retained: true)) }
        #expect(inbox.counts.waitingBytes <= MQTTInbox.maximumBytes)
        // What comes out is the newest of what was kept, oldest topic first.
        var topics: [String] = []
        inbox.finishAfterDraining()
        while let event = await inbox.take() {
            if case let .message(topic, _, _) = event { topics.append(topic) }
        }
        #expect(topics == (596..<600).map { "home/kitchen/push/w\($0)" })
        // Empty payloads on ever new topics are bounded by count.
        let many = MQTTInbox()
        for n in 0..<100_000 { many.put(.message(topic: "t/\(n)", payload: [], retained: false)) }
        many.put(.connected(code: 0))
        many.finishAfterDraining()
        var count = 0
        while await many.take() != nil { count += 1 }
        #expect(count == MQTTInbox.maximumMessages + 1)
        // A storm of connection events keeps the newest: the last connection is subscribed.
        let storm = MQTTInbox()
        for n in 0..<1_000 { storm.put(n % 2 == 0 ? .disconnected(code: 7) : .connected(code: 0)) }
        storm.finishAfterDraining()
        var last: MQTTClient.Event?
        var events = 0
        while let event = await storm.take() { last = event; events += 1 }
        #expect(events == MQTTInbox.maximumSignals && last == .connected(code: 0))
    }

    @Test("a megabyte of text in an entry is cut to what a widget can show (attack 5)")
    func longText() {
        let text = String(repeating: "é", count: 1 << 19)
        let entry = TimelineJSON.Entry(date: testNow, relevance: nil, content: .object(["text": .string(text), "lines": .array([.string(text), .string("short")])]))
        #expect(entry.content["text"]?.stringValue?.count == TimelineJSON.Entry.maximumCharacters + 1)
        #expect(entry.content["text"]?.stringValue?.hasSuffix("…") == true)
        guard case let .array(lines)? = entry.content["lines"] else { Issue.record("no lines"); return }
        #expect(lines[0].stringValue?.count == TimelineJSON.Entry.maximumCharacters + 1 && lines[1].stringValue == "short")
    }

    @Test("200 reload requests in 10 s ask a provider at most once a second (attack 6)")
    func reloadFlood() async {
        let calls = Counter()
        let engine = fastEngine([
            Scripted.widget("cmd", Scripted.instance(calls: calls) { _, now in RenderableTimeline(entries: [Scripted.entry(now, "x")], policy: .never) }),
        ])
        await engine.reloadDue(now: testNow)
        for step in 0..<200 {
            let now = testNow + Double(step) * 0.05
            await engine.requestReload(kind: nil)
            await engine.reloadDue(now: now)
        }
        // The first asking, then one a second for 10 s.
        #expect(calls.count <= 11 && calls.count >= 10)
    }

    @Test("196 full refreshes asked for in 10 s flash the panel twice; the next after 30 s (attack 6)")
    func refreshFlood() async throws {
        let config = try RunningConfig.parse("", file: "c.toml", registry: .standard(systemRoot: fixtureRoot))
        let display = MemoryDisplay(width: 400, height: 240)
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions(width: 400, height: 240)), display: display,
                                      clock: clock, logger: quietLogger)
        _ = try await daemon.step(now: testNow)
        let fulls = { display.presentations.filter { $0.refresh == .full }.count }
        let first = fulls()
        for _ in 0..<196 {
            clock.advance(by: 0.05)
            await daemon.perform(.fullRefresh, now: clock.now())
            _ = try await daemon.step(now: clock.now())
        }
        #expect(fulls() - first == 2)
        clock.advance(by: 31)
        await daemon.perform(.fullRefresh, now: clock.now())
        _ = try await daemon.step(now: clock.now())
        #expect(fulls() - first == 3)
    }
}
