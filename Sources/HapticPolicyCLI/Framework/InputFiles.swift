import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd
import HapticPolicyYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the command line reads the files it is given: policies (through
/// `PolicyFrontEnd`), test files, scenarios, event logs and AHAP files, each a path or
/// `-` for standard input.
///
/// A file is read whole up to a size limit, refused before it is read when it is over
/// (`read`), or streamed in chunks so memory does not grow with it (`open`). A path
/// that is missing, a directory or unreadable is an `InputError` naming the path and
/// what to do.
package struct InputFiles {
    /// The limit of an AHAP file (`import-ahap`): 8 MiB. Xcode's composer writes a few
    /// kilobytes per pattern; a file of megabytes is not a haptic pattern, and the JSON
    /// tree of one is held whole while it is checked.
    package static let ahapLimit = 8 << 20
    /// The limit of the event log `report --events` draws as a timeline: 16 MiB, about
    /// 250,000 events (the 329-event demo log is 21 KB). The timeline holds an entry per
    /// event and the page draws each one, so a longer log would only make a page no
    /// browser opens; `eval` streams logs of any length.
    package static let reportLogLimit = 16 << 20

    private let context: CommandContext

    /// A reader for the context's standard input and error.
    package init(context: CommandContext) {
        self.context = context
    }

    /// Opens a file, or standard input for `-`, to be read in chunks. A file that is also
    /// where standard output goes (`eval p.yaml log.jsonl >> log.jsonl`) is refused before
    /// it is read: reading it while appending to it would never end. It is recorded as an
    /// input all the same, so standard output writes nothing onto it (`Output.inputs`).
    package func open(_ path: String) throws(InputError) -> ChunkedInput {
        if path == "-" {
            if let identity = context.standardInput.identity { context.inputs.record(identity, name: path) }
            if let identity = context.standardInput.identity, identity == context.stdout.fileIdentity {
                throw InputError(path: path, problem: .isStandardOutput)
            }
            return ChunkedInput(path: path, size: nil, source: context.standardInput)
        }
        let descriptor = openDescriptor(path)
        guard descriptor >= 0 else {
            let problem: InputError.Problem =
                switch errno {
                case ENOENT, ENOTDIR: .missing
                case EISDIR: .directory
                default: .unreadable(.current)
                }
            throw InputError(path: path, problem: problem)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = SystemError.current
            close(descriptor)
            throw InputError(path: path, problem: .unreadable(error))
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else {
            close(descriptor)
            throw InputError(path: path, problem: .directory)
        }
        if type == S_IFREG { context.inputs.record(FileIdentity(info), name: path) }
        if type == S_IFREG, FileIdentity(info) == context.stdout.fileIdentity {
            close(descriptor)
            throw InputError(path: path, problem: .isStandardOutput)
        }
        // Pipes and devices report no size: they are read up to the limit, never to the end.
        let size = type == S_IFREG ? Int(info.st_size) : nil
        return ChunkedInput(path: path, size: size, descriptor: descriptor)
    }

    /// Reads a whole file, or standard input for `-`. A file over `limit` bytes is
    /// refused before it is read (`InputError.Problem.tooLarge`); standard input, pipes
    /// and devices are read only until they pass the limit. `limit` nil reads any size
    /// (an event log the report replays whole, an AHAP file). `log` reads an event log
    /// as `eval` does (`ChunkedInput.forEachLogChunk`): a `.gz` file decompressed, its
    /// decompressed bytes held to `limit`.
    package func read(_ path: String, limit: Int?, log: Bool = false) throws(InputError) -> [UInt8] {
        let input = try open(path)
        let inflating = log && input.isGzip
        if !inflating, let limit, let size = input.size, size > limit {
            throw InputError(path: path, problem: .tooLarge(size: size, limit: limit))
        }
        var bytes: [UInt8] = []
        if !inflating, let size = input.size { bytes.reserveCapacity(size) }
        var over = false
        let append = { (chunk: UnsafeBufferPointer<UInt8>) -> Bool in
            bytes.append(contentsOf: chunk)
            if let limit, bytes.count > limit {
                over = true
                return false
            }
            return true
        }
        if log {
            try input.forEachLogChunk(append)
        } else {
            try input.forEachChunk(chunkSize: 1 << 16, append)
        }
        if over, let limit { throw InputError(path: path, problem: .tooLarge(size: nil, limit: limit)) }
        return bytes
    }

    /// Reads a whole file like `read`; when it cannot, prints the problem to stderr and
    /// returns nil (the caller then exits 1): `error: <path>: <what to do>`, or for a file
    /// over the limit the located HP004 diagnostic the YAML front end gives (YAML files;
    /// `located` false gives the `error:` line for files that are not YAML; `log` as for `read`).
    package func readReportingErrors(_ path: String, limit: Int?, located: Bool = true, log: Bool = false) -> [UInt8]? {
        do throws(InputError) {
            return try read(path, limit: limit, log: log)
        } catch {
            if case .tooLarge = error.problem, located {
                DiagnosticPrinter.print([error.diagnostic], sources: [:], context: context)
            } else {
                context.stderr.line("error: " + terminalText(error.message))
            }
            return nil
        }
    }
}

extension InputFiles {
    /// The deepest a walk goes below the folder it is given (`a/b/.../log.jsonl`, 32 folders).
    package static let maxWalkDepth = 32

    /// The one directory walk of the command line (`eval` and `diff` log folders, `test`
    /// folders): the relative paths of the files under `root` whose names `matching`
    /// accepts, sorted by bytes. Symbolic links are followed, but each real folder is
    /// searched once and each real file listed once (by device and inode), so a link loop
    /// (`a/up -> ..`) or a second name for a log never counts it twice, and no walk grows
    /// exponentially; folders deeper than `maxWalkDepth` are not entered. Tells `warn`
    /// what it skips, by name: a matching name that is a FIFO, a socket or a device (read,
    /// it would hang or never end), a file or folder seen already, a folder too deep.
    package static func walk(
        _ root: String, matching: (String) -> Bool, warn: (String) -> Void
    ) -> [String] {
        var found: [String] = []
        var folders: [FileIdentity: String] = [:]
        var files: [FileIdentity: String] = [:]
        var info = stat()
        guard stat(root, &info) == 0 else { return [] }
        folders[FileIdentity(info)] = root
        // Depth first, each folder's entries in byte order, so which of two names is kept is fixed.
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            let directory = relative.isEmpty ? root : root + "/" + relative
            guard let handle = opendir(directory) else { continue }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(handle)
            var folderEntries: [String] = []
            // A folder's own entries before its symbolic links, so a file and a link to it
            // are listed by the file's name.
            let sorted = names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            let isLink = sorted.map { name in
                lstat(directory + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
            }
            for name in zip(sorted, isLink).filter({ !$0.1 }).map(\.0) + zip(sorted, isLink).filter(\.1).map(\.0) {
                let path = relative.isEmpty ? name : relative + "/" + name
                let shown = root + "/" + path
                guard stat(shown, &info) == 0 else { continue }
                let identity = FileIdentity(info)
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if let first = folders[identity] {
                        warn(
                            "skipped \(shown): it is the folder \(first) again (a symbolic link); each folder is read once"
                        )
                    } else if depth + 1 > maxWalkDepth {
                        warn("skipped \(shown): more than \(maxWalkDepth) folders below \(root); move the files up")
                    } else {
                        folders[identity] = shown
                        folderEntries.append(path)
                    }
                case S_IFREG:
                    guard matching(name) else { continue }
                    if let first = files[identity] {
                        warn("skipped \(shown): the same file as \(first) (a link); each file is read once")
                    } else {
                        files[identity] = shown
                        found.append(path)
                    }
                default:
                    guard matching(name) else { continue }
                    warn("skipped \(shown): \(fileKind(info)), not a regular file; give a file")
                }
            }
            pending += folderEntries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.reversed().map {
                ($0, depth + 1)
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// What a file that is not a regular one is, for messages.
    static func fileKind(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a directory"
        default: "not a file"
        }
    }
}

extension CommandContext {
    /// The reader of the files given on the command line (and of stdin for `-`).
    package var files: InputFiles { InputFiles(context: self) }
}

/// A file or standard input opened by `InputFiles.open`, read in chunks. A file's
/// descriptor is closed when the value goes away.
package final class ChunkedInput {
    /// The path as given (`-` for standard input).
    package let path: String
    /// The size in bytes, when known before reading (a regular file); nil for standard
    /// input, pipes and devices.
    package let size: Int?
    private let source: StandardInput
    private let descriptor: Int32?
    private let failure: ReadFailure

    /// Whether input arrives over time (standard input from a pipe or a terminal, a named
    /// pipe, a device), so results should be flushed after every chunk.
    package var isLive: Bool { source.isLive }

    init(path: String, size: Int?, source: StandardInput) {
        self.path = path
        self.size = size
        self.source = source
        self.descriptor = nil
        self.failure = ReadFailure()
    }

    init(path: String, size: Int?, descriptor: Int32) {
        let failure = ReadFailure()
        self.path = path
        self.size = size
        self.descriptor = descriptor
        self.failure = failure
        // A named pipe or a device delivers over time, like standard input from a pipe.
        self.source = StandardInput(isLive: size == nil) { buffer in
            while true {
                let count = readDescriptor(descriptor, into: buffer)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                failure.error = .current
                return 0
            }
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Calls `body` with each chunk of at most `chunkSize` bytes until the end of the
    /// input or until `body` returns false; one buffer is reused, so memory does not grow
    /// with the input. Throws when a file cannot be read to its end.
    package func forEachChunk(
        chunkSize: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(InputError) {
        source.forEachChunk(chunkSize: chunkSize, body)
        if let error = failure.error { throw InputError(path: path, problem: .unreadable(error)) }
    }
}

/// Set by a file's read function when `read(2)` fails.
private final class ReadFailure {
    var error: SystemError?
}

/// `open(2)` for reading, named so that `InputFiles.open` does not hide it.
private func openDescriptor(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

/// `read(2)`, named so that the methods called `read` do not hide it.
private func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
