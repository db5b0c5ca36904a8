import HapticPolicy
import HapticPolicyCompiler

@testable import HapticPolicyYAML

/// Parses YAML text as `test.yaml`.
func load(_ text: String, limits: ParseLimits = .default) -> LoadResult {
    PolicyLoader.parse(Array(text.utf8), file: "test.yaml", limits: limits)
}

/// `code@line:column` for each diagnostic, in order: compact to compare in tables.
func summary(_ result: LoadResult) -> [String] {
    result.diagnostics.map { "\($0.code)@\($0.location.line):\($0.location.column)" }
}

/// A minimal valid policy header to build cases on.
let header = "policy: p\nversion: 1\n"
