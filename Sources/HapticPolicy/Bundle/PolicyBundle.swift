import Foundation

/// A compiled policy shipped to devices: the validated document as JSON with a format
/// version and a content hash, loadable with Foundation alone (no libyaml on device).
///
/// Layout (one line, written by `encode`; see `Docs/embedding.md`):
/// `{"format":"haptic-policy-bundle","formatVersion":1,"policy":"<name>","hash":"sha256:<hex>","document":<document JSON>}`
/// The hash is the SHA-256 of the exact bytes of the `document` value as stored, so a
/// truncated or edited bundle is refused on every platform without re-encoding.
public enum PolicyBundle {
    /// The only format version this library reads and writes.
    public static let formatVersion = 1
    /// The `format` marker.
    public static let formatName = "haptic-policy-bundle"

    /// Why a bundle was refused.
    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a bundle at all (no header, or not JSON).
        case notABundle(String)
        /// A format version this library does not know.
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
            case .unsupportedVersion(let found, let supported):
                "bundle format version \(found) is not supported (this library reads version \(supported)); recompile the policy with a matching haptic-policy"
            case .hashMismatch(let expected, let actual):
                "bundle hash mismatch: header says \(expected), content is \(actual); the bundle was edited or damaged, recompile it"
            case .damaged(let why):
                "bundle is truncated or damaged (\(why)); recompile it"
            }
        }
    }

    /// Encodes a (validated) document as bundle bytes.
    public static func encode(_ document: PolicyDocument) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let documentBytes = [UInt8](try encoder.encode(document))
        let name = [UInt8](try encoder.encode(document.name.value))
        var bytes = Array("{\"format\":\"\(formatName)\",\"formatVersion\":\(formatVersion),\"policy\":".utf8)
        bytes += name
        bytes += Array(",\"hash\":\"sha256:\(SHA256.hex(documentBytes))\",\"document\":".utf8)
        bytes += documentBytes
        bytes += Array("}\n".utf8)
        return bytes
    }

    /// The content hash (`sha256:<hex>`) a bundle of this document carries.
    public static func hash(of document: PolicyDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return "sha256:" + SHA256.hex(try encoder.encode(document))
    }

    /// Decodes bundle bytes; refuses unknown versions, wrong hashes and damaged files.
    public static func decode(_ bytes: [UInt8]) throws(LoadError) -> (document: PolicyDocument, hash: String) {
        let marker = Array(",\"document\":".utf8)
        guard let markerStart = firstIndex(of: marker, in: bytes, limit: 4096) else {
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
        guard version == formatVersion else { throw .unsupportedVersion(found: version, supported: formatVersion) }
        guard let expected = object["hash"] as? String else { throw .notABundle("'hash' is missing") }

        var end = bytes.count
        while end > markerStart, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > markerStart + marker.count, bytes[end - 1] == UInt8(ascii: "}") else {
            throw .damaged("the file does not end with the closing brace")
        }
        let documentBytes = bytes[(markerStart + marker.count)..<(end - 1)]
        let actual = "sha256:" + SHA256.hex(documentBytes)
        guard actual == expected else { throw .hashMismatch(expected: expected, actual: actual) }
        do {
            let document = try JSONDecoder().decode(PolicyDocument.self, from: Data(documentBytes))
            return (document, actual)
        } catch {
            throw .damaged("the document cannot be decoded: \(error)")
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
