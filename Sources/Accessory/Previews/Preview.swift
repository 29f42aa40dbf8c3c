import AppIntentsCore
import CAccessoryHooks

/// A preview of a widget's entries in a family, as WidgetKit's `#Preview(as:widget:timeline:)`:
///
/// ```swift
/// #Preview(as: .accessoryCircular) {
///     GameWidget()
/// } timeline: {
///     GameEntry(date: .now, score: 10)
///     GameEntry(date: .now, score: 90)
/// }
/// ```
///
/// `lockscreend preview --all` (the program the package builds) draws every preview to
/// PNG files, each entry side by side as the canvas in Xcode shows them.
@freestanding(declaration)
public macro Preview<W: Widget, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily,
    widget: () -> W, @PreviewTimelineBuilder<Entry> timeline: () -> [Entry]
) = #externalMacro(module: "AccessoryMacros", type: "PreviewMacro")

/// A preview of a configurable widget's entries, as WidgetKit's
/// `#Preview(as:using:widget:timeline:)`; the entries carry what the intent would give.
@freestanding(declaration)
public macro Preview<W: Widget, Entry: TimelineEntry, Intent: WidgetConfigurationIntent>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
    widget: () -> W, @PreviewTimelineBuilder<Entry> timeline: () -> [Entry]
) = #externalMacro(module: "AccessoryMacros", type: "PreviewMacro")

/// A preview of a view, as SwiftUI's `#Preview { MyView() }`, drawn at the size of a
/// medium home-screen widget.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping () -> any View) = #externalMacro(module: "AccessoryMacros", type: "PreviewMacro")

/// Collects a preview's entries, one per line.
@resultBuilder
public enum PreviewTimelineBuilder<Entry: TimelineEntry> {
    public static func buildExpression(_ entry: Entry) -> [Entry] { [entry] }
    public static func buildExpression(_ entries: [Entry]) -> [Entry] { entries }
    public static func buildBlock(_ parts: [Entry]...) -> [Entry] { parts.flatMap(\.self) }
    public static func buildOptional(_ part: [Entry]?) -> [Entry] { part ?? [] }
    public static func buildEither(first part: [Entry]) -> [Entry] { part }
    public static func buildEither(second part: [Entry]) -> [Entry] { part }
    public static func buildArray(_ parts: [[Entry]]) -> [Entry] { parts.flatMap(\.self) }
}

/// One `#Preview` of a program, built by the macro's expansion. Not for direct use.
public struct AccessoryPreview: Sendable {
    /// The preview's name, or where it is written ("MyWidgets/Game.swift:42").
    package let name: String
    package let family: WidgetFamily
    /// The widget whose view draws the entries; nil for a view's or an activity's preview.
    package var widget: WidgetDescriptor? = nil
    /// A view's preview, not the entries of a widget's timeline or an activity's states.
    package let isView: Bool
    /// The entries, each drawn once; for a view preview, one entry showing the view.
    package let entries: [RenderableEntry]

    public static func make<W: Widget, Entry: TimelineEntry>(
        file: String, line: Int, _ name: String? = nil, as family: WidgetFamily,
        widget: () -> W, @PreviewTimelineBuilder<Entry> timeline: () -> [Entry]
    ) -> AccessoryPreview {
        let descriptor = widget().descriptors[0]
        return AccessoryPreview(
            name: name ?? "\(file):\(line)", family: family, widget: descriptor, isView: false,
            entries: timeline().compactMap { descriptor.draw($0) })
    }

    public static func make<W: Widget, Entry: TimelineEntry, Intent: WidgetConfigurationIntent>(
        file: String, line: Int, _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
        widget: () -> W, @PreviewTimelineBuilder<Entry> timeline: () -> [Entry]
    ) -> AccessoryPreview {
        make(file: file, line: line, name, as: family, widget: widget, timeline: timeline)
    }

    public static func make(file: String, line: Int, _ name: String? = nil, body: @escaping () -> any View) -> AccessoryPreview {
        let view = ViewBox(make: body)
        return AccessoryPreview(
            name: name ?? "\(file):\(line)", family: .systemMedium, isView: true,
            entries: [RenderableEntry(date: Date(timeIntervalSince1970: 0)) { AnyView(view.make()) }])
    }

    /// Every `#Preview` in the program, in the order the linker placed them.
    package static var all: [AccessoryPreview] {
        var count = 0
        guard let records = accessory_preview_records(&count), count > 0 else { return [] }
        var previews: [AccessoryPreview] = []
        for record in UnsafeBufferPointer(start: records, count: count) where record.tag == 0x4C50_5256 {
            guard let make = record.make else { continue }
            let storage = UnsafeMutablePointer<AccessoryPreview>.allocate(capacity: 1)
            make(storage)
            previews.append(storage.move())
            storage.deallocate()
        }
        return previews
    }
}

/// A view-building closure; previews are built once, on one task.
private struct ViewBox: @unchecked Sendable {
    let make: () -> any View
}
