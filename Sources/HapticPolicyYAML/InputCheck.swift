import HapticPolicy
import HapticPolicyCompiler

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks on raw bytes that run before libyaml sees them: size, UTF-8, byte order mark.
package enum InputCheck {
    /// The bytes to parse (byte order mark removed) and their text.
    struct Decoded {
        var bytes: [UInt8]
        var text: String
    }

    /// Why the bytes cannot be parsed.
    struct Rejection: Error {
        var diagnostic: Diagnostic
    }

    /// Accepts UTF-8 (with or without a byte order mark) no larger than `limits.maxBytes`.
    static func decode(_ bytes: [UInt8], file: String, limits: ParseLimits) -> Result<Decoded, Rejection> {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if bytes.count > limits.maxBytes {
            return .failure(Rejection(diagnostic: tooLarge(bytes.count, limit: limits.maxBytes, at: start)))
        }
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if let bad = firstInvalidUTF8(body, file: file) {
            return .failure(Rejection(diagnostic: notUTF8(at: bad)))
        }
        return .success(Decoded(bytes: body, text: String(decoding: body, as: UTF8.self)))
    }

    /// The location of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8], file: String) -> SourceLocation? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        var column = 1
        var previousWasCR = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\n" {
                    if !previousWasCR { line += 1 }
                    column = 1
                } else if scalar == "\r" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                previousWasCR = scalar == "\r"
            case .emptyInput:
                return nil
            case .error:
                return SourceLocation(file: file, line: line, column: column)
            }
        }
    }

    // HP001-HP004: problems with the file itself.

    /// The system's text for an `errno` value, starting in lowercase so it reads inside a
    /// sentence (`too many levels of symbolic links`): the one wording of system errors,
    /// shared by the loader's HP001 and the command line's messages.
    package static func systemText(_ code: Int32) -> String {
        guard let text = strerror(code).map({ String(cString: $0) }), !text.isEmpty else { return "error \(code)" }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Why a file cannot be read, in HP001's words, from the `errno` of opening or reading
    /// it: `no such file`, `it is a directory`, or the system's text (`permission denied`,
    /// `too many levels of symbolic links`).
    package static func unreadableReason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EISDIR: "it is a directory"
        default: systemText(code)
        }
    }

    /// Why `path` cannot be read, found by opening it again.
    static func unreadableReason(path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return unreadableReason(errno) }
        close(descriptor)
        return "permission denied or unreadable"
    }

    /// HP001: the file cannot be read.
    static func unreadable(_ path: String, reason: String) -> Diagnostic {
        DiagnosticCode.unreadableFile(
            "cannot read '\(path)': \(reason); check the path and its permissions",
            at: SourceLocation(file: path, line: 1, column: 1))
    }

    /// HP002: nothing but whitespace and comments.
    static func empty(file: String) -> Diagnostic {
        DiagnosticCode.emptyFile(
            "the file is empty; a policy starts with 'policy: <name>' and 'version: 1'",
            at: SourceLocation(file: file, line: 1, column: 1))
    }

    /// HP003: bytes that are not UTF-8.
    static func notUTF8(at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.notUTF8(
            "the file is not valid UTF-8 at this byte; save it as UTF-8",
            at: location)
    }

    /// HP004: over the size limit.
    /// `size` is nil when reading stopped at the limit (standard input).
    static func tooLarge(_ size: Int?, limit: Int, at location: SourceLocation) -> Diagnostic {
        let measured = size.map { "is \($0) bytes" } ?? "has more than \(limit) bytes"
        return DiagnosticCode.fileTooLarge(
            "the file \(measured), over the \(limit)-byte limit; check that this is the right file and remove generated or pasted content (apps loading from code can raise ParseLimits.maxBytes)",
            at: location)
    }
}
