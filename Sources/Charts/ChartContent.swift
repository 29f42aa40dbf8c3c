import SwiftUICore
/// What a `Chart` holds: marks, groups of marks and `ForEach`es of them, as Swift Charts'
/// `ChartContent`. The marks of this library are the ones content can hold; a type of
/// one's own conforming to it draws nothing.
public protocol ChartContent: SendableMetatype {}

/// Content that knows its marks: every chart content type of this library.
protocol MarkCollecting {
    /// The marks this content stands for, in order.
    var marks: [MarkSpec] { get }
}

extension ChartContent {
    /// The marks of any chart content; none for a type this library does not know.
    var collectedMarks: [MarkSpec] { (self as? any MarkCollecting)?.marks ?? [] }
}

/// Several pieces of chart content in order, as a `Chart`'s builder makes them.
public struct ChartContentGroup: ChartContent, MarkCollecting {
    let parts: [any ChartContent]

    var marks: [MarkSpec] { parts.flatMap(\.collectedMarks) }
}

/// Builds chart content from statements, as Swift Charts' `ChartContentBuilder`.
@resultBuilder
public enum ChartContentBuilder {
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock() -> ChartContentGroup { ChartContentGroup(parts: []) }
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock(_ parts: any ChartContent...) -> ChartContentGroup { ChartContentGroup(parts: parts) }
    public static func buildOptional(_ content: (any ChartContent)?) -> ChartContentGroup { ChartContentGroup(parts: content.map { [$0] } ?? []) }
    public static func buildEither(first content: any ChartContent) -> ChartContentGroup { ChartContentGroup(parts: [content]) }
    public static func buildEither(second content: any ChartContent) -> ChartContentGroup { ChartContentGroup(parts: [content]) }
    public static func buildArray(_ parts: [any ChartContent]) -> ChartContentGroup { ChartContentGroup(parts: parts) }
    public static func buildLimitedAvailability(_ content: any ChartContent) -> ChartContentGroup { ChartContentGroup(parts: [content]) }
}

extension ForEach: ChartContent, MarkCollecting where Content: ChartContent {
    var marks: [MarkSpec] { data.flatMap { content($0).collectedMarks } }
}

extension ForEach where Content: ChartContent {
    /// Chart content for the elements of `data`, identified by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content)
    }
}

extension ForEach where Content: ChartContent, Data.Element: Identifiable, ID == Data.Element.ID {
    /// Chart content for identifiable elements.
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content)
    }
}

/// Chart content with a change to each of its marks: what the mark modifiers return.
public struct ModifiedChartContent: ChartContent, MarkCollecting {
    let base: any ChartContent
    let change: (inout MarkSpec) -> Void

    var marks: [MarkSpec] {
        base.collectedMarks.map { mark in
            var mark = mark
            change(&mark)
            return mark
        }
    }
}
