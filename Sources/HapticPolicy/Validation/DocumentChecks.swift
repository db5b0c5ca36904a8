extension CheckCode {
    static let unsupportedVersion = CheckCode(
        "HP100", .error, "unsupported-version", "the policy's `version` is not 1")
    static let warmupOutOfRange = CheckCode(
        "HP115", .error, "warmup-out-of-range", "the engine warm-up is outside 0-2 s")
}

/// Top-level values: the language version and the engine settings.
enum DocumentChecks {
    /// Longer than this and the engine is prepared too early to help (`prepare()` lasts ~1 s).
    static let maxWarmup = 2.0

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let document = context.document
        if document.version.value != 1 {
            out.append(CheckCode.unsupportedVersion(
                "version \(document.version.value) is not supported; this tool reads version 1: write `version: 1`",
                at: document.version.location))
        }
        let warmup = document.engine.warmup
        if !(warmup.value >= 0 && warmup.value <= maxWarmup) {
            out.append(CheckCode.warmupOutOfRange(
                "the engine warm-up is \(show(warmup.value)) s: use 0 to \(show(maxWarmup)) s (a cold engine needs about 0.05-0.1 s)",
                at: warmup.location))
        }
        return out
    }
}
