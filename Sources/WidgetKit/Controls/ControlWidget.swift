import Accessory
import AppIntentsCore
import FoundationEssentials

/// A control, as WidgetKit's `ControlWidget` (iOS 18): a button or toggle that runs an
/// App Intent. The daemon draws it as a round button in a lock screen corner (a circular
/// slot, `[[widget]] kind = "<its kind>"`), tapped and focused like an interactive
/// widget; after its intent is performed the control's value is asked for again.
public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    @ControlWidgetConfigurationBuilder var body: Body { get }
}

/// Describes a control: its kind, value provider and template.
public protocol ControlWidgetConfiguration {
    associatedtype Body: ControlWidgetConfiguration
    var body: Body { get }
}

extension Never: ControlWidgetConfiguration {}

/// Builds a control's configuration.
@resultBuilder
public enum ControlWidgetConfigurationBuilder {
    public static func buildBlock<C: ControlWidgetConfiguration>(_ configuration: C) -> C { configuration }
    public static func buildLimitedAvailability<C: ControlWidgetConfiguration>(_ configuration: C) -> AnyControlWidgetConfiguration {
        AnyControlWidgetConfiguration(descriptor: makeControlDescriptor(configuration))
    }
    public static func buildEither<C: ControlWidgetConfiguration>(first configuration: C) -> AnyControlWidgetConfiguration {
        AnyControlWidgetConfiguration(descriptor: makeControlDescriptor(configuration))
    }
    public static func buildEither<C: ControlWidgetConfiguration>(second configuration: C) -> AnyControlWidgetConfiguration {
        AnyControlWidgetConfiguration(descriptor: makeControlDescriptor(configuration))
    }
}

/// A configuration this module reads directly: the control as a widget descriptor.
protocol PrimitiveControlConfiguration: ControlWidgetConfiguration {
    var descriptor: WidgetDescriptor? { get }
}

extension PrimitiveControlConfiguration {
    public var body: Never { fatalError("\(Self.self) is a primitive control configuration") }
}

/// The descriptor of any control configuration, reading through user-defined bodies.
func makeControlDescriptor<C: ControlWidgetConfiguration>(_ configuration: C) -> WidgetDescriptor? {
    if let primitive = configuration as? any PrimitiveControlConfiguration { return primitive.descriptor }
    return makeControlDescriptor(configuration.body)
}

/// A control configuration with its type erased or a property changed.
public struct AnyControlWidgetConfiguration: ControlWidgetConfiguration, PrimitiveControlConfiguration {
    let descriptor: WidgetDescriptor?
}

extension ControlWidgetConfiguration {
    private func edited(_ change: (inout WidgetDescriptor) -> Void) -> AnyControlWidgetConfiguration {
        var descriptor = makeControlDescriptor(self)
        if var edited = descriptor {
            change(&edited)
            descriptor = edited
        }
        return AnyControlWidgetConfiguration(descriptor: descriptor)
    }

    /// The control's name in listings and `lockscreend check`.
    public func displayName(_ name: LocalizedStringResource) -> AnyControlWidgetConfiguration { edited { $0.displayName = name.key } }
    public func displayName<S: StringProtocol>(_ name: S) -> AnyControlWidgetConfiguration { edited { $0.displayName = String(name) } }

    /// What the control does.
    public func description(_ description: LocalizedStringResource) -> AnyControlWidgetConfiguration { edited { $0.description = description.key } }
    public func description<S: StringProtocol>(_ description: S) -> AnyControlWidgetConfiguration { edited { $0.description = String(description) } }

    /// Asks for the configuration when the control is added; the config file gives it.
    public func promptsForUserConfiguration() -> AnyControlWidgetConfiguration { edited { _ in } }
}

/// The control's value at one moment, as a timeline entry.
struct ControlEntry<Value: Sendable>: TimelineEntry {
    let date: Date
    let value: Value
}

extension WidgetDescriptor {
    /// A control of `kind`: a circular slot (a lock screen corner) or a rectangular one,
    /// each showing the template made from the provider's value; the value is asked for
    /// again after the control's intent runs, and when `ControlCenter` reloads the kind.
    static func control<Value: Sendable>(
        kind: String, parameters: [ParameterDescriptor] = [], optionSources: [String: IntentOptionsSource] = [:],
        template: @escaping (Value) -> AnyControlWidgetTemplate,
        instance: @escaping @Sendable (_ values: [String: String]) throws(ParameterError) -> (preview: @Sendable () -> Value, current: @Sendable () async throws -> Value)
    ) -> WidgetDescriptor {
        let factory = ViewFactory<ControlEntry<Value>, AnyView>(make: { template($0.value).view })
        return WidgetDescriptor(
            kind: kind, displayName: kind, description: "", supportedFamilies: [.accessoryCircular, .accessoryRectangular], parameters: parameters,
            instantiate: { (values: [String: String]) throws(ParameterError) in
                let made = try instance(values)
                let preview: @Sendable (TimelineProviderContext) -> ControlEntry<Value> = { ControlEntry(date: $0.date, value: made.preview()) }
                return WidgetInstance(
                    content: factory, placeholder: preview, snapshot: preview,
                    timeline: { context in
                        let value = (try? await made.current()) ?? made.preview()
                        return Timeline(entries: [ControlEntry(date: context.date, value: value)], policy: .never)
                    })
            }, draw: factory.draw, optionSources: optionSources)
    }
}
