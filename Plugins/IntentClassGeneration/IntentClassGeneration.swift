import PackagePlugin

/// Xcode's intent class generation for a Swift package: the target's `.intentdefinition`
/// files become one Swift file of intent classes, handling protocols, responses, custom
/// types and enumerations, compiled with the target (docs/WIDGETS.md#sirikit-intents).
@main
struct IntentClassGeneration: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let definitions = module.sourceFiles(withSuffix: "intentdefinition").map(\.url)
        guard !definitions.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "IntentClasses.swift")
        return [.buildCommand(
            displayName: "Generating intent classes for \(target.name)",
            executable: try context.tool(named: "intent-classes").url,
            arguments: [module.moduleName, output.path()] + definitions.map { $0.path() },
            inputFiles: definitions, outputFiles: [output])]
    }
}
