import Accessory
import FoundationEssentials
import ProviderOptions

extension TimelineEngine {
    /// A widget placed on the lock screen.
    package struct Widget: PlacedWidget {
        package let name: String
        package let kind: String
        package let family: WidgetFamily
        package let instance: WidgetInstance
        package var budget: ReloadBudget
        package var failurePolicy: FailurePolicy
        /// What the widget was configured with: an equal specification means a reloaded
        /// configuration left it as it was, so its timeline is kept. Nil for a widget made
        /// in code.
        package var specification: WidgetSpecification? { made?.specification }
        /// The specification, held once: a widget is copied at every reading, and the
        /// specification's strings and sources are a reload's business only.
        private let made: Made?
        /// The least time between two askings on request (`TimelineEngine.minimumAskInterval`,
        /// or 0 for a provider that only reads what was handed to the daemon: a push or
        /// an mqtt widget, whose senders are limited where they come in).
        package var askInterval: TimeInterval

        package init(name: String, kind: String? = nil, family: WidgetFamily, instance: WidgetInstance, budget: ReloadBudget = .standard, failurePolicy: FailurePolicy = FailurePolicy(), specification: WidgetSpecification? = nil,
                     askInterval: TimeInterval = TimelineEngine.minimumAskInterval) {
            self.askInterval = askInterval
            self.name = name
            self.kind = kind ?? name
            self.family = family
            self.instance = instance
            self.budget = budget
            self.failurePolicy = failurePolicy
            made = specification.map(Made.init)
        }

        /// The box a specification is kept in.
        private final class Made: Sendable {
            let specification: WidgetSpecification

            init(_ specification: WidgetSpecification) {
                self.specification = specification
            }
        }
    }
}
