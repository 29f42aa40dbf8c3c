#!/usr/bin/env python3
"""Checks the figures docs/STATUS.md states for the desk's day against the bench itself.

The bench's pixel figures are exact (the same on every run with the same fonts and
libraries, whatever the machine's load): STATUS.md's
row of `lockscreend bench` states them between `<!-- bench -->` marks, and this runs
`lockscreend bench --config bench/desk.toml --simulate 24h --json` and compares, so a
change that moves a figure fails here until the docs say so. Times (render p99, CPU)
move with the machine's load and are PERFORMANCE.md's, with the command and the runs.

Usage: Tests/docs/status-figures.py BINARY
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The bench's JSON key, how STATUS.md names it, and how it is written there.
FIGURES = [
    ("updates", "updates", lambda v: f"{v:,}"),
    ("pixels_flushed", "pixels flushed", lambda v: f"{v:,}"),
    ("rectangles_flushed", "rectangles flushed", lambda v: f"{v:,}"),
    ("pixels_changed", "pixels changed", lambda v: f"{v:,}"),
    ("flushed_vs_changed", "flushed/changed", lambda v: f"{v:.3f}"),
    ("flushed_vs_full_redraw", "flushed/full redraw", lambda v: f"{v:.4f}"),
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(os.path.join(ROOT, "docs", "STATUS.md"), encoding="utf-8") as f:
        marked = re.search(r"<!-- bench -->(.*?)<!-- /bench -->", f.read(), re.S)
    if not marked:
        print("✘ docs/STATUS.md has no <!-- bench --> figures")
        return 1
    stated = marked.group(1)
    run = subprocess.run([sys.argv[1], "bench", "--config", "bench/desk.toml", "--simulate", "24h", "--json"],
                         cwd=ROOT, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C.UTF-8"))
    if run.returncode != 0:
        print(f"✘ the bench failed: {run.stderr[-500:]}")
        return 1
    measured = json.loads(run.stdout)
    problems = 0
    for key, name, written in FIGURES:
        want = f"{name} {written(measured[key])}"
        if want in stated:
            print(f"✔ STATUS.md: {want}")
        else:
            found = re.search(re.escape(name) + r" ([0-9.,]+)", stated)
            print(f"✘ STATUS.md says {name} {found.group(1) if found else '(nothing)'}; the bench measures {written(measured[key])}")
            problems += 1
    return 1 if problems else 0


sys.exit(main())
