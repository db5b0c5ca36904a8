import Foundation
import HapticPolicy
import HapticPolicyCompiler

/// Loads policy files: bytes → checked UTF-8 → libyaml events → node tree → `PolicyDocument`,
/// collecting a located diagnostic for every problem instead of throwing.
public enum PolicyLoader {
    /// Parses a policy from raw bytes; `file` names it in diagnostics. The files it
    /// includes are read from disk, or from `contents` when it has a file's bytes (an
    /// editor's unsaved buffer), by the path locations name it by.
    public static func parse(
        _ bytes: [UInt8], file: String, limits: ParseLimits = .default,
        contents: (@Sendable (String) -> [UInt8]?)? = nil
    ) -> LoadResult {
        let tree = YAMLDataFile.read(bytes, file: file, limits: limits)
        guard let root = tree.root else {
            return LoadResult(document: nil, diagnostics: tree.diagnostics, source: tree.source)
        }
        // `include:` paths are relative to the folder of `file`, read from disk.
        let merged = PolicyIncludes.merge(
            root, file: file, bytes: bytes.count, limits: limits, contents: contents)
        // `acknowledge:` decides nothing: taken out before decoding (language v3).
        let acknowledgements = AcknowledgementReader()
        let stripped = acknowledgements.extract(merged.root, topLevel: merged.acknowledgements)
        var decoder = PolicyDecoder(file: file, source: tree.source ?? "", included: merged.sources)
        var document = decoder.decode(stripped)
        if !merged.included.isEmpty { document?.included = merged.included }
        // The front end's own warnings are acknowledged here; the rest go to the validator.
        let applied = AcknowledgementChecks.apply(acknowledgements.entries, to: decoder.diagnostics)
        if !applied.unused.isEmpty { document?.acknowledgements = applied.unused }
        let diagnostics = (tree.diagnostics + merged.diagnostics + applied.kept + acknowledgements.diagnostics)
            .sorted { $0.location < $1.location }
        var result = LoadResult(document: document, diagnostics: diagnostics, source: tree.source)
        result.acknowledgements = acknowledgements.entries
        result.acknowledged = applied.acknowledged
        result.sources = merged.sources
        if let source = tree.source { result.sources[file] = source }
        result.includedFiles = merged.named
        return result
    }

    /// Reads and parses a policy file; `"-"` reads standard input. An unreadable file
    /// gives a diagnostic, never a thrown error.
    public static func load(path: String, limits: ParseLimits = .default) -> LoadResult {
        if path == "-" {
            return read(FileHandle.standardInput, named: "<stdin>", limits: limits)
        }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let type = attributes[.type] as? FileAttributeType
            if type == .typeDirectory {
                return unreadable(path, reason: "it is a directory")
            }
            // Refuse huge files before reading them.
            if let size = attributes[.size] as? Int, size > limits.maxBytes {
                return LoadResult(
                    document: nil,
                    diagnostics: [
                        InputCheck.tooLarge(
                            size, limit: limits.maxBytes, at: SourceLocation(file: path, line: 1, column: 1))
                    ],
                    source: nil)
            }
            // Pipes and devices report no size: read them up to the limit, never to the end.
            if type != .typeRegular, let handle = FileHandle(forReadingAtPath: path) {
                defer { try? handle.close() }
                return read(handle, named: path, limits: limits)
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return parse([UInt8](data), file: path, limits: limits)
        } catch {
            return unreadable(path, reason: InputCheck.unreadableReason(path: path))
        }
    }

    /// Reads a stream up to one byte past the limit (enough to tell it is too large).
    private static func read(_ handle: FileHandle, named name: String, limits: ParseLimits) -> LoadResult {
        var bytes: [UInt8] = []
        while bytes.count <= limits.maxBytes {
            let count = min(1 << 16, limits.maxBytes + 1 - bytes.count)
            let chunk: Data?
            if #available(macOS 10.15.4, iOS 13.4, *) {
                do {
                    chunk = try handle.read(upToCount: count)
                } catch {
                    return unreadable(name, reason: "reading failed")
                }
            } else {
                chunk = handle.readData(ofLength: count)
            }
            guard let chunk, !chunk.isEmpty else { break }
            bytes += chunk
        }
        if bytes.count > limits.maxBytes {
            let start = SourceLocation(file: name, line: 1, column: 1)
            return LoadResult(
                document: nil, diagnostics: [InputCheck.tooLarge(nil, limit: limits.maxBytes, at: start)],
                source: nil)
        }
        return parse(bytes, file: name, limits: limits)
    }

    private static func unreadable(_ path: String, reason: String) -> LoadResult {
        LoadResult(document: nil, diagnostics: [InputCheck.unreadable(path, reason: reason)], source: nil)
    }
}

extension YAMLNode {
    /// A document with no content: only comments, `---`, or `~`.
    var isEmptyDocument: Bool {
        guard tag == nil, case .scalar(let text, .plain) = content else { return false }
        return text.isEmpty || text == "~" || text == "null"
    }
}
