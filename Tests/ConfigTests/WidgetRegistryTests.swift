import Accessory
import DaemonTestSupport
import TestSupport
import Testing
@testable import Config

/// One table of kinds: Swift widgets and the provider kinds read with tables, each one
/// entry; a name with no entry is refused, never taken for another kind.
@Suite("The kinds a configuration can name")
struct WidgetRegistryTests {
    @Test("every provider kind is one entry beside the Swift widgets, and the kinds listed are both")
    func oneTable() {
        let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)
        #expect(registry.providers.keys.sorted() == ["calendar", "command", "homeassistant", "http", "image", "mqtt", "push", "recorded"])
        #expect(Set(registry.providers.keys).isDisjoint(with: registry.descriptors.keys))
        #expect(registry.kinds == Set(registry.descriptors.keys).union(registry.providers.keys).sorted())
        #expect(registry.kinds.contains("push") && registry.kinds.contains("clock"))
    }

    @Test("a kind nobody registered is a mistake naming the nearest, not a push widget")
    func unknownKindRefused() {
        let issues = configIssues("[layout]\nrow = [\"inbox\"]\n[widgets.inbox]\nkind = \"pusj\"\n", file: "kinds.toml")
        #expect(issues.contains("kinds.toml:4: widgets.inbox.kind"), "\(issues)")
        #expect(issues.contains("\"push\""), "\(issues)")
    }

    @Test("a registry without the push entry does not make push widgets")
    func noDefault() {
        let registry = WidgetRegistry(bundles: [], providers: ProviderKind.standard.filter { $0.name != "push" })
        #expect(!registry.kinds.contains("push"))
        #expect(throws: (any Error).self) {
            try LockScreenConfig.parse("[layout]\nrow = [\"inbox\"]\n[widgets.inbox]\nkind = \"push\"\n", file: "kinds.toml", registry: registry)
        }
    }
}
