#!/usr/bin/env python3
"""Calendar conformance: what a lockscreend calendar widget shows against what
recurring-ical-events (PyPI, the reference most calendar tools use) shows, over the test
calendars of that project's repository, RFC 5545's recurrence examples and our own Google,
Outlook, iCloud and Nextcloud exports, in UTC and in a zone with summer time, a week at a time around each calendar's
events.

A calendar agrees when every window in both zones holds the same occurrences (start, end,
title), or both refuse it. At least 98 % must agree, and every calendar that differs must be
listed in KNOWN with why (docs/TESTING.md says the same); a listed one that agrees again is
reported so the list stays true.

  Tests/conformance/run-calendars.py --binary .build/debug/lockscreend-conformance [-v]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

import oracle_venv

here = os.path.dirname(os.path.abspath(__file__))
ZONES = ["UTC", "Europe/Berlin"]
REQUIRED = 0.98

# Calendars where lockscreend deliberately differs from the reference, and why.
KNOWN = {
    "nextcloud-unknown-zone.ics": "a TZID that is in neither the tz database nor the file's VTIMEZONEs: lockscreend "
                                  "refuses the calendar naming the zone, the event and the line (the widget goes stale with "
                                  "that reason); the reference reads such times as UTC and shows them an hour or more off",
}


def corpus():
    files = sorted(glob.glob(os.path.join(here, "calendars", "recurring-ical-events", "*.ics")))
    files += sorted(glob.glob(os.path.join(here, "calendars", "rfc5545", "*.ics")))
    files += sorted(glob.glob(os.path.join(here, "..", "Fixtures", "calendar", "*.ics")))
    return [os.path.normpath(f) for f in files]


def title(text):
    text = re.sub(r"\s+", " ", text).strip()
    return text or "(no title)"


def normal(answer):
    if "error" in answer:
        return "refused"
    return sorted((round(s), round(e), title(t)) for s, e, _, t in answer["occurrences"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    files = corpus()
    jobs = [{"file": f, "zone": z, "windows": None} for f in files for z in ZONES]
    oracle = subprocess.run([oracle_venv.python(), os.path.join(here, "calendar_oracle.py")],
                            input=json.dumps(jobs), capture_output=True, text=True, check=True)
    reference = json.loads(oracle.stdout)
    differ = {}
    timeouts = set()
    windows = 0
    for job, ref in zip(jobs, reference):
        flat = [str(x) for w in ref["windows"] for x in w]
        run = subprocess.run([args.binary, "calendar", job["zone"], job["file"], *flat], capture_output=True, text=True, timeout=120)
        ours = [json.loads(line) for line in run.stdout.splitlines()]
        if run.returncode != 0 or len(ours) != len(ref["windows"]):
            differ.setdefault(job["file"], []).append(f"{job['zone']}: the reader failed: {run.stdout[-300:]}{run.stderr[-300:]}")
            continue
        for window, a, b in zip(ref["windows"], ours, ref["answers"]):
            if "timeout" in b:
                timeouts.add(job["file"])
                continue
            windows += 1
            if normal(a) != normal(b):
                differ.setdefault(job["file"], []).append(f"{job['zone']} from {window[0]}: ours {normal(a)} reference {normal(b)}"
                                                          + (f" ({a.get('error') or b.get('error')})" if "error" in a or "error" in b else ""))
    names = {f: os.path.basename(f) for f in files}
    agree = len(files) - len(differ)
    print(f"calendars: {agree} of {len(files)} agree with recurring-ical-events ({100 * agree / len(files):.1f} %), "
          f"{windows} windows of a week in {', '.join(ZONES)}"
          + (f"; windows where the reference never answered left out, in {', '.join(sorted(names[f] for f in timeouts))}" if timeouts else ""))
    unexplained = []
    for f, lines in sorted(differ.items()):
        why = KNOWN.get(names[f])
        print(f"{'·' if why else '✘'} {names[f]}: {len(lines)} window(s) differ" + (f" — known: {why}" if why else ""))
        for line in lines[: (len(lines) if args.verbose else 2)]:
            print(f"    {line[:600]}")
        if not why:
            unexplained.append(names[f])
    for name in sorted(set(KNOWN) - {names[f] for f in differ}):
        print(f"✘ {name} is listed as differing but agrees now: take it off KNOWN")
        unexplained.append(name)
    if unexplained or agree < REQUIRED * len(files):
        sys.exit(1)
    print("✔ calendar conformance")


if __name__ == "__main__":
    main()
