#!/usr/bin/env python3
"""Issue 59's attacks on the Live Activities, replayed on loopback against a headless
lockscreend (480×800, the band below the row), with the figures SECURITY.md gives:

  2  4,000 start–end cycles under fresh tokens: RSS before and after, and how long an
     update then takes to reach the picture (median of 7);
  3  3,000 updates, each naming a new unknown symbol: RSS, warnings written;
  6  6,000 pushes from 16 connections at once: how many were answered 200, how many
     refused with a status, and whether every 200 was applied (the last value taken is
     the one drawn; every end answered 200 ended its activity).

Usage: bench/activity-attacks.py [--binary .build/release/lockscreend]
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests"))
from checks import free_port, http, rss_mb, secret, start_daemon  # noqa: E402

TOKEN = "attack-token"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/lockscreend")
    binary = os.path.abspath(parser.parse_args().binary)
    work = tempfile.mkdtemp(prefix="lockscreend-attacks-")
    port = free_port()
    config = os.path.join(work, "config.toml")
    with open(config, "w") as f:
        f.write(f'[display]\nsize = "480x800"\n[http]\nlisten = "127.0.0.1:{port}"\ntoken_file = "{secret(os.path.join(work, "token"), TOKEN)}"\n'
                '[layout]\ninline = "note"\n[widgets.note]\nkind = "push"\n')
    log_path = os.path.join(work, "log")
    daemon = start_daemon(binary, config, work, log=open(log_path, "w"))
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}

    def push(token, aps):
        code, body, _ = http(f"{base}/api/activities/{token}", headers=headers, body=json.dumps({"aps": aps}).encode())
        return code, json.loads(body or b"{}")

    def frames():
        try:
            with open(os.path.join(work, "frames", "frames.jsonl")) as f:
                return sum(1 for _ in f)
        except FileNotFoundError:
            return 0

    def start(token, stamp, value="12 min"):
        return push(token, {"event": "start", "timestamp": stamp, "attributes-type": "LockScreenActivity", "attributes": {"title": "Delivery"},
                            "content-state": {"message": "on the van", "value": value}})

    def to_picture(token, stamp, value):
        before = frames()
        began = time.time()
        push(token, {"event": "update", "timestamp": stamp, "content-state": {"message": "on the van", "value": value}})
        while frames() == before:
            time.sleep(0.001)
        return (time.time() - began) * 1000

    try:
        while frames() == 0:
            time.sleep(0.1)
        now = int(time.time())
        start("aaaa0000aaaa0000", now)
        time.sleep(1)
        baseline = statistics.median(to_picture("aaaa0000aaaa0000", now + i, f"{i} min") for i in range(1, 8))
        rss = rss_mb(daemon.pid)
        for cycle in range(4000):
            token = f"{cycle:016x}"
            start(token, now)
            push(token, {"event": "end", "timestamp": now})
        after = statistics.median(to_picture("aaaa0000aaaa0000", now + i, f"{i} min") for i in range(10, 17))
        print(f"attack 2: RSS {rss:.1f} → {rss_mb(daemon.pid):.1f} MB after 4,000 start–end cycles; "
              f"an update to the picture {baseline:.0f} ms before, {after:.0f} ms after (medians of 7)")

        rss = rss_mb(daemon.pid)
        warnings = sum(1 for line in open(log_path) if "has no glyph" in line)
        for index in range(3000):
            push("aaaa0000aaaa0000", {"event": "update", "timestamp": now + 100 + index, "content-state": {"value": "x", "symbol": f"made.up.{index}"}})
        time.sleep(2)
        lines = [line for line in open(log_path) if "glyph" in line]
        print(f"attack 3: RSS {rss:.1f} → {rss_mb(daemon.pid):.1f} MB after 3,000 unknown symbols; "
              f"{len(lines) - warnings} warnings, {sum(map(len, lines)) / 1024:.0f} KB of log")

        # 6,000 pushes at once: ends of eight activities, updates numbered, starts.
        for index in range(7):
            start(f"bbbb0000bbbb000{index}", now + 4000)
        answers = {}

        def one(index):
            if index % 750 == 0 and index // 750 < 7:
                token = f"bbbb0000bbbb000{index // 750}"
                return ("end", token), push(token, {"event": "end", "timestamp": now + 5000})
            if index % 3 == 0:
                return ("start", None), start(f"cccc{index:012x}", now + 5000)
            return ("update", index), push("aaaa0000aaaa0000", {"event": "update", "timestamp": now + 10_000 + index, "content-state": {"value": f"v{index}"}})

        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            for (kind, what), (code, body) in pool.map(one, range(6000)):
                answers.setdefault((kind, code), []).append(what)
        summary = ", ".join(f"{kind} {code}: {len(v)}" for (kind, code), v in sorted(answers.items(), key=lambda x: (x[0][0], x[0][1])))
        updates = sorted(answers.get(("update", 200), []))
        last = updates[-1] if updates else None
        # The last frame is drawn a moment after the last answer.
        for _ in range(100):
            _, status, _ = http(f"{base}/api/status")
            state = json.loads(status)
            if f"v{last}" in (state.get("activityWords") or ""):
                break
            time.sleep(0.05)
        phases = {a["token"]: a["phase"] for a in state.get("activities", [])}
        ended = answers.get(("end", 200), [])
        unended = [t for t in ended if phases.get(t) not in ("ended", None)]
        print(f"attack 6: {summary}; ends answered 200 but still running: {len(unended)}; "
              f"newest update answered 200 drawn: {last is not None and f'v{last}' in (state.get('activityWords') or '')}")
    finally:
        daemon.terminate()
        daemon.wait(20)


if __name__ == "__main__":
    main()
