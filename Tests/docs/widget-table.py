#!/usr/bin/env python3
"""Keeps docs/WIDGETS.md's API table true.

Every row marked "supported" or "differs" names APIs in backticks; each must be used in
the widget sources CI compiles (Tests/AccessoryTests/AppleDocsWidgets.swift,
TutorialWidgets.swift, AppWidgetSourceTests.swift, Tests/WidgetKitTests/GlucoseWidgets.swift,
NextAppsWidgets.swift, CombineWidgets.swift, SiriKitWidgets.swift, SwiftDataWidgets.swift,
CoreDataWidgets.swift,
Examples/GameStats, Examples/EnergyMonitor). A name is used when its base name appears
followed by "(" or a word boundary, and each argument label it lists appears as
"label:". Exits 1 naming each row and API that is not used.
"""
import glob
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
corpus_files = [
    os.path.join(root, "Tests/AccessoryTests/AppleDocsWidgets.swift"),
    os.path.join(root, "Tests/AccessoryTests/AppleDocsEventWidget.swift"),
    os.path.join(root, "Tests/AccessoryTests/AppWidgetSourceTests.swift"),
    os.path.join(root, "Tests/AccessoryTests/TutorialWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/GlucoseWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/WeatherWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/DeliveryActivity.swift"),
    os.path.join(root, "Tests/WidgetKitTests/HomeControls.swift"),
    os.path.join(root, "Tests/WidgetKitTests/UIKitNames.swift"),
    os.path.join(root, "Tests/WidgetKitTests/DeliveryTracker.swift"),
    os.path.join(root, "Tests/WidgetKitTests/NextAppsWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/CombineWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/CoreDataWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/SiriKitWidgets.swift"),
    os.path.join(root, "Tests/WidgetKitTests/SwiftDataWidgets.swift"),
] + glob.glob(os.path.join(root, "Examples/GameStats/Sources/gamestatsd/*.swift")) + glob.glob(os.path.join(root, "Examples/EnergyMonitor/Sources/energymonitord/*.swift"))
corpus = "\n".join(open(f, encoding="utf-8").read() for f in corpus_files)

table = open(os.path.join(root, "docs/WIDGETS.md"), encoding="utf-8").read()
rows = [line for line in table.splitlines() if line.startswith("| `")]
problems = []
checked = 0
for row in rows:
    cells = [c.strip() for c in row.strip("|").split("|")]
    if len(cells) < 2 or cells[1] not in ("supported", "differs"):
        continue
    for api in re.findall(r"`([^`]+)`", cells[0]):
        name = re.split(r"[(\s…]", api.lstrip(".@\\"), maxsplit=1)[0]
        # `WidgetFamily` `.systemSmall`: check the member; `\.widgetFamily`: the key path.
        labels = []
        m = re.search(r"\(([^)]*)\)", api)
        if m and ":" in m.group(1):
            # Closure labels (`content:`, `label:`) are written as trailing closures.
            labels = [l for l in m.group(1).split(":") if l and l not in ("_", "content", "label") and re.fullmatch(r"\w+", l)]
        pattern = re.escape(name) + r"(\b|\()"
        if name.endswith(":"):
            pattern = r"\b" + re.escape(name)
        elif api.startswith("#"):
            pattern = re.escape("#" + name.lstrip("#")) + r"\("
        if not re.search(pattern, corpus):
            problems.append(f"{cells[0]}: '{name}' is not used in the compiled widget sources")
        for label in labels:
            if not re.search(r"\b" + re.escape(label) + r":", corpus):
                problems.append(f"{cells[0]}: label '{label}:' of {api} is not used")
        checked += 1
for p in problems:
    print(p)
print(f"docs/WIDGETS.md: {checked} APIs in supported or differs rows checked, {len(problems)} not used")
sys.exit(1 if problems else 0)
