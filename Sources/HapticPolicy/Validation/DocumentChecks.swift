extension DiagnosticCode {
    static let warmupOutOfRange = DiagnosticCode.check(
        "HP115", .error, "warmup-out-of-range", "the engine warm-up is outside 0-2 s")
}

/// Top-level values: the engine settings. (`version: 1` is the front end's check, HP020.)
enum DocumentChecks {
    /// Longer than this and the engine is prepared too early to help (`prepare()` lasts ~1 s).
    static let maxWarmup = 2.0

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let document = context.document
        let warmup = document.engine.warmup
        if !(warmup.value >= 0 && warmup.value <= maxWarmup) {
            out.append(DiagnosticCode.warmupOutOfRange(
                "the engine warm-up is \(show(warmup.value)) s: use 0 to \(show(maxWarmup)) s (a cold engine needs about 0.05-0.1 s)",
                at: warmup.location))
        }
        return out
    }
}
