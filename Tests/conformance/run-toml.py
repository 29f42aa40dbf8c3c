#!/usr/bin/env python3
"""TOML conformance: lockscreend's reader against the toml-test suite (TOML 1.0), with
Python's tomllib as the oracle for values.

Every valid file must be accepted with the values tomllib reads; every invalid file must
be refused with a FILE:LINE: message. Prints the figures docs/TESTING.md quotes; exits 1
naming each file that differs.

  Tests/conformance/run-toml.py --binary .build/debug/lockscreend-conformance
"""
import argparse
import datetime
import json
import math
import os
import re
import subprocess
import sys
import tomllib

here = os.path.dirname(os.path.abspath(__file__))
suite = os.path.join(here, "toml-test")

DATETIME = re.compile(
    r"^(?:(\d{4})-(\d{2})-(\d{2}))?(?:[Tt ]?(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}:\d{2})?$")


def python_datetime(text):
    """A datetime as tomllib makes it (date, time, naive or aware datetime)."""
    m = DATETIME.match(text)
    if not m:
        raise ValueError(f"not a datetime: {text}")
    y, mo, d, h, mi, s, frac, offset = m.groups()
    micro = int(frac[:6].ljust(6, "0")) if frac else 0
    tz = None
    if offset:
        if offset in "Zz":
            tz = datetime.timezone.utc
        else:
            sign = -1 if offset[0] == "-" else 1
            tz = datetime.timezone(sign * datetime.timedelta(hours=int(offset[1:3]), minutes=int(offset[4:6])))
    if y and h is None:
        return datetime.date(int(y), int(mo), int(d))
    if not y:
        return datetime.time(int(h), int(mi), int(s), micro)
    return datetime.datetime(int(y), int(mo), int(d), int(h), int(mi), int(s), micro, tzinfo=tz)


def untag(value):
    if isinstance(value, list):
        return [untag(v) for v in value]
    if set(value) == {"type", "value"} and isinstance(value["type"], str) and isinstance(value["value"], str):
        kind, text = value["type"], value["value"]
        if kind == "string":
            return text
        if kind == "integer":
            return int(text)
        if kind == "float":
            return float(text)
        if kind == "bool":
            return text == "true"
        if kind == "datetime":
            return python_datetime(text)
    return {k: untag(v) for k, v in value.items()}


def same(a, b):
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    listed = [line.strip() for line in open(os.path.join(suite, "files-toml-1.0.0")) if line.strip().endswith(".toml")]
    paths = [os.path.join(suite, f) for f in listed]
    out = subprocess.run([args.binary, "toml", *paths], capture_output=True, text=True, check=True).stdout
    ours = {}
    for line in out.splitlines():
        record = json.loads(line)
        ours[record["file"]] = record
    problems = []
    counts = {"valid": 0, "valid ok": 0, "invalid": 0, "invalid ok": 0, "tomllib refuses valid": 0, "tomllib accepts invalid": 0}
    for name, path in zip(listed, paths):
        record = ours.get(path)
        if record is None:
            problems.append(f"{name}: no answer")
            continue
        with open(path, "rb") as f:
            raw = f.read()
        try:
            expected = tomllib.loads(raw.decode("utf-8"))
            oracle_error = None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError) as error:
            expected, oracle_error = None, error
        if name.startswith("valid/"):
            counts["valid"] += 1
            if oracle_error:
                counts["tomllib refuses valid"] += 1
            if "error" in record:
                problems.append(f"{name}: refused: {record['error']}")
            elif expected is not None and not same(untag(record["value"]), expected):
                problems.append(f"{name}: values differ from tomllib's:\n    ours    {untag(record['value'])!r}\n    tomllib {expected!r}")
            else:
                counts["valid ok"] += 1
        else:
            counts["invalid"] += 1
            if oracle_error is None:
                counts["tomllib accepts invalid"] += 1
            error = record.get("error", "")
            if "value" in record:
                problems.append(f"{name}: accepted")
            elif not re.match(re.escape(path) + r":\d+: \S", error):
                problems.append(f"{name}: the message does not start FILE:LINE: ({error!r})")
            else:
                counts["invalid ok"] += 1
    print(f"toml-test (TOML 1.0): {counts['valid ok']} of {counts['valid']} valid files read as tomllib reads them; "
          f"{counts['invalid ok']} of {counts['invalid']} invalid files refused with FILE:LINE:"
          f" (tomllib itself: refuses {counts['tomllib refuses valid']} valid, accepts {counts['tomllib accepts invalid']} invalid)")
    for p in problems:
        print(f"✘ {p}")
    if problems:
        sys.exit(1)
    print("✔ TOML conformance")


if __name__ == "__main__":
    main()
