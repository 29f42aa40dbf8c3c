#!/usr/bin/env python3
"""The whole test suite as steps, run side by side where they do not depend on each
other (scripts/test calls this after scripts/setup; docs/TESTING.md says what each runs).

  scripts/test                 every step (the README's command, and CI's)
  scripts/test --quick         the edit-test loop: the cheap checks, the debug build,
                               swift test, the command line checks
  scripts/test --oracles       the cheap checks and other people's implementations:
                               conformance suites, ARM, Mosquitto, Home Assistant, the web
                               API and Chromium
  scripts/test --e2e           the release build and what installs or boots it: the
                               package in Debian roots, install.sh, fuzzing, the example
                               packages, QEMU
  scripts/test --only a,b      the named steps and the steps they need
  scripts/test --list          the steps, what each needs, its tiers

Each step prints its name when it starts and its time when it ends; its output goes to
.build/test-logs/STEP.log, named with its last lines when the step fails. A failed step
skips only the steps that need it; the run goes on and ends with 'steps: N passed, N
failed' (and N skipped). SKIP_QEMU=1 leaves the QEMU step out.

Steps run at once while their declared load fits the machine's cores (a build or
`swift test` takes all of them, a suite that mostly waits on its peers a fraction), in
the order listed here: the cheap checks first, so a broken import fails in seconds, then
what the longest chain needs.
"""
import argparse
import os
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, ".build", "test-logs")


def version():
    text = open(os.path.join(ROOT, "Sources/DaemonInterface/Release.swift")).read()
    return re.search(r'static let version = "(.*)"', text).group(1)


def deb():
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
    return f".build/package/lockscreend_{version()}_{arch}.deb"


class Step:
    """One step: a shell command run from the repository's root, the steps it needs, the
    share of the machine's cores it keeps busy, and the tiers it belongs to."""

    def __init__(self, name, command, needs=(), load=0.25, tiers=(), about="", apart=()):
        self.name, self.command, self.needs, self.load, self.tiers, self.about = name, command, tuple(needs), load, set(tiers), about
        # Steps it never runs beside: their disk and processes would starve its own.
        self.apart = tuple(apart)
        self.state, self.seconds, self.process = "waiting", None, None


CORES = os.cpu_count() or 2
BUILD = 2  # a Swift build or swift test: two of them never run at once
LIGHT = 0.5  # under this, a step mostly waits on its peers (a broker, Home Assistant, a browser)
LIGHT_AT_ONCE = 4

STEPS = [
    # Seconds each, and nothing to build: a broken import or room fails first.
    Step("imports", "Tests/imports/check.py", tiers={"quick", "oracles", "e2e"},
         about="the module graph: every import goes down a layer (docs/ARCHITECTURE.md)"),
    Step("rooms", "Tests/imports/rooms.py", tiers={"quick", "oracles", "e2e"},
         about="each module holds one thing"),
    Step("widget-table", "Tests/docs/widget-table.py", tiers={"quick", "oracles", "e2e"},
         about="every supported row of docs/WIDGETS.md is used in the widget sources CI compiles"),
    Step("release-build", "Tests/build/release.sh", load=BUILD, tiers={"oracles", "e2e"},
         about="every product once, optimised, the Swift runtime linked in as deploy/install.sh builds it; "
               "every later step uses these binaries"),
    # Undeclared imports of the package's own modules are Tests/imports/check.py's to find:
    # SwiftPM's --explicit-target-dependency-import-check also checks OpenCombine's shim,
    # which imports the package's Combine module once there is one.
    Step("debug-build", "swift build --build-tests", load=BUILD,
         tiers={"quick", "e2e"}, about="the package and its tests, debug"),
    Step("fuzz", "scripts/fuzz --no-build", needs=["release-build"], load=1, tiers={"e2e"},
         about="10,000 mutated inputs for each reader of outside input"),
    # The Debian chain early: its last step (the checks Debian runs, and an upgrade under
    # systemd in QEMU) takes six minutes, and would otherwise start last.
    Step("deb", "scripts/package --no-build", needs=["release-build"], load=0.25, tiers={"e2e"},
         about="the .deb, from the release build, lintian --pedantic of this machine"),
    Step("package", f"Tests/package/run.py --deb {deb()}", needs=["deb"], load=1,
         tiers={"e2e"}, about="the .deb installed, used and purged in clean Debian 12 and 13 roots"),
    # After the package step: their roots' apt share one download cache, which apt locks.
    Step("debian", f"Tests/package/debian.py --deb {deb()}; debian=$?; Tests/package/upgrade.py --deb {deb()} && exit $debian",
         needs=["deb", "package"], load=1, tiers={"e2e"},
         about="Debian's own checks (lintian of Debian 12 and 13, piuparts in both and across the upgrade), "
               "and an upgrade under a running systemd in QEMU"),
    Step("examples", "Tests/example/run.sh", needs=["release-build", "debug-build"], load=BUILD, tiers={"e2e"},
         about="the example widget packages, built on the debug build's modules"),
    Step("qemu", "Tests/qemu/run-e2e.py --binary .build/release/lockscreend --widgets .build/debug/gamestatsd",
         needs=["release-build", "examples"], load=1, tiers={"e2e"}, about="real kernel displays and a tablet in QEMU"),
    # Not beside Debian's checks: piuparts' chroots flush the disk for seconds at a time, and
    # the suites that start real processes waited a minute for a free thread beside them.
    Step("swift-test", "swift test --skip-build", needs=["debug-build"], load=BUILD, tiers={"quick"}, apart=["debian"],
         about="the Swift suites, golden images included"),
    Step("apple-imports", "Tests/imports/apple-imports.py .build/debug", needs=["debug-build"], load=0.5, tiers={"quick"},
         about="each of Apple's module names brings what it brings on iOS, and no more"),
    Step("cli", "Tests/cli/run.sh .build/debug/lockscreend", needs=["debug-build"], load=0.25, tiers={"quick"},
         about="the command line as a user meets it"),
    Step("arm", "Tests/arm/run.py", load=1, tiers={"oracles"},
         about="the C targets for aarch64 and armhf, probed under qemu-user"),
    Step("conformance-toml", "Tests/conformance/run-toml.py --binary .build/release/lockscreend-conformance",
         needs=["release-build"], load=0.25, tiers={"oracles"}, about="toml-test with Python's tomllib"),
    Step("conformance-calendars", "Tests/conformance/run-calendars.py --binary .build/release/lockscreend-conformance",
         needs=["release-build"], load=0.25, tiers={"oracles"}, about="recurring-ical-events"),
    Step("conformance-epd", "Tests/conformance/run-epd.py --binary .build/release/lockscreend-conformance",
         needs=["release-build"], load=1, tiers={"oracles"}, about="the e-paper vendors' drivers"),
    Step("conformance-predicates", "Tests/conformance/run-predicates.py --binary .build/release/lockscreend-conformance",
         needs=["release-build"], load=0.5, tiers={"oracles"}, about="CoreData's NSPredicate(format:) against GNUstep's"),
    Step("conformance-photos", "Tests/conformance/run-photos.py --binary .build/release/lockscreend",
         needs=["release-build"], load=1, tiers={"oracles"}, about="the vendors' image pipelines"),
    Step("binary", "Tests/build/layout.py .build/release/lockscreend && "
                   "if ldd .build/release/lockscreenctl | grep -E 'cairo|pango|drm'; then "
                   "echo '✘ lockscreenctl links a drawing library'; exit 1; fi; echo '✔ lockscreenctl links no drawing library'",
         needs=["release-build"], load=0.25, tiers={"e2e"},
         about="the release lockscreend exports nothing and leads with its hot functions; lockscreenctl draws nothing"),
    Step("status-figures", "Tests/docs/status-figures.py .build/release/lockscreend", needs=["release-build"], load=1, tiers={"e2e"},
         about="the figures docs/STATUS.md states for the desk's day are the bench's"),
    Step("mqtt", "Tests/mqtt/run.py --binary .build/release/lockscreend", needs=["release-build"], load=0.25, tiers={"oracles"},
         about="Debian's Mosquitto with TLS: one daemon, then twenty"),
    Step("homeassistant-2024", "Tests/homeassistant/run.py --binary .build/release/lockscreend --release 2024.3.3",
         needs=["release-build"], load=0.25, tiers={"oracles"}, about="a real Home Assistant from PyPI"),
    Step("homeassistant-2026", "Tests/homeassistant/run.py --binary .build/release/lockscreend --release 2026.2.3",
         needs=["release-build"], load=0.25, tiers={"oracles"}, about="the newest, in a Debian 13 root"),
    Step("web", "Tests/web/run.py --binary .build/release/lockscreend", needs=["release-build"], load=0.25, tiers={"oracles"},
         about="the HTTP API on loopback"),
    Step("handover", "Tests/web/handover.py --binary .build/release/lockscreend", needs=["release-build"], load=1, tiers={"e2e"},
         about="the stock daemon handing [http] to lockscreend-web, thirty times beside a program making threads"),
    Step("apns", "Tests/apns/run.py --binary .build/release/lockscreend", needs=["release-build"], load=0.25, tiers={"oracles"},
         about="aioapns, kalyke-apns and pyapns_client, unmodified, over HTTP/2 and TLS with their own provider tokens"),
    Step("browser", "Tests/web/browser.py --binary .build/release/lockscreend", needs=["release-build"], load=0.25,
         tiers={"oracles"}, about="the page in Debian's Chromium, headless"),
    Step("deploy", "Tests/deploy/run.sh", needs=["release-build"], load=0.25, tiers={"e2e"},
         about="install.sh with DESTDIR, the systemd unit"),
]


def chosen(args):
    """The steps this run takes: a tier's, or the named ones, with what they need."""
    by_name = {s.name: s for s in STEPS}
    if args.only:
        names = set()
        for name in args.only.split(","):
            if name not in by_name:
                sys.exit(f"test: no step named '{name}'; steps: {', '.join(by_name)}")
            names.add(name)
    else:
        tier = "quick" if args.quick else "oracles" if args.oracles else "e2e" if args.e2e else None
        names = {s.name for s in STEPS if tier is None or tier in s.tiers}
    if os.environ.get("SKIP_QEMU") == "1":
        names.discard("qemu")
    # What they need, whatever its tier.
    grew = True
    while grew:
        needed = {n for name in names for n in by_name[name].needs}
        grew = not needed <= names
        names |= needed
    return [s for s in STEPS if s.name in names]


def tail(path, lines=40):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


def run(steps):
    os.makedirs(LOGS, exist_ok=True)
    lock = threading.Condition()
    began = time.time()
    out = sys.stdout

    def say(text):
        out.write(f"[{time.strftime('%H:%M:%S')} +{time.time() - began:6.0f}s] {text}\n")
        out.flush()

    def busy(light):
        return sum(1 if light else s.load for s in steps if s.state == "running" and (s.load < LIGHT) == light)

    def finish(step, status):
        step.seconds = time.time() - step.started
        log = os.path.join(LOGS, step.name + ".log")
        with lock:
            step.state = "passed" if status == 0 else "failed"
            if status == 0:
                say(f"✔ {step.name} ({step.seconds:.0f} s)")
            else:
                say(f"✘ {step.name} failed ({step.seconds:.0f} s, exit {status}); its log: {log}\n"
                    + "".join("    " + line for line in tail(log).splitlines(True)))
            lock.notify_all()

    def start(step):
        log = os.path.join(LOGS, step.name + ".log")
        step.state, step.started = "running", time.time()
        say(f"▶ {step.name}: {step.about}")
        handle = open(log, "w")
        handle.write(f"$ {step.command}\n")
        handle.flush()
        # Each in a session of its own, so a step that leaves children behind can be ended
        # with them when the run is interrupted.
        step.process = subprocess.Popen(["bash", "-o", "pipefail", "-c", step.command], cwd=ROOT, stdout=handle,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        threading.Thread(target=lambda: (finish(step, step.process.wait()), handle.close()), daemon=True).start()

    try:
        with lock:
            while any(s.state in ("waiting", "running") for s in steps):
                blocked = False
                for step in steps:
                    if step.state != "waiting":
                        continue
                    needs = [s for s in steps if s.name in step.needs]
                    if any(s.state in ("failed", "skipped") for s in needs):
                        step.state = "skipped"
                        say(f"- {step.name} skipped: it needs {', '.join(s.name for s in needs if s.state != 'passed')}")
                        continue
                    if not all(s.state == "passed" for s in needs):
                        continue
                    if step.load < LIGHT:
                        # Suites that mostly wait on their peers: a few at once, whatever
                        # else runs.
                        if busy(light=True) < LIGHT_AT_ONCE:
                            start(step)
                    elif not blocked:
                        # The others in the table's order: one that does not fit yet keeps
                        # every later one waiting too, so smaller steps cannot starve it.
                        if any(s.state == "running" and s.name in step.apart for s in steps):
                            blocked = True
                        elif busy(light=False) == 0 or busy(light=False) + step.load <= CORES + 1:
                            start(step)
                        else:
                            blocked = True
                lock.wait(timeout=5)
    except KeyboardInterrupt:
        for s in steps:
            if s.state == "running":
                try:
                    os.killpg(s.process.pid, 15)
                except ProcessLookupError:
                    pass
        raise
    total = time.time() - began
    out.write("\nstep                     seconds  result\n")
    for s in steps:
        out.write(f"{s.name:<24} {('%.0f' % s.seconds) if s.seconds is not None else '-':>7}  {s.state}\n")
    passed = sum(s.state == "passed" for s in steps)
    failed = sum(s.state == "failed" for s in steps)
    skipped = sum(s.state == "skipped" for s in steps)
    out.write(f"the whole run: {total / 60:.1f} min; logs in {os.path.relpath(LOGS, ROOT)}/\n")
    out.write(f"steps: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else "") + "\n")
    return 0 if failed == 0 and skipped == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    tier = parser.add_mutually_exclusive_group()
    tier.add_argument("--quick", action="store_true", help="the edit-test loop")
    tier.add_argument("--oracles", action="store_true", help="other people's implementations as oracles")
    tier.add_argument("--e2e", action="store_true", help="what installs or boots the release build")
    tier.add_argument("--only", metavar="STEPS", help="these steps (comma-separated) and what they need")
    parser.add_argument("--list", action="store_true", help="list the steps and stop")
    args = parser.parse_args()
    if args.list:
        for s in STEPS:
            needs = f" (needs {', '.join(s.needs)})" if s.needs else ""
            print(f"{s.name:<24} {'/'.join(sorted(s.tiers)) or 'whole':<18} {s.about}{needs}")
        return 0
    return run(chosen(args))


if __name__ == "__main__":
    sys.exit(main())
