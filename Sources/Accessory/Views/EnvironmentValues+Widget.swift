import SwiftUICore

/// WidgetKit's values of the environment, as Apple's WidgetKit adds them to SwiftUI's:
/// a file reading `\.widgetFamily` imports WidgetKit, here as on iOS.
extension EnvironmentValues {
    /// The size class the widget is drawn in.
    public var widgetFamily: WidgetFamily {
        get { family }
        set { family = newValue }
    }

    /// How the host tints the widget; on a grey panel it is `.vibrant`.
    public var widgetRenderingMode: WidgetRenderingMode {
        get { renderingMode }
        set { renderingMode = newValue }
    }

    /// Whether the host shows a label beside the widget (a watch face's corner does);
    /// the lock screen shows none.
    public var showsWidgetLabel: Bool {
        get { showsLabel }
        set { showsLabel = newValue }
    }

    /// Whether the host draws the widget's container background (never on the lock screen).
    public var showsWidgetContainerBackground: Bool {
        get { showsContainerBackground }
        set { showsContainerBackground = newValue }
    }

    /// The margins the host keeps around a widget's content: 16 points on each side of a
    /// home-screen tile, none on the lock screen. A widget that disables them
    /// (`.contentMarginsDisabled()`) still reads them here, to pad only some of its views.
    public var widgetContentMargins: EdgeInsets {
        let margin = family.contentMargin
        return EdgeInsets(top: margin, leading: margin, bottom: margin, trailing: margin)
    }
}
