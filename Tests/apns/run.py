#!/usr/bin/env python3
"""The APNs client libraries servers use, unmodified, against lockscreend over HTTP/2 and
TLS, each signing its own provider token (issue 60): aioapns 4.0, kalyke-apns 1.5.0 and
pyapns_client 2.0.6 from PyPI, pinned in requirements.txt and kept in a cached venv.

The daemon runs headless with [http] on loopback, no certificate configured (it makes its
own authority and certificate in its state directory, as on a first start) and one key
in [apns]. Each library is told only the daemon's host and port and to trust the
daemon's authority (ca.pem), and sends a Live Activity's life: a push-to-start with an
alert, an update, an update with an alert, one gone stale, the end, its dismissal; then a
push to a token with no activity (410 Unregistered, with its timestamp). The picture is
read after each step (the words the band draws, and the activity's phase). Each library
is also given a key the daemon does not know and must read APNs's
InvalidProviderToken. No library may fail to read an answer.

Usage: Tests/apns/run.py [--binary .build/release/lockscreend]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
sys.path.insert(0, os.path.join(here, "..", "conformance"))
import checks  # noqa: E402
import oracle_venv  # noqa: E402
from checks import check, eventually, free_port, http, start_daemon, web_config  # noqa: E402

KEY_ID, TEAM_ID, TOPIC = "ABC123DEFG", "DEF123GHIJ", "com.example.kettle.push-type.liveactivity"


def venv_python():
    """The venv of requirements.txt: made once, kept by the file's hash."""
    path = oracle_venv.cached(os.path.join(here, "requirements.txt"), "apns-clients")
    python = os.path.join(path, "bin", "python")
    with oracle_venv.held(path):
        if not os.path.exists(os.path.join(path, "ready")):
            subprocess.run([sys.executable, "-m", "venv", "--clear", path], check=True)
            subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
                            "-r", os.path.join(here, "requirements.txt")], check=True)
            open(os.path.join(path, "ready"), "w").close()
    return python


class Sender:
    """One library in a process of its own, sending the pushes it is given."""

    def __init__(self, python, library, port, ca, key_file, key_id):
        self.library = library
        self.process = subprocess.Popen([python, os.path.join(here, "sender.py"), library, "localhost", str(port), ca, key_file, key_id, TEAM_ID, TOPIC],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def send(self, token, aps):
        self.process.stdin.write(json.dumps({"token": token, "payload": {"aps": aps}}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            return {"crash": "the sender ended: " + self.process.stderr.read()[-800:]}
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def make_key(python, path):
    """A P-256 key in PKCS #8, as Apple hands out AuthKey_<ID>.p8, made by the venv's
    cryptography."""
    subprocess.run([python, "-c", "import sys\nfrom cryptography.hazmat.primitives.asymmetric import ec\n"
                    "from cryptography.hazmat.primitives import serialization as s\n"
                    "k = ec.generate_private_key(ec.SECP256R1())\n"
                    "open(sys.argv[1], 'wb').write(k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))", path], check=True)
    os.chmod(path, 0o600)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    binary = os.path.abspath(parser.parse_args().binary)
    python = venv_python()
    work = tempfile.mkdtemp(prefix="lockscreend-apns-")
    key_file, stranger = os.path.join(work, f"AuthKey_{KEY_ID}.p8"), os.path.join(work, "AuthKey_ZZZ9999999.p8")
    make_key(python, key_file)
    make_key(python, stranger)
    port = free_port()
    config = web_config(work, port, f"""[apns.keys.{KEY_ID}]
team_id = "{TEAM_ID}"
key_file = "{key_file}"
[layout]
inline = "note"
[widgets.note]
kind = "text"
text = "Kitchen"
""")
    log = open(os.path.join(work, "log"), "w")
    daemon = start_daemon(binary, config, work, log=log)
    ca = os.path.join(work, "state", "tls", "ca.pem")
    base = f"http://127.0.0.1:{port}"

    def status():
        try:
            code, body, _ = http(base + "/api/status")
            return json.loads(body) if code == 200 else {}
        except OSError:
            return {}

    def activity(token):
        return next((a for a in status().get("activities") or [] if a["token"] == token), None)

    def words():
        return status().get("activityWords") or ""

    try:
        made = eventually(lambda: os.path.exists(ca) and status().get("https"))
        check(f"the daemon makes its authority and certificate on first start and says the fingerprint in its status "
              f"({made and f'{made:.2f} s'})", made is not None, open(os.path.join(work, "log")).read()[-2000:])
        stamp = int(time.time())
        for number, library in enumerate(("aioapns", "kalyke", "pyapns_client")):
            sender = Sender(python, library, port, ca, key_file, KEY_ID)
            token = f"{number + 1:02d}" + "ab" * 31
            steps = []

            def step(aps, shown, say):
                nonlocal stamp
                stamp += 1
                result = sender.send(token, {"timestamp": stamp, **aps})
                seen = eventually(shown) if result.get("ok") else None
                steps.append(say)
                check(f"{library}: {say} ({seen and f'{seen:.2f} s'})", result.get("ok") and seen is not None
                      and (library == "pyapns_client" or result.get("apns_id")), f"{result} words={words()!r} activity={activity(token)}")

            step({"event": "start", "attributes-type": "LockScreenActivity", "attributes": {"title": f"Kettle {number}"},
                  "content-state": {"message": "Heating", "value": "40°"}, "alert": {"title": f"Kettle {number} on", "body": "Heating up"}},
                 lambda: f"Kettle {number} on" in words(), "a push-to-start over HTTP/2 + TLS with its own provider token: 200 with apns-id, its alert shown")
            step({"event": "update", "content-state": {"message": "Heating", "value": "70°"}},
                 lambda: "70°" in words(), "an update is drawn")
            step({"event": "update", "content-state": {"message": "Boiled", "value": "100°"}, "alert": {"title": "Boiled", "body": "Take it"}},
                 lambda: "Boiled" in words(), "an update's alert is shown")
            step({"event": "update", "content-state": {"message": "Cooling", "value": "99°"}, "stale-date": stamp - 30},
                 lambda: (activity(token) or {}).get("phase") == "stale", "an update already stale marks the activity stale")
            # Dismissed a few seconds after its end, so the next library's activity is the one on screen.
            step({"event": "end", "content-state": {"message": "Done", "value": "95°"}, "dismissal-date": int(time.time()) + 6},
                 lambda: (activity(token) or {}).get("phase") == "ended" and "95°" in words(), "the end keeps its last state on screen")
            gone = eventually(lambda: activity(token) is None)
            check(f"{library}: … until its dismissal date ({gone and f'{gone:.2f} s'})", gone is not None, f"{activity(token)}")
            result = sender.send("ff" * 32, {"timestamp": stamp + 1, "event": "update", "content-state": {"value": "1°"}})
            check(f"{library}: a push to a token with no activity reads APNs's 410 Unregistered", result.get("ok") is False and
                  result.get("reason") == "Unregistered" and str(result.get("status", 410)) == "410", f"{result}")
            sender.close()
            outsider = Sender(python, library, port, ca, stranger, "ZZZ9999999")
            result = outsider.send(token, {"timestamp": stamp + 2, "event": "update", "content-state": {"value": "1°"}})
            check(f"{library}: a provider token of a key the daemon does not know reads APNs's 403 InvalidProviderToken",
                  result.get("ok") is False and result.get("reason") == "InvalidProviderToken", f"{result}")
            outsider.close()
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
        log.close()
    sys.exit(checks.finish(work, "APNs clients"))


if __name__ == "__main__":
    main()
