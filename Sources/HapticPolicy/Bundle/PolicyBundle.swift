import Foundation

/// A compiled policy shipped to devices: its content as JSON with a format version and a
/// content hash, loadable with Foundation alone (no libyaml, no validator on device).
///
/// Layout (two lines, written by `encode`; see `Docs/bundle-format.md`, "The two lines"):
/// `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"<name>","hash":"sha256:<hex>","content":<runtime content>}`
/// then `{"format":"haptic-policy-bundle-tools","formatVersion":7,"runtime":"sha256:<line 1's hash>","hash":"sha256:<hex>","content":<tools content>}`.
/// A runtime reads line 1 alone; the tools merge the two. Each hash is the SHA-256 of the
/// exact bytes of its line's `content` value as stored, so a truncated or edited bundle is
/// refused on every platform without re-encoding.
public enum PolicyBundle {
    /// The format version this library reads and writes: 7, the designed format of
    /// `Docs/bundle-format.md` (tagged objects with named fields, `decide` tables holding
    /// every runtime decision the compiler made) split in two lines: what a runtime reads,
    /// then what only the tools read (positions, invariants, budgets, notes). Every bundle
    /// is written in it; a bundle of another version is refused with a message naming
    /// both versions (a version-6 bundle mixes the two parts, so there is no migration:
    /// recompile the policy).
    public static let formatVersion = 7
    /// The `format` marker.
    public static let formatName = "haptic-policy-bundle"
    /// The largest bundle every runtime reads: 8 MiB (`Docs/bundle-format.md`, "Size").
    /// `haptic-policy compile` writes no larger one.
    public static let maxBytes = 8 << 20

    /// What a refusal is, as a stable code every runtime reports alike
    /// (`Docs/bundle-format.md`, "What a reader must refuse").
    public enum Refusal: String, Sendable, Equatable, CaseIterable {
        /// No envelope, or `format` is not `haptic-policy-bundle`.
        case notABundle = "not-a-bundle"
        /// A `formatVersion` other than 7.
        case unsupportedVersion = "unsupported-version"
        /// The content does not hash to `hash`.
        case hashMismatch = "hash-mismatch"
        /// Line 1 does not end with the envelope's closing brace.
        case truncated
        /// Not strict JSON (RFC 8259): a stray character, a bad escape, a control character.
        case syntax
        /// Bytes that are not UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// A `\u` escape of half a surrogate pair.
        case loneSurrogate = "lone-surrogate"
        /// An object with one key written twice.
        case duplicateKey = "duplicate-key"
        /// Arrays and objects nested more than 512 deep.
        case tooDeep = "too-deep"
        /// A number literal no finite double holds (`1e999`).
        case numberOutOfRange = "number-out-of-range"
        /// A field the format does not have at its place.
        case unknownField = "unknown-field"
        /// A required field left out.
        case missingField = "missing-field"
        /// A value of the wrong JSON type (`null`, or a string such as `"nan"` where a number goes).
        case wrongType = "wrong-type"
        /// A number where an integer goes that is not written as one: a fraction or an
        /// exponent (`1e2`, `1.0`), or outside -2^31...2^31-1.
        case notInteger = "not-integer"
        /// An unknown tag, preset, directive or other named value.
        case unknownTag = "unknown-tag"
        /// A value of the right type the format does not allow there (a position of four
        /// numbers, a range with two lower bounds, `neg` with two arguments).
        case invalidValue = "invalid-value"
        /// Content that decodes but is not consistent (an index out of range, a name twice).
        case inconsistent
        /// A bundle of more than `maxBytes` bytes.
        case tooLarge = "too-large"
    }

    /// Why a bundle was refused.
    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a bundle at all (no header, or not JSON).
        case notABundle(String)
        /// A format version other than `formatVersion`: an older bundle (recompile it) or
        /// a newer one (update the library).
        case unsupportedVersion(found: Int, supported: Int)
        /// The document's bytes do not match the recorded hash (edited or damaged).
        case hashMismatch(expected: String, actual: String)
        /// The file ends early or the document cannot be decoded: what is wrong, its
        /// code, the JSON path of the place (`content.cells[2].rows[0].action.kind`) and
        /// the byte offset of that place in the file.
        case damaged(String, code: Refusal = .inconsistent, path: String = "content", offset: Int? = nil)

        /// The stable code of the refusal, the same in every runtime.
        public var code: Refusal {
            switch self {
            case .notABundle: .notABundle
            case .unsupportedVersion: .unsupportedVersion
            case .hashMismatch: .hashMismatch
            case .damaged(_, let code, _, _): code
            }
        }

        /// The JSON path of the refused place (`""` for the envelope as a whole).
        public var path: String {
            switch self {
            case .notABundle: ""
            case .unsupportedVersion: "formatVersion"
            case .hashMismatch: "hash"
            case .damaged(_, _, let path, _): path
            }
        }

        /// The byte offset of the refused place in the file, when one place is wrong.
        public var offset: Int? {
            switch self {
            case .notABundle: 0
            case .unsupportedVersion, .hashMismatch: nil
            case .damaged(_, _, _, let offset): offset
            }
        }

        /// Lowercase message naming the fix.
        public var description: String {
            switch self {
            case .notABundle(let why):
                "not a haptic-policy bundle (\(why)); build one with 'haptic-policy compile <policy> -o <bundle.json>'"
            case .unsupportedVersion(let found, let supported) where found < supported:
                "bundle format version \(found) is older than the version \(supported) this library reads; recompile the policy with this haptic-policy ('haptic-policy compile <policy> -o <bundle.json>')"
            case .unsupportedVersion(let found, let supported):
                "bundle format version \(found) is newer than the version \(supported) this library reads; update the library, or compile the policy with the haptic-policy that matches it"
            case .hashMismatch(let expected, let actual):
                "bundle hash mismatch: header says \(expected), content is \(actual); the bundle was edited or damaged, recompile it"
            case .damaged(let why, _, _, _):
                "bundle is truncated or damaged (\(why)); recompile it"
            }
        }
    }

    /// The content hash (`sha256:<hex>`) of a line's `content` bytes as stored.
    package static func hash(ofContentBytes bytes: some Collection<UInt8>) -> String {
        "sha256:" + SHA256.hex(Array(bytes))
    }

    /// Whether the content member at `path` (keys, and `[]` for an array's items:
    /// `["cells", "[]", "rows", "[]", "note"]`) is one only the tools read, and so stands in
    /// line 2, not line 1 (`Docs/bundle-format.md`, "What each line holds"): the top-level
    /// `description`, `invariants` and `budgets`; every `location` but a row's and a band
    /// level's (decisions cite those); every `note` but a row's (a decision carries it).
    /// The one definition of the split: the runtime refuses such a member in line 1, the
    /// tools' writer (`BundleTree.split`) moves it to line 2.
    package static func isToolsOnly(_ path: [String]) -> Bool {
        guard let key = path.last else { return false }
        if path.count == 1, ["description", "invariants", "budgets"].contains(key) { return true }
        switch key {
        case "location":
            return path != ["cells", "[]", "rows", "[]", "location"]
                && path != ["bands", "[]", "levels", "[]", "location"]
        case "note":
            return path != ["cells", "[]", "rows", "[]", "note"]
        default:
            return false
        }
    }

    /// Decodes bundle bytes as a runtime does: content and its hash from line 1 alone
    /// (what follows the first line feed is never read: the tools part's members are left
    /// at their defaults, unknown positions, no notes, invariants or budgets); refuses
    /// other formats and versions, wrong hashes, damaged files, whatever the strict reading
    /// of `Docs/bundle-format.md` refuses, and content that is not consistent. The tools
    /// read both lines with `decode`.
    package static func decodeRuntime(_ bytes: [UInt8]) throws(LoadError) -> (content: PolicyContent, hash: String) {
        let line = try lineOne(bytes)
        return (try content(of: line), line.hash)
    }

    /// Line 1 of a bundle, checked as far as its bytes go: the size, the envelope, the
    /// hash, and the strict scan of its content (`BundleJSONScan`), not yet decoded.
    package struct LineOne {
        /// Line 1's bytes, without its line feed.
        package let bytes: [UInt8]
        /// Where its `content` value stands in `bytes` (and in the file).
        package let contentRange: Range<Int>
        /// The content hash, `sha256:<hex>`, as checked.
        package let hash: String
        /// The strict scan of the content.
        let scan: BundleJSONScan

        /// The scan again, with every value's offset: for a refusal only (a valid bundle
        /// keeps no map of its paths).
        func located() -> BundleJSONScan {
            (try? BundleJSONScan.scan(bytes, contentRange, root: "content", depth: 1, locating: true)) ?? scan
        }
    }

    /// Checks line 1 of `file` as far as its bytes go (`LineOne`).
    package static func lineOne(_ file: [UInt8]) throws(LoadError) -> LineOne {
        guard file.count <= maxBytes else {
            throw .damaged(
                "the bundle is \(file.count) bytes, over the \(maxBytes)-byte limit every runtime reads",
                code: .tooLarge, path: "", offset: maxBytes)
        }
        // Line 1 alone: a line feed never stands inside JSON text but as space.
        let bytes = file.firstIndex(of: 0x0A).map { Array(file[..<$0]) } ?? file
        let marker = Array(",\"content\":".utf8)
        guard let markerStart = firstIndex(of: marker, in: bytes, limit: 4096) else {
            if firstIndex(of: Array(",\"document\":".utf8), in: bytes, limit: 4096) != nil {
                throw .unsupportedVersion(found: 1, supported: formatVersion)
            }
            throw .notABundle("no bundle header found")
        }
        guard bytes.first == UInt8(ascii: "{") else { throw .notABundle("the file does not start with '{'") }
        let header = Array(bytes[..<markerStart]) + Array("}".utf8)
        let envelope: BundleJSONScan
        do {
            envelope = try BundleJSONScan.scan(header, 0..<header.count, root: "", depth: 0)
        } catch {
            guard case .damaged(let why, _, _, _) = error else { throw error }
            throw .notABundle("the header is not strict JSON: \(why)")
        }
        guard envelope.topStrings["format"] == formatName else {
            throw .notABundle("'format' is not \"\(formatName)\"")
        }
        // An integer of the format's integers (digits only, in -2^31...2^31-1), as every
        // runtime reads it: `2147483648` is no version, as `6.0` is none.
        guard let versionText = envelope.topNumbers["formatVersion"], let version = Int32(versionText) else {
            throw .notABundle("'formatVersion' is missing")
        }
        guard version == formatVersion else {
            throw .unsupportedVersion(found: Int(version), supported: formatVersion)
        }
        guard let expected = envelope.topStrings["hash"] else { throw .notABundle("'hash' is missing") }
        guard envelope.topStrings["policy"] != nil else { throw .notABundle("'policy' is missing") }
        for member in envelope.members where !["format", "formatVersion", "policy", "hash"].contains(member.path) {
            throw .notABundle("the header has an unknown field '\(member.path)'")
        }

        var end = bytes.count
        while end > markerStart, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > markerStart + marker.count, bytes[end - 1] == UInt8(ascii: "}") else {
            throw .damaged("line 1 does not end with the closing brace", code: .truncated, path: "", offset: end)
        }
        let contentRange = (markerStart + marker.count)..<(end - 1)
        let contentBytes = bytes[contentRange]
        let actual = hash(ofContentBytes: contentBytes)
        guard actual == expected else { throw .hashMismatch(expected: expected, actual: actual) }
        let scan = try BundleJSONScan.scan(bytes, contentRange, root: "content", depth: 1)
        return LineOne(bytes: bytes, contentRange: contentRange, hash: actual, scan: scan)
    }

    /// The content of a checked line 1, as a runtime reads it: decoded, then refused if a
    /// number stands where an integer goes, `decide` is missing, a field is unknown, or
    /// the content is not consistent.
    package static func content(of line: LineOne) throws(LoadError) -> PolicyContent {
        let content = try decodeContent(line.bytes, line.contentRange, located: line.located)
        try check(content, against: line)
        return content
    }

    /// Refuses `content`, decoded from `line` (alone, or with what only the tools read
    /// merged in), as a runtime refuses line 1's: a number written where an integer goes
    /// that the decoder read all the same, no `decide` tables, a field the decoder skipped,
    /// content that is not consistent.
    package static func check(_ content: PolicyContent, against line: LineOne) throws(LoadError) {
        if let number = numberWhereAnIntegerGoes(line.bytes, line.contentRange, scan: line.scan, failing: false) {
            throw notAnInteger(number)
        }
        // `decide` is optional in memory (content before lowering), required in a bundle.
        guard content.decide != nil else {
            throw .damaged(
                "the content cannot be decoded: at content: missing field 'decide' (no decide tables)",
                code: .missingField, path: "content", offset: line.contentRange.lowerBound)
        }
        try refuseUnknownFields(content, scan: line.scan, located: line.located)
        if let problem = content.inconsistency {
            throw .damaged(problem, code: .inconsistent, path: "content", offset: line.contentRange.lowerBound)
        }
    }

    /// The content as `JSONDecoder` reads it (no non-finite numbers: a string is never
    /// a number), its errors as refusals at their path.
    private static func decodeContent(
        _ bytes: [UInt8], _ contentRange: Range<Int>, located: () -> BundleJSONScan
    ) throws(LoadError) -> PolicyContent {
        do {
            return try JSONDecoder().decode(PolicyContent.self, from: Data(bytes[contentRange]))
        } catch let error as DecodingError {
            let scan = located()
            if let number = numberWhereAnIntegerGoes(bytes, contentRange, scan: scan, failing: true) {
                throw notAnInteger(number)
            }
            throw refusal(error, scan: scan)
        } catch {
            throw .damaged("the content cannot be decoded: \(error)", code: .syntax, path: "content")
        }
    }

    /// `JSONDecoder` reads an integer from `1e2`, `1.0` or any 64-bit number, and refuses
    /// `0.5` where an integer goes without naming the place: so the content is decoded
    /// again with some of the numbers not written as integers replaced, `0.5` for those
    /// it would read (`failing` false: the content decoded), `0` for those it refused
    /// (`failing` true), and one that stands where an integer goes is found by bisection,
    /// in a few decodings (the first such when the content decoded, the last when it did
    /// not). Nothing is decoded again unless a number is written so.
    private static func numberWhereAnIntegerGoes(
        _ bytes: [UInt8], _ contentRange: Range<Int>, scan: BundleJSONScan, failing: Bool
    ) -> (path: String, range: Range<Int>)? {
        let candidates = scan.nonIntegerNumbers.filter { failing || $0.integral }
        guard !candidates.isEmpty else { return nil }
        let replacement = Array((failing ? "0" : "0.5").utf8)
        // Whether the content decodes with the first `count` candidates replaced.
        func decodes(replacingFirst count: Int) -> Bool {
            var copy: [UInt8] = []
            copy.reserveCapacity(contentRange.count)
            var at = contentRange.lowerBound
            for candidate in candidates.prefix(count) {
                copy += bytes[at..<candidate.range.lowerBound]
                copy += replacement
                at = candidate.range.upperBound
            }
            copy += bytes[at..<contentRange.upperBound]
            return (try? JSONDecoder().decode(PolicyContent.self, from: Data(copy))) != nil
        }
        // Failing: replacing every candidate by 0 must make the content decode, and the
        // culprit is the last of the shortest prefix that does. Otherwise replacing every
        // candidate by 0.5 must make it fail, and the culprit is the last of the shortest
        // prefix that fails.
        guard decodes(replacingFirst: candidates.count) == failing else { return nil }
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if decodes(replacingFirst: middle) == failing { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return nil }
        return (candidates[low - 1].path, candidates[low - 1].range)
    }

    private static func notAnInteger(_ number: (path: String, range: Range<Int>)) -> LoadError {
        .damaged(
            "the content cannot be decoded: at \(number.path): expected an integer, written with digits only, in"
                + " -2147483648...2147483647", code: .notInteger, path: number.path, offset: number.range.lowerBound)
    }

    /// Fields the encoder leaves out at their default, which a reader accepts written out:
    /// a feedback's (or its platform plan's) `priority: "normal"`.
    private static func writtenOnlyWhenNotDefault(_ path: String) -> String? {
        if path.wholeMatch(of: /content\.feedback\[[0-9]+\](\.platforms\.(android|web))?\.priority/) != nil {
            return "\"normal\""
        }
        return nil
    }

    /// Refuses a field the decoder skipped: every member of the content must be one the
    /// decoded content writes back in line 1 (or one left out at its default, written
    /// out), so a tools-only member written in line 1 is an unknown field. A position line
    /// 1 keeps (a row's or a band level's `location`, a rule's `at`) left out is refused by
    /// the decoding itself: only the members `ToolsOnly` marks may be absent.
    private static func refuseUnknownFields(
        _ content: PolicyContent, scan: BundleJSONScan, located: () -> BundleJSONScan
    ) throws(LoadError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        guard let written = try? Array(encoder.encode(content)),
            let known = try? BundleJSONScan.scan(written, 0..<written.count, root: "content", depth: 1)
        else { return }
        let knownPaths = Set(known.members.lazy.map(\.path).filter { !isToolsOnly(scanPath: $0) })
        for member in scan.members where !knownPaths.contains(member.path) {
            if let value = writtenOnlyWhenNotDefault(member.path),
                let offset = located().offsets[member.path], scan.hasText(value, at: offset)
            {
                continue
            }
            let key = member.path.split(separator: ".").last.map(String.init) ?? member.path
            throw .damaged(
                "the content cannot be decoded: at \(member.path): unknown field '\(key)'", code: .unknownField,
                path: member.path, offset: member.keyOffset)
        }
    }

    /// Whether the member at a scan's path (`content.cells[2].rows[0].note`) is tools-only
    /// or stands under one (`isToolsOnly`, every prefix of the path in its terms).
    private static func isToolsOnly(scanPath: String) -> Bool {
        var path: [String] = []
        for part in scanPath.split(separator: ".").dropFirst() {
            let key = part.prefix { $0 != "[" }
            path.append(String(key))
            if isToolsOnly(path) { return true }
            for _ in 0..<part.filter({ $0 == "[" }).count { path.append("[]") }
        }
        return false
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], limit: Int) -> Int? {
        let last = min(haystack.count - needle.count, limit)
        guard last >= 0 else { return nil }
        for start in 0...last where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return start }
        }
        return nil
    }
}

extension Policy {
    /// Loads a compiled bundle (Foundation alone: no libyaml, no validator) from its line 1,
    /// the runtime part; what follows is never read. Refuses other
    /// formats and versions, a hash that does not match, and damaged content. `file` names
    /// the source in rule locations; by default the policy file's base name recorded in
    /// the bundle.
    public convenience init(bundle bytes: [UInt8], file: String? = nil) throws(PolicyBundle.LoadError) {
        let (content, hash) = try PolicyBundle.decodeRuntime(bytes)
        self.init(content: content, file: file, hash: hash)
    }
}
