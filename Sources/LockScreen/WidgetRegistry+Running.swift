import LockScreenModel
import ProviderOptions
import Providers

extension WidgetRegistry {
    /// The page `content` describes, each widget's specification made a running widget
    /// (`widget(for:boards:)`) that reads what arrives on `boards`; a widget whose kind
    /// this program lacks is left out.
    package func running(_ content: LockScreenContent<WidgetSpecification>, boards: WidgetBoards) -> LockScreenDaemon.Content {
        content.map { widget(for: $0, boards: boards) }
    }
}
