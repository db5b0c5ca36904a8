import Foundation
import HapticPolicyCompiler
import HapticPolicyDocument

/// The policy JSON Schema (`Docs/policy.schema.json`, built in as `PolicySchema.builtIn`) read
/// for the editor: which keys a mapping at a path may hold, what each means (its
/// `description`) and which words a value may be (its `enum`, `const`, or `true`/`false`).
///
/// Hover and completion of keys read it, so a key means in the editor exactly what the
/// schema (and the schema-aware YAML editors) says it means: its descriptions are written
/// once, there.
struct PolicySchema: Sendable {

    /// One step of a path into a policy: a key of a mapping, or an item of a sequence.
    enum Step: Hashable, Sendable {
        /// The value of this key.
        case key(String)
        /// An item of a sequence.
        case item
    }

    /// One key a mapping may hold, with what it means.
    struct Key: Equatable {
        /// The key.
        var name: String
        /// Its description in the schema ("" when it has none).
        var description: String
    }

    /// The schema built into the server.
    static let shared = PolicySchema(json: builtIn)

    /// The text of `Docs/policy.schema.json` as the server was built with it: the file is
    /// shipped as data, not as a Swift copy. The target's `policy.schema.json` is a link to
    /// it, and SwiftPM embeds it in the code (`resources: [.embedInCode(…)]`, a static byte
    /// array in the generated `PackageResources`), so there is one copy of the schema in the
    /// repository and nothing to keep in step with it. Embedded rather than copied as a
    /// resource bundle because the static `haptic-policy` (scripts/build-static) is a single
    /// file that runs anywhere: a bundle would have to travel next to it, and `Bundle.module`
    /// fails when it does not.
    static var builtIn: String {
        String(decoding: PackageResources.policy_schema_json, as: UTF8.self)
    }

    private let root: JSONNode
    /// The schema's `definitions`, by name (what a `$ref` names).
    private let definitions: [String: JSONNode]

    /// Reads a schema's JSON text (with the tools' one parser, `JSONParser`); an unreadable
    /// text gives a schema that knows no key.
    init(json: String) {
        root = (try? JSONParser.parse(json, file: "policy.schema.json")) ?? .object([])
        var definitions: [String: JSONNode] = [:]
        for member in root["definitions"]?.members ?? [] where definitions[member.key] == nil {
            definitions[member.key] = member.value
        }
        self.definitions = definitions
    }

    /// The keys a mapping at `path` may hold, by name.
    func keys(at path: [Step]) -> [Key] {
        var seen = Set<String>()
        var keys: [Key] = []
        for node in nodes(at: path) {
            for property in node["properties"]?.members ?? [] where seen.insert(property.key).inserted {
                keys.append(Key(name: property.key, description: description(of: property.value) ?? ""))
            }
        }
        return keys.sorted { $0.name < $1.name }
    }

    /// What `key` of the mapping at `path` means: its property's description, else that of
    /// the pattern or the additional properties it falls under; nil when the schema does
    /// not allow it there.
    func description(of key: String, at path: [Step]) -> String? {
        for node in nodes(at: path) {
            if let property = node["properties"]?[key] { return description(of: property) }
        }
        for node in nodes(at: path) {
            if let matched = patternProperty(node, key) { return description(of: matched) }
        }
        return nil
    }

    /// The words the value at `path` may be: its enums and constants, and `true`/`false`
    /// for a boolean; in schema order, each once (the schema's words are all text).
    func words(at path: [Step]) -> [String] {
        var words: [String] = []
        func add(_ word: String) {
            if !words.contains(word) { words.append(word) }
        }
        for node in nodes(at: path) {
            for word in node["enum"]?.items ?? [] { word.stringValue.map(add) }
            if let word = node["const"]?.stringValue { add(word) }
            if node["type"]?.stringValue == "boolean" {
                add("true")
                add("false")
            }
        }
        return words
    }

    /// The schema nodes (objects) that may describe the value at `path`, with `$ref`,
    /// `allOf`, `anyOf` and `oneOf` followed.
    func nodes(at path: [Step]) -> [JSONNode] {
        var current = expand(root)
        for step in path {
            current = current.flatMap { child(of: $0, step) }
            if current.isEmpty { break }
        }
        return current
    }

    private func child(of node: JSONNode, _ step: Step) -> [JSONNode] {
        switch step {
        case .item:
            return node["items"].map { expand($0) } ?? []
        case .key(let key):
            if let property = node["properties"]?[key], property.members != nil { return expand(property) }
            if let matched = patternProperty(node, key) { return expand(matched) }
            return node["additionalProperties"].map { expand($0) } ?? []
        }
    }

    /// The schema of `key` under `node`'s `patternProperties`, when a pattern matches it
    /// (the first that does, in schema order).
    private func patternProperty(_ node: JSONNode, _ key: String) -> JSONNode? {
        for pattern in node["patternProperties"]?.members ?? [] {
            guard let expression = try? NSRegularExpression(pattern: pattern.key) else { continue }
            let range = NSRange(key.startIndex..., in: key)
            if expression.firstMatch(in: key, range: range) != nil { return pattern.value }
        }
        return nil
    }

    /// A node's description, or that of the definition it refers to.
    private func description(of node: JSONNode) -> String? {
        for each in expand(node) {
            if let text = each["description"]?.stringValue { return text }
        }
        return nil
    }

    /// `node` and every node it stands for: its `$ref` target first, then the branches of
    /// its `allOf`, `anyOf` and `oneOf` (constraints such as `not` and `if` are left out).
    /// Only objects are schema nodes here: `true`, `false` and anything else give none.
    private func expand(_ node: JSONNode, depth: Int = 0) -> [JSONNode] {
        guard depth < 12, node.members != nil else { return [] }
        var nodes: [JSONNode] = []
        if let reference = node["$ref"]?.stringValue, let name = reference.split(separator: "/").last,
            let target = definitions[String(name)]
        {
            nodes += expand(target, depth: depth + 1)
        }
        nodes.append(node)
        for combinator in ["allOf", "anyOf", "oneOf"] {
            for branch in node[combinator]?.items ?? [] {
                nodes += expand(branch, depth: depth + 1)
            }
        }
        return nodes
    }
}
