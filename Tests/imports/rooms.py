#!/usr/bin/env python3
"""Checks that each module holds one thing and depends on what its place allows, as
docs/ARCHITECTURE.md says — rules of dependency, not of size:

- the front ends (Web, Broker, ControlSocket) reach the daemon through DaemonInterface
  alone: none declares or imports LockScreen, and none of them another front end;
- a control request becomes bytes, or bytes a request, only where it crosses a process:
  the socket (ControlSocket), its protocol and client (ControlProtocol, lockscreenctl) and
  the fuzzer that feeds the reader; everywhere else requests are typed values;
- Sources/LockScreen (the daemon's loop and drawing) holds no MQTT or control-socket file:
  the broker is Broker, the socket ControlSocket;
- LockScreenModel does not depend on Providers, TimelineEngine, Accessory, SwiftUICore, DaemonRuntime or Panel: it holds the values the daemon runs (the
  demo's providers, the broker's password file and the Live Activities' state machine
  live in LockScreen and Broker);
- Config imports and depends on no module that runs anything (LockScreen, Web, Broker,
  ControlSocket, Panel, Providers, TimelineEngine, DaemonRuntime, Accessory,
  SwiftUICore): it reads
  the file into LockScreenModel's, ProviderOptions' and PanelOptions' values;
- only the composition root reads the machine's name (`gethostname`), and the
  configuration's reader opens no file: it asks the `ConfigFiles` the root hands it;
- no board is a `static let shared`: the daemon's boards are made by DaemonAssembly and
  handed to who needs them (the only shared objects left are the process's own: the
  child-process registry, the wall-clock alarm, the text system);
- what widget code reaches of its daemon is one value, the host (`WidgetHost`): Apple's
  statics over it are declared in one file per framework — WidgetKit's
  (`WidgetCenter.shared`) in WidgetHost+Statics.swift, SwiftUI's (the asset catalogs'
  folders, `openURL`'s default, over the services the process's host holds) in
  AppServices+Statics.swift, ActivityKit's (`ActivityCenter.shared`) in
  ActivityCenter+Statics.swift, the Controls' in ControlCenter+Statics.swift — and read
  only in those modules: the daemon reaches its host through `Behaviour.host`;
- SwiftUI's core (SwiftUICore) and the frameworks that need only views (SwiftUI, Charts,
  UIKit's names, SwiftData) do not depend on WidgetKit's widget types (Accessory) or
  WidgetKit, as Apple's do not;
- the stock `lockscreend` depends, through any module, on neither Web, WebTrust nor
  SwiftNIO: the HTTP face is `lockscreend-web`'s;
- every library module has a test target (`<Module>Tests`, or the one named below);
- every module of Package.swift is named in docs/ARCHITECTURE.md, and every type a row of
  its table names is declared in that row's module or one it depends on (what a module
  does not do may name any module's type: who does it);
- the one call that goes up the layers is the seam SEAMS names: `@main` widgets reach
  the stock command line through the weak C name `lockscreend_widget_main`, which
  Accessory declares (CAccessoryHooks) and LockscreendCLI defines with `@_cdecl`; no
  other `@_cdecl` and no other weak function in a C target.
The line caps of earlier waves (LockScreen at most 2,730 lines, LockScreenTests at most
20 files) are retired: code lives where its dependencies put it.
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
for path in lock_screen:
    name = os.path.basename(path)
    if re.match(r"(MQTT|ControlServer|Socket)", name):
        problems.append(f"{os.path.relpath(path, root)}: the broker and the socket have modules of their own")

CONFIG_FORBIDDEN = "LockScreen|Web|Broker|ControlSocket|Panel|Providers|TimelineEngine|DaemonRuntime|Accessory|SwiftUICore"
for path in swift_files("Sources/Config"):
    for module in re.findall(r"^(?:@testable )?import (%s)\b(?!Model|Options)" % CONFIG_FORBIDDEN, code(path), re.M):
        problems.append(f"{os.path.relpath(path, root)} imports {module}: Config reads into LockScreenModel's, ProviderOptions' and PanelOptions' values")

SHARED_ALLOWED = {"ChildRegistry", "WallClockAlarm", "TextSystem"}
STATICS = {"Sources/Accessory/Host/WidgetHost+Statics.swift", "Sources/SwiftUICore/App/AppServices+Statics.swift", "Sources/ActivityKitCore/ActivityCenter+Statics.swift", "Sources/WidgetKit/Controls/ControlCenter+Statics.swift"}
# The modules whose files may read the statics (each framework's own code).
STATIC_READERS = ("Sources/Accessory/", "Sources/SwiftUICore/", "Sources/ActivityKitCore/", "Sources/WidgetKit/")
for path in swift_files("Sources"):
    text = code(path)
    for match in re.finditer(r"static (?:let|var) shared = (\w+)\(", text):
        if match.group(1) not in SHARED_ALLOWED:
            problems.append(f"{os.path.relpath(path, root)}: {match.group(1)}.shared; make it in DaemonAssembly and pass it")
    relative = os.path.relpath(path, root)
    if relative.startswith(STATIC_READERS) and relative not in STATICS and re.search(r"static (?:let|var) (?:shared|process)\b", text):
        problems.append(f"{relative}: a static shared object; widget code's statics are declared in {' and '.join(sorted(STATICS))}, over the host")
    if re.search(r"\b(?:WidgetCenter|ActivityCenter|ControlCenter)\.(?:shared|process)\b|(?:WidgetHost|AppServices)\.process\b", text) and not relative.startswith(STATIC_READERS) \
            and relative not in ("Sources/LockscreendCommand/DaemonAssembly.swift", "Sources/LockscreendCLI/LockScreenDaemon+Main.swift"):
        problems.append(f"{relative} reads the process's host; take the daemon's (Behaviour.host) as DaemonAssembly hands it down")

package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=root))
targets = {t["name"]: t["type"] for t in package["targets"]}
# Tested through another module's target: the Apple-named modules by the widget sources
# of WidgetKitTests, #Preview's macro by AccessoryTests.
TESTED_BY = {"SwiftUI": "WidgetKitTests", "Combine": "WidgetKitTests", "WidgetKit": "WidgetKitTests", "AppIntents": "WidgetKitTests", "Charts": "WidgetKitTests", "ActivityKit": "WidgetKitTests", "UIKit": "WidgetKitTests", "UIKitCore": "WidgetKitTests", "Intents": "WidgetKitTests", "SwiftData": "WidgetKitTests",
             "CoreData": "WidgetKitTests", "ModelStorage": "WidgetKitTests",
             "AccessoryMacros": "AccessoryTests", "SwiftUICore": "AccessoryTests", "WidgetKitCore": "AccessoryTests", "SwiftLiteral": "AccessoryTests"}
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

# The front ends and the one way in.
FRONT_ENDS = {"Web", "Broker", "ControlSocket"}
declared = {t["name"]: {d.get("byName", d.get("target", d.get("product", [None])))[0] for d in t["dependencies"]} for t in package["targets"]}
for front in sorted(FRONT_ENDS):
    reached = declared.get(front, set()) & ({"LockScreen"} | FRONT_ENDS)
    if reached:
        problems.append(f"{front} depends on {sorted(reached)}: a front end reaches the daemon through DaemonInterface")
    for path in swift_files(f"Sources/{front}"):
        for module in re.findall(r"^(?:@testable )?import (LockScreen|Web|Broker|ControlSocket)$", code(path), re.M):
            if module != front:
                problems.append(f"{os.path.relpath(path, root)} imports {module}: a front end reaches the daemon through DaemonInterface")
# The stock daemon links no HTTP face: SwiftNIO and TLS are lockscreend-web's.
def reaches(name, seen=None):
    seen = set() if seen is None else seen
    for dependency in declared.get(name, set()) - seen:
        seen.add(dependency)
        reaches(dependency, seen)
    return seen
stock_links = reaches("lockscreend")
for face in sorted(stock_links & {"Web", "WebTrust", "NIOCore", "NIOPosix", "NIOSSL", "NIOHTTP1", "NIOHTTP2"}):
    problems.append(f"the stock lockscreend links {face}: the HTTP face is lockscreend-web's (LockscreendCLI)")
# The model holds values: it fetches nothing and runs no Live Activity's state machine.
for runtime in set(CONFIG_FORBIDDEN.split("|")) & declared.get("Config", set()):
    problems.append(f"Config depends on {runtime}: it reads the file into values; what runs them is the composition root's")
for runtime in ("Providers", "Panel", "TimelineEngine", "Accessory", "SwiftUICore", "DaemonRuntime"):
    if runtime in declared.get("LockScreenModel", set()):
        problems.append(f"LockScreenModel depends on {runtime}: it holds values; what fetches, reads files or opens a display belongs to the root or the runtime")
if "DaemonInterface" in declared and declared["DaemonInterface"] & {"LockScreen", "LockScreenModel", "Config", "Providers", "TimelineEngine", "Accessory"}:
    problems.append(f"DaemonInterface depends on {sorted(declared['DaemonInterface'] & {'LockScreen', 'LockScreenModel', 'Config', 'Providers', 'TimelineEngine', 'Accessory'})}: it is below the daemon and its model")
WIRE = ("Sources/ControlSocket/", "Sources/ControlProtocol/", "Sources/lockscreenctl/", "Sources/lockscreend-fuzz/")
for path in swift_files("Sources"):
    relative = os.path.relpath(path, root)
    if relative.startswith(WIRE):
        continue
    text = code(path)
    if re.search(r"ControlRequest\.decode\(|ControlRequest\.[^\n]*\.encoded\(\)|handle\(_ data: Data\)", text):
        problems.append(f"{relative}: a control request turned into bytes or read from them here; hand the daemon the typed request")

architecture = open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8").read()
# The first column of the module table: "| CLibDRM, CPangoCairo, CMalloc | …".
tabled = set()
for line in architecture.split("\n"):
    if line.startswith("| ") and not line.startswith("| module"):
        tabled |= set(re.findall(r"[\w-]+", line.split("|")[1]))
for name, kind in targets.items():
    if kind != "test" and name not in SUPPORT and name not in tabled:
        problems.append(f"docs/ARCHITECTURE.md's table of modules does not name {name}")

# Every type the table names in a module's row is declared in that module or in one it
# depends on (a name it uses): a type renamed, removed or moved up the layers fails here.
def declared_names(module):
    found = set()
    for path in swift_files(f"Sources/{module}"):
        found |= set(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias|extension)\s+(?:\w+\.)*`?(\w+)", open(path, encoding="utf-8").read()))
        found.add(os.path.basename(path)[:-len(".swift")].split("+")[0])  # `LockScreenDaemon+Loop`
    for dirpath, folders, _ in os.walk(os.path.join(root, "Sources", module)):
        found |= set(folders)  # `Activities/`
    return found


def below(module, seen=None):
    seen = set() if seen is None else seen
    for dependency in declared.get(module, set()):
        if dependency in targets and dependency not in seen:
            seen.add(dependency)
            below(dependency, seen)
    return seen


# Apple's frameworks import what Apple's do: SwiftUI's core and the frameworks over it
# that need only the views (SwiftUI, Charts, UIKit's names, SwiftData) never reach
# WidgetKit's widget types (Accessory) or WidgetKit.
VIEWS_ONLY = {"SwiftUICore", "SwiftUI", "Charts", "UIKitCore", "UIKit", "SwiftData"}
for module in sorted(VIEWS_ONLY):
    above = below(module) & {"Accessory", "WidgetKit"} if module in declared else set()
    if above:
        problems.append(f"{module} depends on {sorted(above)}: it needs SwiftUI's core only, as Apple's does; WidgetKit's widget types are above it")
# Names that are not this package's: HTTP's, Apple's protocols the table contrasts with.
FOREIGN = {"POST", "ObservableObject", "Tests"}
names = {}
for line in architecture.split("\n"):
    if not line.startswith("| ") or line.startswith("| module"):
        continue
    cells = line.split("|")
    modules = [m for m in re.findall(r"[\w-]+", cells[1]) if m in targets]
    reach = set(modules)
    for module in modules:
        reach |= below(module)
    known = set().union(*(names.setdefault(m, declared_names(m)) for m in reach)) if reach else set()
    for token in re.findall(r"`([A-Z][A-Za-z0-9]*)", cells[2]):
        if token not in known and token not in targets and token not in FOREIGN:
            problems.append(f"docs/ARCHITECTURE.md: the row of {', '.join(modules) or cells[1].strip()} names `{token}`, which neither it nor a module below it declares")
    # What a module does not do may name who does (the root's `ServerTrust`): any module's.
    for token in re.findall(r"`([A-Z][A-Za-z0-9]*)", cells[3] if len(cells) > 3 else ""):
        if token not in FOREIGN and token not in targets and not any(token in names.setdefault(m, declared_names(m)) for m in targets):
            problems.append(f"docs/ARCHITECTURE.md: the row of {', '.join(modules) or cells[1].strip()} names `{token}`, which no module declares")
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

# The machine's name is read in the composition root and handed down (MQTTConfig.machine,
# WebConfig.pageURL(machine:)); values and the configuration's reader read none.
for path in swift_files("Sources"):
    relative = os.path.relpath(path, root)
    if re.search(r"\bgethostname\s*\(", code(path)) and not relative.startswith("Sources/LockscreendCommand/"):
        problems.append(f"{relative}: gethostname outside the composition root; read it in LockscreendCommand (MachineName) and hand it down")

# The configuration's reader opens nothing: what it asks of a file goes through the
# `ConfigFiles` the composition root hands it (SystemFiles).
FILE_CALLS = re.compile(r"\b(?:stat|lstat|access|open|fopen|opendir|readlink)\s*\(|\bFileManager\b|contentsOf:|\bBoundedInput\b")
for path in swift_files("Sources/Config"):
    for match in FILE_CALLS.finditer(code(path)):
        problems.append(f"{os.path.relpath(path, root)}: {match.group(0).strip('( ')} reads the file system; ask the reader's ConfigFiles, which the root hands it")

for problem in problems:
    print(f"✘ {problem}")
if problems:
    sys.exit(1)
print(f"✔ rooms: front ends through DaemonInterface, requests typed inside the process, a test target per module, no shared board (LockScreen {lines} lines)")
