import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport

/// The report page of a policy whose names and notes are the input's lines: it lexes
/// (every attribute quoted, every tag and comment closed) to the tags, attributes and
/// class counts of the same policy's page with plain names, so no name adds markup.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmitHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (hostile, plain, _) = fuzzHostilePair(fuzzBytes(data, size)) else { return 0 }
    let page = ReportRenderer.render(hostile)
    do throws(EmittedOutputError) {
        let tags = try HTMLSkeleton(page).tokens
        let twin = try HTMLSkeleton(ReportRenderer.render(plain)).tokens
        precondition(tags == twin, "a name changed the page:\n\(page)")
    } catch {
        preconditionFailure("the report does not lex: \(error)\n\(page)")
    }
    return 0
}
