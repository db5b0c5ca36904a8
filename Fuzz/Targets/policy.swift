import HapticPolicy
import HapticPolicyReplay

/// The YAML policy front end: parse, decode, validate, compile, bundle round trip, and
/// the decision table every command prints.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicyLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let policy = fuzzCompile(fuzzBytes(data, size)) else { return 0 }
    _ = DecisionTable(policy)
    return 0
}
