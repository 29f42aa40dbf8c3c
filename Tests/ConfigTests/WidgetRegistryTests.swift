import Accessory
import DaemonTestSupport
import TestSupport
import Testing
@testable import Config
import Providers
import ProviderOptions
import LockscreendCommand

/// One table of kinds: Swift widgets and the provider kinds read with tables, each one
/// entry; a name with no entry is refused, never taken for another kind.
@Suite("The kinds a configuration can name")
struct WidgetRegistryTests {
    @Test("every provider kind is one entry beside the Swift widgets, and the kinds listed are both")
    func oneTable() {
        let kinds = WidgetRegistry.standard(systemRoot: fixtureRoot).kinds
        #expect(kinds.tables.map(\.rawValue).sorted() == ["calendar", "command", "homeassistant", "http", "image", "mqtt", "push", "recorded"])
        #expect(Set(kinds.tables.map(\.rawValue)).isDisjoint(with: kinds.declared.keys))
        #expect(kinds.names == Set(kinds.declared.keys).union(kinds.tables.map(\.rawValue)).sorted())
        #expect(kinds.names.contains("push") && kinds.names.contains("clock"))
    }

    @Test("a kind nobody registered is a mistake naming the nearest, not a push widget")
    func unknownKindRefused() {
        let issues = configIssues("[layout]\nrow = [\"inbox\"]\n[widgets.inbox]\nkind = \"pusj\"\n", file: "kinds.toml")
        #expect(issues.contains("kinds.toml:4: widgets.inbox.kind"), "\(issues)")
        #expect(issues.contains("\"push\""), "\(issues)")
    }

    @Test("kinds without the push entry do not make push widgets")
    func noDefault() {
        var kinds = WidgetRegistry(bundles: []).kinds
        kinds.tables.remove(.push)
        #expect(!kinds.names.contains("push"))
        #expect(throws: (any Error).self) {
            try LockScreenConfig.parse("[layout]\nrow = [\"inbox\"]\n[widgets.inbox]\nkind = \"push\"\n", file: "kinds.toml", kinds: kinds, files: SystemFiles())
        }
    }
}
