import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// Plain scalars resolve by the YAML 1.2 core schema, with booleans only `true`/`false`.
@Suite struct CoreSchemaTests {
    @Test(arguments: [
        ("12", CoreSchema.Value.int(12)), ("-3", .int(-3)), ("+7", .int(7)), ("0x1F", .int(31)), ("0o17", .int(15)),
        ("1.5", .float(1.5)), (".5", .float(0.5)), ("1.", .float(1)), ("1e3", .float(1000)), ("-2.5E-1", .float(-0.25)),
        ("+.inf", .float(.infinity)), ("-.Inf", .float(-.infinity)),
        ("", .null), ("~", .null), ("null", .null), ("NULL", .null),
        ("true", .bool(true)), ("false", .bool(false)),
        ("True", .string("True")), ("yes", .string("yes")), ("1_000", .string("1_000")), ("0x", .string("0x")),
        ("e3", .string("e3")), ("1e", .string("1e")), ("12abc", .string("12abc")),
        ("impact.light", .string("impact.light")),
    ])
    func resolvesPlainScalar(text: String, expected: CoreSchema.Value) {
        #expect(CoreSchema.resolvePlain(text) == expected)
    }

    @Test func resolvesNotANumber() {
        guard case .float(let value) = CoreSchema.resolvePlain(".nan") else {
            Issue.record(".nan is not a float")
            return
        }
        #expect(value.isNaN)
    }

    @Test func quotedAndTaggedScalarsAreText() {
        let location = HapticPolicy.SourceLocation(file: "t", line: 1, column: 1)
        #expect(CoreSchema.resolve(YAMLNode(.scalar("12", .singleQuoted), at: location)) == .string("12"))
        #expect(
            CoreSchema.resolve(YAMLNode(.scalar("12", .plain), tag: "tag:yaml.org,2002:str", at: location))
                == .string("12"))
        #expect(
            CoreSchema.resolve(YAMLNode(.scalar("12", .doubleQuoted), tag: "tag:yaml.org,2002:int", at: location))
                == .int(12))
        #expect(CoreSchema.resolve(YAMLNode(.sequence([]), at: location)) == nil)
    }
}
