#!/usr/bin/env python3
"""lockscreend with a real Home Assistant from PyPI on Debian's Mosquitto — 2024.3.3 in a
venv on this machine, or 2026.2.3 in a Debian 13 root (releases.py; both cached) — the
oldest and the newest release this machine can run: the display announces itself by MQTT
discovery, HA's statestream feeds its widgets, and HA's own REST and WebSocket APIs say
what HA made of it.

Checks: the device and its entities exist with the names, categories and version
discovery gives them; a state changed in HA reaches the widget and comes back as the
widget's sensor; the page select acts on the display and follows a change made on the
display; the reload button reloads; the screen entity follows a change within
screen_interval; a device deleted in HA comes back when HA restarts (the birth message);
the entity ids are the ones docs/HOME-ASSISTANT.md names; HA's log holds no warning or
error (a deprecation included) but its own about this machine.

Usage: Tests/homeassistant/run.py [--binary .build/release/lockscreend] [--release 2026.2.3]
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, ".."), os.path.join(here, "..", "conformance")]
from checks import PATIENCE, check, finish, free_port, secret  # noqa: E402
from releases import RELEASES, Release  # noqa: E402

PREFIX = "lockscreend/kitchen"
# The client id docs/HOME-ASSISTANT.md's examples use, and its entity ids' first part.
CLIENT = "lockscreend-kitchen"
NODE = "lockscreend_kitchen"
DOCS = os.path.join(here, "..", "..", "docs", "HOME-ASSISTANT.md")


def config(broker, password, counter, ha, token):
    return f"""[display]
size = "400x240"
[mqtt]
url = "mqtt://127.0.0.1:{broker.port}"
username = "display"
password_file = "{password}"
client_id = "{CLIENT}"
prefix = "{PREFIX}"
statestream = "homeassistant"
[homeassistant]
url = "{ha.url}"
token_file = "{token}"
[layout]
inline = "note"
row = ["temp", "light", "runs"]
home = ["outside"]
[widgets.note]
kind = "text"
text = "Bins out tonight"
[widgets.temp]
kind = "homeassistant"
entity = "input_number.kitchen_temperature"
family = "circular"
stale_after = 20
[widgets.temp.tap]
service = "input_number.set_value"
entity = "input_number.kitchen_temperature"
data = {{ value = 19.5 }}
[widgets.light]
kind = "homeassistant"
entity = "input_boolean.porch_light"
family = "circular"
[widgets.light.tap]
service = "input_boolean.toggle"
entity = "input_boolean.porch_light"
[widgets.runs]
kind = "command"
command = ["sh", "-c", "n=$(( $(cat {counter} 2>/dev/null || echo 0) + 1 )); echo $n > {counter}; echo '{{\\"entries\\": [{{\\"text\\": \\"run '$n'\\"}}]}}'"]
family = "rectangular"
[widgets.outside]
kind = "homeassistant"
entity = "sensor.outside_temperature"
family = "medium"
"""


def within(seconds, probe, step=0.1, patient=True):
    """Seconds until probe() is true, or None. `seconds` is what it usually takes; a
    patient wait goes on to PATIENCE at least (a guard against a hang: the suites run beside
    builds, and a check fails only on never)."""
    seconds = max(seconds, PATIENCE) if patient else seconds
    start = time.time()
    while time.time() - start < seconds:
        try:
            if probe():
                return time.time() - start
        except OSError:
            pass
        time.sleep(step)
    return None


def ours(ha):
    """This display's entities' states (an entity not there reads as an empty state)."""
    found = {k: v for k, v in ha.states().items() if k.split(".", 1)[1].startswith(NODE + "_")}
    return Missing(found)


class Missing(dict):
    def __missing__(self, key):
        return {"state": None, "attributes": {}}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    parser.add_argument("--soak", type=int, default=60, help="seconds of changes, staleness and HA restarts before the log is read")
    parser.add_argument("--release", default="2024.3.3", choices=sorted(RELEASES))
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    made = time.time()
    release = Release(args.release)
    if os.path.dirname(release.python) != os.path.dirname(sys.executable):
        # The checks talk to HA's WebSocket API with the aiohttp of 2024.3.3's venv.
        release.close()
        os.execv(release.python, [release.python, os.path.abspath(__file__), "--binary", binary, "--soak", str(args.soak), "--release", args.release])
    from broker import Broker
    from hass import HomeAssistant

    work = tempfile.mkdtemp(prefix="lockscreend-ha-")
    broker = Broker(work)
    broker.start()
    ha = HomeAssistant(release.hass, work, broker, args.release, chroot=release.chroot)
    started = time.time()
    ha.start()
    print(f"Home Assistant {args.release} running after {time.time() - started:.1f} s"
          + (f" (in a Debian 13 root; made or found in {started - made:.0f} s)" if release.chroot else ""))
    display = os.path.join(work, "display")
    os.makedirs(display)
    password = secret(os.path.join(display, "password"), "s3cret")
    token = secret(os.path.join(display, "ha-token"), ha.token)
    with open(os.path.join(display, "config.toml"), "w") as f:
        f.write(config(broker, password, os.path.join(display, "n"), ha, token))
    web = free_port()
    socket = os.path.join(display, "ctl.sock")
    log = open(os.path.join(display, "log"), "w")
    daemon = subprocess.Popen([binary, "--config", os.path.join(display, "config.toml"), "--headless", os.path.join(display, "frames"),
                               "--socket", socket, "--state-dir", os.path.join(display, "state"), "--http", f"127.0.0.1:{web}"],
                              stdout=log, stderr=log)
    ctl = os.path.join(os.path.dirname(binary), "lockscreenctl")
    try:
        if within(5, lambda: daemon.poll() is not None, patient=False) is not None:
            raise RuntimeError(f"lockscreend stopped: {open(os.path.join(display, 'log')).read()[-2000:]}")
        expected = {f"button.{NODE}_reload", f"button.{NODE}_refresh", f"select.{NODE}_page", f"image.{NODE}_screen", f"switch.{NODE}_screen_power",
                    *(f"sensor.{NODE}_widget_{w}" for w in ("note", "temp", "light", "runs", "outside"))}
        took = within(30, lambda: set(ours(ha)) >= expected)
        check("discovery: the display's 10 entities exist in Home Assistant", took is not None, sorted(ours(ha)))
        with open(DOCS) as f:
            documented = set(re.findall(r"\b(?:select|image|sensor|button|switch)\.lockscreend_kitchen_[a-z_]+", f.read()))
        check(f"the entity ids are the ones docs/HOME-ASSISTANT.md names ({', '.join(sorted(documented))})",
              len(documented) >= 3 and documented <= set(ours(ha)), sorted(documented - set(ours(ha))))
        devices, entities = ha.ws({"type": "config/device_registry/list"}, {"type": "config/entity_registry/list"})
        device = next((d for d in devices if ["mqtt", CLIENT] in d.get("identifiers", [])), {})
        check("the device: named for the display, with manufacturer, model and version",
              (device.get("name"), device.get("manufacturer"), device.get("model"), device.get("sw_version")) ==
              ("Kitchen display", "lockscreend", "lock-screen display", "0.3.0"), device)
        check("the device links to the display's web page", device.get("configuration_url") == f"http://127.0.0.1:{web}/", device)
        outside = ha.states()["sensor.outside_temperature"]["state"]
        took = within(10, lambda: ours(ha)[f"sensor.{NODE}_widget_outside"]["state"] == f"{outside} °C")
        check("a statestream widget shows its entity's state from the start (asked once through the REST API)", took is not None,
              (outside, ours(ha).get(f"sensor.{NODE}_widget_outside")))
        states = ours(ha)
        check("entity names follow the device's (has_entity_name)",
              states.get(f"select.{NODE}_page", {}).get("attributes", {}).get("friendly_name") == "Kitchen display Page",
              states.get(f"select.{NODE}_page"))
        category = {e["entity_id"]: e.get("entity_category") for e in entities if e["entity_id"] in expected}
        check("the buttons are configuration entities, the rest primary",
              all(category.get(e) == ("config" if e.startswith("button.") else None) for e in expected), category)
        check("a text widget's sensor says its text",
              within(10, lambda: ours(ha)[f"sensor.{NODE}_widget_note"]["state"] == "Bins out tonight") is not None,
              ours(ha).get(f"sensor.{NODE}_widget_note"))
        attributes = ours(ha)[f"sensor.{NODE}_widget_note"]["attributes"]
        check("a widget's attributes: kind, family, stale, error, shown",
              {k: attributes.get(k) for k in ("kind", "family", "stale", "error")} == {"kind": "text", "family": "accessoryInline", "stale": False, "error": None},
              attributes)
        check("the page select has a state from the start",
              within(10, lambda: ours(ha)[f"select.{NODE}_page"]["state"] == "lock") is not None, ours(ha).get(f"select.{NODE}_page"))

        ha.call("input_number", "set_value", entity_id="input_number.kitchen_temperature", value=21.5)
        took = within(5, lambda: ours(ha)[f"sensor.{NODE}_widget_temp"]["state"] == "21.5 °C")
        check(f"a state changed in HA reaches the widget and comes back as its sensor's state (took {took and round(took, 2)} s)", took is not None,
              ours(ha).get(f"sensor.{NODE}_widget_temp"))

        ha.call("input_boolean", "turn_on", entity_id="input_boolean.porch_light")
        took = within(5, lambda: ours(ha)[f"sensor.{NODE}_widget_light"]["state"] == "On")
        check("a switched helper reads as HA's dashboards write it (On)", took is not None, ours(ha).get(f"sensor.{NODE}_widget_light"))
        value = ours(ha)[f"sensor.{NODE}_widget_temp_value"]
        check("a widget showing a number with a unit has a value sensor HA can graph (unit, device class, state class)",
              (value["state"], value["attributes"].get("unit_of_measurement"), value["attributes"].get("device_class"),
               value["attributes"].get("state_class")) == ("21.5", "°C", "temperature", "measurement"), value)
        check("a widget showing words has none", f"sensor.{NODE}_widget_light_value" not in ours(ha))

        def tap(widget):
            return subprocess.run([ctl, "tap", widget, "--socket", socket], capture_output=True, text=True)
        tapped = tap("light")
        took = within(5, lambda: ha.states()["input_boolean.porch_light"]["state"] == "off")
        check(f"a tap on a widget whose tap calls a service toggles the light in HA (took {took and round(took, 2)} s) (input_boolean.toggle, the token)",
              tapped.returncode == 0 and took is not None, (tapped.stderr, ha.states()["input_boolean.porch_light"]))
        took = within(5, lambda: ours(ha)[f"sensor.{NODE}_widget_light"]["state"] == "Off")
        check("and the widget shows it: the state came back through statestream", took is not None, ours(ha).get(f"sensor.{NODE}_widget_light"))

        # Home Assistant drives a Live Activity: its mqtt.publish service (what an
        # automation calls) sends an APNs-shaped push to the display's activity topic.
        def activities():
            out = subprocess.run([ctl, "activity", "list", "--json", "--socket", socket], capture_output=True, text=True)
            try:
                return json.loads(out.stdout)
            except ValueError:
                return {}
        push = {"aps": {"event": "start", "timestamp": int(time.time()), "attributes-type": "LockScreenActivity",
                        "attributes": {"title": "Washer"}, "content-state": {"message": "Rinsing", "value": "14 min", "progress": 0.7}}}
        ha.call("mqtt", "publish", topic=f"{PREFIX}/activity/00aa11bb22cc33dd", payload=json.dumps(push))
        took = within(5, lambda: "14 min" in (activities().get("words") or ""))
        check(f"Home Assistant's mqtt.publish service starts a Live Activity on the display (took {took and round(took, 2)} s)", took is not None, activities())
        push = {"aps": {"event": "end", "timestamp": int(time.time()) + 1, "dismissal-date": int(time.time())}}
        ha.call("mqtt", "publish", topic=f"{PREFIX}/activity/00aa11bb22cc33dd", payload=json.dumps(push))
        took = within(5, lambda: activities().get("activities") == [])
        check("and its end takes it off the screen", took is not None, activities())

        asked = time.time()
        ha.call("select", "select_option", entity_id=f"select.{NODE}_page", option="home")
        took = within(5, lambda: ours(ha)[f"select.{NODE}_page"]["state"] == "home")
        check("the page select turns the display to its home page, and its state says so", took is not None, ours(ha).get(f"select.{NODE}_page"))
        # An image entity's state is when its picture last changed: the first after the select.

        def picture_after():
            try:
                return datetime.datetime.fromisoformat(ours(ha)[f"image.{NODE}_screen"]["state"]).timestamp() - asked
            except (TypeError, ValueError):
                return None
        within(5, lambda: (picture_after() or 0) > 0)
        took, state = picture_after(), ours(ha)[f"image.{NODE}_screen"]["state"]
        check(f"the screen entity shows the change ({took and round(took, 2)} s after the select; screen_interval is 2 s)",
              took is not None and 0 < took, state)
        subprocess.run([ctl, "page", "lock", "--socket", socket], check=True, capture_output=True)
        took = within(5, lambda: ours(ha)[f"select.{NODE}_page"]["state"] == "lock")
        check(f"a page change made on the display reaches the select (took {took and round(took, 2)} s)", took is not None, ours(ha).get(f"select.{NODE}_page"))

        # The screen's power: HA's switch puts it to sleep (the daemon's status says so, the
        # headless device logs it), a switch on the display comes back as its state.
        check("the screen power switch is on from the start",
              within(10, lambda: ours(ha)[f"switch.{NODE}_screen_power"]["state"] == "on") is not None, ours(ha).get(f"switch.{NODE}_screen_power"))
        ha.call("switch", "turn_off", entity_id=f"switch.{NODE}_screen_power")

        def screen():
            out = subprocess.run([ctl, "screen", "--socket", socket], capture_output=True, text=True).stdout
            return out.strip()
        took = within(5, lambda: screen() == "off (switch)" and ours(ha)[f"switch.{NODE}_screen_power"]["state"] == "off")
        powered = open(os.path.join(display, "frames", "power.jsonl")).read() if os.path.exists(os.path.join(display, "frames", "power.jsonl")) else ""
        check(f"the switch turned off in HA darkens the screen (took {took and round(took, 2)} s), and its state says so", took is not None and '"power":"off"' in powered,
              (screen(), ours(ha).get(f"switch.{NODE}_screen_power"), powered))
        subprocess.run([ctl, "screen", "auto", "--socket", socket], check=True, capture_output=True)
        took = within(5, lambda: ours(ha)[f"switch.{NODE}_screen_power"]["state"] == "on")
        check(f"the screen given back to its schedule from lockscreenctl lights it, and the switch follows (took {took and round(took, 2)} s)", took is not None,
              ours(ha).get(f"switch.{NODE}_screen_power"))

        before = ours(ha)[f"sensor.{NODE}_widget_runs"]["state"]
        ha.call("button", "press", entity_id=f"button.{NODE}_reload")
        took = within(10, lambda: ours(ha)[f"sensor.{NODE}_widget_runs"]["state"] not in (before, "unknown"))
        check("the reload button reloads the widgets", took is not None, (before, ours(ha).get(f"sensor.{NODE}_widget_runs")))

        entry = next(e for e in entities if e["entity_id"] == f"select.{NODE}_page")["config_entry_id"]
        removed = ha.ws({"type": "config/device_registry/remove_config_entry", "device_id": device.get("id"), "config_entry_id": entry})
        took = within(10, lambda: not ours(ha))
        check("the device deleted in HA is gone", took is not None, removed)
        ha.stop()
        ha.start()
        took = within(30, lambda: set(ours(ha)) >= expected)
        check("after HA restarts, its birth message brings the deleted device back", took is not None, sorted(ours(ha)))
        check("the widgets' states are back too", within(10, lambda: ours(ha)[f"sensor.{NODE}_widget_temp"]["state"] == "21.5 °C") is not None,
              ours(ha).get(f"sensor.{NODE}_widget_temp"))

        def status():
            out = subprocess.run([ctl, "status", "--socket", socket, "--json"], capture_output=True, text=True).stdout
            return {w["name"]: w for w in json.loads(out or "[]")}
        ha.stop(kill=True)
        took = within(5, lambda: status()["temp"]["stale"] and "offline" in (status()["temp"].get("lastError") or ""))
        check("Home Assistant gone (its last will): its widgets are stale, saying why", took is not None, status().get("temp"))
        ha.start()
        # Statestream sends the states early in HA's start and HA says it is online at its
        # end; on this VM the two can be more than the widget's stale_after (20 s) apart,
        # so a new value is set once HA is up: the widget is fresh only if HA's birth
        # message cleared the offline mark as well.
        ha.call("input_number", "set_value", entity_id="input_number.kitchen_temperature", value=22.5)
        took = within(15, lambda: not status()["temp"]["stale"])
        check("Home Assistant back: its widgets are fresh again", took is not None, status().get("temp"))
        took = within(10, lambda: ours(ha)[f"sensor.{NODE}_widget_temp"]["attributes"].get("stale") is False)
        check("and their sensors say so", took is not None, ours(ha).get(f"sensor.{NODE}_widget_temp"))
        tapped = tap("temp")
        took = within(5, lambda: ha.states()["input_number.kitchen_temperature"]["state"] == "19.5")
        check("a tap's service data reaches HA as JSON (input_number.set_value with value = 19.5)",
              tapped.returncode == 0 and took is not None, (tapped.stderr, ha.states()["input_number.kitchen_temperature"]))
        # A while of what a house does: values changing, a widget going stale (stale_after
        # 20 s) and fresh again, Home Assistant killed and started again.
        soak_end, n = time.time() + args.soak, 0
        while time.time() < soak_end:
            n += 1
            if n % 8 == 0:
                ha.stop(kill=True)
                time.sleep(3)
                ha.start()
            elif n % 5 != 0:
                ha.call("input_number", "set_value", entity_id="input_number.kitchen_temperature", value=15 + n % 10)
            time.sleep(min(5, max(0, soak_end - time.time())) if n % 5 else min(25, max(0, soak_end - time.time())))
        if args.soak:
            print(f"{args.soak} s of changes, stale spells and {n // 8} Home Assistant restarts")
        problems = ha.problems()
        check("Home Assistant's log has no warning or error", not problems, "\n" + "\n".join(problems[:20]))
    finally:
        daemon.terminate()
        daemon.wait(20)
        ha.stop()
        broker.stop()
        release.close()
    return finish(work, f"Home Assistant {args.release}")


if __name__ == "__main__":
    sys.exit(main())
