#!/usr/bin/env python3
"""Predicate conformance: CoreData's NSPredicate(format:) against GNUstep's Foundation
(Debian's libgnustep-base), the implementation of Apple's API Linux has.

Builds Tests/conformance/predicates/oracle.m with gcc and GNUstep's flags, runs it and
`lockscreend-conformance predicates` on each format of predicates/formats.txt against
predicates/object.json, and compares: both refuse, or both give the same answer. The
differences listed in predicates/differences.txt (with the reason CoreData's answer is
Apple's) are allowed; any other, and any listed one that no longer differs, fails.

  Tests/conformance/run-predicates.py --binary .build/release/lockscreend-conformance
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "predicates")


def answers(command, formats, env=None):
    out = subprocess.run(command, input=formats, capture_output=True, text=True, timeout=300, check=True, env=env).stdout
    found = {}
    for line in out.splitlines():
        entry = json.loads(line)
        found[entry["format"]] = "error" if "error" in entry else entry["result"]
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    if not shutil.which("gnustep-config"):
        print("✘ GNUstep is not installed: apt-get install -y libgnustep-base-dev gobjc")
        return 1
    flags = subprocess.run(["gnustep-config", "--objc-flags"], capture_output=True, text=True, check=True).stdout.split()
    libs = subprocess.run(["gnustep-config", "--base-libs"], capture_output=True, text=True, check=True).stdout.split()
    with open(os.path.join(here, "formats.txt"), encoding="utf-8") as file:
        formats = file.read()
    listed = {}
    with open(os.path.join(here, "differences.txt"), encoding="utf-8") as file:
        for line in file:
            if line.strip() and not line.startswith("#"):
                format_, _, reason = line.rstrip("\n").partition("\t")
                listed[format_] = reason
    with tempfile.TemporaryDirectory() as folder:
        oracle = os.path.join(folder, "oracle")
        # GNUstep's headers warn about themselves; only a failure to build matters.
        built = subprocess.run(["gcc", *[f for f in flags if f not in ("-MMD", "-MP")], "-w", "-o", oracle,
                                os.path.join(here, "oracle.m"), *libs], capture_output=True, text=True)
        if built.returncode != 0:
            print("✘ the oracle did not build:\n" + built.stderr[-2000:])
            return 1
        env = dict(os.environ, HOME=folder)  # GNUstep writes its defaults under $HOME
        theirs = answers([oracle, os.path.join(here, "object.json")], formats, env)
    ours = answers([args.binary, "predicates", os.path.join(here, "object.json")], formats)
    problems, agreed, known = 0, 0, 0
    for format_ in theirs:
        mine, oracle_answer = ours.get(format_, "missing"), theirs[format_]
        if mine == oracle_answer:
            agreed += 1
            if format_ in listed:
                print(f"✘ listed as a difference but both answer {mine}: {format_}")
                problems += 1
        elif format_ in listed:
            known += 1
            print(f"  differs, as listed: {format_}: CoreData {mine}, GNUstep {oracle_answer} ({listed[format_]})")
        else:
            print(f"✘ {format_}: CoreData {mine}, GNUstep {oracle_answer}")
            problems += 1
    print(f"predicates: {len(theirs)} formats, {agreed} answered alike, {known} listed differences, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
