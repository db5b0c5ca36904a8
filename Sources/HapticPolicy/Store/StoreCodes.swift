extension DiagnosticCode {
    /// A compiled bundle `PolicyStore.reload(bundle:)` refuses (`PolicyStore.swift`).
    package static let bundleRefused = DiagnosticCode(
        "HP950", .error, "bundle-refused",
        "a compiled bundle the store refuses: not a bundle, another format version, a hash that does not match, a damaged document",
        stage: .bundle,
        example: .bundle("{\"format\":\"haptic-policy-bundle\",\"formatVersion\":2,\"hash\":\"sha256:0\",\"document\":{}}\n"))
}
