import Foundation

/// A compiled policy shipped to devices: its content as JSON with a format version and a
/// content hash, loadable with Foundation alone (no libyaml, no validator on device).
///
/// Layout (one line, written by `encode`; see `Docs/bundle-format.md`):
/// `{"format":"haptic-policy-bundle","formatVersion":5,"policy":"<name>","hash":"sha256:<hex>","content":<content JSON>}`
/// The hash is the SHA-256 of the exact bytes of the `content` value as stored, so a
/// truncated or edited bundle is refused on every platform without re-encoding.
public enum PolicyBundle {
    /// The format version this library reads and writes: 5, the designed format of
    /// `Docs/bundle-format.md` (tagged objects with named fields) with the optional
    /// fields of language v3. Every bundle is written in it; a bundle of another version
    /// is refused with a message naming its version (versions 2 and 3 stored Swift's own
    /// encoding of the content and cannot be read by ports, and a version-4 reader would
    /// ignore v3 fields it does not know, so there is no migration: recompile the policy).
    public static let formatVersion = 5
    /// The `format` marker.
    public static let formatName = "haptic-policy-bundle"

    /// Why a bundle was refused.
    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a bundle at all (no header, or not JSON).
        case notABundle(String)
        /// A format version other than `formatVersion`: an older bundle (recompile it) or
        /// a newer one (update the library).
        case unsupportedVersion(found: Int, supported: Int)
        /// The document's bytes do not match the recorded hash (edited or damaged).
        case hashMismatch(expected: String, actual: String)
        /// The file ends early or the document cannot be decoded.
        case damaged(String)

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
            case .damaged(let why):
                "bundle is truncated or damaged (\(why)); recompile it"
            }
        }
    }

    /// The bytes of a compiled policy's bundle. The same content always gives the same
    /// bytes: keys sorted, no path of the compiling machine inside (locations are line and
    /// column in `source`, the compiled file's base name).
    package static func encode(_ policy: Policy) -> [UInt8] {
        let contentBytes = canonicalJSON(policy.content)
        let name = canonicalJSON(policy.name)
        var bytes = Array("{\"format\":\"\(formatName)\",\"formatVersion\":\(formatVersion),\"policy\":".utf8)
        bytes += name
        bytes += Array(",\"hash\":\"\(hash(ofContentBytes: contentBytes))\",\"content\":".utf8)
        bytes += contentBytes
        bytes += Array("}\n".utf8)
        return bytes
    }

    /// The content hash (`sha256:<hex>`) of compiled content: what `Policy.hash` holds.
    package static func hash(of content: PolicyContent) -> String {
        hash(ofContentBytes: canonicalJSON(content))
    }

    private static func hash(ofContentBytes bytes: some Collection<UInt8>) -> String {
        "sha256:" + SHA256.hex(Array(bytes))
    }

    /// JSON with sorted keys and no escaped slashes; non-finite numbers (which the
    /// validator never lets through) as strings, so encoding cannot fail.
    private static func canonicalJSON<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return [UInt8](try encoder.encode(value))
        } catch {
            // Only a throwing `encode(to:)` could get here; ours do not throw.
            preconditionFailure("compiled policy content cannot be encoded: \(error)")
        }
    }

    /// Decodes bundle bytes into content and its hash; refuses other formats and
    /// versions, wrong hashes, damaged files and content that is not consistent.
    package static func decode(_ bytes: [UInt8]) throws(LoadError) -> (content: PolicyContent, hash: String) {
        let marker = Array(",\"content\":".utf8)
        guard let markerStart = firstIndex(of: marker, in: bytes, limit: 4096) else {
            if firstIndex(of: Array(",\"document\":".utf8), in: bytes, limit: 4096) != nil {
                throw .unsupportedVersion(found: 1, supported: formatVersion)
            }
            throw .notABundle("no bundle header found")
        }
        let header = Array(bytes[..<markerStart]) + Array("}".utf8)
        guard let object = try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any] else {
            throw .notABundle("the header is not JSON")
        }
        guard object["format"] as? String == formatName else {
            throw .notABundle("'format' is not \"\(formatName)\"")
        }
        guard let version = object["formatVersion"] as? Int else { throw .notABundle("'formatVersion' is missing") }
        guard version == formatVersion else {
            throw .unsupportedVersion(found: version, supported: formatVersion)
        }
        guard let expected = object["hash"] as? String else { throw .notABundle("'hash' is missing") }

        var end = bytes.count
        while end > markerStart, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > markerStart + marker.count, bytes[end - 1] == UInt8(ascii: "}") else {
            throw .damaged("the file does not end with the closing brace")
        }
        let contentBytes = bytes[(markerStart + marker.count)..<(end - 1)]
        let actual = hash(ofContentBytes: contentBytes)
        guard actual == expected else { throw .hashMismatch(expected: expected, actual: actual) }
        let content: PolicyContent
        do {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            content = try decoder.decode(PolicyContent.self, from: Data(contentBytes))
        } catch let error as DecodingError {
            throw .damaged("the content cannot be decoded: " + describe(error))
        } catch {
            throw .damaged("the content cannot be decoded: \(error)")
        }
        if let problem = content.inconsistency { throw .damaged(problem) }
        return (content, actual)
    }

    /// A decoding error as the place in the content and what is wrong there:
    /// `at content.cells[2].rows[0].action.kind: unknown kind 'ring' (known: ...)`.
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            "at content"
                + path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return place(context.codingPath) + ": the field '\(key.stringValue)' is missing"
        case .typeMismatch(let type, let context):
            return place(context.codingPath) + ": expected \(jsonName(type)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return place(context.codingPath) + ": expected \(jsonName(type)), found null"
        case .dataCorrupted(let context):
            return place(context.codingPath) + ": " + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    /// What a reader of the JSON calls a Swift type.
    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
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
    /// Loads a compiled bundle (Foundation alone: no libyaml, no validator). Refuses other
    /// formats and versions, a hash that does not match, and damaged content. `file` names
    /// the source in rule locations; by default the policy file's base name recorded in
    /// the bundle.
    public convenience init(bundle bytes: [UInt8], file: String? = nil) throws(PolicyBundle.LoadError) {
        let (content, hash) = try PolicyBundle.decode(bytes)
        self.init(content: content, file: file, hash: hash)
    }

    /// The bundle of this policy: the bytes `haptic-policy compile` writes.
    package var bundle: [UInt8] { PolicyBundle.encode(self) }
}
