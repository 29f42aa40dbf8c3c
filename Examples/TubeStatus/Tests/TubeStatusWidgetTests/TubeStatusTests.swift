import Accessory
import Foundation
import LockScreen
import Testing
import TubeStatusWidget

/// The fixture: a line-status answer in the API's shape, with good service, minor and
/// severe delays, a part closure and a line closed for the night.
let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/line-status.json")
let now = Date(timeIntervalSince1970: 1_795_356_000)

func fixtureEntry(following line: String) throws -> TubeStatusEntry {
    TubeStatusEntry(date: now, lines: try LineStatusAPI.decode(Data(contentsOf: fixture)), followed: line)
}

@Suite("TubeStatus")
struct TubeStatusTests {
    @Test("the API's answer decodes to each line's worst status")
    func decodes() throws {
        let lines = try LineStatusAPI.decode(Data(contentsOf: fixture))
        #expect(lines.count == 11)
        let victoria = try #require(lines.first { $0.id == "victoria" })
        #expect(victoria.name == "Victoria" && victoria.severity == 6 && victoria.summary == "Severe Delays")
        #expect(victoria.reason?.contains("faulty train") == true)
        // Two statuses: the worse one counts.
        #expect(lines.first { $0.id == "metropolitan" }?.summary == "Part Closure")
        // Closed for the night is not a disruption.
        #expect(lines.first { $0.id == "waterloo-city" }?.isDisrupted == false)
        let entry = TubeStatusEntry(date: now, lines: lines, followed: "")
        #expect(entry.disrupted.map(\.id) == ["metropolitan", "victoria", "central"])
    }

    @Test("an answer that is not a line-status list is an error saying so")
    func rejects() {
        for text in ["{\"message\": \"rate limited\"}", "[{\"id\": 3}]", "<html>"] {
            #expect(throws: LineStatusAPI.Failure.self) { try LineStatusAPI.decode(Data(text.utf8)) }
        }
    }

    @Test("the provider fetches with URLSession; a failed fetch keeps the last entry and asks again sooner")
    func provider() async throws {
        let server = try FixtureServer(directory: fixture.deletingLastPathComponent().path)
        defer { server.stop() }
        let intent = SelectLineIntent()
        intent.url = "\(server.address)/line-status.json"
        intent.line = "victoria"
        let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: CGSize(width: 172, height: 76), date: now)
        let timeline = await TubeStatusProvider().timeline(for: intent, in: context)
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries.first?.line?.summary == "Severe Delays")
        #expect(timeline.policy == .after(now.addingTimeInterval(300)))

        // The server answers 404.
        intent.url = "\(server.address)/missing.json"
        let failed = await TubeStatusProvider().timeline(for: intent, in: context)
        #expect(failed.entries.isEmpty)
        #expect(failed.policy == .after(now.addingTimeInterval(120)))
    }

    @Test("each family draws the entry as the lock screen would", arguments: [WidgetFamily.accessoryInline, .accessoryCircular, .accessoryRectangular])
    func snapshots(family: WidgetFamily) throws {
        let victoria = try WidgetSnapshot(of: TubeStatusWidget(), entry: fixtureEntry(following: "victoria"), family: family)
        let bakerloo = try WidgetSnapshot(of: TubeStatusWidget(), entry: fixtureEntry(following: "bakerloo"), family: family)
        let network = try WidgetSnapshot(of: TubeStatusWidget(), entry: fixtureEntry(following: ""), family: family)
        #expect(victoria.coverage > 0.02, "something is drawn")
        // A severe delay does not look like good service, nor like the network summary.
        #expect(victoria.differingPixels(from: bakerloo) > 100)
        #expect(victoria.differingPixels(from: network) > 100)
        // Kept for a look: SNAPSHOT_DIR=/tmp/tube swift test
        if let directory = ProcessInfo.processInfo.environment["SNAPSHOT_DIR"] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, snapshot) in [("victoria", victoria), ("bakerloo", bakerloo), ("network", network)] {
                try snapshot.writePNG(to: "\(directory)/\(family.rawValue)-\(name).png")
            }
        }
    }
}
