import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport

/// The JSON exports (web and Android descriptions, presets) of a policy whose names and
/// notes are the input's lines: every file parses, has the shape of the same policy's
/// file with plain names, and every name comes back as a string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmitJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (hostile, plain, _) = fuzzHostilePair(fuzzBytes(data, size)) else { return 0 }
    let files = PolicyExporter.export(hostile, to: ExportTarget.allCases).files.filter { $0.name.hasSuffix(".json") }
    let twins = PolicyExporter.export(plain, to: ExportTarget.allCases).files.filter { $0.name.hasSuffix(".json") }
    precondition(files.count == twins.count, "a name changed which files export")
    var strings: [String] = []
    for (file, twin) in zip(files, twins) {
        do throws(EmittedOutputError) {
            var ignored: [String] = []
            let shape = try jsonSkeleton(file.contents, strings: &strings)
            let twinShape = try jsonSkeleton(twin.contents, strings: &ignored)
            precondition(shape == twinShape, "\(file.name):\n\(file.contents)")
        } catch {
            preconditionFailure("\(file.name) does not parse: \(error)\n\(file.contents)")
        }
    }
    for feedback in hostile.content.feedback where !files.isEmpty {
        precondition(strings.contains(feedback.name), "feedback '\(feedback.name)' is not a string of the export")
    }
    return 0
}
