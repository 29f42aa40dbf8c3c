import Accessory
import Canvas
import Foundation
import LockScreenModel  // for .home
import Panel
import Testing
import TestSupport
@testable import Config
@testable import ControlProtocol
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import DaemonTestSupport
import ProviderOptions

/// `kind = "image"`: pictures from a file, a folder, an address or a Home Assistant
/// camera, decoded small, drawn as iOS's photo widgets are.
@Suite("Image widgets", .serialized)
struct ImageWidgetTests {
    let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)
    let jpeg = URL(fileURLWithPath: fixtureRoot).appendingPathComponent("pictures/gradient.jpg").path

    /// A folder of its own for one test, removed afterwards.
    func folder(_ body: (String) async throws -> Void) async throws {
        let folder = try TemporaryFolder("pictures")
        defer { folder.remove() }
        let dir = folder.path
        try await body(dir)
    }

    /// A `width` × `height` PNG, black left of the middle and white right of it.
    func writePNG(_ path: String, width: Int, height: Int) throws {
        var frame = Frame(width: width, height: height, fill: 0)
        for y in 0..<height { for x in width / 2..<width { for c in 0..<3 { frame.pixels[y * frame.bytesPerRow + x * 4 + c] = 255 } } }
        try frame.writePNG(to: path)
    }

    @Test("a folder shows its pictures by name, one per interval on a grid from the epoch; hidden and other files are left out")
    func folderTurns() async throws {
        try await folder { dir in
            try FileManager.default.copyItem(atPath: jpeg, toPath: dir + "/b.JPG")
            try writePNG(dir + "/a.png", width: 40, height: 20)
            try writePNG(dir + "/.hidden.png", width: 40, height: 20)
            try Data("notes".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
            try FileManager.default.createDirectory(atPath: dir + "/c.png", withIntermediateDirectories: false)
            #expect(ImageWidgetSource.pictures(in: dir) == ["a.png", "b.JPG"])
            var source = ImageWidgetSource(location: .folder(dir))
            source.interval = 600
            let turn = (testNow.timeIntervalSince1970 / 600).rounded(.down)
            for step in 0..<3 {
                let now = Date(timeIntervalSince1970: (turn + Double(step)) * 600 + 17)
                let timeline = try await source.timeline(now: now)
                let saved = try #require(timeline.entries.first?.data)
                let shown = try JSONDecoder().decode([String: AnyCodable].self, from: saved)["source"]
                #expect(shown?.text == dir + "/" + ["a.png", "b.JPG"][Int(turn + Double(step)) % 2])
                #expect(timeline.policy == .after(Date(timeIntervalSince1970: (turn + Double(step) + 1) * 600)))
            }
            try FileManager.default.removeItem(atPath: dir + "/a.png")
            try FileManager.default.removeItem(atPath: dir + "/b.JPG")
            await #expect(throws: ImageWidgetSource.Failure.self) { try await source.timeline(now: testNow) }
        }
    }

    @Test("a picture is kept no larger than its place needs: libjpeg's scaled decoding, then Cairo's")
    func decodedSmall() async throws {
        try await folder { dir in
            try writePNG(dir + "/wide.png", width: 1_000, height: 600)
            let png = try Bitmap(contentsOfImage: dir + "/wide.png", leastSide: 100)
            #expect(png.width == 167 && png.height == 100)
            // Still black on the left and white on the right after shrinking.
            #expect(png.pixels[50 * png.bytesPerRow + 10 * 4] < 20 && png.pixels[50 * png.bytesPerRow + 150 * 4] > 235)
            // 48 × 32: libjpeg decodes at 1/4 (12 × 8), the largest step keeping 8 pixels a side.
            let small = try Bitmap(contentsOfImage: jpeg, leastSide: 8)
            #expect(small.width == 12 && small.height == 8)
            #expect(try Bitmap(contentsOfImage: jpeg).width == 48)
        }
    }

    @Test("what is not a picture is refused by its bytes, whatever its name, before anything is decoded")
    func refuses() async throws {
        try await folder { dir in
            try Data("GIF89a....".utf8).write(to: URL(fileURLWithPath: dir + "/x.png"))
            // A PNG header claiming 60,000 × 60,000 pixels.
            var huge = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
            huge += [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 2, 0, 0, 0]
            try Data(huge).write(to: URL(fileURLWithPath: dir + "/huge.png"))
            try Data(huge.prefix(20)).write(to: URL(fileURLWithPath: dir + "/cut.png"))
            for name in ["x.png", "huge.png", "cut.png", "missing.png"] {
                #expect(throws: PNGError.self, "\(name)") { try Bitmap(contentsOfImage: dir + "/" + name) }
            }
            let source = ImageWidgetSource(location: .file(dir + "/huge.png"))
            let error = await #expect(throws: ImageWidgetSource.Failure.self) { try await source.timeline(now: testNow) }
            #expect(error?.description.contains("huge.png") == true)
        }
    }

    @Test("a PNG is refused by the size its header declares: a 16 KB file claiming 4096 × 4096 is never decoded (attack 14)")
    func declaredSize() throws {
        // A real PNG's header with its width and height made 4096 × 4096: refused on the
        // header's word, so the broken checksum is never reached.
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("declared-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try writePNG(png.path, width: 20, height: 10)
        var bytes = try [UInt8](Data(contentsOf: png))
        for (offset, value) in [(16, 4_096), (20, 4_096)] {
            bytes[offset..<offset + 4] = [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)][...]
        }
        let error = #expect(throws: PNGError.self) { try Bitmap(imageData: bytes, name: "claim.png") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("4096 × 4096 pixels, more than 8388608"))
        // A PNG of a size a screen has, shrunk while it is read to what its place needs.
        try writePNG(png.path, width: 1_920, height: 1_080)
        let shown = try Bitmap(imageData: [UInt8](Data(contentsOf: png)), name: "screen.png", leastSide: 270)
        #expect(shown.width == 480 && shown.height == 270)
        #expect(shown.pixels[135 * shown.bytesPerRow + 10 * 4] == 0 && shown.pixels[135 * shown.bytesPerRow + 470 * 4] == 255)
    }

    @Test("a progressive JPEG of more scans than any camera writes is refused; a cancelled decode stops (attack 7)")
    func jpegWork() throws {
        let progressive = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixtureRoot).appendingPathComponent("pictures/progressive.jpg")))
        #expect(try Bitmap(imageData: progressive, name: "p.jpg").width == 32)
        // Its last scan again 600 times: libjpeg only warns about each, and would decode
        // every one of them.
        let end = try #require(progressive.lastIndex(of: 0xD9).map { $0 - 1 })
        let lastScan = try #require((0..<end).last { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA })
        let scan = progressive[lastScan..<end]
        var stalling = Array(progressive[..<end])
        for _ in 0..<600 { stalling += scan }
        stalling += [0xFF, 0xD9]
        let error = #expect(throws: PNGError.self) { try Bitmap(imageData: stalling, name: "stall.jpg") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("more than 500 progressive scans"))
        // A decode whose stop is set ends at once, for JPEG and PNG alike.
        let stop = DecodeStop()
        stop.cancel()
        for picture in [progressive, try [UInt8](Data(contentsOf: URL(fileURLWithPath: jpeg)))] {
            let stopped = #expect(throws: PNGError.self) { try Bitmap(imageData: picture, name: "p", stop: stop) }
            #expect("\(stopped.map { "\($0)" } ?? "")".contains("decoding stopped"))
        }
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("stop-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try writePNG(png.path, width: 64, height: 64)
        let stoppedPNG = #expect(throws: PNGError.self) { try Bitmap(imageData: [UInt8](Data(contentsOf: png)), name: "p.png", stop: stop) }
        #expect("\(stoppedPNG.map { "\($0)" } ?? "")".contains("decoding stopped"))
    }

    @Test("an address and a Home Assistant camera are fetched; a wrong token says so")
    func fetched() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let url = ImageWidgetSource(location: .url(HTTPFetcher(url: URL(string: server.url("/photo.jpg"))!)))
        #expect(try await url.timeline(now: testNow).entries.count == 1)
        let notPicture = ImageWidgetSource(location: .url(HTTPFetcher(url: URL(string: server.url("/ok"))!)))
        await #expect(throws: ImageWidgetSource.Failure.self) { try await notPicture.timeline(now: testNow) }
        try await folder { dir in
            let token = dir + "/token"
            try Data("good-token\n".utf8).write(to: URL(fileURLWithPath: token))
            chmod(token, 0o600)
            let camera = HTTPFetcher(url: URL(string: server.url("/api/camera_proxy/camera.door"))!)
            let good = ImageWidgetSource(location: .camera(entity: "camera.door", fetcher: camera, tokenFile: token))
            #expect(try await good.timeline(now: testNow).entries.count == 1)
            try Data("stale-token\n".utf8).write(to: URL(fileURLWithPath: token))
            chmod(token, 0o600)
            let error = await #expect(throws: ImageWidgetSource.Failure.self) { try await good.timeline(now: testNow) }
            #expect(error?.description.contains("refused the token") == true)
        }
    }

    /// One rectangular image widget showing the test's JPEG.
    func wideConfig() throws -> RunningConfig {
        try RunningConfig.parse("""
            [layout]
            row = ["wide"]
            [widgets.wide]
            kind = "image"
            family = "rectangular"
            file = "\(jpeg)"
            """, file: "i.toml", registry: registry)
    }

    @Test("on a panel of few inks a photo is diffused over them, and an unchanged photo costs no pixel at the next minute")
    func diffusedOnPanel() async throws {
        let config = try wideConfig()
        let display = MemoryDisplay(width: 800, height: 480, pictureInks: .greys(levels: 2))
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: display, clock: clock, logger: quietLogger)
        try await daemon.step(now: testNow)
        let photo = try #require(daemon.renderer.rect(of: .unit(0), rowFamilies: config.content.row.map(\.family))).integral
        let frame = try #require(display.lastFrame)
        var levels = Set<UInt8>()
        // Inside its rounded corners (their anti-aliased edge is the panel's ordered dithering's).
        for y in photo.y + 12..<photo.maxY - 12 {
            for x in photo.x + 12..<photo.maxX - 12 { levels.insert(frame.pixels[y * frame.bytesPerRow + x * 4 + 1]) }
        }
        #expect(levels == [0, 255])
        clock.advance(by: 60)
        try await daemon.step(now: testNow + 60)
        let next = try #require(display.presentations.last)
        #expect(!next.damage.isEmpty, "the clock moved on")
        #expect(next.damage.allSatisfy { $0.intersection(photo).isEmpty }, "\(next.damage) against \(photo)")
    }

    @Test("on a colour panel the running daemon finds the inks' gamut on a thread of its own: its drawing never searches; a one-off drawing searches on demand")
    func gamutAhead() async throws {
        let config = try wideConfig()
        // Black, white, red and yellow as a four-colour panel's glass shows them.
        let inks = PictureInks([
            .init(drawn: .init(0, 0, 0), aim: .init(34, 30, 36)), .init(drawn: .init(255, 255, 255), aim: .init(226, 222, 214)),
            .init(drawn: .init(255, 0, 0), aim: .init(148, 44, 40)), .init(drawn: .init(255, 255, 0), aim: .init(214, 190, 60)),
        ])
        var behaviour = LockScreenDaemon.Behaviour()
        behaviour.findsGamutAhead = true
        func daemon(_ inks: PictureInks, _ behaviour: LockScreenDaemon.Behaviour) -> LockScreenDaemon {
            LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions()),
                             display: MemoryDisplay(width: 800, height: 480, pictureInks: inks), clock: ManualClock(start: testNow),
                             behaviour: behaviour, logger: quietLogger)
        }
        let running = daemon(inks, behaviour)
        #expect(running.renderer.pictureInks?.gamutFoundAhead == true)
        try await running.step(now: testNow)
        #expect(daemon(inks, .init()).renderer.pictureInks?.gamutFoundAhead == false)
        // Greys span no volume: nothing to find, nothing started.
        #expect(daemon(.greys(levels: 4), behaviour).renderer.pictureInks?.gamutFoundAhead == false)
    }

    @Test("on the lock screen a photo is cut round for circular and fills rectangular; a file's picture comes back after a restart")
    func drawn() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            row = ["round", "wide"]
            [widgets.round]
            kind = "image"
            family = "circular"
            file = "\(jpeg)"
            [widgets.wide]
            kind = "image"
            family = "rectangular"
            file = "\(jpeg)"
            """, file: "i.toml", registry: registry)
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: display, clock: ManualClock(start: testNow), logger: quietLogger)
        try await daemon.step(now: testNow)
        let frame = try #require(display.lastFrame)
        let families = config.content.row.map(\.family)
        func grey(_ x: Double, _ y: Double) -> Int {
            let i = Int(y) * frame.bytesPerRow + Int(x) * frame.format.bytesPerPixel
            return Int(frame.pixels[i])
        }
        let round = try #require(daemon.renderer.rect(of: .unit(0), rowFamilies: families))
        let wide = try #require(daemon.renderer.rect(of: .unit(1), rowFamilies: families))
        // The gradient runs red to blue: the photo's two sides differ, its corner is cut off.
        #expect(abs(grey(round.minX + 6, round.midY) - grey(round.maxX - 6, round.midY)) > 10)
        #expect(grey(round.minX + 2, round.minY + 2) == 0)
        #expect(abs(grey(wide.minX + 10, wide.midY) - grey(wide.maxX - 10, wide.midY)) > 20)
        // Saved state names the file; restored, the same picture is decoded again.
        let widget = config.content.row[0].widgets[0]
        let saved = try #require(try await widget.instance.timeline(TimelineProviderContext(family: .accessoryCircular, displaySize: CGSize(width: 76, height: 76), isPreview: false, date: testNow)).entries.first?.data)
        #expect(widget.instance.restore(testNow, nil, saved) != nil)
        // Saved state is input: a file other than the configured one is not opened.
        let elsewhere = #"{"date": 1795356297, "fill": true, "source": "/etc/passwd"}"#
        #expect(widget.instance.restore(testNow, nil, Data(elsewhere.utf8)) == nil)
        #expect(widget.instance.restore(testNow, nil, Data(elsewhere.replacing("/etc/passwd", with: jpeg).utf8)) != nil)
    }

    @Test("the photo page shows its widget over the whole panel, edge to edge; next walks lock → photo → lock; pages a display lacks are refused")
    func photoPage() async throws {
        let config = try RunningConfig.parse("""
            [layout]
            row = ["round"]
            photo = "frame"
            [widgets.round]
            kind = "image"
            family = "circular"
            file = "\(jpeg)"
            [widgets.frame]
            kind = "image"
            file = "\(jpeg)"
            """, file: "p.toml", registry: registry)
        #expect(config.content.pages == [.lock, .photo])
        #expect(config.content.page(after: .lock) == .photo && config.content.page(after: .photo) == .lock)
        let display = MemoryDisplay(width: 400, height: 240)
        let clock = ManualClock(start: testNow)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(testOptions(width: 400, height: 240)), display: display, clock: clock, logger: quietLogger)
        try await daemon.step(now: testNow)
        let lockFrame = try #require(display.lastFrame)
        daemon.show(.photo, now: testNow + 1)
        clock.advance(to: testNow + 1)
        try await daemon.step(now: testNow + 1)
        let photo = try #require(display.lastFrame)
        func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
            let i = y * photo.bytesPerRow + x * 4
            return (photo.pixels[i + 2], photo.pixels[i + 1], photo.pixels[i])
        }
        // The gradient, red on the left and blue on the right, in colour to the very edges.
        #expect(pixel(0, 120).r > 180 && pixel(0, 120).b < 80)
        #expect(pixel(399, 120).b > 180 && pixel(399, 120).r < 80)
        #expect(pixel(200, 0) != (0, 0, 0) && pixel(200, 239) != (0, 0, 0))
        #expect(daemon.redraws[.photo] == 1)
        // No home page here: asked for, it is refused and the photo stays.
        daemon.show(.home, now: testNow + 2)
        #expect(daemon.content.page == .photo)
        let handler = ControlHandler(engine: daemon.engine, board: config.pushBoard, frames: daemon.frames, clock: clock, inbox: daemon.inbox)
        let refused = await handler.handle(ControlRequest.page("home"))
        #expect(refused.error == "this display has no home page: list widgets in [layout] home")
        #expect(await handler.handle(ControlRequest.page("photo")).ok)
        daemon.show(.lock, now: testNow + 3)
        clock.advance(to: testNow + 3)
        try await daemon.step(now: testNow + 3)
        // The lock screen as it was, the clock a minute on (14:04:57 + 3 s).
        let back = try #require(display.lastFrame)
        let belowClock = 120 * back.bytesPerRow
        #expect(zip(back.pixels[belowClock...], lockFrame.pixels[belowClock...]).filter { $0 != $1 }.count == 0)
    }

    @Test("config mistakes name the key: no source, two sources, the inline line, a camera without Home Assistant; a missing folder is a warning")
    func mistakes() throws {
        func issues(_ body: String, family: String = "rectangular") -> String {
            let text = "[layout]\nrow = [\"p\"]\n[widgets.p]\nkind = \"image\"\nfamily = \"\(family)\"\n" + body
            do {
                _ = try RunningConfig.parse(text, file: "i.toml", registry: registry)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(issues("").contains("no picture"))
        #expect(issues("file = \"\(jpeg)\"\nurl = \"https://example.com/a.jpg\"").contains("one picture source, found file and url"))
        // A folder not there yet (a share mounted later) is a warning; the widget waits for it.
        #expect(issues("folder = \"/nonexistent-pictures\"").isEmpty)
        let waiting = try RunningConfig.parse("[layout]\nrow = [\"p\"]\n[widgets.p]\nkind = \"image\"\nfamily = \"rectangular\"\nfolder = \"/nonexistent-pictures\"\n", file: "i.toml", registry: registry)
        #expect(waiting.warnings.map(\.description) == ["i.toml:6: widgets.p.folder: no folder /nonexistent-pictures yet: the widget waits for it"])
        #expect(issues("url = \"ftp://example.com/a.jpg\"").contains("widgets.p.url"))
        #expect(issues("camera = \"camera.door\"").contains("add [homeassistant]"))
        #expect(issues("camera = \"sensor.door\"").contains("expected a camera entity"))
        #expect(issues("file = \"\(jpeg)\"\nmax_body = 4096").contains("max_body is for a picture fetched"))
        #expect(issues("file = \"\(jpeg)\"\nfit = \"stretch\"").contains("widgets.p.fit"))
        #expect(issues("file = \"\(jpeg)\"").isEmpty)
        let noPhoto = "[layout]\npage = \"photo\"\n"
        #expect(throws: ConfigErrors.self) { try RunningConfig.parse(noPhoto, file: "i.toml", registry: registry) }
        let small = "[layout]\nphoto = \"p\"\n[widgets.p]\nkind = \"image\"\nfamily = \"small\"\nfile = \"\(jpeg)\"\n"
        #expect(throws: ConfigErrors.self) { try RunningConfig.parse(small, file: "i.toml", registry: registry) }
    }
}

/// Reads one string out of saved JSON.
private struct AnyCodable: Decodable {
    let text: String?
    init(from decoder: any Decoder) throws {
        text = try? decoder.singleValueContainer().decode(String.self)
    }
}
