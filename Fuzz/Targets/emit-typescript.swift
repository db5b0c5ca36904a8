import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport

/// TypeScript codegen (`codegen --lang typescript`) of a policy whose names and notes are
/// the input's lines: the file lexes (comments closed, literals and templates closed), has
/// the skeleton of the same policy with plain names, and holds every event name as a literal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmitTypeScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (hostile, plain, _) = fuzzHostilePair(fuzzBytes(data, size)) else { return 0 }
    let code = TypeScriptCodeGenerator.generate(hostile)
    fuzzSameSkeleton(code, TypeScriptCodeGenerator.generate(plain), .typeScript)
    let strings = fuzzSkeleton(code, .typeScript).strings
    for event in hostile.content.events {
        precondition(strings.contains(event.name), "event '\(event.name)' is not a literal of the TypeScript code")
    }
    return 0
}
