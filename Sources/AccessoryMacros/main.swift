// The compiler plugin behind `#Preview`. It speaks the compiler's plugin protocol
// (length-prefixed JSON on standard input and output) itself instead of through
// swift-syntax: its macros (`#Preview`, SwiftData's `@Model`) need no syntax tree, and swift-syntax would
// add about two minutes and 2.4 GB of memory to a clean build of every package that
// uses Accessory (docs/WIDGETS.md#previews has the measurement).
import FoundationEssentials
import Glibc

/// Reads one message: an 8-byte little-endian length, then that many bytes of JSON.
func readMessage() -> Data? {
    guard let header = readExactly(8) else { return nil }
    let length = header.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.littleEndian
    guard length <= 64 << 20 else { return nil }
    return readExactly(Int(length))
}

func readExactly(_ count: Int) -> Data? {
    var data = Data(count: count)
    var done = 0
    while done < count {
        let n = data.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress! + done, count - done) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return nil }
        done += n
    }
    return data
}

func writeMessage(_ data: Data) {
    var header = UInt64(data.count).littleEndian
    var message = Data(bytes: &header, count: 8)
    message.append(data)
    message.withUnsafeBytes { bytes in
        var done = 0
        while done < bytes.count {
            let n = write(STDOUT_FILENO, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { exit(1) }
            done += n
        }
    }
}

/// The parts of the host's messages this plugin reads.
struct HostMessage: Decodable {
    struct Capability: Decodable { var capability: HostCapability? }
    struct HostCapability: Decodable { var protocolVersion: Int }
    struct Expansion: Decodable {
        var discriminator: String
        var syntax: Syntax
    }
    struct Syntax: Decodable {
        var source: String
        var location: Location
    }
    struct Location: Decodable {
        var fileID: String
        var line: Int
    }

    /// An attached macro's expansion: `@Model` (member and extension roles) and the
    /// attributes that expand to nothing (`@Attribute`, `@Transient`).
    struct AttachedExpansion: Decodable {
        struct Macro: Decodable { var typeName: String }
        var macro: Macro
        var macroRole: String
        var declSyntax: Syntax
        var extendedTypeSyntax: Syntax?
    }

    var getCapability: Capability?
    var expandFreestandingMacro: Expansion?
    var expandAttachedMacro: AttachedExpansion?
}

struct Diagnostic: Encodable {
    struct Position: Encodable {
        var fileName: String
        var offset: Int
    }
    var message: String
    var severity = "error"
    var position: Position
    var highlights: [String] = []
    var notes: [String] = []
    var fixIts: [String] = []
}

struct ExpandResult: Encodable {
    struct Body: Encodable {
        var expandedSource: String?
        var diagnostics: [Diagnostic]
    }
    var expandMacroResult: Body
}

struct CapabilityResult: Encodable {
    struct Body: Encodable {
        struct Capability: Encodable { var protocolVersion: Int }
        var capability: Capability
    }
    var getCapabilityResult: Body
}

let encoder = JSONEncoder()
let decoder = JSONDecoder()
while let data = readMessage() {
    guard let message = try? decoder.decode(HostMessage.self, from: data) else { exit(1) }
    if let capability = message.getCapability {
        let version = min(capability.capability?.protocolVersion ?? 7, 7)
        writeMessage(try! encoder.encode(CapabilityResult(getCapabilityResult: .init(capability: .init(protocolVersion: version)))))
    } else if let expansion = message.expandFreestandingMacro {
        let source = PreviewExpansion.expand(
            expansion.syntax.source, uniqueName: PreviewExpansion.uniqueName(expansion.discriminator),
            fileID: expansion.syntax.location.fileID, line: expansion.syntax.location.line)
        writeMessage(try! encoder.encode(ExpandResult(expandMacroResult: .init(expandedSource: source, diagnostics: []))))
    } else if let expansion = message.expandAttachedMacro {
        let source: String? = switch (expansion.macro.typeName, expansion.macroRole) {
        case ("ModelMacro", "extension"): ModelExpansion.conformance(typeName: expansion.extendedTypeSyntax?.source ?? "")
        case ("ModelMacro", "member"): ModelExpansion.members(of: expansion.declSyntax.source)
        case ("NoPeerMacro", _): ""
        default: nil
        }
        writeMessage(try! encoder.encode(ExpandResult(expandMacroResult: .init(expandedSource: source, diagnostics: []))))
    } else {
        writeMessage(try! encoder.encode(ExpandResult(expandMacroResult: .init(expandedSource: nil, diagnostics: []))))
    }
}
