#!/usr/bin/env python3
"""lockscreend's HTTP API (--http), against the release binary, headless.

Checks: status on loopback without a token; a change without the token, or with a wrong
one, is 401 and changes nothing; with the token a push reaches the screen; a body of
1 MiB + 1 is 413; a bad widget name is 400; the screen comes back as a PNG of the panel's
size; a client that never sends its request does not stop others and is disconnected; an
address other than loopback without a token is refused at start.

Usage: Tests/web/run.py [--binary .build/release/lockscreend]
"""
import argparse
import sys
import json
import os
import signal
import socket
import struct
import subprocess
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402
from checks import PATIENCE, check, eventually, free_port, http, start_daemon, web_config  # noqa: E402


def request(url, method="GET", body=None, token=None, timeout=30):
    """(status, body bytes, headers) of one request."""
    return http(url, {"Authorization": f"Bearer {token}"} if token else {}, body, method, timeout)


def trmnl(url, headers, body=None):
    """(status, body, headers) of a call as TRMNL's firmware makes it."""
    return http(url, headers, body)


def trmnl_firmware(base):
    """TRMNL's firmware, modelled from its code (Tests/web/trmnl_model.py), against this
    daemon: set-up on old and new firmware, a wake, an unchanged wake that downloads
    nothing, a forgotten key, the button, being told to slow down."""
    from trmnl_model import Firmware

    def served(device, **wake):
        """A wake, repeated after the sleep a 429 asks for (the device would sleep it)."""
        for _ in range(6):
            result = device.wake(**wake)
            if device.last_code != 429:
                return result
            time.sleep(max(device.sleep or 0, 0.5))
        return result

    old = Firmware(base, "A1:B2:C3:D4:E5:F6", "1.6.9")
    served(old)
    check("TRMNL firmware 1.6.9 sets up through /api/setup/ and shows its friendly ID beside the set-up picture",
          old.api_key and old.screen == "setup", f"{old.last_code} {old.screen}")
    device = Firmware(base, "A1:B2:C3:D4:E5:F6", "1.8.15")
    served(device)
    first = served(device)
    check("TRMNL firmware 1.8.15: a wake fetches the picture and keeps it by filename", first == 0 and device.screen == "picture"
          and device.downloads == 1 and len(device.kept) == 1, f"{first} {device.screen} {device.downloads}")
    served(device)
    check("… a wake with nothing new downloads nothing and sleeps refresh_rate", device.downloads == 1 and (device.sleep or 0) >= 300,
          f"{device.downloads} {device.sleep}")
    device.api_key = "0" * 32
    forgot = served(device)
    forgotten = device.api_key is None and device.screen != "unable to connect"
    served(device)
    served(device)
    check("… a forgotten key makes it set up again (status 0 with reset_firmware and an address it can open; "
          "status 500 left it on \"unable to connect\", backing off), after which it shows its picture",
          forgot == 0 and forgotten and device.api_key and device.api_key != "0" * 32 and device.screen == "picture", f"{forgot} {device.screen}")
    pressed = served(device, button=True)
    check("… a double press is answered sleep, for refresh_max, and leaves its picture (without the filename: the \"wrong image size\" screen)",
          pressed == 0 and device.sleep == 3600 and device.screen == "picture", f"{pressed} {device.sleep} {device.screen}")
    hurried = None
    for _ in range(15):
        device.wake()
        if device.last_code == 429:
            hurried = device.sleep
            break
    check(f"… waking too often is a 429 whose body it reads: it sleeps {hurried} s, not 0, and keeps its picture "
          "(without an image_url: \"unable to connect\")", (hurried or 0) >= 1 and device.screen == "picture", f"{hurried} {device.screen}")


def apns_over_http2(base, words):
    """APNs's provider API over HTTP/2 with prior knowledge, from curl (nghttp2): a start
    and an update on one connection, as an APNs client sends them, answered as APNs
    answers (issue 60)."""
    token, stamp = "00aa11bb22cc33ee", int(time.time()) + 10
    def push(aps, *more_urls):
        out = os.path.join(tempfile.gettempdir(), f"lockscreend-h2-{os.getpid()}")
        command = ["curl", "-s", "--http2-prior-knowledge", "-o", out, "-D", "-", "-X", "POST",
                   "-H", "authorization: bearer 7f3a-good-token", "-H", "apns-push-type: liveactivity",
                   "-H", "apns-topic: com.example.oven.push-type.liveactivity", "-H", "apns-priority: 10",
                   "-H", "apns-id: 8c2e6a1e-0b7e-4f1a-9a43-1d2c3b4a5f60", "--data", json.dumps({"aps": aps}),
                   f"{base}/3/device/{token}"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        body = open(out).read() if os.path.exists(out) else ""
        return result.stdout, body
    head, body = push({"event": "start", "timestamp": stamp, "attributes-type": "LockScreenActivity", "attributes": {"title": "Kettle"},
                       "content-state": {"message": "Boiling", "value": "98°"}})
    shown = eventually(lambda: "98°" in words())
    check(f"POST /3/device/<token> over HTTP/2 (curl --http2-prior-knowledge) starts an activity: 200 with the request's apns-id "
          f"({shown and f'{shown:.2f} s'})",
          head.startswith("HTTP/2 200") and "apns-id: 8c2e6a1e-0b7e-4f1a-9a43-1d2c3b4a5f60" in head and shown is not None, head + body)
    head, body = push({"event": "update", "timestamp": stamp - 100, "content-state": {"value": "old"}})
    check("… an update older than the last taken is 200, as APNs answers one the device drops (the daemon's own address says 409)",
          head.startswith("HTTP/2 200") and "98°" in words(), head + body)
    head, body = push({"event": "end", "timestamp": stamp + 1, "dismissal-date": stamp})
    check("… and its end is taken", head.startswith("HTTP/2 200"), head + body)


def https(port, work):
    """The same port over TLS, with the certificate the daemon made in its state directory:
    curl trusting its authority reads the status over HTTP/2, a TRMNL's picture address
    says https, and the authority's fingerprint is the one the status shows."""
    ca = os.path.join(work, "state", "tls", "ca.pem")
    result = subprocess.run(["curl", "-s", "--http2", "-D", "-", "--cacert", ca, f"https://localhost:{port}/api/status"],
                            capture_output=True, text=True, timeout=60)
    try:
        body = json.loads(result.stdout.split("\n\n", 1)[-1] or "{}")
    except ValueError:
        body = {}
    printed = subprocess.run(["openssl", "x509", "-in", ca, "-noout", "-fingerprint", "-sha256"], capture_output=True, text=True).stdout
    check("HTTPS on the same port: curl trusting the daemon's own authority (state/tls/ca.pem) reads the status over HTTP/2; "
          "the status's fingerprint is the authority's, as openssl prints it",
          result.stdout.startswith("HTTP/2 200") and body.get("https") and body["https"] in printed, result.stdout[:300] + result.stderr + printed)
    result = subprocess.run(["curl", "-s", "--cacert", ca, "-H", "ID: A1:B2:C3:D4:E5:F6", "-H", "Access-Token: " + "0" * 32,
                             f"https://localhost:{port}/api/display"], capture_output=True, text=True, timeout=60)
    answer = json.loads(result.stdout or "{}")
    check("… a device that came over HTTPS is sent addresses in https", (answer.get("image_url") or "").startswith(f"https://localhost:{port}/"),
          result.stdout + result.stderr)


def e_reader_scripts(base, work, log):
    """deploy/clients' Kindle and Kobo scripts against this daemon, with the devices' own
    tools (eips, FBInk, gasgauge-info, lipc-set-prop) stood in by recorders that log their
    arguments and keep the pictures they were given, and the battery's sysfs in a folder."""
    tools = os.path.join(work, "e-reader-bin")
    os.makedirs(tools, exist_ok=True)
    calls = os.path.join(work, "e-reader-calls")
    for name, extra in (("eips", ""), ("fbink", ""), ("lipc-set-prop", ""), ("gasgauge-info", 'echo "87%"\n')):
        path = os.path.join(tools, name)
        with open(path, "w") as f:
            f.write(f'#!/bin/sh\necho "{name} $*" >>"{calls}"\n'
                    f'for a; do case "$a" in file=*) cp "${{a#file=}}" "{work}/shown-{name}.png";; *.png) cp "$a" "{work}/shown-{name}.png";; esac; done\n{extra}')
        os.chmod(path, 0o755)
    _, body, _ = request(base + "/api/clients", token="7f3a-good-token")
    links = {c["name"]: c for c in json.loads(body)}
    env = dict(os.environ, PATH=tools + ":" + os.environ["PATH"], ONCE="1")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "deploy", "clients", "e-reader-screen.sh")

    def run(device, url, **extra):
        return subprocess.run([script, device, url], env=dict(env, SCREEN_DIR=os.path.join(work, device), **extra), capture_output=True, text=True, timeout=60)

    def said():
        try:
            return open(calls).read().splitlines()
        except OSError:
            return []

    def png_size(path):
        data = open(path, "rb").read(32) if os.path.exists(path) else b""
        return struct.unpack(">II", data[16:24]) if data[:8] == b"\x89PNG\r\n\x1a\n" else None

    first = run("kindle", links["kindle"]["png"])
    again = run("kindle", links["kindle"]["png"])
    eips = [c for c in said() if c.startswith("eips")]
    check("the Kindle script fetches its screen with its key and draws it with eips, flashing the first time",
          first.returncode == 0 and eips[:1] and eips[0].startswith("eips -f -g ") and png_size(os.path.join(work, "shown-eips.png")) == (600, 800),
          f"{eips} {first.stderr[-200:]}")
    check("… a picture that did not change is not drawn again (or, past a minute, without a flash)",
          again.returncode == 0 and (len(eips) == 1 or (len(eips) == 2 and not eips[1].startswith("eips -f"))), f"{eips}")
    check("… and keeps the Kindle's screensaver off", any(c == "lipc-set-prop com.lab126.powerd preventScreenSaver 1" for c in said()), f"{said()}")
    supply = os.path.join(work, "power_supply", "battery")
    os.makedirs(supply, exist_ok=True)
    open(os.path.join(supply, "capacity"), "w").write("12\n")
    kobo = run("kobo", links["kobo"]["png"], POWER_SUPPLY=os.path.dirname(supply))
    fbink = [c for c in said() if c.startswith("fbink")]
    check("the Kobo script draws its screen with FBInk (fbink -q -f -g file=…), the picture at the Kobo's size",
          kobo.returncode == 0 and fbink[:1] and fbink[0].startswith("fbink -q -f -g file=") and png_size(os.path.join(work, "shown-fbink.png")) == (1072, 1448),
          f"{fbink} {kobo.stderr[-200:]}")
    _, body, _ = request(base + "/api/clients", token="7f3a-good-token")
    now = {c["name"]: c for c in json.loads(body)}
    log.flush()
    check("the batteries they report are in GET /api/clients (Kindle 87 %, Kobo 12 %), and a low one is logged",
          now["kindle"].get("battery") == 87 and now["kobo"].get("battery") == 12 and now["kobo"].get("seen")
          and "the client kobo's battery is below 15 %" in open(os.path.join(work, "log")).read(), f"{now}")
    wrong = run("kobo", links["kobo"]["png"].replace("/screen/kobo.png", "/screen/nobody.png"))
    check("an address the server refuses draws nothing and says so", len([c for c in said() if c.startswith("fbink")]) == 1 and "cannot fetch" in wrong.stderr,
          wrong.stderr[-200:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    binary = os.path.abspath(parser.parse_args().binary)
    ctl = os.path.join(os.path.dirname(binary), "lockscreenctl")
    work = tempfile.mkdtemp(prefix="lockscreend-web-")
    port = free_port()
    token = os.path.join(work, "token")
    config = web_config(work, port, f"""[http.clients.trmnl]
size = "800x480"
trmnl_id = "A1:B2:C3:D4:E5:F6"
refresh_min = 300
[http.clients.kindle]
size = "600x800"
depth = "16grey"
[http.clients.kobo]
size = "1072x1448"
depth = "16grey"
[layout]
inline = "note"
row = ["count"]
home = ["later"]
[widgets.later]
kind = "text"
text = "Home page"
family = "small"
[widgets.note]
kind = "push"
[widgets.count]
kind = "command"
command = ["sh", "-c", "n=$(( $(cat {work}/n 2>/dev/null || echo 0) + 1 )); echo $n > {work}/n; echo '{{\\"entries\\": [{{\\"text\\": \\"run '$n'\\"}}]}}'"]
family = "circular"
""")
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(work, "log"), "w")
    daemon = start_daemon(binary, config, work, log=log)

    def status():
        code, body, _ = request(base + "/api/status")
        return {w["name"]: w for w in json.loads(body).get("widgets", [])} if code == 200 else {}

    def runs():
        try:
            return int(open(os.path.join(work, "n")).read())
        except (OSError, ValueError):
            return 0

    try:
        start = time.time()
        while time.time() - start < 15:
            try:
                if status().get("count", {}).get("text"):
                    break
            except OSError:
                pass
            time.sleep(0.1)
        check("GET /api/status on loopback needs no token", "count" in status(), f"{status()}")

        before = runs()
        code, body, headers = request(base + "/api/reload", "POST")
        check("a change without the token is 401, with a Bearer challenge", code == 401 and "Bearer" in (headers.get("WWW-Authenticate") or ""), f"{code} {body}")
        code, body, _ = request(base + "/api/reload", "POST", token="guessed")
        time.sleep(1)
        check("a wrong token is 401 and changes nothing", code == 401 and runs() == before, f"{code} {body} runs {before} → {runs()}")
        code, body, _ = request(base + "/api/reload", "POST", token="7f3a-good-token")
        took = eventually(lambda: runs() > before)
        check("POST /api/reload with the token reloads the widgets", code == 200 and took is not None, f"{code} {body}")

        timeline = json.dumps({"entries": [{"text": "Pushed over HTTP"}]}).encode()
        code, body, _ = request(base + "/api/push/note", "POST", timeline, token="7f3a-good-token")
        took = eventually(lambda: status().get("note", {}).get("text") == "Pushed over HTTP")
        check(f"POST /api/push/<widget> reaches the screen ({took and f'{took:.2f} s'})", code == 200 and took is not None, f"{code} {body}")
        codes = []
        for _ in range(10):  # the answer comes while the body is still being sent: the server must linger
            try:
                codes.append(request(base + "/api/push/note", "POST", b"x" * ((1 << 20) + 1), token="7f3a-good-token")[0])
            except OSError as error:
                codes.append(str(error))
        check("a body of 1 MiB + 1 is 413, every time of 10 (read by the client, not a reset)", codes == [413] * 10, f"{codes}")
        code, body, _ = request(base + "/api/push/..%2Fetc", "POST", timeline, token="7f3a-good-token")
        check("a widget name that is not a name is 400", code == 400, f"{code} {body}")
        code, body, _ = request(base + "/api/push/nosuch", "POST", timeline, token="7f3a-good-token")
        check("an unknown push widget is refused, naming the push widgets", code == 400 and b"note" in body, f"{code} {body}")

        # A Live Activity pushed as a server pushes it to APNs: the payload unchanged,
        # the token in the address, the priority in apns-priority.
        activity = "00aa11bb22cc33dd"
        start = json.dumps({"aps": {"event": "start", "timestamp": int(time.time()), "attributes-type": "LockScreenActivity",
                                    "attributes": {"title": "Oven"}, "content-state": {"message": "Preheating", "value": "180°"}}}).encode()
        code, body, _ = request(base + f"/api/activities/{activity}", "POST", start)
        check("an activity push without the token is 403 MissingProviderToken, as APNs answers", code == 403 and b"MissingProviderToken" in body, f"{code} {body}")
        code, body, _ = http(base + f"/api/activities/{activity}", {"Authorization": "Bearer 7f3a-good-token", "apns-priority": "10"}, start, "POST")
        shown = eventually(lambda: "180°" in (json.loads(request(base + "/api/status")[1] or b"{}").get("activityWords") or ""))
        check(f"POST /api/activities/<token> with an APNs payload shows the activity ({shown and f'{shown:.2f} s'})", code == 200 and shown is not None, f"{code} {body}")
        code, body, _ = request(base + f"/api/activities/{activity}", "POST", b'{"aps": {"event": "fly"}}', token="7f3a-good-token")
        check("an activity push with an unknown event is refused with the reason", b"aps.event 'fly'" in body, f"{code} {body}")
        code, body, _ = request(base + f"/api/activities/{activity}", "POST", b"x" * 9000, token="7f3a-good-token")
        check("an activity push over 8 KB is 413", code == 413, f"{code} {body[:80]}")
        end = json.dumps({"aps": {"event": "end", "timestamp": int(time.time()) + 1, "dismissal-date": int(time.time())}}).encode()
        request(base + f"/api/activities/{activity}", "POST", end, token="7f3a-good-token")
        apns_over_http2(base, words=lambda: json.loads(request(base + "/api/status")[1] or b"{}").get("activityWords") or "")
        https(port, work)

        def frames():
            try:
                return sum(1 for _ in open(os.path.join(work, "frames", "frames.jsonl")))
            except OSError:
                return 0
        before = frames()
        code, body, _ = request(base + "/api/page/home", "POST", b"", token="7f3a-good-token")
        drawn = eventually(lambda: frames() > before)
        check(f"POST /api/page/home shows the home page ({drawn and f'{drawn:.2f} s'})", code == 200 and drawn is not None, f"{code} {body}")
        request(base + "/api/page/lock", "POST", b"", token="7f3a-good-token")

        code, body, headers = request(base + "/api/screen.png")
        size = struct.unpack(">II", body[16:24]) if body[:8] == b"\x89PNG\r\n\x1a\n" else None
        check("GET /api/screen.png is a PNG of the panel's size", code == 200 and headers.get("Content-Type") == "image/png" and size == (400, 240), f"{code} {size}")

        # A client that connects and never sends, and one that stops halfway through its
        # headers: others are served, the first is let go, the second gets 408.
        silent = socket.create_connection(("127.0.0.1", port))
        halfway = socket.create_connection(("127.0.0.1", port))
        halfway.sendall(b"POST /api/push/note HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        start = time.time()
        code, _, _ = request(base + "/api/status", timeout=PATIENCE)

        def waiting(s):
            # Still connected, unanswered: nothing to read yet.
            s.setblocking(False)
            try:
                return s.recv(1) is None
            except BlockingIOError:
                return True
            except OSError:
                return False
            finally:
                s.setblocking(True)
        # Order, not speed: the status was answered while both were still waiting.
        still = [waiting(silent), waiting(halfway)]
        check("clients that never finish their requests do not stop others (answered while they wait)",
              code == 200 and still == [True, True], f"{code} {time.time() - start:.2f} s, still waiting {still}")
        answers = []
        for s in (silent, halfway):
            s.settimeout(PATIENCE)
            try:
                answers.append(s.recv(4096))
            except OSError as e:
                answers.append(str(e).encode())
            s.close()
        waited = time.time() - start
        check(f"after 10 s of silence both are disconnected ({waited:.1f} s), the one halfway with 408",
              answers[0] == b"" and b" 408 " in answers[1].split(b"\r\n")[0], f"{answers}")
        garbage = socket.create_connection(("127.0.0.1", port))
        garbage.sendall(b"\x01\x03\x01 not http at all\r\n\r\n")
        garbage.settimeout(PATIENCE)
        answer = garbage.recv(4096)
        garbage.close()
        check("bytes that are not HTTP get 400 and the daemon runs on", b" 400 " in answer.split(b"\r\n")[0] and daemon.poll() is None, f"{answer[:60]}")
        # A TLS record whose handshake is nonsense: TLS's alert, then the connection closed.
        broken = socket.create_connection(("127.0.0.1", port))
        broken.sendall(b"\x16\x03\x01\x00\x05hello")
        broken.settimeout(PATIENCE)
        answer = b""
        while True:
            try:
                chunk = broken.recv(4096)
            except OSError:
                break
            if not chunk:
                break
            answer += chunk
        broken.close()
        check("a TLS handshake that is nonsense gets TLS's alert and is closed, and the daemon runs on",
              answer[:1] == b"\x15" and daemon.poll() is None, f"{answer[:20]}")
        code, _, _ = request(base + "/nothing/here")
        check("an unknown path is 404", code == 404)

        # A TRMNL stand-in, as its firmware calls: setup by MAC, then display with the key.
        later = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 1200))
        request(base + "/api/push/note", "POST", json.dumps({"entries": [{"text": "now"}, {"date": later, "text": "in 20 min"}]}).encode(), token="7f3a-good-token")
        time.sleep(0.5)
        code, body, _ = trmnl(base + "/api/setup", {"ID": "a1:b2:c3:d4:e5:f6"})
        setup = json.loads(body) if code == 200 else {}
        check("TRMNL /api/setup gives a configured MAC an api_key and friendly_id", setup.get("status") == 200 and len(setup.get("api_key", "")) == 32 and len(setup.get("friendly_id", "")) == 6, body[:200])
        code, _, _ = trmnl(base + "/api/setup", {"ID": "00:11:22:33:44:55"})
        check("… and an unknown one 404", code == 404)
        firmware = {"ID": "A1:B2:C3:D4:E5:F6", "Access-Token": setup.get("api_key", ""), "Refresh-Rate": "900", "Battery-Voltage": "4.1",
                    "FW-Version": "1.5.1", "RSSI": "-60", "Width": "800", "Height": "480"}
        code, body, _ = trmnl(base + "/api/display", firmware)
        display = json.loads(body) if code == 200 else {}
        code, image, headers = trmnl(display.get("image_url", base + "/none"), {})
        bmp = struct.unpack("<2sIHHIIiiHH", image[:30]) if image[:2] == b"BM" else None
        check("TRMNL /api/display points at a 1-bit BMP of 800x480 (48,062 bytes) that the device can fetch",
              code == 200 and bmp is not None and bmp[6:8] == (800, 480) and bmp[9] == 1 and len(image) == 48062, f"{code} {bmp} {len(image)}")
        code, body, _ = trmnl(base + "/api/display", dict(firmware, **{"FW-Version": "1.8.15"}))
        newer = json.loads(body) if code == 200 else {}
        code, image, headers = trmnl(newer.get("image_url", base + "/none"), {})
        check("… firmware from 1.5.2 on is pointed at a PNG of 800x480, which it keeps by filename",
              code == 200 and headers.get("Content-Type") == "image/png" and struct.unpack(">II", image[16:24]) == (800, 480), f"{code} {newer}")
        rate = display.get("refresh_rate", 0)
        check(f"… with refresh_rate {rate} s: not sooner than refresh_min, not after the pushed entry due in 20 minutes", 300 <= rate <= 1201, body[:300])
        code, body, _ = trmnl(base + "/api/display", dict(firmware, **{"Access-Token": "0" * 32}))
        check("TRMNL /api/display with a wrong Access-Token is a 200 whose reset_firmware makes the firmware set up again",
              code == 200 and json.loads(body).get("reset_firmware") is True and json.loads(body).get("image_url"), f"{code} {body[:200]}")
        code, _, _ = trmnl(base + "/api/log", firmware, b'{"log":{"logs_array":[{"log_message":"wifi weak"}]}}')
        check("TRMNL /api/log is accepted", code == 200)
        trmnl_firmware(base)
        code, image, headers = request(base + "/screen/kindle.png")
        size = struct.unpack(">II", image[16:24]) if image[:8] == b"\x89PNG\r\n\x1a\n" else None
        check("a Kindle's /screen/kindle.png is a 600x800 PNG", code == 200 and size == (600, 800), f"{code} {size}")
        e_reader_scripts(base, work, log)
        # The configuration holds secrets: not without the token, even on loopback; and
        # a name that is not this server's (DNS rebinding) gets nothing at all.
        code, body, _ = request(base + "/api/config")
        check("GET /api/config without the token is 401 on loopback too (attack 8)", code == 401 and b"token_file" not in body, f"{code} {body[:100]}")
        code, body, _ = request(base + "/api/config", token="7f3a-good-token")
        check("… and 200 with it", code == 200 and b"token_file" in body, f"{code}")
        code, html, headers = request(base + "/")
        check("the page shows the file only with the token", code == 200 and b"token_file" not in html and b"need the token" in html, f"{code}")
        check("the page may not be framed by another site: X-Frame-Options DENY and CSP frame-ancestors 'none' (round 4, attack 9)",
              headers.get("X-Frame-Options") == "DENY" and "frame-ancestors 'none'" in (headers.get("Content-Security-Policy") or ""), f"{dict(headers)}")

        # Round 4: numbers that cannot trap, a token compared over its whole length, a
        # token file checked at every read.
        code, body, _ = request(base + "/api/tap", "POST", b'{"x": 1e308, "y": 5}', token="7f3a-good-token")
        time.sleep(0.3)
        check("POST /api/tap with x = 1e308 is 400 and the daemon runs on (round 4, attack 2)", code == 400 and daemon.poll() is None, f"{code} {body[:100]}")
        code, body, _ = request(base + "/api/reload", "POST", b"", token="7f3a-good-token" + "\0" * 256)
        check("the token followed by 256 NULs is refused (round 4, attack 7)", code in (400, 401), f"{code} {body[:100]}")
        os.chmod(token, 0o644)
        code, body, _ = request(base + "/api/reload", "POST", b"", token="7f3a-good-token")
        os.chmod(token, 0o600)
        log.flush()
        said = open(os.path.join(work, "log")).read()
        check("a token file made readable by every user after the start is refused at the next request, and the log says why (round 4, attack 8)",
              code == 401 and "readable by every user" in said, f"{code} {body[:100]}")
        code, _, _ = request(base + "/api/reload", "POST", b"", token="7f3a-good-token")
        check("… and taken again once it is 600", code == 200, f"{code}")
        code, body, _ = trmnl(base + "/api/status", {"Host": f"rebound.example:{port}"})
        check("a request naming another host (DNS rebinding) is 403 (attack 8)", code == 403, f"{code} {body[:100]}")

        # 5,000 set-up calls from devices nobody configured: a burst answered, the rest
        # 429, and the log says it once (attack 12).
        log.flush()
        lines_before = open(os.path.join(work, "log")).read().count("asked to be set up")
        codes = {}
        for n in range(5000):
            try:
                code, _, _ = trmnl(base + "/api/setup", {"ID": f"00:00:00:{n // 256:02X}:{n % 256:02X}:00"})
            except OSError as e:
                code = str(e)
            codes[code] = codes.get(code, 0) + 1
        time.sleep(0.3)
        lines = open(os.path.join(work, "log")).read().count("asked to be set up") - lines_before
        check(f"5,000 unknown TRMNL set-ups: {codes.get(404, 0)} answered, {codes.get(429, 0)} told to wait, {lines} log lines (attack 12)",
              codes.get(429, 0) >= 4900 and codes.get(404, 0) <= 100 and lines <= 2, f"{codes}")

        # Slowloris: 200 clients that send a header line every second and never finish,
        # reconnecting when let go; every status probe meanwhile is answered (attack 10).
        import threading
        stop = threading.Event()

        def slow_client():
            while not stop.is_set():
                s = None
                try:
                    s = socket.create_connection(("127.0.0.1", port), timeout=2)
                    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    while not stop.is_set():
                        time.sleep(1)
                        s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    time.sleep(0.2)
                finally:
                    if s is not None:
                        s.close()
        threads = [threading.Thread(target=slow_client, daemon=True) for _ in range(200)]
        for t in threads:
            t.start()
        time.sleep(3)
        answered = 0
        for _ in range(36):
            # Answered at all, however slowly the busy machine answers: a probe waits up to
            # a quarter of PATIENCE (a guard against a hang), and the first unanswered ends it.
            try:
                if request(base + "/api/status", timeout=PATIENCE / 4)[0] != 200:
                    break
                answered += 1
            except OSError:
                break
            time.sleep(0.25)
        stop.set()
        check(f"with 200 slow clients holding on, {answered} of 36 status probes are answered (attack 10)", answered == 36, f"{answered}")
        for t in threads:
            t.join(5)
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(20)

    # Another machine's address without a token: refused before anything starts.
    bare = os.path.join(work, "bare.toml")
    with open(bare, "w") as f:
        f.write(f'[http]\nlisten = "0.0.0.0:{port}"\n')
    out = subprocess.run([binary, "check", "--config", bare], capture_output=True, text=True)
    check("listening beyond loopback without a token is a config error naming the key",
          out.returncode != 0 and "http.token_file" in out.stdout + out.stderr, (out.stdout + out.stderr)[-200:])
    out = subprocess.run([binary, "--http", f"0.0.0.0:{port}", "--headless", os.path.join(work, "x"), "--no-socket", "--state-dir", os.path.join(work, "x-state")],
                         capture_output=True, text=True, timeout=30)
    check("--http 0.0.0.0 without a token refuses to start", out.returncode != 0 and "token" in out.stderr, out.stderr[-200:])

    return checks.finish(work, "HTTP")


if __name__ == "__main__":
    raise SystemExit(main())
