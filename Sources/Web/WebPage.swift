/// The page's fixed parts: its head and style, and its script. Everything is inline, so
/// the page works on a network without the internet and loads in one request.
enum WebPage {
    static let head = """
    <!doctype html>
    <html lang=en><head><meta charset=utf-8>
    <meta name=viewport content="width=device-width, initial-scale=1">
    <title>lockscreend</title>
    <style>
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
    body { margin: 0 auto; padding: 0.75rem; max-width: 60rem; }
    h1 { font-size: 1.3rem; margin: 0.2rem 0 0.6rem; } h2 { font-size: 1.05rem; margin: 1.2rem 0 0.4rem; }
    .panel { position: relative; width: 100%; max-width: 100%; background: #000; }
    .panel img { display: block; width: 100%; height: 100%; image-rendering: pixelated; }
    .panel svg { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
    .panel rect { fill: none; stroke: #f33; stroke-width: 2px; vector-effect: non-scaling-stroke; }
    button { font: inherit; padding: 0.45rem 0.8rem; margin: 0.15rem 0; }
    .scroll { overflow-x: auto; } table { border-collapse: collapse; width: 100%; }
    td, th { text-align: left; padding: 0.3rem 0.4rem; border-bottom: 1px solid #8884; vertical-align: top; }
    tr.stale td { color: #c60; } small { opacity: 0.7; }
    textarea { width: 100%; box-sizing: border-box; font: 0.85rem ui-monospace, monospace; }
    li.error { color: #d22; } li.warning { color: #c60; } li.ok { color: #292; }
    input { font: inherit; max-width: 12rem; }
    @media (max-width: 36rem) {
      thead { display: none; } tr { display: block; border-bottom: 1px solid #8884; padding: 0.3rem 0; }
      td { display: block; border: 0; padding: 0.1rem 0.2rem; } td:nth-child(n+3) { display: inline-block; font-size: 0.85rem; }
      td:nth-child(4)::before { content: "next "; opacity: 0.7; } td:nth-child(5)::before { content: "budget "; opacity: 0.7; }
    }
    </style></head><body><h1>lockscreend</h1>

    """

    static let script = """
    "use strict";
    const $ = (id) => document.getElementById(id);
    const token = $("token");
    token.value = sessionStorage.getItem("lockscreend-token") || "";
    token.addEventListener("change", () => sessionStorage.setItem("lockscreend-token", token.value));
    const say = (text) => { $("said").textContent = text; };
    async function post(path, body) {
      const headers = token.value ? { "Authorization": "Bearer " + token.value } : {};
      const response = await fetch(path, { method: "POST", headers, body });
      let reply = {};
      try { reply = await response.json(); } catch (e) {}
      return { status: response.status, reply };
    }
    for (const button of document.querySelectorAll("button[data-post]")) {
      button.addEventListener("click", async () => {
        const { status, reply } = await post(button.dataset.post);
        say(button.textContent + (status === 200 ? ": done" : ": " + (reply.error || "HTTP " + status)));
      });
    }
    const cell = (text, tag = "td") => { const c = document.createElement(tag); c.textContent = text; return c; };
    let statusDue = 0;
    async function refreshStatus() {
      if (Date.now() < statusDue) return;
      statusDue = Date.now() + 2000;
      const reply = await (await fetch("/api/status")).json();
      const rows = (reply.widgets || []).map((w) => {
        const row = document.createElement("tr");
        row.className = w.stale ? "stale" : "fresh";
        const name = cell("");
        name.append(Object.assign(document.createElement("b"), { textContent: w.name }), document.createElement("br"),
          Object.assign(document.createElement("small"), { textContent: w.kind + ", " + w.family }));
        row.append(name, cell(w.text || (w.shown === "placeholder" ? w.shown : "entry of " + w.shown)), cell(w.stale ? "stale" + (w.lastError ? ": " + w.lastError : "") : "fresh"),
          cell(w.nextReload || "—"), cell(w.budgetLeft ?? "—"));
        return row;
      });
      document.querySelector("#widgets tbody").replaceChildren(...rows);
    }
    const shot = $("shot"), damage = $("damage");
    // A click or tap on the picture presses the widget's control there, as a touch would.
    shot.addEventListener("click", async (event) => {
      const box = shot.getBoundingClientRect();
      const x = (event.clientX - box.left) / box.width * shot.naturalWidth;
      const y = (event.clientY - box.top) / box.height * shot.naturalHeight;
      const { status, reply } = await post("/api/tap", JSON.stringify({ x, y }));
      say(status === 200 ? "Tapped" : "Tap: " + (reply.error || "HTTP " + status));
    });
    let shown = -1;
    function outline(frame) {
      damage.setAttribute("viewBox", `0 0 ${frame.w} ${frame.h}`);
      damage.replaceChildren(...frame.rects.map(([x, y, w, h]) => {
        const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        for (const [k, v] of Object.entries({ x, y, width: w, height: h })) r.setAttribute(k, v);
        return r;
      }));
    }
    if (window.EventSource) {
      new EventSource("/api/events").addEventListener("frame", (message) => {
        const frame = JSON.parse(message.data);
        // A sleeping screen is shown dimmed: its picture comes back as it was.
        shot.style.opacity = frame.on === false ? "0.25" : "";
        shot.title = frame.on === false ? "The screen is off" : "";
        if (frame.n === shown) return;
        const first = shown < 0;
        shown = frame.n;
        if (first) { document.body.dataset.frame = frame.n; return; }
        const next = new Image();
        next.onload = () => { shot.src = next.src; outline(frame); document.body.dataset.frame = frame.n; };
        next.src = "/api/screen.png?n=" + frame.n;
        refreshStatus().catch(() => {});
      });
    }
    // The configuration's text comes only with the token: fetched once it is entered,
    // unless the editor already holds a text.
    async function loadConfig() {
      const area = $("config");
      if (!area || area.value !== "" || !token.value) return;
      const response = await fetch("/api/config", { headers: { "Authorization": "Bearer " + token.value } });
      if (!response.ok || area.value !== "") return;
      const file = await response.json();
      area.value = file.text || "";
      const items = (file.errors || []).map((e) => Object.assign(cell(e, "li"), { className: "error" }))
        .concat((file.warnings || []).map((w) => Object.assign(cell(w, "li"), { className: "warning" })));
      $("issues").replaceChildren(...(items.length ? items : [Object.assign(cell("No mistakes.", "li"), { className: "ok" })]));
    }
    token.addEventListener("change", () => loadConfig().catch(() => {}));
    loadConfig().catch(() => {});
    const apply = $("apply");
    if (apply) apply.addEventListener("click", async () => {
      const { status, reply } = await post("/api/config", $("config").value);
      const list = $("issues");
      const items = (reply.errors || []).map((e) => Object.assign(cell(e, "li"), { className: "error" }))
        .concat((reply.warnings || []).map((w) => Object.assign(cell(w, "li"), { className: "warning" })));
      if (reply.applied) items.unshift(Object.assign(cell("Applied and reloaded; the previous file is kept as " + reply.path + ".previous", "li"), { className: "ok" }));
      else if (reply.failure) items.unshift(Object.assign(cell(reply.failure, "li"), { className: "error" }));
      else if (status !== 422) items.unshift(Object.assign(cell(reply.error || "HTTP " + status, "li"), { className: "error" }));
      else items.unshift(Object.assign(cell("Not applied: the running configuration stays", "li"), { className: "error" }));
      list.replaceChildren(...items);
      say(reply.applied ? "Configuration applied" : "Configuration not applied");
    });
    """
}
