import HapticPolicy

extension DiagnosticCode {
    /// A compiled bundle `PolicyStore.reload(bundle:)` refuses (`PolicyStore.swift`): the
    /// runtime's one code, declared there as `Diagnostic.bundleRefusedCode` and emitted
    /// by `Diagnostic.bundleRefused`, registered here with its slug, summary and example
    /// (a bundle of the format before the one the tool writes, `PolicyBundle.formatVersion`).
    package static let bundleRefused = DiagnosticCode(
        Diagnostic.bundleRefusedCode, .error, "bundle-refused",
        "a compiled bundle the store or a command refuses: not a bundle, another format version, a hash that does not match, damaged content",
        stage: .bundle,
        example: .bundle(
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":\(PolicyBundle.formatVersion - 1),\"hash\":\"sha256:0\",\"content\":{}}\n"
        ))
}
