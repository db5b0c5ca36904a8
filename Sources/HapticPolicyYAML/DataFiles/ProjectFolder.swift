#if canImport(Glibc)
import Glibc
import HapticPolicyDocument
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HapticPolicy

/// The one path policy of every file a data file names: a policy's `include:` entries, a
/// test file's `policy:` (or the policy next to it), and any path a policy, test file or
/// scenario may name later. Such paths are written by whoever wrote the data file, which
/// may come from a pull request or the field, so they are not trusted (Docs/security.md):
///
/// - **Inside the project folder**: the folder of the file that names them (for includes,
///   the main policy's folder, whatever file includes them). An absolute path, `~`, or a
///   `..` that climbs above the folder is refused before anything is touched.
/// - **No symbolic link out**: the real path (`realpath(3)`) must be inside the folder's
///   real path, so `policies/leak.yaml -> /etc/passwd` is refused too.
/// - **Regular files only**: no FIFO (opening one would wait for a writer forever), no
///   device, no socket, no directory, nothing under `/proc`, `/sys` or `/dev` (whose files
///   say they are empty and then read the process environment).
/// - **Size before reading**: the size from `stat` is checked against the limit before a
///   byte is read, and reading stops at the limit should the file grow meanwhile, so a
///   3 GB file costs nothing.
///
/// A refusal says which rule and why; the caller turns it into a located diagnostic at the
/// value that names the file (HP021, HP022, HP026 for includes, HP808 for a test file's
/// policy).
package struct ProjectFolder: Sendable {
    /// The folder as given, with its trailing `/`, or empty for the current directory.
    package let folder: String
    /// The real path of the folder, when it exists.
    package let realFolder: String?

    /// The project folder of the data file `file`: its folder. A name that is not a path
    /// (`<stdin>`, `<buffer>`) is in the current directory.
    package init(of file: String) {
        let isPath = !file.hasPrefix("<")
        folder = isPath ? PathText.folderPrefix(of: file) : ""
        realFolder = Self.realPath(folder.isEmpty ? "." : folder)
    }

    /// Why a named file is refused.
    package enum Refusal: Error, Sendable, Equatable {
        /// An absolute path or one starting with `~`.
        case absolute
        /// A `..` that climbs above the project folder.
        case leadsOut
        /// The path names the folder itself.
        case namesFolder
        /// A symbolic link leads out of the folder, to this real path.
        case linksOut(real: String)
        /// No file at the path.
        case missing
        /// The file cannot be opened or read, for this reason (HP001's words).
        case unreadable(reason: String)
        /// Not a regular file: what it is (`a directory`, `a named pipe (FIFO)`, ...).
        case notRegular(kind: String)
        /// A system file (`/proc`, `/sys`, `/dev`) reached through a link or a mount.
        case systemFile(real: String)
        /// Over the size limit: the size when known, else nil (it grew while read).
        case tooLarge(size: Int?, limit: Int)

        /// Whether the refusal is about where the file is, not about the file itself.
        package var isOutside: Bool {
            switch self {
            case .absolute, .leadsOut, .linksOut, .systemFile: true
            case .namesFolder, .missing, .unreadable, .notRegular, .tooLarge: false
            }
        }

        /// The refusal in a sentence about the path as written, ending with what to do.
        /// `folder` is how messages name the project folder (`the folder of 'p.yaml'`).
        package func message(_ written: String, display: String, folder: String) -> String {
            let inside = "keep it in \(folder) or below it, named relative to it"
            switch self {
            case .absolute: return "'\(written)' is an absolute path; \(inside)"
            case .leadsOut: return "'\(written)' leads out of \(folder); \(inside)"
            case .namesFolder: return "'\(written)' names a folder, not a file; name a YAML file"
            case .linksOut(let real):
                return "'\(written)' resolves to '\(real)', outside \(folder) (through a symbolic link); \(inside)"
            case .systemFile(let real):
                return "'\(written)' resolves to '\(real)', a system file; name a YAML file in \(folder)"
            case .missing:
                return "cannot read '\(display)': no such file; check the path (relative to \(folder))"
            case .unreadable(let reason):
                return "cannot read '\(display)': \(reason); check the path (relative to \(folder))"
            case .notRegular(let kind):
                return "cannot read '\(display)': it is \(kind), not a regular file; name a YAML file"
            case .tooLarge(let size, let limit):
                let measured = size.map { "is \($0) bytes" } ?? "grew past \(limit) bytes while it was read"
                return
                    "cannot read '\(display)': it \(measured), over the \(limit)-byte limit; check that this is the right file"
            }
        }
    }

    /// The components of `written` relative to the folder, for a path written in a file
    /// whose own folder is `directory` (components relative to the project folder; empty
    /// for a file in it). Purely lexical: nothing on disk is touched.
    package func components(of written: String, from directory: [String] = []) -> Result<[String], Refusal> {
        if written.hasPrefix("/") || written.hasPrefix("~") { return .failure(.absolute) }
        var components = directory
        for part in written.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard components.popLast() != nil else { return .failure(.leadsOut) }
                continue
            }
            components.append(String(part))
        }
        guard !components.isEmpty else { return .failure(.namesFolder) }
        return .success(components)
    }

    /// How a file of the folder is named (the folder as given, joined with the components).
    package func display(_ components: [String]) -> String {
        folder + components.joined(separator: "/")
    }

    /// Checks the file at `components` without reading it: its real path is inside the
    /// folder and not a system file, it is a regular file, and it is at most `limit` bytes
    /// (when given). Returns its size.
    package func check(_ components: [String], limit: Int?) -> Result<Int, Refusal> {
        let display = display(components)
        guard let real = Self.realPath(display) else { return .failure(Self.openFailure(errno)) }
        if let realFolder, !real.hasPrefix(realFolder == "/" ? "/" : realFolder + "/") {
            return .failure(.linksOut(real: real))
        }
        if Self.isSystemPath(real) { return .failure(.systemFile(real: real)) }
        var info = stat()
        guard stat(real, &info) == 0 else { return .failure(Self.openFailure(errno)) }
        return Self.regular(info, limit: limit)
    }

    /// Reads a file `check` accepted, whole, without waiting on it and never past `limit`:
    /// it is opened without blocking (a FIFO swapped in meanwhile does not hang), checked
    /// again on the open descriptor, and read up to its size.
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], Refusal> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(openFailure(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(.unreadable(reason: InputCheck.unreadableReason(errno)))
        }
        let size: Int
        switch regular(info, limit: limit) {
        case .success(let value): size = value
        case .failure(let refusal): return .failure(refusal)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .failure(.unreadable(reason: InputCheck.unreadableReason(errno))) }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
            if bytes.count > limit { return .failure(.tooLarge(size: nil, limit: limit)) }
        }
        return .success(bytes)
    }

    /// A regular file's size, checked against `limit`; any other kind of file refused by name.
    private static func regular(_ info: stat, limit: Int?) -> Result<Int, Refusal> {
        let kind: String? =
            switch info.st_mode & S_IFMT {
            case S_IFREG: nil
            case S_IFDIR: "a directory"
            case S_IFIFO: "a named pipe (FIFO)"
            case S_IFSOCK: "a socket"
            case S_IFCHR, S_IFBLK: "a device"
            default: "not a file"
            }
        if let kind { return .failure(.notRegular(kind: kind)) }
        let size = Int(info.st_size)
        if let limit, size > limit { return .failure(.tooLarge(size: size, limit: limit)) }
        return .success(size)
    }

    /// The refusal of a path that cannot be resolved or opened, from `errno`.
    private static func openFailure(_ code: Int32) -> Refusal {
        code == ENOENT || code == ENOTDIR ? .missing : .unreadable(reason: InputCheck.unreadableReason(code))
    }

    /// Whether a real path is in a folder of the system's virtual files.
    private static func isSystemPath(_ real: String) -> Bool {
        ["/proc", "/sys", "/dev"].contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// The path with every symbolic link resolved, or nil (with `errno` set) when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// `read(2)`, named so that `ProjectFolder.read` does not hide it.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
