import HapticPolicyYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` from a failed system call, worded for messages: the system's own text for
/// it (`no space left on device`, `permission denied`, `too many levels of symbolic
/// links`), and what the user can do about it. Every file and stream error of the tool
/// says its real cause through this, instead of guessing.
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value.
    package var code: Int32

    /// Wraps an `errno` value.
    package init(_ code: Int32) {
        self.code = code
    }

    /// The current `errno`.
    package static var current: SystemError { SystemError(errno) }

    /// The system's text for the error, starting in lowercase so it reads inside a
    /// sentence: `no space left on device`.
    package var description: String { InputCheck.systemText(code) }

    /// What to do about a failed write or create, for the end of an error line.
    package var writeAdvice: String {
        switch code {
        case ENOSPC, EDQUOT: "free some space or write somewhere else"
        case EACCES, EPERM: "choose a place you can write to, or change its permissions"
        case EROFS: "the file system is read-only; write somewhere else"
        case ELOOP: "a symbolic link in the path leads back to itself; fix or remove the link"
        case ENOENT: "the folder does not exist; create it first"
        case ENOTDIR: "a part of the path is a file, not a folder; check the path"
        case EISDIR: "it is a folder; give a file name"
        case EFBIG: "the file would be larger than this system allows; write somewhere else"
        case EPIPE: "the reader went away"
        case EIO: "the device failed; check the disk"
        case ENAMETOOLONG: "use a shorter path"
        default: "check the path"
        }
    }

    /// What to do about a file that cannot be read, for the end of an error line.
    package var readAdvice: String {
        switch code {
        case EACCES, EPERM: "check its permissions"
        case ELOOP: "a symbolic link in the path leads back to itself; fix or remove the link"
        case EIO: "the device failed; check the disk"
        case ENAMETOOLONG: "use a shorter path"
        default: "check the path"
        }
    }
}
