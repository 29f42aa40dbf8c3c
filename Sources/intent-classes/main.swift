import Foundation

// intent-classes MODULE OUTPUT.swift INPUT.intentdefinition…
// Writes the Swift classes of every intent definition given into one file of MODULE, as
// Xcode's intent class generation does for a target (IntentClassGeneration runs it).
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: intent-classes MODULE OUTPUT.swift INPUT.intentdefinition…\n".utf8))
    exit(64)
}
let (module, output) = (arguments[0], arguments[1])
var swift = ""
for input in arguments.dropFirst(2) {
    do {
        let definition = try IntentDefinitionFile(contentsOf: URL(fileURLWithPath: input))
        swift += SwiftWriter.swift(for: definition, source: URL(fileURLWithPath: input).lastPathComponent, module: module)
    } catch {
        FileHandle.standardError.write(Data("\(input): error: \(error)\n".utf8))
        exit(1)
    }
}
do {
    // Written only when changed, so an unchanged definition does not rebuild the target.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != swift {
        try swift.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write: \(error)\n".utf8))
    exit(1)
}
