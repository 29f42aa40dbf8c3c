#!/usr/bin/env python3
"""The daemon's resident memory (with its control socket, as installed) with the HTTP face off, on and idle, on with one page open
in Chromium, and on after 100 status and 100 screen polls: VmRSS 8 s after each state is
reached, several runs, medians (docs/PERFORMANCE.md). Not a test: it prints figures.

The states are measured in turns, round after round, so a drift of the machine's memory
over the minutes of a run weighs on each alike. --baseline adds a build without the HTTP
server (an older checkout) as a state of its own.

Usage: Tests/web/rss.py [--binary .build/release/lockscreend] [--baseline OTHER-BINARY] [--runs 5]
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import SCREEN, free_port, rss_mb, start_daemon  # noqa: E402
from devtools import Browser  # noqa: E402


def run(binary, mode, work):
    port = free_port()
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        f.write(SCREEN)
    daemon = start_daemon(binary, config, work, [] if mode == "off" else ["--http", f"127.0.0.1:{port}"])
    base = f"http://127.0.0.1:{port}"
    try:
        time.sleep(1)
        if mode == "polled":
            for _ in range(100):
                urllib.request.urlopen(base + "/api/status").read()
                urllib.request.urlopen(base + "/api/screen.png").read()
        if mode == "page":
            with Browser(width=390, height=844) as browser:
                page = browser.open(base + "/")
                page.wait_for("document.body.dataset.frame !== undefined", 10)
                time.sleep(8)
                return rss_mb(daemon.pid)
        time.sleep(8)
        return rss_mb(daemon.pid)
    finally:
        daemon.terminate()
        daemon.wait(20)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline")
    parser.add_argument("--modes", default="off,idle,page,polled")
    args = parser.parse_args()
    states = [(mode, os.path.abspath(args.binary)) for mode in args.modes.split(",")]
    if args.baseline:
        states.insert(0, ("baseline", os.path.abspath(args.baseline)))
    figures = {name: [] for name, _ in states}
    for _ in range(args.runs):
        for name, binary in states:
            with tempfile.TemporaryDirectory(prefix="lockscreend-rss-") as work:
                figures[name].append(run(binary, "off" if name == "baseline" else name, work))
    for name, values in figures.items():
        print(f"{name:8} median {statistics.median(values):.1f} MB ({min(values):.1f}–{max(values):.1f}) over {len(values)} runs", flush=True)


if __name__ == "__main__":
    main()
