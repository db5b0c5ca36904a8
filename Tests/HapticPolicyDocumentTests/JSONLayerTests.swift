import Testing

@testable import HapticPolicy
@testable import HapticPolicyDocument

/// The tools' one JSON layer: `JSONWriter` (escaping through `JSONString`, numbers through
/// `decimalText`, pretty and one-line layouts) and `JSONParser` (located errors, the
/// trailing-comma mode AHAP files need).
@Suite struct JSONLayerTests {
    /// Every text the escaping rule touches, written as a key and as a value.
    @Test(arguments: [
        ("a\"b", #""a\"b""#),
        ("a\\b", #""a\\b""#),
        ("\n\r\t\u{0}\u{1F}", #""\n\r\t\u0000\u001f""#),
        ("x\u{2028}y\u{2029}z", #""x\u2028y\u2029z""#),
        ("next\u{85}line", #""next\u0085line""#),
        ("</script> a/b", #""<\/script> a/b""#),
        ("über 🌱", "\"über 🌱\""),
    ])
    func stringsAreEscapedByTheOneRule(text: String, literal: String) throws {
        #expect(JSONWriter.quoted(text) == literal)
        #expect(JSONWriter.line(.object([(text, .string(text))])) == "{\(literal):\(literal)}")
        #expect(JSONWriter.write(.array([.string(text)])) == "[\(literal)]\n")
        let read = try JSONParser.parse(JSONWriter.line(.object([(text, .string(text))])), file: "s.json")
        #expect(read.members?.first?.key == text)
        #expect(read[text]?.stringValue == text)
    }

    @Test func hugeNumbersStayValidJSON() throws {
        let text = JSONWriter.write(.array([.number(1e300), .number(-0.00001), .number(12.34567)]))
        #expect(text == "[1e+300, 0, 12.3457]\n")
        #expect(try JSONParser.parse(text, file: "n").items?.count == 3)
    }

    /// A number is rounded to its own decimals, else the writer's four; counts are whole.
    @Test func numbersAreRoundedByTheOneFormatter() {
        let node = JSONNode.array([
            .number(0.123456789), .number(0.123456789, decimals: 6), .number(2.5, decimals: 0),
            .number(-0.0004, decimals: 3), .number(.infinity), .integer(8_999_999_999_999_999), .integer(-3),
            .number(1.10, decimals: 1),
        ])
        #expect(JSONWriter.line(node) == "[0.1235,0.123457,3,0,0,8999999999999999,-3,1.1]")
        #expect(JSONWriter.number(0.35) == decimalText(0.35, decimals: JSONWriter.decimals))
    }

    @Test func theTwoLayouts() {
        let node = JSONNode.object([
            ("a", .array([.integer(1), .bool(true), .null])), ("b", .object([("c", .nullable(nil))])),
            ("d", .array([.object([]), .array([])])), ("e", .nullable("x")),
        ])
        #expect(JSONWriter.line(node) == #"{"a":[1,true,null],"b":{"c":null},"d":[{},[]],"e":"x"}"#)
        #expect(
            JSONWriter.write(node) == """
                {
                  "a": [1, true, null],
                  "b": {
                    "c": null
                  },
                  "d": [
                    {},
                    []
                  ],
                  "e": "x"
                }

                """)
    }

    @Test func valuesAndKeysAreLocated() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1,\n    \"x\"]\n}", file: "f.json")
        #expect(node.location == SourceLocation(file: "f.json", line: 1, column: 1))
        let member = try #require(node.members?.first)
        #expect(member.keyLocation == SourceLocation(file: "f.json", line: 2, column: 3))
        #expect(member.value.items?[1].location == SourceLocation(file: "f.json", line: 3, column: 5))
    }

    /// Each syntax error names where it is, in lines and columns of Unicode scalars.
    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a key in double quotes"),
        ("[1, 2,]", 1, 7, "trailing comma before ']'"),
        ("{\"a\":\n  tru}", 2, 3, "unknown word; did you mean 'true'?"),
        ("[\"🌱\", x]", 1, 7, "unexpected 'x' where a value was expected"),
        ("\"open", 1, 6, "the string that starts at 1:1 is never closed"),
        ("{} {}", 1, 4, "after the end of the document"),
        ("[\"\\q\"]", 1, 4, "unknown escape '\\q'"),
        ("[1e999]", 1, 2, "'1e999' is not a number"),
    ])
    func syntaxErrorsAreLocated(text: String, line: Int, column: Int, says: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text, file: "e.json") }
        do throws(JSONParser.SyntaxError) {
            _ = try JSONParser.parse(text, file: "e.json")
        } catch {
            #expect(error.location == SourceLocation(file: "e.json", line: line, column: column))
            #expect(error.message.contains(says), "\(error.message)")
        }
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text, file: "d.json") }
    }

    /// The trailing-comma mode takes a comma before `}` or `]` and says where each was;
    /// the strict mode refuses the same text.
    @Test func trailingCommasAreTakenAndLocatedOnlyWhenAsked() throws {
        let text = "{\"a\": [1, 2,],\n \"b\": {\"c\": true,},\n}"
        let (node, commas) = try JSONParser.parseTakingTrailingCommas(text, file: "t.ahap")
        #expect(node.canonical == #"{"a":[1,2],"b":{"c":true}}"#)
        #expect(commas.map { "\($0.line):\($0.column)" } == ["1:12", "2:17", "2:19"])
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text, file: "t.ahap") }
    }

    @Test func surrogatePairsJoinAndLoneOnesBecomeReplacement() throws {
        let node = try JSONParser.parse(#"["\ud83c\udf31", "\ud83c", "\u00e9\/"]"#, file: "u.json")
        #expect(node.items?.map(\.stringValue) == ["🌱", "\u{FFFD}", "é/"])
    }
}
