import Canvas
import Config
import ControlProtocol
import DaemonInterface
import FoundationEssentials
import PanelOptions  // for PixelFormat.rawValue

/// The live page and its event stream.
extension WebAPI {
    /// `GET /`: what the panel shows, each widget's status, the client screens and the
    /// configuration file with its check, as plain HTML that reads without JavaScript;
    /// the script (inline, nothing from the internet) makes it live and adds the buttons.
    func page(_ request: WebRequest) async -> String {
        let widgets = await daemon.handle(ControlRequest.status).widgets ?? []
        let frame = daemon.frames.latestWithCount
        let (width, height) = (frame.frame?.width ?? 800, frame.frame?.height ?? 480)
        var html = WebPage.head
        html += "<main>\n<section class=screen><h2>The panel</h2>\n"
        html += "<div class=panel style=\"aspect-ratio:\(width)/\(height);max-width:\(width * 2)px\"><img id=shot src=\"/api/screen.png?n=\(frame.updates)\" alt=\"What the panel shows\" width=\(width) height=\(height)>"
        html += "<svg id=damage viewBox=\"0 0 \(width) \(height)\" preserveAspectRatio=none aria-hidden=true></svg></div>\n"
        html += "<p class=actions><button data-post=\"/api/reload\">Reload widgets</button> <button data-post=\"/api/page/next\">Next page</button> <button data-post=\"/api/refresh\">Full refresh</button> <button data-post=\"/api/power/off\">Screen off</button> <button data-post=\"/api/power/on\">Screen on</button> <button data-post=\"/api/power/auto\">Screen on schedule</button></p>\n"
        html += "<p id=said role=status></p><noscript><p>The buttons, the live picture and the editor need JavaScript; the status below does not.</p></noscript>\n"
        html += "<p class=token><label>Token <input id=token type=password autocomplete=current-password placeholder=\"for changes\"></label></p></section>\n"
        html += "<section><h2>Widgets</h2><div class=scroll><table id=widgets><thead><tr><th>Widget</th><th>Shows</th><th>State</th><th>Next reload</th><th>Budget</th></tr></thead><tbody>\n"
        for widget in widgets {
            let state = widget.stale ? "stale" + (widget.lastError.map { ": " + $0 } ?? "") : "fresh"
            html += "<tr class=\(widget.stale ? "stale" : "fresh")><td><b>\(escape(widget.name))</b><br><small>\(escape(widget.kind)), \(escape(widget.family))</small></td>"
            html += "<td>\(escape(widget.text ?? (widget.shown == "placeholder" ? "placeholder" : "entry of " + widget.shown)))</td><td>\(escape(state))</td><td>\(escape(widget.nextReload ?? "—"))</td>"
            html += "<td>\(widget.budgetLeft.map(String.init) ?? "—")</td></tr>\n"
        }
        html += "</tbody></table></div></section>\n"
        if !config.clients.isEmpty {
            html += "<section><h2>Client screens</h2><ul>\n"
            for client in config.clients.values.sorted(by: { $0.name < $1.name }) {
                let name = escape(client.name)
                html += "<li><b>\(name)</b> \(client.width)×\(client.height), \(client.depth.rawValue)\(client.trmnlID.map { ", TRMNL " + escape($0) } ?? ""): "
                html += "<a href=\"/screen/\(name).png\">PNG</a> · <a href=\"/screen/\(name).bmp\">BMP</a></li>\n"
            }
            html += "</ul></section>\n"
        }
        if let editor {
            // The file holds secrets and commands: its text only with the token.
            let signedIn = check(request.authorization, change: false) == nil
            let file = signedIn ? editor.current() : nil
            html += "<section><h2>Configuration</h2><p><code>\(escape(editor.path))</code></p>\n<ul id=issues>"
            html += file.map(issues) ?? "<li>The file and its check need the token: enter it above.</li>"
            html += "</ul>\n<textarea id=config spellcheck=false rows=18\(config.edit ? "" : " readonly")\(signedIn ? "" : " placeholder=\"needs the token\"")>\(escape(file?.text ?? ""))</textarea>\n"
            html += config.edit ? "<p><button id=apply>Check and apply</button></p></section>\n" : "<p>Editing here is off: <code>edit = true</code> in <code>[http]</code> turns it on.</p></section>\n"
        }
        html += "</main>\n<script>\(WebPage.script)</script>\n</body></html>\n"
        return html
    }

    /// The check's findings as list items: mistakes, then warnings, or that all is well.
    func issues(_ file: ConfigEditor.Outcome) -> String {
        if file.errors.isEmpty && file.warnings.isEmpty { return "<li class=ok>No mistakes.</li>" }
        return file.errors.map { "<li class=error>\(escape($0))</li>" }.joined() + file.warnings.map { "<li class=warning>\(escape($0))</li>" }.joined()
    }

    /// `GET /api/events`: server-sent events, one `frame` per presentation with the
    /// update's number and its rectangles, from the one the page has on. Only while a
    /// page is open; at most `FrameMailbox.maximumWatchers` at once.
    func events() -> WebResponse {
        guard let changes = daemon.frames.watch() else {
            return .error(503, "\(FrameMailbox.maximumWatchers) pages are open already: close one")
        }
        let first = daemon.frames.latestWithCount
        let stream = AsyncStream<[UInt8]>(bufferingPolicy: .bufferingNewest(8)) { continuation in
            continuation.yield(Self.event(FrameMailbox.Change(updates: first.updates, rects: [], width: first.frame?.width ?? 0, height: first.frame?.height ?? 0, on: daemon.frames.screen.on)))
            let task = Task {
                for await change in changes { continuation.yield(Self.event(change)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return WebResponse(status: 200, contentType: "text/event-stream", body: [], headers: [("Cache-Control", "no-store")], stream: stream)
    }

    /// One `frame` event: `{"n":…,"w":…,"h":…,"on":…,"rects":[[x,y,w,h],…]}`; `on` is
    /// false while the screen sleeps.
    static func event(_ change: FrameMailbox.Change) -> [UInt8] {
        let rects = change.rects.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" }.joined(separator: ",")
        return Array("event: frame\ndata: {\"n\":\(change.updates),\"w\":\(change.width),\"h\":\(change.height),\"on\":\(change.on),\"rects\":[\(rects)]}\n\n".utf8)
    }

    /// Text made safe inside HTML, attribute values included.
    func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
