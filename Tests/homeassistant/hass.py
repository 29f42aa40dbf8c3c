"""A real Home Assistant for the end-to-end test: a configuration directory made for the
run (the MQTT integration as a config entry on the test broker, mqtt_statestream, helpers,
a template sensor, an owner with a long-lived access token), started with --skip-pip from
its venv (on this machine, or in a Debian root for a release this machine's Python cannot
run), and read through its own REST and WebSocket APIs."""
import asyncio
import base64
import hashlib
import hmac
import json
import os
import secrets
import signal
import subprocess
import time
import urllib.error
import urllib.request

from checks import free_port

CONFIGURATION = """homeassistant:
  name: Test house
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  unit_system: metric
  time_zone: UTC
  currency: EUR
  country: DE
http:
  server_host: 127.0.0.1
  server_port: {port}
api:
logger:
  default: info
mqtt_statestream:
  base_topic: homeassistant
  publish_attributes: true
  include:
    domains: [input_number, input_boolean, sensor]
input_number:
  kitchen_temperature:
    name: Kitchen temperature
    min: -20
    max: 50
    step: 0.1
    unit_of_measurement: "°C"
    icon: mdi:thermometer
input_boolean:
  porch_light:
    name: Porch light
template:
  - sensor:
      - name: Outside temperature
        unique_id: outside_temperature
        unit_of_measurement: "°C"
        device_class: temperature
        state_class: measurement
        state: "{{{{ states('input_number.kitchen_temperature') | float(0) - 8 }}}}"
"""

# Home Assistant's own complaints about this machine, not about lockscreend: any other
# warning or error in its log fails the test.
OWN = (
    "Skipping pip installation of required modules",
    "Support for the running Python version",
    "We found a custom integration",
)


def jwt(issuer, key):
    """An HS256 token as Home Assistant issues a long-lived one."""
    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).rstrip(b"=")
    now = int(time.time())
    signing = part({"alg": "HS256", "typ": "JWT"}) + b"." + part({"iss": issuer, "iat": now, "exp": now + 86400 * 365})
    signature = base64.urlsafe_b64encode(hmac.new(key.encode(), signing, hashlib.sha256).digest()).rstrip(b"=")
    return (signing + b"." + signature).decode()


# Where a Home Assistant in a Debian root keeps its configuration directory, in the root.
IN_ROOT = "/run/lockscreend-test"


class HomeAssistant:
    """`hass`: the path of its `hass` command; `chroot`: the Debian root that path is in
    (`debian_root.Chroot`; None: this machine), where its configuration directory is made
    too."""

    def __init__(self, hass, work, broker, version, chroot=None):
        self.hass, self.chroot, self.version = hass, chroot, version
        self.inner = os.path.join(IN_ROOT, os.path.basename(work)) if chroot else os.path.join(work, "homeassistant")
        self.dir = os.path.join(chroot.path, self.inner.lstrip("/")) if chroot else self.inner
        os.makedirs(os.path.join(self.dir, ".storage"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = os.path.join(self.dir, "home-assistant.log")
        with open(os.path.join(self.dir, "configuration.yaml"), "w") as f:
            f.write(CONFIGURATION.format(port=self.port))
        self.store("core.config_entries", {"entries": [{
            "entry_id": secrets.token_hex(16), "version": 1, "minor_version": 1, "domain": "mqtt", "title": "test broker",
            "data": {"broker": "127.0.0.1", "port": broker.port, "username": "house", "password": "h0use", "discovery": True},
            "options": {}, "pref_disable_new_entities": False, "pref_disable_polling": False, "source": "user",
            "unique_id": None, "disabled_by": None}]})
        user, token_id, key = secrets.token_hex(16), secrets.token_hex(16), secrets.token_hex(64)
        self.store("auth", {
            "users": [{"id": user, "group_ids": ["system-admin"], "is_owner": True, "is_active": True, "name": "Owner",
                       "system_generated": False, "local_only": False}],
            "groups": [{"id": "system-admin", "name": "Administrators"}, {"id": "system-users", "name": "Users"},
                       {"id": "system-read-only", "name": "Read Only"}],
            "credentials": [],
            "refresh_tokens": [{"id": token_id, "user_id": user, "client_id": None, "client_name": "lockscreend test",
                                "client_icon": None, "token_type": "long_lived_access_token",
                                "created_at": "2026-01-01T00:00:00+00:00", "access_token_expiration": 31536000.0,
                                "token": secrets.token_hex(64), "jwt_key": key, "last_used_at": None,
                                "last_used_ip": None, "credential_id": None, "version": version}]})
        self.token = jwt(token_id, key)
        self.process = None

    def store(self, key, data):
        with open(os.path.join(self.dir, ".storage", key), "w") as f:
            json.dump({"version": 1, "minor_version": 1, "key": key, "data": data}, f)

    def start(self, seconds=180):
        command = [self.hass, "-c", self.inner, "--skip-pip", "--log-file", os.path.join(self.inner, "home-assistant.log")]
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        self.process = self.chroot.popen(command, **quiet) if self.chroot else subprocess.Popen(command, **quiet)
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if self.api("GET", "/api/config").get("state") == "RUNNING" and "mqtt" in self.api("GET", "/api/config")["components"]:
                    return
            except (OSError, ValueError):
                pass
            time.sleep(0.5)
        raise RuntimeError(f"Home Assistant did not start in {seconds} s (log: {self.log})")

    def stop(self, kill=False):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.process.wait(60)
        self.process = None

    def api(self, method, path, body=None):
        request = urllib.request.Request(self.url + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def states(self):
        return {s["entity_id"]: s for s in self.api("GET", "/api/states")}

    def call(self, domain, service, **data):
        return self.api("POST", f"/api/services/{domain}/{service}", data)

    def ws(self, *commands):
        """The results of WebSocket commands (device and entity registries are there only)."""
        import aiohttp

        async def talk():
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(self.url + "/api/websocket") as ws:
                    await ws.receive_json()
                    await ws.send_json({"type": "auth", "access_token": self.token})
                    if (await ws.receive_json())["type"] != "auth_ok":
                        raise RuntimeError("Home Assistant refused the token")
                    results = []
                    for n, command in enumerate(commands, 1):
                        await ws.send_json({"id": n, **command})
                        while True:
                            reply = await ws.receive_json()
                            if reply.get("id") == n and reply.get("type") == "result":
                                results.append(reply.get("result") if reply.get("success") else {"error": reply.get("error")})
                                break
                    return results
        return asyncio.run(talk())

    def problems(self):
        """Warnings and errors in Home Assistant's log that are not its own about this machine."""
        lines = []
        try:
            with open(self.log, errors="replace") as f:
                for line in f:
                    if (" WARNING " in line or " ERROR " in line or " CRITICAL " in line) and not any(o in line for o in OWN):
                        lines.append(line.rstrip())
        except FileNotFoundError:
            pass
        return lines
