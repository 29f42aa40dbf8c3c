import Accessory
import Canvas
import FoundationEssentials
import Glibc
import ProviderOptions

extension ImageWidgetSource {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The picture for `now`, shown until the next turn or fetch.
    package func timeline(now: Date) async throws(Failure) -> RenderableTimeline {
        try await timeline(now: now, decoding: OneAtATime())
    }

    /// The picture for `now`; `decoding` is set while a decode of this widget runs: one
    /// at a time, whatever asks.
    func timeline(now: Date, decoding: OneAtATime) async throws(Failure) -> RenderableTimeline {
        let source: String, bitmap: Bitmap
        var next = now.addingTimeInterval(interval)
        switch location {
        case let .file(path):
            (source, bitmap) = (path, try await decodedAway(decoding) { decode(path, stop: $0) })
        case let .folder(folder):
            let files = Self.pictures(in: folder)
            guard !files.isEmpty else {
                throw Failure(description: access(folder, R_OK | X_OK) == 0 ? "no .png, .jpg or .jpeg pictures in \(folder)" : "cannot open the folder \(folder)")
            }
            // Turns on a grid of `interval` from the epoch: every display with the same
            // folder shows the same picture, and a restart does not start over.
            let turn = (now.timeIntervalSince1970 / interval).rounded(.down)
            next = Date(timeIntervalSince1970: (turn + 1) * interval)
            let path = folder + "/" + files[Int(turn.truncatingRemainder(dividingBy: Double(files.count)))]
            (source, bitmap) = (path, try await decodedAway(decoding) { decode(path, stop: $0) })
        case let .url(fetcher):
            let body: Data
            do { body = try await fetcher.fetch() } catch { throw Failure(description: "\(fetcher.url.absoluteString): \(error)") }
            let name = fetcher.url.absoluteString
            (source, bitmap) = (name, try await decodedAway(decoding) { decode(Array(body), name: name, stop: $0) })
        case let .camera(entity, fetcher, tokenFile):
            let body: Data
            do {
                body = try await HomeAssistantWidgetSource.request(fetcher, tokenFile: tokenFile, naming: "camera \(entity)")
            } catch {
                throw Failure(description: error.description)
            }
            (source, bitmap) = (entity, try await decodedAway(decoding) { decode(Array(body), name: entity, stop: $0) })
        }
        let entry = ImageEntry(date: now, source: source, fill: fill, bitmap: bitmap)
        return RenderableTimeline(entries: [entry.renderable], policy: .after(next))
    }

    /// The running widget: its pictures, a photo symbol before the first, saved state.
    package var instance: WidgetInstance {
        let source = self
        let decoding = OneAtATime()
        return WidgetInstance(
            placeholder: ImageEntry.placeholder,
            snapshot: { context in (try? await source.timeline(now: context.date, decoding: decoding))?.entries.first ?? ImageEntry.placeholder(context) },
            timeline: { context in try await source.timeline(now: context.date, decoding: decoding) },
            restore: { _, _, data in source.restore(data) })
    }

    /// A saved entry shown again after a restart: a file's picture is read anew when it
    /// is still the configured file or in the configured folder; a fetched picture is
    /// not kept on disk, so its widget waits for the first fetch.
    package func restore(_ data: Data) -> RenderableEntry? {
        guard var entry = RenderableEntry.decode(ImageEntry.self, from: data) else { return nil }
        switch location {
        case let .file(path) where entry.source == path: break
        case let .folder(folder) where Self.pictures(in: folder).contains(where: { folder + "/" + $0 == entry.source }): break
        default: return nil
        }
        guard let bitmap = try? decode(entry.source).get() else { return nil }
        entry.bitmap = bitmap
        entry.fill = fill
        return entry.renderable
    }

    /// The pictures of a folder by name: regular files ending in .png, .jpg or .jpeg in
    /// any case, hidden files left out, the first `folderLimit` names read.
    package static func pictures(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        var seen = 0
        while seen < folderLimit, let item = readdir(directory) {
            seen += 1
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let lower = name.lowercased()
            guard !name.hasPrefix("."), [".png", ".jpg", ".jpeg"].contains(where: lower.hasSuffix) else { continue }
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// Reads and decodes on a thread of its own: a 16-megapixel JPEG from a slow SD card
    /// takes a while, and the daemon's own threads draw the clock meanwhile. One decode
    /// of this widget at a time; one past `decodeTimeLimit`, or whose fetch the engine
    /// gave up on, is stopped at the decoder's next row and its memory freed.
    private func decodedAway(_ decoding: OneAtATime, _ work: @escaping @Sendable (DecodeStop) -> Result<Bitmap, Failure>) async throws(Failure) -> Bitmap {
        guard decoding.enter() else { throw Failure(description: "the previous picture is still being decoded") }
        let stop = DecodeStop()
        let (result, stopped) = await OwnThread.run(named: "image", within: Self.decodeTimeLimit, stop: { stop.cancel() }) {
            defer { decoding.leave() }
            return work(stop)
        }
        if stopped, case .failure = result {
            throw Failure(description: "decoding the picture took longer than \(Int(Self.decodeTimeLimit)) s")
        }
        return try result.get()
    }

    private func decode(_ path: String, stop: DecodeStop? = nil) -> Result<Bitmap, Failure> {
        do { return .success(try Bitmap(contentsOfImage: path, leastSide: leastSide, stop: stop)) } catch { return .failure(Failure(description: error.description)) }
    }

    private func decode(_ data: [UInt8], name: String, stop: DecodeStop) -> Result<Bitmap, Failure> {
        do { return .success(try Bitmap(imageData: data, name: name, leastSide: leastSide, stop: stop)) } catch { return .failure(Failure(description: error.description)) }
    }
}
