import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport

/// Swift codegen of a policy whose names and notes are the input's lines: the generated
/// file lexes (every literal and comment closed, no raw control character), has the
/// skeleton of the same policy with plain names, and holds every event name as a literal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmitSwift(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (hostile, plain, _) = fuzzHostilePair(fuzzBytes(data, size)) else { return 0 }
    let code = SwiftCodeGenerator.generate(hostile)
    fuzzSameSkeleton(code, SwiftCodeGenerator.generate(plain), .swift)
    let strings = fuzzSkeleton(code, .swift).strings
    for event in hostile.content.events {
        precondition(strings.contains(event.name), "event '\(event.name)' is not a literal of the Swift code")
    }
    return 0
}
