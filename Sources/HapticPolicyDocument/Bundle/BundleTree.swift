import Foundation
import HapticPolicy

/// A bundle's JSON as written: objects keep their members in order, and every string,
/// number and literal keeps its exact bytes, so writing a tree back never changes a
/// number's or a string's text (the hash of what is written is the hash of what was read).
/// The one place the two parts of a format-7 bundle are split (by the rule the runtime
/// reads line 1 with, `PolicyBundle.isToolsOnly`) and merged (`Docs/bundle-format.md`,
/// "The two lines"): the tools write both lines and read line 2; a runtime never does.
package indirect enum BundleTree: Sendable, Equatable {
    /// An object's members, in the order written.
    case object([Member])
    /// An array's items.
    case array([BundleTree])
    /// A string (quotes and escapes included), a number or `true`/`false`, as written.
    case leaf([UInt8])

    /// An object member.
    package struct Member: Sendable, Equatable {
        /// The key, decoded.
        package var key: String
        /// The key as written, quotes included.
        package var rawKey: [UInt8]
        /// The value.
        package var value: BundleTree
    }

    /// Why bytes are not a tree, or two parts do not merge: what, and where.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, with its place.
        package var description: String
    }

    /// The deepest nesting read (as `BundleJSONScan.maxDepth`).
    private static let maxDepth = 512

    /// Parses `bytes[range]` as exactly one JSON value.
    package static func parse(_ bytes: [UInt8], _ range: Range<Int>) throws(Problem) -> BundleTree {
        var parser = Parser(bytes: bytes, i: range.lowerBound, end: range.upperBound)
        parser.space()
        let tree = try parser.value(depth: 0)
        parser.space()
        guard parser.i == parser.end else { throw parser.fail("unexpected text after the value") }
        return tree
    }

    /// The tree's bytes: the leaves and keys as written, no space.
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .leaf(let text):
            out += text
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, member) in members.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out += member.rawKey
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The value of an object's member `key`, if this is an object that has one.
    package subscript(key: String) -> BundleTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string a leaf holds, if it is a string without escapes.
    package var plainString: String? {
        guard case .leaf(let text) = self, text.count >= 2, text.first == UInt8(ascii: "\""),
            text.last == UInt8(ascii: "\""), !text.contains(UInt8(ascii: "\\"))
        else { return nil }
        return String(decoding: text.dropFirst().dropLast(), as: UTF8.self)
    }

    // MARK: - The split

    /// This content split into what a runtime reads and the sparse mirror of the rest:
    /// the same paths (arrays as long as the runtime part's, item by item, `{}` for an item
    /// with nothing tools-only; objects by key), holding only the tools-only members. The
    /// tools part is nil where nothing under this value is tools-only.
    package func split(at path: [String] = []) -> (runtime: BundleTree, tools: BundleTree?) {
        switch self {
        case .leaf:
            return (self, nil)
        case .array(let items):
            let parts = items.map { $0.split(at: path + ["[]"]) }
            let tools =
                parts.contains { $0.tools != nil } ? BundleTree.array(parts.map { $0.tools ?? .object([]) }) : nil
            return (.array(parts.map(\.runtime)), tools)
        case .object(let members):
            var runtime: [Member] = []
            var tools: [Member] = []
            for member in members {
                let memberPath = path + [member.key]
                if PolicyBundle.isToolsOnly(memberPath) {
                    tools.append(member)
                    continue
                }
                let (kept, moved) = member.value.split(at: memberPath)
                runtime.append(Member(key: member.key, rawKey: member.rawKey, value: kept))
                if let moved { tools.append(Member(key: member.key, rawKey: member.rawKey, value: moved)) }
            }
            return (.object(runtime), tools.isEmpty ? nil : .object(tools))
        }
    }

    /// The runtime part and the tools part merged back: objects the union of their keys
    /// (a leaf never in both), arrays item by item (as long as each other), `{}` in the
    /// tools part adding nothing. Keys are in the order `JSONEncoder` sorts them (by UTF-8),
    /// so the merge of a split is the bytes split. `path` names the place in problems.
    package static func merge(
        _ runtime: BundleTree, _ tools: BundleTree, path: String = "content"
    ) throws(Problem) -> BundleTree {
        if tools == .object([]) { return runtime }
        switch (runtime, tools) {
        case (.array(let items), .array(let more)):
            guard items.count == more.count else {
                throw Problem(
                    description:
                        "at \(path): the tools part has \(more.count) items where the runtime part has \(items.count)")
            }
            var merged: [BundleTree] = []
            merged.reserveCapacity(items.count)
            for (n, item) in items.enumerated() { merged.append(try merge(item, more[n], path: "\(path)[\(n)]")) }
            return .array(merged)
        case (.object(let members), .object(let more)):
            var merged = members
            for member in more {
                let place = "\(path).\(member.key)"
                if let at = merged.firstIndex(where: { $0.key == member.key }) {
                    guard case .leaf = merged[at].value else {
                        merged[at].value = try merge(merged[at].value, member.value, path: place)
                        continue
                    }
                    throw Problem(description: "at \(place): the field is in both parts")
                }
                merged.append(member)
            }
            merged.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .object(merged)
        default:
            throw Problem(description: "at \(path): the tools part does not have the runtime part's shape")
        }
    }

    // MARK: - Parsing

    private struct Parser {
        let bytes: [UInt8]
        var i: Int
        let end: Int

        func fail(_ why: String) -> Problem { Problem(description: "\(why) (byte \(i))") }

        mutating func space() {
            while i < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func value(depth: Int) throws(Problem) -> BundleTree {
            guard depth < BundleTree.maxDepth else { throw fail("arrays and objects nested too deep") }
            guard i < end else { throw fail("expected a value; the text ends") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [Member] = []
                space()
                if i < end, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members)
                }
                while true {
                    space()
                    guard i < end, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a field name") }
                    let rawKey = try string()
                    space()
                    guard i < end, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    i += 1
                    space()
                    let key = Self.decodedKey(rawKey)
                    guard !members.contains(where: { $0.key == key }) else {
                        throw fail("the field '\(key)' is written twice")
                    }
                    members.append(Member(key: key, rawKey: rawKey, value: try value(depth: depth + 1)))
                    space()
                    guard i < end else { throw fail("the object is not closed") }
                    i += 1
                    if bytes[i - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[i - 1] == UInt8(ascii: ",") else { throw fail("expected ',' or '}'") }
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [BundleTree] = []
                space()
                if i < end, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items)
                }
                while true {
                    space()
                    items.append(try value(depth: depth + 1))
                    space()
                    guard i < end else { throw fail("the array is not closed") }
                    i += 1
                    if bytes[i - 1] == UInt8(ascii: "]") { return .array(items) }
                    guard bytes[i - 1] == UInt8(ascii: ",") else { throw fail("expected ',' or ']'") }
                }
            case UInt8(ascii: "\""):
                return .leaf(try string())
            default:
                let start = i
                while i < end, !Self.delimiters.contains(bytes[i]) { i += 1 }
                let text = Array(bytes[start..<i])
                guard !text.isEmpty, text == Array("true".utf8) || text == Array("false".utf8) || Self.isNumber(text)
                else {
                    i = start
                    throw fail("expected a JSON value")
                }
                return .leaf(text)
            }
        }

        static let delimiters: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D, 0x3A]

        static func isNumber(_ text: [UInt8]) -> Bool {
            text.allSatisfy { (0x30...0x39).contains($0) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains($0) }
                && Double(String(decoding: text, as: UTF8.self)) != nil
        }

        /// A string as written, quotes included; control characters refused.
        mutating func string() throws(Problem) -> [UInt8] {
            let start = i
            i += 1
            while i < end {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    return Array(bytes[start..<i])
                case UInt8(ascii: "\\"): i += 2
                case 0..<0x20: throw fail("control character in a string")
                default: i += 1
                }
            }
            i = start
            throw fail("the string is not closed")
        }

        /// A key's text: as written between its quotes, or as `JSONDecoder` reads an escaped one.
        static func decodedKey(_ raw: [UInt8]) -> String {
            let inner = raw.dropFirst().dropLast()
            guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
            return (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? String(decoding: inner, as: UTF8.self)
        }
    }
}
