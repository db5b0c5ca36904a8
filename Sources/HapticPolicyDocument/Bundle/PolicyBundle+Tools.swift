import Foundation
import HapticPolicy

/// The tools' reading of a bundle: line 1 as a runtime reads it, then line 2, the tools
/// part, checked against it and merged into the complete content (`Docs/bundle-format.md`,
/// "The two lines").
extension PolicyBundle {
    /// Decodes bundle bytes as the tools do: line 1 checked as `decodeRuntime` checks it,
    /// then line 2 merged in (positions, invariants, budgets, notes). Line 2's `runtime`
    /// must be line 1's hash and its own hash must match its content; a bundle without
    /// line 2 (`compile --runtime-only`) loads with the tools part's members at their
    /// defaults. A line 2 that does not fit is refused (`inconsistent`, at `tools`) with
    /// what to do: recompile.
    ///
    /// Line 1's content is parsed once, as the tree the merge takes, and decoded once,
    /// merged; the runtime's checks then run on the merged content. Only when something
    /// is refused is line 1 decoded alone, so that a fault of line 1 is refused exactly as
    /// a runtime refuses it, before any fault of line 2.
    package static func decode(_ bytes: [UInt8]) throws(LoadError) -> (content: PolicyContent, hash: String) {
        let line = try lineOne(bytes)
        guard let lineEnd = bytes.firstIndex(of: 0x0A) else { return (try content(of: line), line.hash) }
        var end = bytes.count
        while end > lineEnd + 1, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > lineEnd + 1 else { return (try content(of: line), line.hash) }
        func refused(_ why: String) throws(LoadError) -> LoadError {
            // Line 1's own refusal first, as a runtime gives it.
            _ = try content(of: line)
            return .damaged(
                "its tools part (line 2) does not fit line 1: \(why)", code: .inconsistent, path: "tools",
                offset: lineEnd + 1)
        }
        let tools: BundleTree
        do {
            tools = try toolsPart(bytes, (lineEnd + 1)..<end, runtimeHash: line.hash)
        } catch {
            _ = try content(of: line)
            throw error
        }
        let merged: [UInt8]
        do {
            merged = try BundleTree.merge(BundleTree.parse(line.bytes, line.contentRange), tools).bytes
        } catch {
            throw try refused(error.description)
        }
        let full: PolicyContent
        do {
            full = try JSONDecoder().decode(PolicyContent.self, from: Data(merged))
        } catch {
            throw try refused("the merged content cannot be decoded (\(error))")
        }
        do {
            try check(full, against: line)
        } catch {
            throw try refused(error.description)
        }
        return (full, line.hash)
    }

    /// Line 2's content, once its envelope is checked: `format`, `formatVersion`,
    /// `runtime` (line 1's hash) and its own `hash`.
    private static func toolsPart(
        _ bytes: [UInt8], _ line: Range<Int>, runtimeHash: String
    ) throws(LoadError) -> BundleTree {
        func refused(_ why: String) -> LoadError {
            .damaged("its tools part (line 2) \(why)", code: .inconsistent, path: "tools", offset: line.lowerBound)
        }
        let envelope: BundleTree
        do {
            envelope = try BundleTree.parse(bytes, line)
        } catch {
            throw refused("is not JSON: \(error)")
        }
        guard envelope["format"]?.plainString == toolsFormatName else {
            throw refused("is not a tools part ('format' is not \"\(toolsFormatName)\")")
        }
        guard envelope["formatVersion"] == .leaf(Array(String(formatVersion).utf8)) else {
            throw refused("is not of format version \(formatVersion)")
        }
        guard envelope["runtime"]?.plainString == runtimeHash else {
            throw refused("was written for another line 1 ('runtime' is not \(runtimeHash))")
        }
        guard case .object(let members) = envelope, members.count == 5, let content = envelope["content"],
            let expected = envelope["hash"]?.plainString
        else {
            throw refused("has fields other than format, formatVersion, runtime, hash and content")
        }
        let actual = hash(ofContentBytes: content.bytes)
        guard actual == expected else { throw refused("does not hash to its 'hash' (\(actual))") }
        return content
    }
}
