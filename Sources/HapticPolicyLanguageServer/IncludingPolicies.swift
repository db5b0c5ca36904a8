import Foundation
import HapticPolicy
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyYAML

/// Finds on disk the policies that include a file (`include:`), so a file opened on its
/// own is checked as part of its policy rather than as a policy of its own.
///
/// An included file is always inside its main file's folder (`ProjectFolder`'s path
/// rule), so the policy that includes it is in the file's folder or one above it: the
/// folders from the file's up to the workspace folder that holds it (or up to
/// `maxLevels` folders when no workspace folder does) are listed, not searched
/// recursively. Only those inside the workspace are, through its one reader
/// (`WorkspaceFiles`): nothing outside it is listed, stat'ed or read. Each candidate
/// (`*.yaml`, `*.yml`; not a test file, not a scenario) is read by the front end's own
/// include reader (`PolicyLoader.parse`, `includedFiles`), only when its top level has
/// `policy:`. What a candidate includes is cached by its
/// modification date and size (by its text when it is open in the editor), and
/// `invalidate()` forgets everything (`workspace/didChangeWatchedFiles`).
final class IncludingPolicies {
    /// How many folders above the file are listed when no workspace folder holds it.
    static let maxLevels = 16

    private struct Entry {
        /// The file's modification date and size, or its open text's hash.
        var stamp: String
        /// The paths (`FrontEndFiles.openDocumentKey`) it includes, directly or through
        /// another included file; empty for a file that is not a policy.
        var includes: Set<String>
    }

    private var entries: [String: Entry] = [:]

    /// Forgets what every file was found to include.
    func invalidate() {
        entries.removeAll()
    }

    /// The policies that include `path`, nearest folder first, then by name, among the
    /// files inside the workspace of `files`; `open` gives an open document's text by path key.
    func policies(including path: String, files: WorkspaceFiles, open: [String: [UInt8]]) -> [String] {
        let key = FrontEndFiles.openDocumentKey(path)
        var found: [String] = []
        for folder in Self.folders(above: key, roots: files.folders) where files.contains(folder) {
            for name in files.names(in: folder) where Self.isCandidate(name) {
                let candidate = PathText.joined(folder, name)
                guard candidate != key, files.contains(candidate),
                    includes(candidate, files: files, open: open).contains(key)
                else { continue }
                found.append(candidate)
            }
        }
        return found
    }

    /// The folder of `path` and those above it, up to the workspace folder holding it.
    static func folders(above path: String, roots: [String]) -> [String] {
        let holding = roots.map(FrontEndFiles.openDocumentKey).filter { root in
            path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
        let top = holding.max { $0.count < $1.count }
        var folders: [String] = []
        var folder = PathText.folder(of: path)
        while folder != ".", folders.count < (top == nil ? maxLevels : Int.max) {
            folders.append(folder)
            if folder == top || folder == "/" { break }
            folder = PathText.folder(of: folder)
        }
        return folders
    }

    /// Whether a file named `name` may be a policy.
    private static func isCandidate(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasSuffix(".tests.yaml")
            && !name.hasPrefix(".")
    }

    /// The files `candidate` includes (none when it is not a policy), from the cache when
    /// the file has not changed.
    private func includes(_ candidate: String, files: WorkspaceFiles, open: [String: [UInt8]]) -> Set<String> {
        guard !PathText.isScenario(candidate) else { return [] }
        let openBytes = open[candidate]
        let stamp: String
        if let openBytes {
            stamp = "open \(openBytes.hashValue)"
        } else {
            guard let onDisk = files.stamp(candidate) else { return [] }
            stamp = "disk \(onDisk)"
        }
        if let entry = entries[candidate], entry.stamp == stamp { return entry.includes }
        var includes: Set<String> = []
        if let bytes = openBytes ?? files.read(candidate, limit: ParseLimits.default.maxBytes), Self.mayInclude(bytes),
            YAMLDataFile.read(bytes, file: candidate).root?.pairs?.contains(where: { $0.key.scalarText == "policy" })
                == true
        {
            // Its includes are read through the workspace's reader too, a refused one as nothing.
            let loaded = PolicyLoader.parse(
                bytes, file: candidate,
                contents: { @Sendable path in
                    open[FrontEndFiles.openDocumentKey(path)]
                        ?? files.read(path, limit: ParseLimits.default.maxBytes) ?? []
                })
            includes = Set(loaded.includedFiles.map(FrontEndFiles.openDocumentKey))
        }
        entries[candidate] = Entry(stamp: stamp, includes: includes)
        return includes
    }

    /// Whether the text names `include` at all: most YAML files are skipped unparsed.
    private static func mayInclude(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains("include")
    }
}
