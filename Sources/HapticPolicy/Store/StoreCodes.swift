extension DiagnosticCode {
    /// A compiled bundle `PolicyStore.reload(bundle:)` refuses (`PolicyStore.swift`).
    package static let bundleRefused = DiagnosticCode(
        "HP950", .error, "bundle-refused",
        "a compiled bundle the store or a command refuses: not a bundle, another format version, a hash that does not match, damaged content",
        stage: .bundle,
        example: .bundle(
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":4,\"hash\":\"sha256:0\",\"content\":{}}\n"))
}
