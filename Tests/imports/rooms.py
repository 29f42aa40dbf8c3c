#!/usr/bin/env python3
"""Checks that each module holds one thing, as docs/ARCHITECTURE.md says it does:

- Sources/LockScreen (the daemon's loop and drawing) stays at most 2,730 lines and holds
  no MQTT or control-socket file: the broker is Broker, the socket ControlSocket;
- Config imports no runtime module (LockScreen, Web, Broker, ControlSocket): it reads the
  file into LockScreenModel's values;
- no board is a `static let shared`: the daemon's boards are made by DaemonAssembly and
  handed to who needs them (the only shared objects left are the process's own: the
  child-process registry, the wall-clock alarm, the text system, and the centers widget
  code calls as on iOS: WidgetKit's `WidgetCenter.shared` and `ControlCenter.shared`,
  and ActivityKit's `Activity` statics' `ActivityCenter.shared`);
- `WidgetCenter.shared` is read only in Accessory and in the inbox's forwarder;
- every library module has a test target (`<Module>Tests`, or the one named below),
  and `LockScreenTests` holds at most 20 files;
- every module of Package.swift is named in docs/ARCHITECTURE.md;
- the one call that goes up the layers is the seam SEAMS names: `@main` widgets reach
  the stock command line through the weak C name `lockscreend_widget_main`, which
  Accessory declares (CAccessoryHooks) and LockscreendCLI defines with `@_cdecl`; no
  other `@_cdecl` and no other weak function in a C target.
Exits 1 naming every rule broken.
"""
import json
import os
import re
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
problems = []


def swift_files(folder):
    for dirpath, _, files in os.walk(os.path.join(root, folder)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(dirpath, name)


def code(path):
    """A Swift file without its comments' lines."""
    return "\n".join(line for line in open(path, encoding="utf-8") if not line.lstrip().startswith("//"))


lock_screen = list(swift_files("Sources/LockScreen"))
lines = sum(sum(1 for _ in open(path, encoding="utf-8")) for path in lock_screen)
# 2,500 when the rooms were drawn (wave 4, issue 46); 2,650 once the daemon also held
# Live Activities (issue 49): the band's hook in the step, the inbox's activity request
# and its forwarder; 2,720 once the inbox answered each activity's sender and the state
# kept the activities (issue 59); 2,730 once the running daemon started the search for a
# colour panel's ink gamut on a thread of its own (issue 61; the search is Canvas's, the
# thread DaemonRuntime's). The book, the push's reading, the refusals and the band's layout
# live in Accessory and LockScreenModel, the one-shot answer in DaemonRuntime.
LOCK_SCREEN_LINES = 2730
if lines > LOCK_SCREEN_LINES:
    problems.append(f"Sources/LockScreen has {lines} lines (at most {LOCK_SCREEN_LINES:,})")
for path in lock_screen:
    name = os.path.basename(path)
    if re.match(r"(MQTT|ControlServer|Socket)", name):
        problems.append(f"{os.path.relpath(path, root)}: the broker and the socket have modules of their own")

for path in swift_files("Sources/Config"):
    for module in re.findall(r"^(?:@testable )?import (LockScreen|Web|Broker|ControlSocket)\b(?!Model)", code(path), re.M):
        problems.append(f"{os.path.relpath(path, root)} imports {module}: Config reads into LockScreenModel's values")

SHARED_ALLOWED = {"ChildRegistry", "WallClockAlarm", "TextSystem", "WidgetCenter", "ActivityCenter", "ControlCenter"}
for path in swift_files("Sources"):
    text = code(path)
    for match in re.finditer(r"static (?:let|var) shared = (\w+)\(", text):
        if match.group(1) not in SHARED_ALLOWED:
            problems.append(f"{os.path.relpath(path, root)}: {match.group(1)}.shared; make it in DaemonAssembly and pass it")
    relative = os.path.relpath(path, root)
    if "WidgetCenter.shared" in text and not relative.startswith("Sources/Accessory/") and relative != "Sources/LockScreen/DaemonInbox.swift":
        problems.append(f"{relative} reads WidgetCenter.shared; send a DaemonInbox request instead")

package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=root))
targets = {t["name"]: t["type"] for t in package["targets"]}
# Tested through another module's target: the Apple-named modules by the widget sources
# of WidgetKitTests, #Preview's macro by AccessoryTests.
TESTED_BY = {"SwiftUI": "WidgetKitTests", "Combine": "WidgetKitTests", "WidgetKit": "WidgetKitTests", "AppIntents": "WidgetKitTests", "Charts": "WidgetKitTests", "ActivityKit": "WidgetKitTests", "UIKit": "WidgetKitTests",
             "AccessoryMacros": "AccessoryTests"}
SUPPORT = {"TestSupport", "DaemonTestSupport", "EPDModels"}
for name, kind in targets.items():
    if kind not in ("regular", "macro") or name in SUPPORT:
        continue
    if not os.path.isdir(os.path.join(root, "Sources", name)):
        continue
    if not any(f.endswith((".swift")) for _, _, fs in os.walk(os.path.join(root, "Sources", name)) for f in fs):
        continue  # a C target
    tests = TESTED_BY.get(name, f"{name}Tests")
    if targets.get(tests) != "test":
        problems.append(f"module {name} has no test target {tests}")

count = len([f for f in os.listdir(os.path.join(root, "Tests", "LockScreenTests")) if f.endswith(".swift")])
if count > 20:
    problems.append(f"Tests/LockScreenTests holds {count} files (at most 20): tests follow their module")

architecture = open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8").read()
# The first column of the module table: "| CLibDRM, CPangoCairo, CMalloc | …".
tabled = set()
for line in architecture.split("\n"):
    if line.startswith("| ") and not line.startswith("| module"):
        tabled |= set(re.findall(r"[\w-]+", line.split("|")[1]))
for name, kind in targets.items():
    if kind != "test" and name not in SUPPORT and name not in tabled:
        problems.append(f"docs/ARCHITECTURE.md's table of modules does not name {name}")
# The upward seams: the C name, where it is defined, and the header declaring it weak.
SEAMS = {"lockscreend_widget_main": ("Sources/LockscreendCLI/LockScreenDaemon+Main.swift", "Sources/CAccessoryHooks/include/CAccessoryHooks.h")}
for path in swift_files("Sources"):
    for name in re.findall(r'@_cdecl\("(\w+)"\)', code(path)):
        if SEAMS.get(name, ("",))[0] != os.path.relpath(path, root):
            problems.append(f"{os.path.relpath(path, root)}: @_cdecl(\"{name}\") is a call up the layers that SEAMS does not name")
for dirpath, _, files in os.walk(os.path.join(root, "Sources")):
    for file in files:
        if not file.endswith((".h", ".c")):
            continue
        path = os.path.join(dirpath, file)
        for name in re.findall(r"(\w+)\s*\([^;]*\)\s*__attribute__\(\(weak\)\)", open(path, encoding="utf-8").read()):
            if SEAMS.get(name, ("", ""))[1] != os.path.relpath(path, root):
                problems.append(f"{os.path.relpath(path, root)}: the weak function {name} is a call up the layers that SEAMS does not name")
for name, (definer, header) in SEAMS.items():
    if f'@_cdecl("{name}")' not in code(os.path.join(root, definer)) or name not in open(os.path.join(root, header), encoding="utf-8").read():
        problems.append(f"the seam {name} is no longer where SEAMS says ({definer}, {header}): keep SEAMS true")

for problem in problems:
    print(f"✘ {problem}")
if problems:
    sys.exit(1)
print(f"✔ rooms: LockScreen {lines} lines, {count} LockScreenTests files, a test target per module, no shared board")
