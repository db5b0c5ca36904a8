import HapticPolicyDocument
import HapticPolicyFrontEnd

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HapticPolicy

import HapticPolicyCompiler
import Synchronization

/// The one way the command line writes files (`report`, `export`, `compile`,
/// `import-ahap --out`): nothing is ever left half-written.
///
/// A file is written to a temporary file in the same folder (`.<name>.<pid>-<random>.tmp`),
/// flushed to the disk, and renamed over the destination, so the destination holds
/// either its old bytes or all the new ones, whatever fails (a full disk, a quota, a
/// permission, a signal). Several files (`writeAll`, one export) are all written first
/// and renamed only when every one is complete: they appear together or none do. On any
/// failure the temporary files are removed and the error names the path and the
/// system's reason (`no space left on device`, `too many levels of symbolic links`).
///
/// It is also the one output guard: every write is checked against the command's inputs
/// (`CommandInputs`: the files given, each file a policy includes, logs, test files and
/// scenarios, as they are read), by device and inode after links are followed, so
/// `codegen p.yaml -o p.yaml`, `-o link-to-p.yaml`, `-o ./a/../p.yaml` and an export or a
/// report onto an included file are refused and nothing is written.
///
/// A destination that is a symbolic link is followed (the link stays, its target is
/// replaced); one that is a device or a pipe (`/dev/stdout`, `/dev/null`) is written in
/// place, as renaming over it would replace the device. An existing file's permissions
/// are kept.
package enum OutputFiles {
    /// A file to write: where, and its bytes.
    package struct File: Sendable {
        /// The path as given on the command line.
        package var path: String
        /// The complete contents.
        package var bytes: [UInt8]

        /// Creates a file to write.
        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Writes one file atomically, unless it is one of `inputs`.
    package static func write(_ bytes: [UInt8], to path: String, inputs: CommandInputs) throws(OutputError) {
        try writeAll([File(path: path, bytes: bytes)], inputs: inputs)
    }

    /// Writes every file, all or none: each goes to a temporary file first, and only when
    /// all are complete are they renamed into place. A file that is one of `inputs` (the
    /// command's) is refused before anything is written.
    package static func writeAll(_ files: [File], inputs: CommandInputs) throws(OutputError) {
        for file in files {
            if let written = FileIdentity(path: file.path), let input = inputs.name(of: written) {
                throw OutputError(path: file.path, input: input)
            }
        }
        var staged: [(temporary: String, target: String, path: String)] = []
        func discard() {
            for item in staged { _ = unlink(item.temporary) }
            staged.removeAll()
        }
        var inPlace: [(file: File, destination: Destination)] = []
        for file in files {
            do throws(OutputError) {
                let destination = try Destination(file.path)
                if destination.inPlace {
                    // A device or a pipe: there is nothing to rename over. Written last, so
                    // a failure of the files before leaves it unwritten too.
                    inPlace.append((file, destination))
                } else {
                    staged.append((try stage(file, at: destination), destination.target, file.path))
                }
            } catch {
                discard()
                throw error
            }
        }
        for item in staged.indices {
            guard rename(staged[item].temporary, staged[item].target) == 0 else {
                let error = OutputError(path: staged[item].path, error: .current)
                staged.removeFirst(item)
                discard()
                throw error
            }
        }
        for (file, destination) in inPlace { try writeInPlace(file, at: destination) }
    }

    /// Creates a folder and the folders above it that are missing (`mkdir -p`).
    package static func createFolder(_ path: String) throws(OutputError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputError(path: path, error: SystemError(ENOTDIR)) }
            return
        }
        guard errno == ENOENT else { throw OutputError(path: path, error: .current) }
        let parent = PathText.folder(of: path)
        if parent != path, parent != "." { try createFolder(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw OutputError(path: path, error: .current) }
    }

    /// Creates `path` and the folders above it with `createFolder`; prints a failure
    /// (`error: cannot write ...`) and returns false. `export` makes its `--out` folder and
    /// `codegen` the folder of its `-o` file this way.
    package static func createFolder(_ path: String, context: CommandContext) -> Bool {
        do throws(OutputError) {
            try createFolder(path)
            return true
        } catch {
            context.stderr.line("error: " + terminalText(error.message))
            return false
        }
    }

    /// Where a path's bytes really go.
    struct Destination {
        /// The file to replace: the path, or what its symbolic links lead to.
        var target: String
        /// The existing file's permission bits, to keep them.
        var mode: mode_t?
        /// A device, a pipe or a socket: written in place.
        var inPlace: Bool

        init(_ path: String) throws(OutputError) {
            var target = path
            // Follow symbolic links to the file they lead to, as the system does (at most
            // 40 links, then ELOOP like open(2)).
            for _ in 0...40 {
                var info = stat()
                guard lstat(target, &info) == 0 else {
                    guard errno == ENOENT else { throw OutputError(path: path, error: .current) }
                    self.target = target
                    self.mode = nil
                    self.inPlace = false
                    return
                }
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    guard let link = Self.readLink(target) else { throw OutputError(path: path, error: .current) }
                    target = PathText.joined(PathText.folder(of: target), link)
                    continue
                case S_IFDIR:
                    throw OutputError(path: path, error: SystemError(EISDIR))
                case S_IFREG:
                    self.target = target
                    self.mode = info.st_mode & 0o7777
                    self.inPlace = false
                    return
                default:
                    self.target = target
                    self.mode = nil
                    self.inPlace = true
                    return
                }
            }
            throw OutputError(path: path, error: SystemError(ELOOP))
        }

        private static func readLink(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Writes the bytes to a new temporary file next to the target; returns its path.
    private static func stage(_ file: File, at destination: Destination) throws(OutputError) -> String {
        let folder = PathText.folder(of: destination.target)
        let name = destination.target.split(separator: "/").last.map(String.init) ?? "output"
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            let unique = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            temporary = folder + "/." + name + ".\(getpid())-\(unique).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw OutputError(path: file.path, error: .current) }
        var failure: SystemError?
        if let mode = destination.mode, fchmod(descriptor, mode) != 0 { failure = .current }
        if failure == nil { failure = file.bytes.withUnsafeBytes { Output.writeAll(descriptor, $0) } }
        // A full disk may only show when the data reaches it: at fsync or close.
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL, errno != EROFS { failure = .current }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = .current }
        if let failure {
            _ = unlink(temporary)
            throw OutputError(path: file.path, error: failure)
        }
        return temporary
    }

    /// Writes a device or a pipe directly.
    private static func writeInPlace(_ file: File, at destination: Destination) throws(OutputError) {
        let descriptor = open(destination.target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(path: file.path, error: .current) }
        var failure = file.bytes.withUnsafeBytes { Output.writeAll(descriptor, $0) }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = .current }
        if let failure { throw OutputError(path: file.path, error: failure) }
    }

    /// Refuses to replace an existing file unless `force` (the command's `--force`): the
    /// error names the file and the flag. A path that does not exist yet, or is a device
    /// or a pipe (`/dev/stdout`, `/dev/null`), is never refused; a symbolic link is judged
    /// by what it leads to.
    package static func refuseReplacing(_ output: String, force: Bool) throws(UsageError) {
        guard !force else { return }
        var info = stat()
        guard stat(output, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        throw UsageError("\(output) already exists; pass --force to replace it (nothing was written)")
    }

    /// Refuses an output that is the same file as one of the inputs (after following
    /// links, compared by device and inode, so a hard link or `./p.yaml` for `p.yaml` is
    /// caught too), before anything is read. `-` among the inputs is standard input,
    /// compared when it is a file. Nothing is refused when the output does not exist yet.
    /// The inputs are recorded in `context.inputs`, so the guard of `write` knows them
    /// whenever they are read.
    package static func refuseOverwriting(
        inputs: [String], output: String, context: CommandContext
    ) throws(UsageError) {
        for input in inputs {
            let read = input == "-" ? context.standardInput.identity : FileIdentity(path: input)
            if let read { context.inputs.record(read, name: input) }
        }
        guard let written = FileIdentity(path: output), let name = context.inputs.name(of: written) else { return }
        throw UsageError(
            "\(output) is the same file as the input \(FrontEndFiles.displayName(name)); writing it would destroy the input, "
                + "so nothing was read or written; choose another output path")
    }

    /// Writes the files with `writeAll` against the context's inputs; prints a failure
    /// (`error: cannot write ...`) and returns false. An output that is an input is a
    /// usage error (exit 64), as when `refuseOverwriting` finds it before reading.
    package static func write(_ files: [File], context: CommandContext) throws(UsageError) -> Bool {
        do throws(OutputError) {
            try writeAll(files, inputs: context.inputs)
            return true
        } catch {
            if error.input != nil { throw UsageError(error.message) }
            context.stderr.line("error: " + terminalText(error.message))
            return false
        }
    }
}

/// A file that cannot be written: which, and the system's reason, or the input it is.
package struct OutputError: Error, Sendable, Equatable {
    /// The path as given on the command line.
    package var path: String
    /// Why (`EEXIST` when the file is an input).
    package var error: SystemError
    /// The input (as given) the file is the same file as, when that is why.
    package var input: String?

    /// Creates the error.
    package init(path: String, error: SystemError) {
        self.path = path
        self.error = error
    }

    /// The error of an output that is the same file as the input `input`.
    package init(path: String, input: String) {
        self.path = path
        self.error = SystemError(EEXIST)
        self.input = input
    }

    /// `cannot write <path>: <reason>; <what to do>`, for an `error:` line.
    package var message: String {
        guard let input else { return HapticPolicyTool.writeFailureMessage(path, error) }
        return
            "\(path) is the same file as the input \(FrontEndFiles.displayName(input)); writing it would destroy the input, "
            + "so nothing was written; choose another output path"
    }
}

/// Every file a command reads, by identity: what the output guard (`OutputFiles`)
/// protects. `InputFiles` records each regular file it opens (the policy, logs, test
/// files, scenarios, AHAP files, standard input when it is a file), the front end each
/// file a policy includes, and `refuseOverwriting` the inputs a command names before it
/// reads them. Shared by the copies of one `CommandContext`.
package final class CommandInputs: Sendable {
    private let files = Mutex<[FileIdentity: String]>([:])

    /// No inputs yet.
    package init() {}

    /// Records an input: its identity and its name as given (the first name is kept).
    package func record(_ identity: FileIdentity, name: String) {
        files.withLock { files in
            if files[identity] == nil { files[identity] = name }
        }
    }

    /// Records the file at `path`, when there is one.
    package func record(path: String) {
        if let identity = FileIdentity(path: path) { record(identity, name: path) }
    }

    /// The name of the input that is this file, if it is one.
    package func name(of identity: FileIdentity) -> String? {
        files.withLock { $0[identity] }
    }
}

/// Which file a path or a descriptor is: its device and inode, so two names for one file
/// (a symbolic or hard link, `./x` for `x`) compare equal.
package struct FileIdentity: Sendable, Hashable {
    /// The device.
    package var device: UInt64
    /// The inode on the device.
    package var inode: UInt64

    /// The identity from `stat` results.
    package init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The file at `path` (links followed); nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The regular file open on `descriptor`; nil for a pipe, a terminal or a device.
    package init?(regularFileAt descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }
}
