#!/usr/bin/env python3
"""Checks that the modules import one way only, as docs/ARCHITECTURE.md draws them.

Each module of Sources/ has a layer below; a Swift file may import a module of the
package only when that module is in a lower layer and its target declares it as a
dependency in Package.swift. Exits 1 naming every file and import that breaks the rule.
"""
import json
import os
import re
import subprocess
import sys

# Lowest first; a module may import only modules on earlier lines.
LAYERS = [
    ["CLibDRM", "CPangoCairo", "CMalloc", "CSystemShims", "CCurlLoader", "CJPEGLoader", "CMosquittoLoader", "CAccessoryHooks", "JSON", "ZoneInfo"],
    ["CFramebuffer", "CEPaperBus", "Canvas"],
    ["Gauge", "AccessoryMacros"],
    ["Accessory"],
    ["Panel"],
    ["TimelineEngine"],
    ["Providers"],
    ["Config"],
    ["ControlProtocol"],
    ["LockScreen"],
    ["Web"],
    ["LockscreendCLI"],
    ["lockscreend", "lockscreenctl", "lockscreend-fuzz", "lockscreend-conformance"],
]
# What lockscreenctl may link: the protocol and nothing that draws.
CTL_ALLOWED = {"ControlProtocol", "JSON"}

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
layer = {name: i for i, names in enumerate(LAYERS) for name in names}
package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=root))
declared = {}
for target in package["targets"]:
    deps = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dep:
                deps.add(dep[kind][0])
    declared[target["name"]] = deps

problems = []
for module in sorted(os.listdir(os.path.join(root, "Sources"))):
    if module not in layer:
        problems.append(f"Sources/{module}: not in the layer list of Tests/imports/check.py")
        continue
    if module == "lockscreenctl" and not (declared.get(module, set()) & set(layer)) <= CTL_ALLOWED:
        problems.append(f"lockscreenctl depends on {sorted(declared[module] & set(layer))}; it may use only {sorted(CTL_ALLOWED)}")
    for dirpath, _, files in os.walk(os.path.join(root, "Sources", module)):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                match = re.match(r"\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?(\w+)", line)
                if not match or match.group(1) not in layer:
                    continue
                imported = match.group(1)
                if layer[imported] >= layer[module]:
                    problems.append(f"{rel}:{number}: {module} imports {imported}, which is not below it")
                elif imported not in declared.get(module, set()):
                    problems.append(f"{rel}:{number}: {module} imports {imported} without declaring it in Package.swift")

for problem in problems:
    print(problem)
print(f"imports: {len(problems)} problem(s) in the module graph" if problems else "imports: every module imports only modules below it")
sys.exit(1 if problems else 0)
