#!/usr/bin/env python3
"""What libmosquitto costs the daemon's resident memory, opened on demand (as built) or
linked: VmRSS 8 s after start, several rounds, medians (docs/PERFORMANCE.md). Not a test:
it prints figures.

The states, measured in turns, round after round:
  without            no [mqtt]; the library is opened only for [mqtt], so nothing is mapped
  linked             no [mqtt], libmosquitto loaded at start (LD_PRELOAD), as a build linked
                     against it would: the loader maps it and libssl/libcrypto in every daemon
  connected          [mqtt] connected to a local Mosquitto (plain, loopback)
  linked+connected   both

Usage: Tests/mqtt/rss.py [--binary .build/release/lockscreend] [--runs 5]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import SCREEN, free_port, rss_mb, start_daemon  # noqa: E402


def library():
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "libmosquitto.so.1 " in line and "=>" in line:
            return line.split("=>")[1].strip()
    sys.exit("libmosquitto.so.1 is not installed (Debian: libmosquitto1)")


def run(binary, state, work, port):
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        f.write(SCREEN)
        if "connected" in state:
            f.write(f'[mqtt]\nurl = "mqtt://127.0.0.1:{port}"\nclient_id = "rss-{state}"\n')
    env = {"LD_PRELOAD": library()} if state.startswith("linked") else None
    daemon = start_daemon(binary, config, work, env=env)
    try:
        time.sleep(8)
        return rss_mb(daemon.pid)
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    states = ["without", "linked", "connected", "linked+connected"]
    figures = {state: [] for state in states}
    with tempfile.TemporaryDirectory(prefix="lockscreend-mqtt-rss-") as broker_dir:
        port = free_port()
        conf = os.path.join(broker_dir, "mosquitto.conf")
        with open(conf, "w") as f:
            f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        broker = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            for _ in range(args.runs):
                for state in states:
                    with tempfile.TemporaryDirectory(prefix="lockscreend-rss-") as work:
                        figures[state].append(run(binary, state, work, port))
        finally:
            broker.terminate()
            broker.wait(timeout=10)
    for state, values in figures.items():
        print(f"{state:17} median {statistics.median(values):.1f} MB ({min(values):.1f}–{max(values):.1f}) over {len(values)} runs", flush=True)


if __name__ == "__main__":
    main()
