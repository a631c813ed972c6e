// The compiler plugin behind `#Preview`.
//
// Apple's preview macros expand into a declaration that calls an initializer with the macro's own
// arguments (`#Preview(as: .systemSmall) { W() } timeline: { … }` becomes a value built by
// `Preview(as: .systemSmall) { W() } timeline: { … }`). That rewrite needs no syntax tree: the
// arguments are kept as written and the type checker does the rest. So this plugin speaks the
// compiler's plugin message protocol (length-prefixed JSON on standard input and output, the
// protocol swift-syntax's `CompilerPluginMessageHandling` implements) with Foundation alone, and the
// package needs no swift-syntax dependency.
import Foundation

/// The macros this plugin expands: each wraps its arguments in a call to an initializer of the
/// runtime type named here, inside a uniquely named type conforming to the declaration protocol the
/// extension looks for at run time.
let expansions: [String: (runtimeType: String, declaration: String, property: String)] = [
    "ViewPreviewMacro": ("_ViewPreview", "_ViewPreviewDeclaration", "_preview"),
    "WidgetPreviewMacro": ("_WidgetPreview", "_WidgetPreviewDeclaration", "_preview"),
]

/// Expression macros that are a call of a runtime initializer with the macro's own arguments:
/// the macro's name in the use is replaced by the type's (`#Rule(e) { … }` is `Tips.Rule(e) { … }`).
let callExpansions: [String: (macro: String, runtimeType: String)] = [
    "TipRuleMacro": ("#Rule", "Tips.Rule"),
]

/// Expands one freestanding macro use, or explains why not.
func expand(typeName: String, source: String, discriminator: String) -> Result<String, MacroFailure> {
    if let call = callExpansions[typeName] {
        guard let macro = source.range(of: call.macro) else { return .failure(MacroFailure("expected \(call.macro) in the expansion")) }
        return .success(call.runtimeType + source[macro.upperBound...])
    }
    guard let target = expansions[typeName] else { return .failure(MacroFailure("this plugin does not provide \(typeName)")) }
    guard let macro = source.range(of: "#Preview") else { return .failure(MacroFailure("expected #Preview in the expansion")) }
    let attributes = source[..<macro.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    // `@Previewable` marks state the preview's body declares: a local variable there, as written.
    let arguments = source[macro.upperBound...].replacingOccurrences(of: "@Previewable", with: "")
    let name = "$" + discriminator.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } + "fMu_"
    let expansion = """
        \(attributes.isEmpty ? "" : attributes + "\n")struct \(name): \(target.declaration) {
            static var \(target.property): \(target.runtimeType) {
                \(target.runtimeType)\(arguments)
            }
        }
        """
    return .success(expansion)
}

struct MacroFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

// MARK: - The plugin message protocol

/// Reads exactly `count` bytes, or nil at the end of input.
func read(_ count: Int) -> Data? {
    var data = Data()
    while data.count < count {
        let chunk = FileHandle.standardInput.readData(ofLength: count - data.count)
        if chunk.isEmpty { return nil }
        data.append(chunk)
    }
    return data
}

/// Writes one message: a little-endian 64-bit length, then the JSON.
func send(_ message: [String: Any]) {
    guard let payload = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]) else { return }
    var length = UInt64(payload.count).littleEndian
    var frame = Data(bytes: &length, count: 8)
    frame.append(payload)
    FileHandle.standardOutput.write(frame)
}

func diagnostic(_ message: String, syntax: [String: Any]) -> [String: Any] {
    let location = syntax["location"] as? [String: Any] ?? [:]
    let file = location["fileName"] as? String ?? ""
    let offset = location["offset"] as? Int ?? 0
    return [
        "message": message, "severity": "error",
        "position": ["fileName": file, "offset": offset],
        "highlights": [] as [Any], "notes": [] as [Any], "fixIts": [] as [Any],
    ]
}

func reply(to message: [String: Any]) -> [String: Any] {
    if let capability = message["getCapability"] as? [String: Any] {
        let host = (capability["capability"] as? [String: Any])?["protocolVersion"] as? Int ?? 7
        return ["getCapabilityResult": ["capability": ["protocolVersion": min(host, 7)]]]
    }
    if let request = message["expandFreestandingMacro"] as? [String: Any] {
        let macro = request["macro"] as? [String: Any] ?? [:]
        let syntax = request["syntax"] as? [String: Any] ?? [:]
        switch expand(typeName: macro["typeName"] as? String ?? "", source: syntax["source"] as? String ?? "",
                      discriminator: request["discriminator"] as? String ?? "preview") {
        case .success(let expansion):
            return ["expandMacroResult": ["expandedSource": expansion, "diagnostics": [] as [Any]]]
        case .failure(let failure):
            return ["expandMacroResult": ["expandedSource": NSNull(), "diagnostics": [diagnostic(failure.message, syntax: syntax)]]]
        }
    }
    if let request = message["expandAttachedMacro"] as? [String: Any] {
        let syntax = request["attributeSyntax"] as? [String: Any] ?? [:]
        let macro = request["macro"] as? [String: Any] ?? [:]
        let declaration = (request["declSyntax"] as? [String: Any])?["source"] as? String ?? ""
        let extendedType = (request["extendedTypeSyntax"] as? [String: Any])?["source"] as? String
        switch expandAttached(typeName: macro["typeName"] as? String ?? "", role: request["macroRole"] as? String ?? "",
                              declaration: declaration, extendedType: extendedType) {
        case .success(let expansion):
            return ["expandMacroResult": ["expandedSource": expansion, "diagnostics": [] as [Any]]]
        case .failure(let failure):
            return ["expandMacroResult": ["expandedSource": NSNull(), "diagnostics": [diagnostic(failure.message, syntax: syntax)]]]
        }
    }
    if message["loadPluginLibrary"] != nil {
        return ["loadPluginLibraryResult": ["loaded": false, "diagnostics": [] as [Any]]]
    }
    return ["expandMacroResult": ["expandedSource": NSNull(), "diagnostics": [] as [Any]]]
}

while let header = read(8) {
    let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    guard length > 0, length < 1 << 30, let body = read(Int(length)),
          let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { break }
    send(reply(to: message))
}
