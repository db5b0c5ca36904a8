import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport

/// Kotlin codegen and the Android export (`<Policy>Presets.kt`, `<Feedback>Haptic.kt`) of a
/// policy whose names and notes are the input's lines: each file lexes (nested comments
/// back to depth zero, literals closed, no template), has the skeleton of the same policy
/// with plain names, and the generated API holds every event name as a literal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmitKotlin(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (hostile, plain, _) = fuzzHostilePair(fuzzBytes(data, size)) else { return 0 }
    let code = KotlinCodeGenerator.generate(hostile)
    fuzzSameSkeleton(code, KotlinCodeGenerator.generate(plain), .kotlin)
    let strings = fuzzSkeleton(code, .kotlin).strings
    for event in hostile.content.events {
        precondition(strings.contains(event.name), "event '\(event.name)' is not a literal of the Kotlin code")
    }
    fuzzSameSkeleton(AndroidExporter.presetsKotlin(hostile), AndroidExporter.presetsKotlin(plain), .kotlin)
    let patterns = ExportablePattern.all(in: hostile, parameters: [:]).patterns
    let plainPatterns = ExportablePattern.all(in: plain, parameters: [:]).patterns
    precondition(patterns.count == plainPatterns.count, "a name changed which patterns export")
    for (pattern, twin) in zip(patterns, plainPatterns) {
        fuzzSameSkeleton(
            AndroidExporter.kotlin(pattern, policy: hostile), AndroidExporter.kotlin(twin, policy: plain), .kotlin)
    }
    return 0
}
