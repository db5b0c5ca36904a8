import HapticPolicy
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// Test files (`*.tests.yaml`) as `test` loads and runs them, against plavo.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let loaded = PolicyTestLoader.parse(fuzzBytes(data, size), file: "fuzz.tests.yaml")
    guard let suite = loaded.suite else { return 0 }
    _ = PolicyTestRunner(policy: fuzzPolicy).run(suite)
    return 0
}
