import Foundation
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

/// `Docs/policy.schema.json` is what editors complete from: its enums must list exactly
/// the vocabulary the model knows, or designers are offered words the loader rejects.
@Suite struct SchemaVocabularyTests {
    static let schemaURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/policy.schema.json")

    /// The schema's `definitions`, or nil (reported by the test) when it cannot be read.
    static func definitions() throws -> [String: Any] {
        let data = try Data(contentsOf: schemaURL)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["definitions"] as? [String: Any])
    }

    /// Follows a path of keys and array indices through the schema JSON.
    static func value(_ path: [Any], in root: Any) -> Any? {
        var node: Any? = root
        for step in path {
            if let key = step as? String, let index = Int(key), let array = node as? [Any] {
                node = index < array.count ? array[index] : nil
            } else if let key = step as? String {
                node = (node as? [String: Any])?[key]
            } else if let index = step as? Int, let array = node as? [Any], index < array.count {
                node = array[index]
            } else {
                return nil
            }
        }
        return node
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let what: String
        let path: [String]
        let expected: [String]
        var testDescription: String { what }
    }

    static let cases: [Case] = [
        Case(what: "presets", path: ["preset", "enum"], expected: Preset.allCases.map(\.rawValue)),
        Case(what: "implicit layers", path: ["layer", "anyOf", "0", "enum"], expected: Layer.implicit.map(\.rawValue)),
        Case(
            what: "layer contents", path: ["layerDecl", "properties", "plays", "enum"],
            expected: LayerPlays.allCases.map(\.rawValue)),
        Case(
            what: "invariant rules", path: ["invariant", "properties", "rule", "enum"],
            expected: InvariantDecl.Kind.allCases.map(\.rawValue)),
        Case(
            what: "pattern event types", path: ["patternEvent", "properties", "type", "enum"],
            expected: PatternEventDecl.Kind.allCases.map(\.rawValue)),
        Case(
            what: "curve parameters", path: ["patternEvent", "properties", "curves", "properties"],
            expected: CurveDecl.Parameter.allCases.map(\.rawValue)),
        Case(
            // `interrupt` is the session's (a play of a higher priority), never a screen's.
            what: "screen enter directives", path: ["screen", "properties", "enter", "items", "enum"],
            expected: Directive.allCases.filter { $0 != .interrupt }.map(\.rawValue)),
        Case(
            what: "ticker steps", path: ["row", "properties", "ticker", "enum"],
            expected: RowDecl.TickerStep.allCases.map(\.rawValue)),
        Case(
            what: "event value kinds", path: ["event", "properties", "value", "oneOf", "0", "enum"],
            expected: ValueKind.allCases.map(\.rawValue)),
        Case(
            what: "declared payload types", path: ["payload", "properties", "type", "enum"],
            expected: ValueKind.allCases.map(\.rawValue)),
        Case(
            what: "band approaches", path: ["band", "properties", "approach", "enum"],
            expected: BandApproach.allCases.map(\.rawValue)),
    ]

    @Test(arguments: cases)
    func schemaListsTheModelVocabulary(_ testCase: Case) throws {
        let found = try #require(Self.value(testCase.path, in: try Self.definitions()))
        let words = (found as? [String]) ?? ((found as? [String: Any]).map { Array($0.keys) } ?? [])
        #expect(Set(words) == Set(testCase.expected))
        #expect(words.count == testCase.expected.count, "no duplicates in \(testCase.path)")
    }

    @Test func builtInStateEventsCannotBeDeclared() throws {
        let definitions = try Self.definitions()
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
        let banned = try #require(
            Self.value(["properties", "events", "propertyNames", "allOf", 1, "not", "enum"], in: root) as? [String])
        #expect(Set(banned) == Set(StateEvent.allCases.map(\.rawValue)))
        #expect(definitions["name"] != nil)
    }
}
