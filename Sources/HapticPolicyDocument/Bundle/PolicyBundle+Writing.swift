import Foundation
import HapticPolicy

/// The tools' writing of a bundle (`haptic-policy compile`): both lines, from the compiled
/// content (`Docs/bundle-format.md`, "The two lines"). A runtime only reads line 1.
extension PolicyBundle {
    /// The `format` marker of line 2, the tools part.
    package static let toolsFormatName = "haptic-policy-bundle-tools"

    /// The bytes of a compiled policy's bundle: line 1, the runtime part, then (unless
    /// `runtimeOnly`) line 2, the tools part (`Docs/bundle-format.md`, "The two lines").
    /// The same content always gives the same bytes: keys sorted, no path of the compiling
    /// machine inside (locations are line and column in `source`, the compiled file's base name).
    package static func encode(_ policy: Policy, runtimeOnly: Bool = false) -> [UInt8] {
        let (runtime, tools) = parts(of: policy.content)
        let name = canonicalJSON(policy.name)
        let runtimeHash = hash(ofContentBytes: runtime)
        var bytes = Array("{\"format\":\"\(formatName)\",\"formatVersion\":\(formatVersion),\"policy\":".utf8)
        bytes += name
        bytes += Array(",\"hash\":\"\(runtimeHash)\",\"content\":".utf8)
        bytes += runtime
        bytes += Array("}\n".utf8)
        guard !runtimeOnly else { return bytes }
        bytes += Array("{\"format\":\"\(toolsFormatName)\",\"formatVersion\":\(formatVersion),\"runtime\":".utf8)
        bytes += Array("\"\(runtimeHash)\",\"hash\":\"\(hash(ofContentBytes: tools))\",\"content\":".utf8)
        bytes += tools
        bytes += Array("}\n".utf8)
        return bytes
    }

    /// The content hash (`sha256:<hex>`) of compiled content: the hash of its runtime part
    /// (line 1's `content`), what `Policy.hash` holds and decisions cite.
    package static func hash(of content: PolicyContent) -> String {
        hash(ofContentBytes: parts(of: content).runtime)
    }

    /// The canonical JSON of `content` split into the runtime part and the tools part
    /// (`{}` when nothing is tools-only).
    package static func parts(of content: PolicyContent) -> (runtime: [UInt8], tools: [UInt8]) {
        let full = canonicalJSON(content)
        do {
            let (runtime, tools) = try BundleTree.parse(full, 0..<full.count).split()
            return (runtime.bytes, (tools ?? .object([])).bytes)
        } catch {
            // `JSONEncoder` writes JSON the tree reads.
            preconditionFailure("compiled policy content is not JSON: \(error)")
        }
    }

    /// JSON with sorted keys and no escaped slashes but the one of `</` (escaped by the
    /// tools' one rule, `JSONString.hardened`, as U+2028, U+2029 and U+0085 are);
    /// non-finite numbers (which the validator never lets through) as strings, so
    /// encoding cannot fail.
    package static func canonicalJSON<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return Array(JSONString.hardened(String(decoding: try encoder.encode(value), as: UTF8.self)).utf8)
        } catch {
            // Only a throwing `encode(to:)` could get here; ours do not throw.
            preconditionFailure("compiled policy content cannot be encoded: \(error)")
        }
    }
}

extension Policy {
    /// The bundle of this policy: the bytes `haptic-policy compile` writes (both lines).
    package var bundle: [UInt8] { PolicyBundle.encode(self) }
}
