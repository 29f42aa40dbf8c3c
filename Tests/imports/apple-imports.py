#!/usr/bin/env python3
"""Checks that each of Apple's module names brings what it brings on iOS, and no more:
an `import` that would fail on an iPhone fails here too.

Each case is a few lines of widget code under one import, type-checked with `swiftc`
against the debug build's modules (`swift build` first); it must compile, or fail naming
what the import does not bring. Exits 1 naming every case that went the other way.
Usage: Tests/imports/apple-imports.py [BUILD_DIR]   (default .build/debug)
"""
import glob
import os
import subprocess
import sys
import tempfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "debug")

# (import, code, the name it must not find, or None when it compiles)
CASES = [
    ("UIKit", "let c: UIColor = .systemRed\nlet i = UIImage(systemName: \"bolt\")\nlet d = Date()", None),
    ("UIKit", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    ("UIKit", "let c = Color.red", "Color"),
    ("SwiftUI", "struct V: View { var body: some View { Text(\"x\").foregroundStyle(Color(uiColor: .systemRed)) } }\n"
                "final class M: ObservableObject { @Published var n = 0 }\nlet r = CGRect(x: 0, y: 0, width: 1, height: 1)\n"
                "let f = DateComponentsFormatter()", None),
    ("WidgetKit", "struct P: TimelineProvider {\n  func placeholder(in c: Context) -> E { E(date: .now) }\n"
                  "  func getSnapshot(in c: Context, completion: @escaping (E) -> Void) { completion(E(date: .now)) }\n"
                  "  func getTimeline(in c: Context, completion: @escaping (Timeline<E>) -> Void) { completion(Timeline(entries: [], policy: .never)) }\n}\n"
                  "struct E: TimelineEntry { let date: Date }\nstruct V: View { var body: some View { Text(\"x\") } }", None),
    # Apple's Foundation holds URLSession, and WidgetKit brings Foundation: a provider
    # fetching with URLSession.shared imports WidgetKit alone.
    ("WidgetKit", "func load(_ u: URL) async throws -> Data { try await URLSession.shared.data(from: u).0 }\n"
                  "let r = URLRequest(url: URL(string: \"https://example.com\")!)", None),
    ("Intents", "final class I: INIntent {}\nlet o = INObject(identifier: \"a\", display: \"A\")\nlet n: NSNumber = 3", None),
    ("Intents", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    ("SwiftData", "@Model final class T { var n: String; init(n: String) { self.n = n } }\n"
                  "func f(_ c: ModelContainer) throws -> [T] { try ModelContext(c).fetch(FetchDescriptor<T>(predicate: #Predicate { $0.n != \"\" })) }", None),
    ("SwiftData", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    # Core Data's names are CoreData's (with Foundation); NSPredicate(format:) there is the
    # one that reads its format, not Linux Foundation's, which stops the program.
    ("CoreData", "let c = NSPersistentContainer(name: \"M\")\nlet r = NSFetchRequest<NSManagedObject>(entityName: \"E\")\n"
                 "func f() throws -> [NSManagedObject] { r.predicate = NSPredicate(format: \"n > %@\", 3 as NSNumber); return try c.viewContext.fetch(r) }", None),
    ("CoreData", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    ("SwiftData", "let c = NSPersistentContainer(name: \"M\")", "NSPersistentContainer"),
    ("Combine", "final class M: ObservableObject { @Published var n = 0 }\nlet s = PassthroughSubject<Int, Never>()", None),
    ("Combine", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    # Foundation's LocalizedStringResource (which Linux's lacks) comes wherever Foundation does.
    ("SwiftUI", "let r: LocalizedStringResource = \"Weather\"", None),
    ("Intents", "let r = LocalizedStringResource(\"k\", defaultValue: \"Weather\")", None),
    # App Intents' names are AppIntents' (with Foundation), not SwiftUI's or WidgetKit's,
    # and AppIntents brings no views, as on iOS.
    ("AppIntents", "struct I: WidgetConfigurationIntent {\n  static let title: LocalizedStringResource = \"I\"\n  @Parameter(title: \"City\", default: \"Oslo\") var city: String\n}\nlet d = Date()", None),
    ("AppIntents", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    ("WidgetKit", "struct I: AppIntent { static let title: LocalizedStringResource = \"I\"\n  func perform() async throws -> some IntentResult { .result() } }", "AppIntent"),
    ("SwiftUI", "struct E: AppEnum { }", "AppEnum"),
    # ActivityKit's names (with Foundation) are its own; WidgetKit holds the configuration.
    ("ActivityKit", "struct A: ActivityAttributes { struct ContentState: Codable, Hashable { var eta: Date }\n  var order: String }\n"
                    "func start() throws { _ = try Activity.request(attributes: A(order: \"1\"), content: ActivityContent(state: A.ContentState(eta: .now), staleDate: nil)) }", None),
    ("ActivityKit", "struct V: View { var body: some View { Text(\"x\") } }", "View"),
    ("WidgetKit", "struct A: ActivityAttributes { struct ContentState: Codable, Hashable {} }", "ActivityAttributes"),
    # Swift Charts' names are Charts' alone: a widget drawing a chart imports it, as on iOS,
    # and Charts brings SwiftUI's names with it.
    ("Charts", "struct V: View { let v: [Double]\n  var body: some View { Chart(Array(v.enumerated()), id: \\.offset) { LineMark(x: .value(\"i\", $0.offset), y: .value(\"v\", $0.element)) }.chartXAxis(.hidden) } }", None),
    ("SwiftUI", "struct V: View { var body: some View { Chart { BarMark(x: .value(\"d\", \"Mon\"), y: .value(\"n\", 3)) } } }", "Chart"),
    ("WidgetKit", "let m = LineMark(x: .value(\"i\", 1), y: .value(\"v\", 2.0))", "LineMark"),
    # The Controls are WidgetKit's, as on iOS: `import SwiftUI` alone brings none.
    ("WidgetKit", "func reload() { ControlCenter.shared.reloadControls(ofKind: \"lamp\") }\nfunc place<C: ControlWidget>(_ control: C) -> C.Body { control.body }", None),
    ("SwiftUI", "func reload() { ControlCenter.shared.reloadAllControls() }", "ControlCenter"),
    # WidgetKit's widget types are WidgetKit's: `import SwiftUI` brings the views alone,
    # as on iOS, where a widget's file that forgets `import WidgetKit` fails.
    ("SwiftUI", "struct W: Widget { var body: some WidgetConfiguration { EmptyWidgetConfiguration() } }", "Widget"),
    ("SwiftUI", "struct E: TimelineEntry { let date: Date }", "TimelineEntry"),
    ("SwiftUI", "func reload() { WidgetCenter.shared.reloadAllTimelines() }", "WidgetCenter"),
    ("SwiftUI", "struct V: View { @Environment(\\.widgetFamily) var family\n  var body: some View { Text(\"x\") } }", "widgetFamily"),
    ("SwiftUI", "let f: WidgetFamily = .systemSmall", "WidgetFamily"),
    ("SwiftUI", "struct V: View { var body: some View { Text(\"x\").widgetAccentable() } }", "widgetAccentable"),
    ("SwiftUI", "struct V: View { var body: some View { AccessoryWidgetBackground() } }", "AccessoryWidgetBackground"),
    ("WidgetKit", "struct V: View { var body: some View { ZStack { AccessoryWidgetBackground(); Text(\"x\").widgetAccentable() }\n"
                  "  .widgetURL(URL(string: \"app://x\")).containerBackground(.fill.tertiary, for: .widget) } }", None),
    ("WidgetKit", "struct V: View { @Environment(\\.widgetFamily) var family\n  @Environment(\\.widgetRenderingMode) var mode\n  var body: some View { Text(family == .systemSmall ? \"s\" : \"l\").padding(EnvironmentValues().widgetContentMargins) } }\nlet s: ColorScheme = .dark", None),
    # SwiftUI's core is a module of its own, as iOS's SwiftUICore: views, no Foundation.
    ("SwiftUICore", "struct V: View { @Environment(\\.openURL) var open\n  var body: some View { Text(\"x\").foregroundStyle(Color(\"Brand\")) } }\nlet d = Date()", None),
    ("SwiftUICore", "let t = Timeline<Never>(entries: [], policy: .never)", "Timeline"),
    ("SwiftUICore", "let n = NSNumber(value: 3)", "NSNumber"),
    ("Foundation", "let c = UIColor.systemRed", "UIColor"),
    ("Foundation", "let f = DateComponentsFormatter()", "DateComponentsFormatter"),
]


def flags():
    """What swiftc needs to load the package's modules and the C modules below them."""
    found = ["-I", os.path.join(build, "Modules"),
             # The macros' compiler plugin: `#Preview`, `@Model`.
             "-load-plugin-executable", os.path.join(build, "AccessoryMacros-tool") + "#AccessoryMacros"]
    for modulemap in sorted(glob.glob(os.path.join(build, "*.build", "module.modulemap")) + glob.glob(os.path.join(root, "Sources", "*", "module.modulemap"))):
        found += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    for include in sorted(glob.glob(os.path.join(root, "Sources", "*", "include"))):
        found += ["-Xcc", f"-I{include}"]
    cflags = subprocess.run(["pkg-config", "--cflags-only-I", "pangocairo", "libdrm"], capture_output=True, text=True, check=True).stdout.split()
    for flag in cflags:
        found += ["-Xcc", flag]
    return found


def main():
    if not os.path.exists(os.path.join(build, "Modules", "SwiftUI.swiftmodule")):
        print(f"✘ no modules in {build}: run swift build first")
        return 1
    common = flags()
    problems = 0
    with tempfile.TemporaryDirectory() as folder:
        for n, (module, code, missing) in enumerate(CASES):
            path = os.path.join(folder, f"case{n}.swift")
            with open(path, "w", encoding="utf-8") as file:
                file.write(f"import {module}\n{code}\n")
            result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", *common, path], capture_output=True, text=True, timeout=300)
            errors = [line for line in (result.stdout + result.stderr).splitlines() if ": error:" in line]
            what = code.splitlines()[0][:60]
            if missing is None and errors:
                print(f"✘ import {module}: {what} … does not compile: {errors[0]}")
                problems += 1
            elif missing is not None and not any(f"'{missing}'" in e for e in errors):
                print(f"✘ import {module}: {what} … compiles, but {missing} is not {module}'s on iOS")
                problems += 1
            else:
                print(f"✔ import {module}: {what} …" + (f" ({missing} not brought)" if missing else ""))
    print(f"apple-imports: {len(CASES) - problems} of {len(CASES)} cases as on iOS")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
