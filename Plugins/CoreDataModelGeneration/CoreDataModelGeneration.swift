import Foundation
import PackagePlugin

/// Xcode's Core Data code generation for a Swift package: each `.xcdatamodeld` of the
/// target (its current version) becomes the entity classes Xcode writes for "Class
/// Definition" (and the properties for "Category/Extension") and the model
/// `NSPersistentContainer(name:)` finds by the file's name (docs/WIDGETS.md#coredata).
@main
struct CoreDataModelGeneration: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let models = module.sourceFiles.map(\.url).filter { $0.pathExtension == "xcdatamodeld" }
        guard !models.isEmpty else { return [] }
        // The files inside each model, so that editing one generates again.
        var inputs: [URL] = []
        for model in models {
            let files = FileManager.default.enumerator(at: model, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            inputs += files.filter { $0.lastPathComponent == "contents" || $0.lastPathComponent == ".xccurrentversion" }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "CoreDataModels.swift")
        return [.buildCommand(
            displayName: "Generating Core Data classes for \(target.name)",
            executable: try context.tool(named: "coredata-classes").url,
            arguments: [module.moduleName, output.path()] + models.map { $0.path() },
            inputFiles: inputs, outputFiles: [output])]
    }
}
