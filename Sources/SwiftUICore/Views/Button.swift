import AppIntentsCore
import Canvas

/// A button that performs an intent when tapped, as SwiftUI's `Button(intent:)` in an
/// interactive widget (iOS 17): the daemon runs the intent's `perform()` and reloads the
/// widget. A `Button(action:)` draws its label and does nothing, as in a widget on iOS.
public struct Button<Label: View>: View, PrimitiveView {
    let label: Label
    let action: ControlAction?

    public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> Label) {
        self.label = label()
        action = ControlAction(intent)
    }

    /// A button whose action is a closure: widgets run no closures, so it only draws.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = nil
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let look = environment.buttonStyle.look(of: label, in: environment)
        guard let action else { return look }
        return ControlNode(child: look, control: PlacedControl(action: action), name: "Button", environment: environment)
    }
}

extension Button where Label == Text {
    /// A button titled with a text, performing an intent.
    public init<I: AppIntent>(_ title: LocalizedStringKey, intent: I) {
        self.init(intent: intent) { Text(title) }
    }

    /// A button titled with a string made at run time, performing an intent.
    @_disfavoredOverload
    public init<I: AppIntent, S: StringProtocol>(_ title: S, intent: I) {
        self.init(intent: intent) { Text(String(title)) }
    }
}

/// How a button is drawn, as SwiftUI's button styles.
enum ButtonStyleKind: Hashable, Sendable {
    case automatic, plain, borderless, bordered, borderedProminent

    /// The label as this style draws it: bare, or on a rounded fill of the ink (dim for
    /// `.bordered` and the automatic look widgets get, full for `.borderedProminent`,
    /// the label then in the background colour).
    func look<L: View>(of label: L, in environment: EnvironmentValues) -> LayoutNode {
        switch self {
        case .plain, .borderless:
            return SwiftUICore.makeNode(label, in: environment)
        case .automatic, .bordered:
            let padded = label.padding(.horizontal, 10).padding(.vertical, 5)
                .background(HierarchicalShapeStyle.quaternary, in: Capsule())
            return SwiftUICore.makeNode(padded, in: environment)
        case .borderedProminent:
            let padded = SwiftUICore.makeNode(label.padding(.horizontal, 10).padding(.vertical, 5), in: environment)
            return KnockoutNode(label: padded, fill: environment.primaryInk)
        }
    }
}

/// A capsule of full ink with the label cut out of it: what a prominent button looks
/// like in one ink (the lock screen, grey and two-colour panels), where a label "in the
/// background colour" would have no luminance to show.
final class KnockoutNode: LayoutNode {
    let label: LayoutNode
    let fill: RGBA

    init(label: LayoutNode, fill: RGBA) {
        self.label = label
        self.fill = fill
    }

    override func measure(_ proposal: ProposedSize) -> Size { label.sizeThatFits(proposal) }

    override func place(in frame: Rect) -> PlacedView {
        let capsule = PlacedView(frame: frame, content: .fill(.capsule, fill), name: "ButtonBackground")
        return PlacedView(frame: frame, content: .knockout, children: [capsule, label.place(in: frame)], name: "ProminentButton")
    }
}

/// A button style, as SwiftUI's: `.buttonStyle(.plain)`.
public struct PrimitiveButtonStyleValue: Sendable, Hashable {
    let kind: ButtonStyleKind

    public static let automatic = PrimitiveButtonStyleValue(kind: .automatic)
    public static let plain = PrimitiveButtonStyleValue(kind: .plain)
    public static let borderless = PrimitiveButtonStyleValue(kind: .borderless)
    public static let bordered = PrimitiveButtonStyleValue(kind: .bordered)
    public static let borderedProminent = PrimitiveButtonStyleValue(kind: .borderedProminent)
}

extension View {
    /// How the buttons inside are drawn.
    public func buttonStyle(_ style: PrimitiveButtonStyleValue) -> some View {
        environment(\.buttonStyle, style.kind)
    }
}
