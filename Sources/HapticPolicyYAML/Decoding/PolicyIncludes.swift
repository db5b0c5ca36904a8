import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

// HP021 an included file cannot be read, HP022 outside the main file's folder, HP023 a
// cycle, HP024 included twice, HP025 a main-file key in an included file, HP026 a limit;
// HP218 a declaration in two files.

/// `include:`: reads the files a policy includes (and the files they include, depth
/// first) and merges their sections into the main file's tree, so the decoder reads one
/// tree whatever section a file holds. Each file's nodes keep their own file name, as
/// the user would open it (the main file's folder, as given, joined with the include).
///
/// The merged tree lists each section once: the main file's entries first, then each
/// included file's in include order, depth first. A mapping section (`feedback:`,
/// `events:`, `constants:`, ...) gets the pairs of every file, a list section
/// (`invariants:`, `budgets:`) the items of every file; a name declared in two files is
/// reported at the second, with a note at the first, and dropped.
struct PolicyIncludes {
    /// The deepest chain of includes (the main file's includes are depth 1).
    static let maxDepth = 16
    /// The most files one policy includes, in all.
    static let maxFiles = 64
    /// Keys only the main file may set.
    static let mainOnlyKeys = ["policy", "version", "description", "engine"]
    /// Sections that are one declaration, not a table of names: two files may not both set them.
    static let singularSections = ["user-levels", "background"]

    /// What merging produced.
    struct Merged {
        /// The main file's tree with every included section merged in, `include:` removed.
        var root: YAMLNode
        /// The text of each included file, by its name in locations.
        var sources: [String: String] = [:]
        /// Problems of the includes, and of the included files' YAML.
        var diagnostics: [Diagnostic] = []
        /// The files merged in, in merge order.
        var included: [PolicyDocument.IncludedFile] = []
        /// Every file an include names (read or not), for `watch`.
        var named: [String] = []
        /// The top-level `acknowledge:` of each file, set aside: each covers its own file
        /// (`AcknowledgementReader`), so they are never merged.
        var acknowledgements: [YAMLNode.Pair] = []
    }

    private let mainFile: String
    /// The main file's folder: every included file is in it (`ProjectFolder`'s path policy).
    private let project: ProjectFolder
    private let limits: ParseLimits
    /// The bytes of a file that are not (yet) those on disk, by path.
    private let contents: (@Sendable (String) -> [UInt8]?)?
    private var merged: Merged
    /// The sections of each file, in merge order.
    private var tables: [(file: String, pairs: [YAMLNode.Pair])] = []
    /// Where each file (relative to the folder) was first included.
    private var firstInclude: [String: SourceLocation] = [:]
    private var totalBytes: Int

    private init(
        root: YAMLNode, file: String, bytes: Int, limits: ParseLimits, contents: (@Sendable (String) -> [UInt8]?)?
    ) {
        self.contents = contents
        mainFile = file
        project = ProjectFolder(of: file)
        self.limits = limits
        merged = Merged(root: root)
        totalBytes = bytes
    }

    /// Merges the includes of `root`, the tree of `file` (`bytes` long). A tree without
    /// `include:` comes back unchanged. `contents` gives the bytes of a file when they
    /// are not those on disk (an editor's buffer).
    static func merge(
        _ root: YAMLNode, file: String, bytes: Int, limits: ParseLimits,
        contents: (@Sendable (String) -> [UInt8]?)? = nil
    ) -> Merged {
        guard let pairs = root.pairs, pairs.contains(where: { $0.key.scalarText == "include" }) else {
            return Merged(root: root)
        }
        var includes = PolicyIncludes(root: root, file: file, bytes: bytes, limits: limits, contents: contents)
        let main = file.hasPrefix("<") ? [] : [PathText.baseName(file)]
        includes.visit(pairs, file: file, directory: [], depth: 0, chain: main)
        includes.mergeTables(root)
        return includes.merged
    }

    /// Records one file's sections, then reads its includes in order, depth first.
    private mutating func visit(
        _ pairs: [YAMLNode.Pair], file: String, directory: [String], depth: Int, chain: [String]
    ) {
        tables.append((file, pairs.filter { $0.key.scalarText != "include" && $0.key.scalarText != "acknowledge" }))
        merged.acknowledgements += pairs.filter { $0.key.scalarText == "acknowledge" }
        guard let entry = pairs.first(where: { $0.key.scalarText == "include" }) else { return }
        if CoreSchema.resolve(entry.value) == .null { return }
        guard let items = entry.value.items else {
            report(
                DiagnosticCode.wrongType(
                    "expected a list of file paths for 'include', found \(Self.describe(entry.value)); write 'include: [other.yaml]'",
                    at: entry.value.location))
            return
        }
        for item in items {
            guard case .scalar(let path, _) = item.content, CoreSchema.resolve(item) != .null, !path.isEmpty else {
                report(
                    DiagnosticCode.wrongType(
                        "expected a file path in 'include', found \(Self.describe(item)); write the path of a YAML file, relative to this file's folder",
                        at: item.location))
                continue
            }
            include(path, at: item.location, from: directory, depth: depth + 1, chain: chain)
        }
    }

    /// Reads one included file and visits it.
    private mutating func include(
        _ path: String, at location: SourceLocation, from directory: [String], depth: Int, chain: [String]
    ) {
        let folderName = "the folder of '\(mainFile)'"
        let components: [String]
        switch project.components(of: path, from: directory) {
        case .success(let value): components = value
        case .failure(let refusal):
            let message = refusal.message(path, display: path, folder: folderName)
            report(
                refusal.isOutside
                    ? DiagnosticCode.includeOutsideFolder(message, at: location)
                    : DiagnosticCode.includeUnreadable(message, at: location))
            return
        }
        let relative = components.joined(separator: "/")
        let display = project.display(components)
        if !merged.named.contains(display) { merged.named.append(display) }
        if let start = chain.firstIndex(of: relative) {
            let cycle = (chain[start...] + [relative]).joined(separator: " → ")
            report(
                DiagnosticCode.includeCycle(
                    "including '\(path)' makes a cycle: \(cycle); remove one of these includes", at: location))
            return
        }
        if let first = firstInclude[relative] {
            report(
                DiagnosticCode.includedTwice(
                    "'\(relative)' is already included; include each file once (remove this entry)", at: location,
                    notes: [Diagnostic.Note("first included here", at: first)]))
            return
        }
        guard depth <= Self.maxDepth else {
            report(
                DiagnosticCode.includeLimit(
                    "includes nest more than \(Self.maxDepth) files deep; include the files from fewer levels",
                    at: location))
            return
        }
        guard merged.included.count < Self.maxFiles else {
            report(
                DiagnosticCode.includeLimit(
                    "the policy includes more than \(Self.maxFiles) files; merge some of them", at: location))
            return
        }
        // Where the file is and what it is, then its size, all before a byte is read.
        let remaining = max(0, limits.maxBytes - totalBytes)
        let bytes: [UInt8]
        let checked = project.check(components, limit: remaining).flatMap { _ in
            contents?(display).map { .success($0) } ?? ProjectFolder.read(display, limit: remaining)
        }
        switch checked {
        case .success(let value) where value.count <= remaining:
            bytes = value
        case .success, .failure(.tooLarge):
            report(
                DiagnosticCode.includeLimit(
                    "with '\(display)' the policy's files add up to more than \(limits.maxBytes) bytes; check that these are the right files",
                    at: location))
            return
        case .failure(let refusal):
            let message = refusal.message(path, display: display, folder: folderName)
            report(
                refusal.isOutside
                    ? DiagnosticCode.includeOutsideFolder(message, at: location)
                    : DiagnosticCode.includeUnreadable(message, at: location))
            return
        }
        totalBytes += bytes.count
        firstInclude[relative] = location
        merged.included.append(PolicyDocument.IncludedFile(path: display, relative: relative))
        let tree = YAMLDataFile.read(bytes, file: display, limits: limits)
        merged.diagnostics += tree.diagnostics
        if let source = tree.source { merged.sources[display] = source }
        guard let root = tree.root else { return }
        guard let pairs = CoreSchema.resolve(root) == .null ? [] : root.pairs else {
            report(
                DiagnosticCode.wrongType(
                    "expected a mapping of sections in the included file, found \(Self.describe(root)); write 'feedback:', 'events:', ... as in a policy",
                    at: root.location))
            return
        }
        let allowed = (PolicyDecoder.topLevelKeys + [AcknowledgementReader.key]).filter {
            !Self.mainOnlyKeys.contains($0)
        }
        let kept = pairs.filter { pair in
            guard let name = pair.key.scalarText else { return true }
            if Self.mainOnlyKeys.contains(name) {
                report(
                    DiagnosticCode.includeKeyNotAllowed(
                        "'\(name)' belongs in the main file ('\(mainFile)'), not in an included file; move it there or remove it",
                        at: pair.key.location))
                return false
            }
            if !allowed.contains(name) {
                report(PolicyDecoder.unknownKey(name, in: "an included file", keys: allowed, at: pair.key.location))
                return false
            }
            return true
        }
        visit(kept, file: display, directory: Array(components.dropLast()), depth: depth, chain: chain + [relative])
    }

    /// Builds the merged tree: each section once, its entries from every file.
    private mutating func mergeTables(_ root: YAMLNode) {
        var order: [String] = []
        var sections: [String: [YAMLNode.Pair]] = [:]
        var others: [YAMLNode.Pair] = []
        for table in tables {
            for pair in table.pairs {
                guard let name = pair.key.scalarText else {
                    others.append(pair)
                    continue
                }
                // An empty section adds nothing; the main file's stays, as written.
                if table.file != mainFile, CoreSchema.resolve(pair.value) == .null { continue }
                if sections[name] == nil { order.append(name) }
                sections[name, default: []].append(pair)
            }
        }
        var pairs: [YAMLNode.Pair] = []
        for name in order {
            guard let entries = sections[name], let first = entries.first else { continue }
            pairs.append(entries.count == 1 ? first : mergeSection(name, entries))
        }
        merged.root = YAMLNode(.mapping(pairs + others), tag: root.tag, at: root.location, end: root.end)
    }

    /// One section declared in several files.
    private mutating func mergeSection(_ name: String, _ entries: [YAMLNode.Pair]) -> YAMLNode.Pair {
        var entries = entries
        // `key:` with nothing after it in the main file: the included files fill it.
        if CoreSchema.resolve(entries[0].value) == .null, entries.count > 1 {
            let key = entries[0].key
            entries.removeFirst()
            entries[0].key = key
        }
        let first = entries[0]
        if Self.singularSections.contains(name) {
            for later in entries.dropFirst() {
                report(
                    DiagnosticCode.duplicateDeclaration(
                        "'\(name)' is declared twice (first at \(first.key.location)): keep it in one file",
                        at: later.key.location,
                        notes: [Diagnostic.Note("'\(name)' is first declared here", at: first.key.location)]))
            }
            return first
        }
        switch first.value.content {
        case .mapping:
            var pairs: [YAMLNode.Pair] = []
            var declared: [String: SourceLocation] = [:]
            for entry in entries {
                guard let more = entry.value.pairs else {
                    mismatch(name, entry.value, expected: "a mapping", first: first)
                    continue
                }
                for pair in more {
                    guard let key = pair.key.scalarText else {
                        pairs.append(pair)
                        continue
                    }
                    if let earlier = declared[key] {
                        report(
                            DiagnosticCode.duplicateDeclaration(
                                "\(Self.what(name)) '\(key)' is declared twice (first at \(earlier)): keep one declaration",
                                at: pair.key.location,
                                notes: [Diagnostic.Note("'\(key)' is first declared here", at: earlier)]))
                        continue
                    }
                    declared[key] = pair.key.location
                    pairs.append(pair)
                }
            }
            var value = first.value
            value.content = .mapping(pairs)
            return YAMLNode.Pair(key: first.key, value: value)
        case .sequence:
            var items: [YAMLNode] = []
            for entry in entries {
                guard let more = entry.value.items else {
                    mismatch(name, entry.value, expected: "a list", first: first)
                    continue
                }
                items += more
            }
            var value = first.value
            value.content = .sequence(items)
            return YAMLNode.Pair(key: first.key, value: value)
        case .scalar:
            // Not a section the decoder accepts: let it report the first, once.
            return first
        }
    }

    private mutating func mismatch(_ name: String, _ node: YAMLNode, expected: String, first: YAMLNode.Pair) {
        report(
            DiagnosticCode.wrongType(
                "expected \(expected) for '\(name)', as at \(first.key.location), found \(Self.describe(node)); write the section the same way in every file",
                at: node.location))
    }

    /// How a section's entry is called in messages.
    private static func what(_ section: String) -> String {
        switch section {
        case "feedback": "feedback"
        case "events": "event"
        case "screens": "screen"
        case "bands": "band set"
        case "layers": "layer"
        case "constants": "constant"
        case "everywhere": "the 'everywhere' cell of event"
        case "parameters": "parameter"
        default: "'\(section)' entry"
        }
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        merged.diagnostics.append(diagnostic)
    }

    static func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let text, _): CoreSchema.resolve(node) == .null ? "nothing" : "'\(text)'"
        }
    }
}

extension PolicyLoader {
    /// The keys only a policy's main file may set, never a file it includes (the editor
    /// does not offer them in an included file).
    package static var mainFileOnlyKeys: [String] { PolicyIncludes.mainOnlyKeys }
}
