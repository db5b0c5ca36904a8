import HapticPolicy
import HapticPolicyDocument
import HapticPolicyYAML
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way `haptic-policy lsp` touches the file system: every file it reads (a
/// policy's included files, the policy a test file names, the policies on disk that may
/// include an open file, `Docs/checks.md`), every folder it lists and every file it stats
/// goes through a `WorkspaceFiles`, which allows only paths inside the workspace
/// (Docs/security.md, "The language server reads only its workspace").
///
/// The workspace is the folders the client declares (`initialize`'s `workspaceFolders`,
/// else its `rootUri` or `rootPath`, then `workspace/didChangeWorkspaceFolders`); with
/// none, the folder of the document being checked; for a document that is not a file
/// (`untitled:`), with no folders, nothing. A path is inside when its real path (every
/// symbolic link resolved; for a path that does not exist yet, its deepest existing
/// folder's) is a folder's real path or below it, so neither `..` nor a link leads out.
/// What is read must be a regular file (never a FIFO, a device or a folder) within the
/// size limit, checked before a byte is read (`ProjectFolder.read`).
///
/// A path it refuses is recorded (`refused`), so the server can say that a file was not
/// read, naming it and the workspace, and never quote it.
final class WorkspaceFiles: Sendable {
    /// The folders as the client named them, for messages.
    let folders: [String]
    /// The folders' real paths, each without a trailing `/` (but `/` itself).
    private let realFolders: [String]
    /// The paths refused so far, in order, each once.
    private let refusals = Mutex<[String]>([])

    /// A reader confined to `folders` (paths; relative ones from the current directory).
    /// A folder that does not exist holds only paths below it, where nothing can be read.
    init(folders: [String]) {
        self.folders = folders
        realFolders = folders.compactMap(Self.resolved)
    }

    /// The reader of a document at `path` given the workspace folders `roots`: the roots,
    /// or with none the document's own folder (none for a name that is not a path).
    convenience init(roots: [String], document path: String) {
        if !roots.isEmpty || !path.hasPrefix("/") {
            self.init(folders: roots)
        } else {
            self.init(folders: [PathText.folder(of: path)])
        }
    }

    /// How messages name the workspace: its folders, quoted, or that it has none.
    var description: String {
        folders.isEmpty ? "no workspace folder" : folders.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The paths refused so far, in the order they were asked for.
    var refused: [String] { refusals.withLock { $0 } }

    /// Whether `path` is inside a workspace folder once symbolic links are resolved.
    /// Touches nothing but the path's folders (`realpath(3)`).
    func contains(_ path: String) -> Bool {
        guard let real = Self.resolved(path) else { return false }
        return realFolders.contains { folder in
            folder == "/" || real == folder || real.hasPrefix(folder + "/")
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them; nil (the path
    /// recorded as refused when it is outside) when it is outside the workspace, not a
    /// regular file, over the limit or unreadable.
    func read(_ path: String, limit: Int) -> [UInt8]? {
        guard allows(path), case .success(let bytes) = ProjectFolder.read(path, limit: limit) else { return nil }
        return bytes
    }

    /// The names in the folder at `path` (not `.` and `..`), sorted; empty when it is
    /// outside the workspace or cannot be listed.
    func names(in path: String) -> [String] {
        guard allows(path), let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The modification time and size of the regular file at `path`, as a stamp that
    /// changes when the file does; nil when it is outside the workspace or not a
    /// regular file.
    func stamp(_ path: String) -> String? {
        var info = stat()
        guard allows(path), stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return "\(time.tv_sec).\(time.tv_nsec) \(info.st_size)"
    }

    /// Whether a regular file is at `path`, inside the workspace.
    func isFile(_ path: String) -> Bool {
        stamp(path) != nil
    }

    /// Whether `path` is inside; records it as refused when not.
    private func allows(_ path: String) -> Bool {
        if contains(path) { return true }
        refusals.withLock { if !$0.contains(path) { $0.append(path) } }
        return false
    }

    /// The real path of `path`, or for one that does not exist, its deepest existing
    /// folder's real path with the rest of it; nil when a `..` follows a missing folder.
    static func resolved(_ path: String) -> String? {
        var head = path.isEmpty ? "." : path
        var rest: [String] = []
        while true {
            if let real = realPath(head) {
                guard !rest.contains("..") else { return nil }
                let tail = rest.reversed().filter { $0 != "." }
                guard !tail.isEmpty else { return real }
                return (real == "/" ? "" : real) + "/" + tail.joined(separator: "/")
            }
            let name = PathText.baseName(head)
            let folder = PathText.folder(of: head)
            guard folder != head else { return nil }
            rest.append(name)
            head = folder
        }
    }

    /// `realpath(3)`: the path with every link resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
