import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport

/// The exporters and the report: a policy that compiles, exported to every platform and
/// rendered as the report page, as `export` and `report` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExporters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let policy = fuzzCompile(fuzzBytes(data, size)) else { return 0 }
    _ = PolicyExporter.export(policy, to: ExportTarget.allCases)
    _ = ReportRenderer.render(policy)
    return 0
}
