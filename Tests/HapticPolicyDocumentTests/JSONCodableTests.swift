import Foundation
import Testing

@testable import HapticPolicy
@testable import HapticPolicyDocument

/// `Codable` types through the tools' one JSON layer: `JSONNode(encoding:)` with
/// `JSONWriter.expanded` writes the reports (lint's JSON, SARIF, table, test) and with
/// `JSONWriter.line` the language server's messages, byte for byte as Foundation's encoder
/// wrote them before (then hardened by `JSONString`); `JSONNode.decode` reads the
/// language server's messages as Foundation's decoder did. Foundation is the oracle here
/// only: the tools no longer use it for JSON.
@Suite struct JSONCodableTests {
    struct Leaf: Codable, Equatable {
        var name: String
        var note: String?
        var empty: [Int] = []
    }

    /// A value that touches every edge of the layout and of the number and string texts.
    struct Tricky: Codable, Equatable {
        var doubles: [Double]
        var floats: [Float]
        var integers: [Int]
        var small: [Int8]
        var huge: UInt64
        var strings: [String]
        var keyed: [String: Int]
        var nested: [[Leaf]]
        var emptyObject: [String: String] = [:]
        var emptyArray: [String] = []
        var absent: Int? = nil  // left out
        var flag = true
        var explicitNull = AlwaysWritten()
    }

    /// An optional written as `null` when nil, not left out (as lint's `invariant`), under
    /// a key that sorts first.
    struct AlwaysWritten: Codable, Equatable {
        var value: String?
        enum CodingKeys: String, CodingKey { case value = "$value" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
        }
    }

    static let tricky = Tricky(
        doubles: [
            0, -0.0, 0.1, 0.2 + 0.1, 1.0 / 3, 1e-7, 2.5e-5, 0.0001, 100, 12.5, -40, 123_456_789_012_345,
            1e15, 1e16, 12_345_678_901_234_568, 1e21, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            9_007_199_254_740_994,
        ],
        floats: [0.1, 1e-7, 3, 16_777_218],
        integers: [0, -1, 42, .max, .min, 9_007_199_254_740_993],
        small: [.min, .max],
        huge: .max,
        strings: [
            "", "plain", "a/b", "</script>", "<</", "<\\/", "quote \" and backslash \\", "\n\r\t", "\u{0}\u{1}\u{1F}",
            "del \u{7F}", "x\u{2028}y\u{2029}z", "next\u{85}line", "über 🌱 植物", "\u{FEFF}bom", "é (e\u{301})",
        ],
        keyed: [
            "b": 1, "B": 2, "a": 3, "A": 4, "a10": 5, "a9": 6, "é": 7, "_": 9, "$schema": 10, "": 11,
            "Z": 12, "z": 13, "10": 14, "9": 15, "</": 16, "\u{2028}": 17,
        ],
        nested: [[], [Leaf(name: "one")], [Leaf(name: "two", note: "n", empty: [1, 2]), Leaf(name: "three")]])

    /// What the reports wrote before: Foundation's pretty, key-sorted encoder, slashes as
    /// written, then hardened.
    static func foundationReport(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return JSONString.hardened(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    @Test func theReportLayoutIsFoundationsByteForByte() throws {
        let written = JSONWriter.report(Self.tricky)
        #expect(written == (try Self.foundationReport(Self.tricky)))
        #expect(written.contains("\"emptyArray\" : [\n\n  ]"))
        #expect(written.contains("\"emptyObject\" : {\n\n  }"))
        #expect(written.contains("\"$value\" : null") && !written.contains("absent"))
        #expect(JSONWriter.report([String: Int]()) == (try Self.foundationReport([String: Int]())))
        #expect(JSONWriter.report([[Int]]()) == (try Self.foundationReport([[Int]]())))
        #expect(JSONWriter.report([[Int]()]) == (try Self.foundationReport([[Int]()])))
        #expect(JSONWriter.report("x") == (try Self.foundationReport("x")))
        #expect(JSONWriter.report(Int?.none) == (try Self.foundationReport(Int?.none)))
    }

    @Test func theOneLineLayoutIsFoundationsCompactOneWithSlashesAsWritten() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = JSONString.hardened(String(decoding: try encoder.encode(Self.tricky), as: UTF8.self))
        #expect(JSONWriter.line(try JSONNode(encoding: Self.tricky)) == foundation)
    }

    /// The one escaping rule (`JSONString`) writes U+0008 and U+000C as `\u0008` and
    /// `\u000c` where Foundation wrote `\b` and `\f`: the same JSON string, the only bytes
    /// the reports and the language server write differently for it. (The language server
    /// also no longer escapes every `/`, as Foundation did without `.withoutEscapingSlashes`;
    /// the `/` of `</` still is.)
    @Test func backspaceAndFormFeedAreWrittenByTheOneRule() throws {
        let text = "a\u{8}b\u{C}c"
        #expect(JSONWriter.report([text]) == "[\n  \"a\\u0008b\\u000cc\"\n]")
        #expect(try Self.foundationReport([text]) == "[\n  \"a\\bb\\fc\"\n]")
        let node = try JSONParser.parse(JSONWriter.report([text]), file: "b.json")
        #expect(node.items?.first?.stringValue == text)
    }

    @Test func aNumberJSONCannotHoldIsRefused() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONNode(encoding: ["x": value]) }
            #expect(JSONWriter.report(["x": value]) == "{}")
        }
        #expect(throws: EncodingError.self) { try JSONNode(encoding: [Float.nan]) }
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(JSONWriter.line(try JSONNode(encoding: Nothing())) == "{}")
        #expect(JSONWriter.line(try JSONNode(encoding: ["a": Nothing()])) == #"{"a":{}}"#)
    }

    /// What Foundation's decoder reads, the node decoder reads the same; what it refuses,
    /// the node decoder refuses.
    @Test func decodingFollowsFoundationsDecoder() throws {
        var value = Self.tricky
        value.integers = [0, -1, 42, (1 << 53) - 1, 1 - (1 << 53)]
        value.huge = (1 << 53) - 1
        let text = JSONWriter.line(try JSONNode(encoding: value))
        let node = try JSONParser.parse(text, file: "t.json")
        let foundation = try JSONDecoder().decode(Tricky.self, from: Data(text.utf8))
        let decoded = try node.decode(Tricky.self)
        #expect(decoded == foundation)
        #expect(decoded.doubles.map(\.bitPattern) == value.doubles.map(\.bitPattern))
        #expect(decoded == value)
    }

    /// The parser reads numbers as `Double`s: an integer of 2^53 or more, which a `Double`
    /// may not hold, is refused rather than read as its neighbour.
    @Test func anIntegerADoubleCannotHoldIsRefused() throws {
        for text in ["[9007199254740993]", "[9007199254740992]", "[9223372036854775807]", "[-9007199254740993]"] {
            #expect(throws: DecodingError.self) { try JSONParser.parse(text, file: "i.json").decode([Int].self) }
        }
        let largest = try JSONParser.parse("[9007199254740991, -9007199254740991]", file: "i.json")
        #expect(try largest.decode([Int].self) == [(1 << 53) - 1, 1 - (1 << 53)])
    }

    struct Numbers: Decodable, Equatable {
        var i: Int
        var d: Double?
        var u: UInt8?
    }

    @Test(arguments: [
        #"{"i": 3}"#, #"{"i": 3.0, "d": 1}"#, #"{"i": 1e2, "d": -0.5e-3}"#, #"{"i": -7, "u": 255}"#,
        #"{"i": 1, "i": 2}"#, #"{"i": 1, "d": null, "extra": [1, {"x": null}]}"#,
        #"{"i": 1.5}"#, #"{"i": "1"}"#, #"{"i": true}"#, #"{"i": 1, "d": "1"}"#, #"{"i": 1, "u": 256}"#,
        #"{"i": 1, "u": -1}"#, #"{"d": 1}"#, #"{"i": null}"#, #"[{"i": 1}]"#, #""i""#,
    ])
    func numbersAndMismatchesDecodeAsFoundationDecodes(text: String) throws {
        let foundation = try? JSONDecoder().decode(Numbers.self, from: Data(text.utf8))
        let node = try JSONParser.parse(text, file: "n.json")
        #expect((try? node.decode(Numbers.self)) == foundation)
    }

    @Test func arraysNestedContainersAndOptionalItemsDecode() throws {
        let text = #"{"a": [[1, null], [], [3]], "b": {"c": ["x", "y"]}, "e": [null, 2]}"#
        struct Shape: Decodable, Equatable {
            var a: [[Int?]]
            var b: [String: [String]]
            var e: [Int?]
        }
        let foundation = try JSONDecoder().decode(Shape.self, from: Data(text.utf8))
        #expect(try JSONParser.parse(text, file: "s.json").decode(Shape.self) == foundation)
    }
}
