#!/usr/bin/env python3
"""lockscreend's page (--http), in Debian's Chromium, headless, over the DevTools protocol.

Checks, in a phone-sized window: the page loads and its picture is the lock screen; a
timeline pushed through the API shows on the page within 2 s, its damage outlined; the
status reads without JavaScript; the buttons need the token; a broken configuration
applied from the editor shows its file:line mistakes and changes neither the file nor
the running daemon; a good one is applied, the old file kept, and shows. With
--screenshots DIR, saves the pictures docs/WEB.md shows.

Usage: Tests/web/browser.py [--binary .build/release/lockscreend] [--screenshots docs/images]
"""
import argparse
import json
import os
import signal
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402
from checks import PATIENCE, check, free_port, secret, start_daemon  # noqa: E402
from devtools import Browser, DevToolsError  # noqa: E402

TOKEN = "b7e1-page-token"

CONFIG = """[display]
size = "400x240"
[http]
listen = "127.0.0.1:{port}"
token_file = "{work}/token"
edit = true
[http.clients.kitchen]
size = "800x480"
trmnl_id = "A1:B2:C3:D4:E5:F6"
[layout]
inline = "note"
row = ["done", "steps"]
[widgets.note]
kind = "push"
[widgets.done]
kind = "text"
text = "Dishes done"
symbol = "checkmark"
family = "rectangular"
[widgets.steps]
kind = "text"
text = "7"
family = "circular"
"""

# The picture's bright pixels, counted in the page: the <img> drawn on a canvas.
BRIGHT = """(() => { const img = document.getElementById('shot'); const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight; const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0, sum = 0;
  for (let i = 0; i < d.length; i += 4) { if (d[i] > 128) n++; sum = (sum * 31 + d[i]) % 1000000007; }
  return [c.width, c.height, n, sum]; })()"""


def post(url, body=b"", token=TOKEN):
    req = urllib.request.Request(url, data=body, method="POST", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status


def status(base):
    with urllib.request.urlopen(base + "/api/status", timeout=30) as r:
        return {w["name"]: w for w in json.load(r).get("widgets", [])}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    parser.add_argument("--screenshots", help="a directory for the pictures docs/WEB.md shows")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = tempfile.mkdtemp(prefix="lockscreend-browser-")
    port = free_port()
    secret(os.path.join(work, "token"), TOKEN)
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        f.write(CONFIG.format(port=port, work=work))
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(work, "log"), "w")
    daemon = start_daemon(binary, config, work, log=log)
    try:
        start = time.time()
        while time.time() - start < 15:
            try:
                if "done" in status(base):
                    break
            except OSError:
                time.sleep(0.1)
        post(base + "/api/push/note", json.dumps({"entries": [{"text": "Bins out tonight"}]}).encode())
        time.sleep(0.5)

        # Without JavaScript: the status is in the HTML itself.
        with urllib.request.urlopen(base + "/", timeout=30) as r:
            html = r.read().decode()
        check("the page's status reads without JavaScript: every widget and what it shows is in the HTML",
              all(s in html for s in ["<b>note</b>", "<b>done</b>", "Bins out tonight", "<b>kitchen</b>"]), html[:200])
        check("… and the configuration's text is not, without the token", "token_file" not in html and "need the token" in html, html[-400:])

        with Browser(width=390, height=844) as browser:
            page = browser.open(base + "/")
            page.wait_for("document.body.dataset.frame !== undefined", PATIENCE)
            width, height, bright, before = page.evaluate(BRIGHT)
            check("in Chromium the page shows the panel's picture: the lock screen, light text on black",
                  (width, height) == (400, 240) and 800 < bright < 40_000, f"{width}x{height}, {bright} bright pixels")
            wide = page.evaluate("document.documentElement.scrollWidth")
            check("it fits a phone's screen (390 px wide, nothing scrolls sideways)", wide <= 390, f"{wide} px wide")
            if args.screenshots:
                os.makedirs(args.screenshots, exist_ok=True)
                with open(os.path.join(args.screenshots, "web-phone.png"), "wb") as f:
                    f.write(page.screenshot())

            frame = int(page.evaluate("document.body.dataset.frame"))
            post(base + "/api/push/note", json.dumps({"entries": [{"text": "Parcel at the door"}]}).encode())
            pushed = time.time()
            try:
                page.wait_for(f"Number(document.body.dataset.frame) > {frame}", PATIENCE)
                took = time.time() - pushed
            except DevToolsError:
                took = None
            after = page.evaluate(BRIGHT)[3]
            rects = page.evaluate("document.querySelectorAll('#damage rect').length")
            check(f"a timeline pushed through the API changes the page's picture ({took and f'{took:.2f} s'}), its damage outlined",
                  took is not None and after != before and rects >= 1, f"took {took}, picture changed {after != before}, {rects} rectangles")
            page.wait_for("document.querySelector('#widgets').textContent.includes('Parcel at the door')", PATIENCE)
            check("the widget table follows: it says what the pushed widget shows now", True)

            # A button without the token: refused, and the page says why.
            page.evaluate("document.querySelector('button[data-post=\"/api/reload\"]').click()")
            page.wait_for("document.getElementById('said').textContent.length > 0", PATIENCE)
            said = page.evaluate("document.getElementById('said').textContent")
            check("a button without the token is refused and the page says so", "token" in said, said)

            # A broken configuration through the editor, with the token.
            page.evaluate(f"(() => {{ const t = document.getElementById('token'); t.value = '{TOKEN}'; t.dispatchEvent(new Event('change')); }})()")
            try:
                page.wait_for("document.getElementById('config').value.includes('token_file')", PATIENCE)
                loaded = True
            except DevToolsError:
                loaded = False
            check("the token entered, the page fetches the configuration's text into the editor", loaded)
            original = open(config).read()
            broken = original.replace('row = ["done", "steps"]', 'row = ["done", "stpes"]')
            page.evaluate(f"document.getElementById('config').value = {json.dumps(broken)}")
            page.evaluate("document.getElementById('apply').click()")
            page.wait_for("document.getElementById('issues').textContent.includes('layout.row')", PATIENCE)
            issues = page.evaluate("document.getElementById('issues').textContent")
            line = broken.splitlines().index('row = ["done", "stpes"]') + 1
            check("a broken configuration applied from the page shows its mistake by file:line and key",
                  f"config.toml:{line}: layout.row" in issues, issues[:300])
            check("… and changes nothing: the file is as it was, no .previous, the daemon shows the same widgets",
                  open(config).read() == original and not os.path.exists(config + ".previous") and set(status(base)) == {"note", "done", "steps"})
            # 40,000 keys in one table (900 KB, under the 1 MiB limit): reading was
            # quadratic, 42 s, and the editor gave no answer within 30 s. Judged against
            # 4,000 keys in the same run, not against a clock: ten times the keys take about
            # ten times as long when reading is linear, a hundred times when quadratic (the
            # fastest of three each, so that a busy moment on the machine counts for little).
            def editor(keys):
                huge = original + "[widgets.huge]\nkind = \"text\"\n" + "".join(f'key{n} = "val {n}"\n' for n in range(keys))
                began = time.time()
                try:
                    req = urllib.request.Request(base + "/api/config", data=huge.encode(), method="POST",
                                                 headers={"Authorization": f"Bearer {TOKEN}"})
                    urllib.request.urlopen(req, timeout=PATIENCE)
                    code, answer = 200, b""
                except urllib.error.HTTPError as error:
                    code, answer = error.code, error.read()
                except OSError as error:
                    code, answer = 0, str(error).encode()
                return time.time() - began, code, answer
            small = [editor(4000) for _ in range(3)]
            large = [editor(40000) for _ in range(3)]
            fast, slow = min(t for t, _, _ in small), min(t for t, _, _ in large)
            code, answer = large[0][1], large[0][2]
            check(f"a configuration of 40,000 keys posted to the editor is answered with its mistakes, in {slow / fast:.1f} times "
                  f"the time of 4,000 keys ({slow:.2f} s and {fast:.2f} s; linear reading: about 10, quadratic: 100)",
                  code == 422 and b"widgets.huge.key0" in answer and all(c == 422 for _, c, _ in small + large) and slow < 30 * fast,
                  f"{code}: {answer[:200]!r}")
            check("… and changes nothing", open(config).read() == original)
            if args.screenshots:
                page.evaluate("document.getElementById('issues').scrollIntoView()")
                with open(os.path.join(args.screenshots, "web-config-error.png"), "wb") as f:
                    f.write(page.screenshot())

            # A good one: applied, kept, reloaded.
            good = original + '[widgets.spare]\nkind = "text"\ntext = "Spare"\n'
            good = good.replace('row = ["done", "steps"]', 'row = ["done", "steps", "spare"]')
            page.evaluate(f"document.getElementById('config').value = {json.dumps(good)}")
            page.evaluate("document.getElementById('apply').click()")
            page.wait_for("document.getElementById('issues').textContent.includes('Applied')", PATIENCE)
            start = time.time()
            while time.time() - start < PATIENCE and "spare" not in status(base):
                time.sleep(0.1)
            check("a good configuration is written, the old one kept as .previous, and reloaded as SIGHUP does",
                  open(config).read() == good and open(config + ".previous").read() == original and "spare" in status(base))

        with Browser(width=1200, height=900) as browser:
            page = browser.open(base + "/")
            page.wait_for("document.body.dataset.frame !== undefined", PATIENCE)
            frame = int(page.evaluate("document.body.dataset.frame"))
            post(base + "/api/push/note", json.dumps({"entries": [{"text": "Tea at four"}]}).encode())
            page.wait_for(f"Number(document.body.dataset.frame) > {frame}", PATIENCE)
            check("a second window gets the change too", True)
            if args.screenshots:
                with open(os.path.join(args.screenshots, "web-desktop.png"), "wb") as f:
                    f.write(page.screenshot())
    except DevToolsError as error:
        check("the browser did what was asked", False, str(error))
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(20)

    return checks.finish(work, "browser")


if __name__ == "__main__":
    raise SystemExit(main())
