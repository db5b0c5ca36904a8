/// Process exit codes, after argument-parser's conventions.
package enum ExitCode: Int32, Sendable {
    /// Success: no findings, no failures.
    case success = 0
    /// Findings or failures (lint errors, failed tests, invalid log lines, changed decisions).
    case failure = 1
    /// Usage error: unknown command or option, missing argument.
    case usage = 64
}

/// A usage error: printed with the command's usage line, exits 64.
package struct UsageError: Error, Sendable, Equatable {
    /// Lowercase message naming the fix.
    package var message: String

    /// Creates a usage error.
    package init(_ message: String) { self.message = message }
}
