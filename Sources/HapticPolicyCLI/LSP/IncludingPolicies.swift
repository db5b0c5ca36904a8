import Foundation
import HapticPolicyYAML

/// Finds on disk the policies that include a file (`include:`), so a file opened on its
/// own is checked as part of its policy rather than as a policy of its own.
///
/// An included file is always inside its main file's folder (`ProjectFolder`'s path
/// rule), so the policy that includes it is in the file's folder or one above it: the
/// folders from the file's up to the workspace folder that holds it (or up to
/// `maxLevels` folders when no workspace folder does) are listed, not searched
/// recursively. Each candidate (`*.yaml`, `*.yml`; not a test file, not a scenario) is
/// read by the front end's own include reader (`PolicyLoader.parse`, `includedFiles`),
/// only when its top level has `policy:`. What a candidate includes is cached by its
/// modification date and size (by its text when it is open in the editor), and
/// `invalidate()` forgets everything (`workspace/didChangeWatchedFiles`).
final class IncludingPolicies {
    /// How many folders above the file are listed when no workspace folder holds it.
    static let maxLevels = 16

    private struct Entry {
        /// The file's modification date and size, or its open text's hash.
        var stamp: String
        /// The paths (`CommandContext.openDocumentKey`) it includes, directly or through
        /// another included file; empty for a file that is not a policy.
        var includes: Set<String>
    }

    private var entries: [String: Entry] = [:]

    /// Forgets what every file was found to include.
    func invalidate() {
        entries.removeAll()
    }

    /// The policies that include `path`, nearest folder first, then by name. `roots` are
    /// the workspace folders; `open` gives an open document's text by path key.
    func policies(including path: String, roots: [String], open: [String: [UInt8]]) -> [String] {
        let key = CommandContext.openDocumentKey(path)
        var found: [String] = []
        for folder in Self.folders(above: key, roots: roots) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where Self.isCandidate(name) {
                let candidate = (folder as NSString).appendingPathComponent(name)
                guard candidate != key, includes(candidate, open: open).contains(key) else { continue }
                found.append(candidate)
            }
        }
        return found
    }

    /// The folder of `path` and those above it, up to the workspace folder holding it.
    static func folders(above path: String, roots: [String]) -> [String] {
        let holding = roots.map(CommandContext.openDocumentKey).filter { root in
            path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
        let top = holding.max { $0.count < $1.count }
        var folders: [String] = []
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, folders.count < (top == nil ? maxLevels : Int.max) {
            folders.append(folder)
            if folder == top || folder == "/" { break }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { break }
            folder = parent
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
    private func includes(_ candidate: String, open: [String: [UInt8]]) -> Set<String> {
        guard !PolicyWorkspace.isScenario(candidate) else { return [] }
        let openBytes = open[candidate]
        let stamp: String
        if let openBytes {
            stamp = "open \(openBytes.hashValue)"
        } else {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: candidate),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return [] }
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            stamp = "disk \(date) \(attributes[.size] as? Int ?? 0)"
        }
        if let entry = entries[candidate], entry.stamp == stamp { return entry.includes }
        var includes: Set<String> = []
        if let bytes = openBytes ?? Self.read(candidate), Self.mayInclude(bytes),
            YAMLDataFile.read(bytes, file: candidate).root?.pairs?.contains(where: { $0.key.scalarText == "policy" })
                == true
        {
            let loaded = PolicyLoader.parse(
                bytes, file: candidate, contents: { @Sendable path in open[CommandContext.openDocumentKey(path)] })
            includes = Set(loaded.includedFiles.map(CommandContext.openDocumentKey))
        }
        entries[candidate] = Entry(stamp: stamp, includes: includes)
        return includes
    }

    /// A file's bytes, when it is readable and within the front end's size limit.
    private static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= ParseLimits.default.maxBytes
        else { return nil }
        return [UInt8](data)
    }

    /// Whether the text names `include` at all: most YAML files are skipped unparsed.
    private static func mayInclude(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains("include")
    }
}
