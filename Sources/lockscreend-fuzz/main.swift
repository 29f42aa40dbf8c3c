import FoundationEssentials
import Glibc

// lockscreend-fuzz TARGET [RUNS] [SEED]: feeds TARGET's reader RUNS inputs made from its
// seeds (FuzzTarget.seeds). Each input is written to $FUZZ_DIR/TARGET.input before it is
// read, so a crash leaves the input that caused it behind; scripts/fuzz says where.
// Run from the repository's root. Not installed: a tool for scripts/fuzz and CI.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    print("usage: lockscreend-fuzz TARGET [RUNS] [SEED]; targets: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
let seed = arguments.count > 3 ? UInt64(arguments[3]) ?? 1 : UInt64(UInt32.random(in: 1...UInt32.max))
let directory = ProcessInfo.processInfo.environment["FUZZ_DIR"] ?? "/tmp"
let inputPath = "\(directory)/\(target.name).input"

var corpus: [[UInt8]] = target.inline.map { Array($0.utf8) }
for path in target.seeds {
    var isDirectory = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    let files = isDirectory ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" } : [path]
    for file in files { if let data = FileManager.default.contents(atPath: file) { corpus.append(Array(data)) } }
}
guard !corpus.isEmpty else {
    print("\(target.name): no seeds found; run from the repository's root")
    exit(2)
}

/// Writes the input where a crash leaves it.
func record(_ input: [UInt8]) {
    let fd = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    _ = input.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

var mutator = Mutator(seed: seed)
print("\(target.name): \(runs) inputs from \(corpus.count) seeds, seed \(seed)")
// The seeds as they are first, then their mutations.
for i in 0..<runs {
    let input = i < corpus.count ? corpus[i] : mutator.mutate(corpus[mutator.below(corpus.count)], other: corpus[mutator.below(corpus.count)], limit: 256 << 10)
    record(input)
    target.run(input)
}
unlink(inputPath)
print("\(target.name): \(runs) inputs, no crash")
