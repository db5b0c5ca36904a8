import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyYAML

/// Text for the terminal from a policy whose names and notes are the input's lines (and
/// the raw input as a file name, a message and a source line): the diagnostics as lint
/// prints them and `terminalText` hold no control or bidirectional character but the
/// line breaks between lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmitTerminal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let raw = String(decoding: bytes, as: UTF8.self)
    let names = fuzzNames(bytes)
    let yaml = hostilePolicyYAML(names) + "unknown-key: 1\n"
    let loaded = PolicyLoader.parse(Array(yaml.utf8), file: "hostile.yaml")
    var diagnostics = loaded.diagnostics
    if let document = loaded.document { diagnostics += PolicyValidator.check(document).diagnostics }
    diagnostics.append(
        Diagnostic(
            code: "HP012", severity: .warning, message: raw, at: SourceLocation(file: raw, line: 1, column: 2),
            notes: [.init(raw, at: SourceLocation(file: raw, line: 1, column: 1))]))
    let text = renderText(diagnostics, sources: ["hostile.yaml": yaml, raw: raw], color: false)
    for scalar in text.unicodeScalars where isUnsafeText(scalar) {
        precondition(scalar == "\n" || scalar == "\t", "a raw \(unicodeNotation(scalar)) on the terminal:\n\(text)")
    }
    precondition(!terminalText(raw).unicodeScalars.contains(where: isUnsafeText), "terminalText let one through")
    return 0
}
