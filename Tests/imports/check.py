#!/usr/bin/env python3
"""Checks that the modules import one way only, as docs/ARCHITECTURE.md draws them.

Each module of Sources/ has a layer below; a Swift file may import a module of the
package only when that module is in a lower layer and its target declares it as a
dependency in Package.swift, and only when it uses something the module names: one of
its types, macros or top-level functions, or a member it adds to another module's type
(an import that uses nothing makes the graph say a dependency that is not there). A file
that needs a module for a member of one of its types alone says which after the import
(`import JSON  // for .string`), and the member must be the module's and in the file.
The compiler checks the other way (MemberImportVisibility, Package.swift): a file that
uses a module's member without importing the module does not build.
Exits 1 naming every file and import that breaks a rule.
"""
import json
import os
import re
import subprocess
import sys

# Lowest first; a module may import only modules on earlier lines.
LAYERS = [
    ["CLibDRM", "CCryptoLoader", "CSQLite", "CPangoCairo", "CMalloc", "CSystemShims", "CCurlLoader", "CJPEGLoader", "CMosquittoLoader", "CAccessoryHooks", "JSON", "TOML", "ZoneInfo", "SwiftLiteral", "WidgetKitCore"],
    ["CFramebuffer", "CEPaperBus", "Canvas"],
    ["Gauge", "AccessoryMacros", "PanelOptions"],
    ["FoundationAdditions", "ModelStorage"],
    ["AppIntentsCore"],
    ["ProviderOptions"],
    ["ActivityKitCore"],
    ["SwiftUICore", "Combine"],
    ["Accessory", "UIKitCore", "Intents", "SwiftData", "CoreData"],
    ["SwiftUI", "UIKit"],
    ["WidgetKit", "AppIntents", "Charts", "ActivityKit"],
    ["Panel", "DaemonRuntime"],
    ["TimelineEngine"],
    ["Providers"],
    ["ControlProtocol"],
    ["LockScreenModel", "DaemonInterface"],
    ["LockScreen", "Config", "WebTrust"],
    ["Web", "Broker", "ControlSocket"],
    ["LockscreendCommand"],
    ["LockscreendCLI"],
    ["lockscreend", "lockscreend-web", "lockscreenctl", "lockscreend-fuzz", "lockscreend-conformance", "intent-classes", "coredata-classes"],
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

# What each Swift module names for others: types, macros, top-level functions and
# variables, and the members its extensions add to types (package, public or open).
TYPE = re.compile(r"\b(?:package|public|open)\s+(?:(?:static|final|indirect|nonisolated|@\w+)\s+)*(?:class|struct|enum|protocol|actor|typealias|macro)\s+`?(\w+)")
# The same at the top level of a file: a nested type is named through the type it is in.
TOP_TYPE = re.compile(TYPE.pattern.replace("\\b", "^", 1), re.M)
TOP = re.compile(r"^(?:package|public)\s+(?:func|var|let)\s+(\w+)", re.M)
EXTENSION = re.compile(r"^extension\s+([\w.]+)[^{]*\{(.*?)^\}", re.M | re.S)
PROTOCOL = re.compile(r"^(?:package|public)\s+protocol\s+\w+[^{]*\{(.*?)^\}", re.M | re.S)
MEMBER = re.compile(r"\b(?:package|public|open)\s+(?:(?:static|final|mutating|nonisolated|@\w+)\s+)*(?:func|var|let|subscript)\s*`?(\w+)")


def swift_files(module):
    for dirpath, _, files in os.walk(os.path.join(root, "Sources", module)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(dirpath, name)


names = {}
all_members = {}
all_types = {}
for module in os.listdir(os.path.join(root, "Sources")):
    texts = [open(path, encoding="utf-8").read() for path in swift_files(module)]
    own = set()
    for text in texts:
        own |= set(TYPE.findall(text))
    found = set()
    for text in texts:
        found |= set(TOP_TYPE.findall(text)) | set(TOP.findall(text))
        # Members added to another module's types (`extension TimeInterval`): a file may
        # use one without naming any of this module's types. Members of the module's own
        # types count only with the type's name or a `// for .member` on the import.
        for extension in EXTENSION.finditer(text):
            if extension.group(1).split(".")[-1] not in own:
                found |= set(MEMBER.findall(extension.group(2))) | set(TYPE.findall(extension.group(2)))
        members = set(MEMBER.findall(text))
        # A protocol's requirements, which carry no access level of their own.
        for requirements in PROTOCOL.findall(text):
            members |= set(re.findall(r"^\s*(?:@\w+\s+)*(?:static\s+)?(?:func|var)\s+`?(\w+)", requirements, re.M))
        # Enum cases (`case a, b(x)`), which a file may name with a leading dot alone.
        for cases in re.findall(r"^\s*(?:indirect\s+)?case\s+(.+)$", text, re.M):
            members |= set(re.findall(r"(?:^|,)\s*`?(\w+)", re.sub(r"\([^()]*\)|=.*", "", cases)))
        all_members.setdefault(module, set()).update(members)
    names[module] = found
    all_types[module] = own

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
            text = open(path, encoding="utf-8").read()
            # The words of the code, not of its comments or import lines (a type may share
            # its module's name: `TimelineEngine`).
            code = re.sub(r"^\s*(?:@\w+\s+)*import\s.*$", "", re.sub(r"//.*", "", text), flags=re.M)
            used = set(re.findall(r"\w+", code))
            for number, line in enumerate(text.splitlines(), 1):
                match = re.match(r"\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?(\w+)", line)
                if not match or match.group(1) not in layer:
                    continue
                imported = match.group(1)
                if layer[imported] >= layer[module]:
                    problems.append(f"{rel}:{number}: {module} imports {imported}, which is not below it")
                elif imported not in declared.get(module, set()):
                    problems.append(f"{rel}:{number}: {module} imports {imported} without declaring it in Package.swift")
                # A re-export is a use: the module passes the names on.
                elif not imported.startswith("C") and not line.lstrip().startswith("@_exported") and names.get(imported) and not used & names[imported]:
                    said = re.findall(r"\.?(\w+)", line.split("// for ", 1)[1]) if "// for " in line else []
                    if not said:
                        problems.append(f"{rel}:{number}: imports {imported} and uses nothing it names (a member alone: say which, `// for .member`)")
                    # `// for Type.member`: a type of the module reached through a value, and
                    # a member its conformance gives it (`PixelFormat.rawValue`).
                    if said and said[0] in all_types.get(imported, set()):
                        said = []
                    for member in said:
                        if member not in all_members.get(imported, set()) or member not in used:
                            problems.append(f"{rel}:{number}: {member} is not a member of {imported}'s that this file uses")

def reachable(name, seen=None):
    """The targets `name` depends on, directly or through others, as SwiftPM counts them."""
    seen = set() if seen is None else seen
    for dep in declared.get(name, set()):
        if dep not in seen:
            seen.add(dep)
            reachable(dep, seen)
    return seen


# Test targets and their support modules: every module of this package a file imports is
# among the targets Package.swift makes it depend on. (SwiftPM's --explicit-target-dependency-import-check would
# say so too, but it also checks OpenCombine's shim, whose `canImport(Combine)` sees the
# package's own Combine module; docs/TESTING.md.)
for target in package["targets"]:
    if target["type"] != "test" and not target.get("path", "").startswith("Tests/"):
        continue
    folder = os.path.join(root, target.get("path") or os.path.join("Tests", target["name"]))
    for dirpath, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(dirpath, name)
            for number, line in enumerate(open(path, encoding="utf-8").read().splitlines(), 1):
                match = re.match(r"\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?(\w+)", line)
                if match and match.group(1) in layer and match.group(1) not in reachable(target["name"]):
                    problems.append(f"{os.path.relpath(path, root)}:{number}: {target['name']} imports {match.group(1)} without declaring it in Package.swift")

for problem in problems:
    print(problem)
print(f"imports: {len(problems)} problem(s) in the module graph" if problems else "imports: every module imports only modules below it")
sys.exit(1 if problems else 0)
