import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML

/// A file given on the command line that cannot be read.
package struct InputError: Error, Sendable, Equatable {
    /// What went wrong.
    package enum Problem: Sendable, Equatable {
        /// No file at the path.
        case missing
        /// The path is a directory.
        case directory
        /// The file cannot be opened or read, for the system's reason (permission denied,
        /// a symbolic link loop, an I/O error).
        case unreadable(SystemError)
        /// The file is where standard output goes: reading it while writing it would
        /// destroy it or never end.
        case isStandardOutput
        /// Over `limit` bytes: `size` when known before reading, nil when reading
        /// stopped at the limit (standard input, a pipe).
        case tooLarge(size: Int?, limit: Int)
        /// A `.gz` file whose gzip data is corrupt or ends early, with zlib's account.
        case badGzip(String)
    }

    /// The path as given (`-` for standard input).
    package var path: String
    /// What went wrong.
    package var problem: Problem

    /// Creates the error.
    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// `path: what happened; what to do`, for an `error:` line.
    package var message: String {
        let name = FrontEndFiles.displayName(path)
        switch problem {
        case .missing: return "\(name): no such file; check the path"
        case .directory: return "\(name): is a directory; give a file"
        case .unreadable(let error): return "\(name): cannot be read: \(error); \(error.readAdvice)"
        case .isStandardOutput:
            return
                "\(name): is also where standard output goes; reading it while writing it would destroy it, so nothing was read; send the output to another file"
        case .tooLarge(let size, let limit):
            let measured = size.map { "is \($0) bytes" } ?? "has more than \(limit) bytes"
            return "\(name): \(measured), over the \(limit)-byte limit; check that this is the right file"
        case .badGzip(let why):
            return "\(name): \(why); check the file with 'gzip -t' and copy it again"
        }
    }

    /// The problem as a diagnostic at the file's first line, worded as the YAML front
    /// end words it (`PolicyLoader.load(path:)`): HP001 when the file cannot be read,
    /// HP004 when it is over the limit.
    package var diagnostic: Diagnostic {
        let start = SourceLocation(file: FrontEndFiles.displayName(path), line: 1, column: 1)
        let reason: String
        switch problem {
        case .missing: reason = "no such file"
        case .directory: reason = "it is a directory"
        case .unreadable(let error): reason = InputCheck.unreadableReason(error.code)
        case .badGzip(let why): reason = why
        case .isStandardOutput:
            return DiagnosticCode.unreadableFile(
                "cannot read '\(path)': it is also where standard output goes; send the output to another file",
                at: start)
        case .tooLarge(let size, let limit):
            let measured = size.map { "is \($0) bytes" } ?? "has more than \(limit) bytes"
            return DiagnosticCode.fileTooLarge(
                "the file \(measured), over the \(limit)-byte limit; check that this is the right file and remove generated or pasted content (apps loading from code can raise ParseLimits.maxBytes)",
                at: start)
        }
        return DiagnosticCode.unreadableFile(
            "cannot read '\(path)': \(reason); check the path and its permissions", at: start)
    }
}
