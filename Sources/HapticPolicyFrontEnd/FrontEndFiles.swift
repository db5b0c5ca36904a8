import Foundation
import HapticPolicyYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the front end reads the files it is given (`PolicyFrontEnd`): the command line's
/// reader of paths and stdin (`InputFiles`), or in `lsp` the editor's unsaved buffers
/// and the server's reader confined to its workspace, never the disk directly.
package struct FrontEndFiles {
    /// The limit of the files read whole to be parsed: policies, test files and
    /// scenarios (the YAML front end's limit, `ParseLimits.maxBytes`).
    package static let wholeFileLimit = ParseLimits.default.maxBytes

    /// Texts that stand in for the files at these paths (standardized, as
    /// `openDocumentKey` makes them): the unsaved buffers of an editor, which `lsp` checks
    /// with the same front end `lint` runs on files. Empty for the command line.
    package var openDocuments: [String: [UInt8]] = [:]
    /// How every other file is read: a path (or `-` for stdin) and a size limit (nil for
    /// none) to its bytes, or the reason it cannot be read.
    package var readFile: (String, Int?) throws(InputError) -> [UInt8]
    /// Told of every file `include:` merges in, read or not: what the command line's
    /// output guard protects along with the policy (`CommandInputs`).
    package var recordInput: (String) -> Void

    /// A reader of `openDocuments` first, then of `readFile`.
    package init(
        openDocuments: [String: [UInt8]] = [:], readFile: @escaping (String, Int?) throws(InputError) -> [UInt8],
        recordInput: @escaping (String) -> Void = { _ in }
    ) {
        self.openDocuments = openDocuments
        self.readFile = readFile
        self.recordInput = recordInput
    }

    /// A reader of `openDocuments` first, then through `reader` only (`lsp`'s workspace
    /// reader, which gives nil for a file it does not read: that file is refused as
    /// unreadable, and read as empty when a policy includes it).
    package init(openDocuments: [String: [UInt8]], reader: @escaping @Sendable (String) -> [UInt8]?) {
        self.openDocuments = openDocuments
        self.readFile = { (path: String, limit: Int?) throws(InputError) -> [UInt8] in
            guard let bytes = reader(path) else {
                throw InputError(path: path, problem: .unreadable(SystemError(EACCES)))
            }
            if let limit, bytes.count > limit {
                throw InputError(path: path, problem: .tooLarge(size: bytes.count, limit: limit))
            }
            return bytes
        }
        self.recordInput = { _ in }
        self.reader = reader
    }

    /// The reader given to `init(openDocuments:reader:)`, also for included files.
    private var reader: (@Sendable (String) -> [UInt8]?)?

    /// How the YAML front end reads a policy's included files (`PolicyLoader.parse`): an
    /// open document's text, else through the reader (empty when it refuses the file);
    /// nil, from disk, when there are neither.
    package var includedContents: (@Sendable (String) -> [UInt8]?)? {
        guard !openDocuments.isEmpty || reader != nil else { return nil }
        let open = openDocuments
        let reader = reader
        return { @Sendable path -> [UInt8]? in
            open[Self.openDocumentKey(path)] ?? reader.map { $0(path) ?? [] }
        }
    }

    /// How messages and diagnostics name an input: `<stdin>` for `-`, else the path.
    package static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// The key of `path` in `openDocuments`: the path without `.`, `..` and repeated slashes.
    package static func openDocumentKey(_ path: String) -> String {
        (path as NSString).standardizingPath
    }

    /// Reads a whole file: the open document at `path` if there is one, else through
    /// `readFile`. A text over `limit` bytes is refused (`InputError.Problem.tooLarge`).
    package func read(_ path: String, limit: Int?) throws(InputError) -> [UInt8] {
        if path != "-", !openDocuments.isEmpty, let text = openDocuments[Self.openDocumentKey(path)] {
            if let limit, text.count > limit {
                throw InputError(path: path, problem: .tooLarge(size: text.count, limit: limit))
            }
            return text
        }
        return try readFile(path, limit)
    }
}
