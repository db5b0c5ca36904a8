import Foundation
import Testing

@testable import HapticPolicy

/// The strict reading of `Docs/bundle-format.md` ("What a reader must refuse"): each
/// bundle here is refused with the code, path and byte offset every runtime reports.
@Suite struct BundleStrictReadingTests {
    static let marker = ",\"content\":"

    /// The content bytes of the fixture's bundle.
    static func content() throws -> [UInt8] {
        let text = String(
            decoding: PolicyBundle.encode(try PolicyBundleTests.compiled(), runtimeOnly: true), as: UTF8.self)
        let start = try #require(text.range(of: marker)).upperBound
        return Array(String(text[start...].dropLast(2)).utf8)
    }

    /// A bundle around `content` with its hash.
    static func bundle(_ content: [UInt8]) -> [UInt8] {
        let header =
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,\"policy\":\"t\",\"hash\":\"sha256:"
            + SHA256.hex(content) + "\""
        return Array((header + marker).utf8) + content + Array("}\n".utf8)
    }

    static func edited(_ find: String, _ replace: String) throws -> [UInt8] {
        let text = String(decoding: try content(), as: UTF8.self)
        #expect(text.contains(find), "\(find)")
        guard let range = text.range(of: find) else { return [] }
        return bundle(Array(text.replacingCharacters(in: range, with: replace).utf8))
    }

    static func refusal(_ bytes: [UInt8]) -> PolicyBundle.LoadError? {
        do {
            _ = try Policy(bundle: bytes)
            return nil
        } catch {
            return error
        }
    }

    static func offset(of text: String, in bytes: [UInt8], after: Int = 0) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        return (after...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    static let headerLength = bundle([]).count - 2

    @Test func theFixtureLoads() throws {
        _ = try Policy(bundle: Self.bundle(try Self.content()))
    }

    /// Swift kept the first value, TypeScript the last; every runtime refuses.
    @Test func refusesARepeatedKey() throws {
        let bytes = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"feedback":0,"kind":"play","kind":"none"}"#)
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .duplicateKey)
        #expect(error.path.hasSuffix(".action.kind"))
        #expect(error.path.hasPrefix("content.cells["))
        #expect(error.offset == Self.offset(of: #""kind":"none""#, in: bytes))
    }

    /// `"nan"`, `"+inf"` and `"-inf"` are strings; no number field takes one.
    @Test(arguments: [#""nan""#, #""+inf""#, #""-inf""#, #""Infinity""#])
    func refusesANonFiniteStringAsANumber(spelling: String) throws {
        let text = String(decoding: try Self.content(), as: UTF8.self)
        let edited = text.replacing(/"warmup":[^,}]+/, with: "\"warmup\":\(spelling)")
        let bytes = Self.bundle(Array(edited.utf8))
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .wrongType)
        #expect(error.path == "content.warmup")
        #expect(error.offset == Self.offset(of: spelling, in: bytes))
    }

    @Test func refusesANumberNoDoubleHolds() throws {
        let text = String(decoding: try Self.content(), as: UTF8.self)
        let bytes = Self.bundle(Array(text.replacing(/"warmup":[^,}]+/, with: "\"warmup\":1e999").utf8))
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .numberOutOfRange)
        #expect(error.path == "content.warmup")
        #expect(error.offset == Self.offset(of: "1e999", in: bytes))
    }

    /// A literal that is not zero but reads as zero is refused like one past the largest
    /// double; one a subnormal double holds is read as that double, and a zero as zero.
    @Test(arguments: [
        ("1e-400", Optional(PolicyBundle.Refusal.numberOutOfRange)), ("-2.5e-350", .numberOutOfRange),
        ("0." + String(repeating: "0", count: 400) + "1", .numberOutOfRange), ("1e-320", nil), ("0e-400", nil),
        ("-0.0", nil),
    ])
    func refusesANumberThatReadsAsZero(spelling: String, code: PolicyBundle.Refusal?) throws {
        let text = String(decoding: try Self.content(), as: UTF8.self)
        let bytes = Self.bundle(Array(text.replacing(/"warmup":[^,}]+/, with: "\"warmup\":\(spelling)").utf8))
        let error = Self.refusal(bytes)
        #expect(error?.code == code)
        if code != nil {
            #expect(error?.path == "content.warmup")
            #expect(error?.offset == Self.offset(of: spelling, in: bytes))
        } else {
            #expect(try Policy(bundle: bytes).warmup.magnitude < 1e-300)
        }
    }

    /// A value refused for what it holds is refused at its own place: a position of the
    /// wrong length at the position, a number where a tag goes as the wrong type. (An
    /// operator's wrong arity: the corpus's `operator-with-three-arguments` and `edge-*`
    /// cases, which every runtime runs.)
    @Test(arguments: [
        ("\"location\":[7]", PolicyBundle.Refusal.invalidValue, "location"),
        ("\"location\":[7,1,0,0]", .invalidValue, "location"),
        ("\"kind\":0.5", .wrongType, "kind"),
    ])
    func refusesAValueAtItsOwnPlace(replacement: String, code: PolicyBundle.Refusal, field: String) throws {
        let text = String(decoding: try Self.content(), as: UTF8.self)
        let first =
            field == "location"
            ? try #require(text.firstRange(of: /"location":\[[0-9]+,[0-9]+\]/))
            : try #require(text.firstRange(of: #/"kind":"play"/#))
        let bytes = Self.bundle(Array(text.replacingCharacters(in: first, with: replacement).utf8))
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == code)
        #expect(error.path.hasSuffix("." + field), "\(error.path)")
        #expect(error.offset == Self.offset(of: String(replacement.dropFirst(field.count + 3)), in: bytes))
    }

    @Test func refusesANegativeWarmUp() throws {
        let text = String(decoding: try Self.content(), as: UTF8.self)
        let bytes = Self.bundle(Array(text.replacing(/"warmup":[^,}]+/, with: "\"warmup\":-1").utf8))
        #expect(Self.refusal(bytes)?.code == .inconsistent)
    }

    @Test func refusesAnUnknownField() throws {
        let bytes = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"feedback":0,"kind":"play","volume":1}"#)
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .unknownField)
        #expect(error.path.hasSuffix(".action.volume"))
        #expect(error.offset == Self.offset(of: #""volume""#, in: bytes))
        let top = Self.bundle(Array("{\"extra\":{\"deeper\":1},".utf8) + (try Self.content()).dropFirst())
        #expect(Self.refusal(top)?.path == "content.extra")
    }

    @Test func refusesNullForAnOptionalField() throws {
        let bytes = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"feedback":0,"kind":"play","note":null}"#)
        #expect(Self.refusal(bytes)?.code == .wrongType)
    }

    /// `JSONDecoder` read `1e10`, `1.0` and `0e0` as integers.
    @Test(arguments: ["0e0", "0.0", "1e10", "4294967296", "0.5"])
    func refusesANumberNotWrittenAsAnIntegerWhereOneGoes(spelling: String) throws {
        let bytes = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"feedback":\#(spelling),"kind":"play"}"#)
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .notInteger)
        #expect(error.path.hasSuffix(".action.feedback"))
        #expect(error.offset == Self.offset(of: spelling + ",\"kind\":\"play\"", in: bytes))
    }

    @Test func refusesAByteOrderMark() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Self.bundle(try Self.content())
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .notABundle)
        #expect(error.offset == 0)
    }

    @Test func refusesInvalidUTF8() throws {
        let content = try Self.content()
        let at = try #require(Self.offset(of: "\"t.yaml\"", in: content)) + 1
        let bytes = Self.bundle(Array(content[..<at]) + [0xC0, 0xAF] + Array(content[at...]))
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .invalidUTF8)
        #expect(error.path == "content.source")
        #expect(error.offset == Self.headerLength + at)
    }

    @Test(arguments: [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#])
    func refusesALoneSurrogate(escape: String) throws {
        let bytes = try Self.edited("\"t.yaml\"", "\"\(escape)t.yaml\"")
        let error = try #require(Self.refusal(bytes))
        #expect(error.code == .loneSurrogate)
        #expect(error.path == "content.source")
        #expect(error.offset == Self.offset(of: escape, in: bytes))
    }

    /// The envelope is level 1 and the content level 2: a field of the content may nest
    /// 510 arrays (level 512) and no more.
    @Test func refusesNestingPastTheLimit() throws {
        let content = try Self.content()
        func nested(_ levels: Int) -> [UInt8] {
            Self.bundle(
                Array(
                    "{\"deep\":\(String(repeating: "[", count: levels))\(String(repeating: "]", count: levels)),".utf8)
                    + content.dropFirst())
        }
        #expect(Self.refusal(nested(510))?.code == .unknownField)
        let error = try #require(Self.refusal(nested(511)))
        #expect(error.code == .tooDeep)
        #expect(Self.refusal(nested(5000))?.code == .tooDeep)
    }

    @Test func refusesARepeatedKeyInTheEnvelope() throws {
        let content = try Self.content()
        let header =
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,\"policy\":\"t\",\"policy\":\"u\",\"hash\":\"sha256:"
            + SHA256.hex(content) + "\""
        let bytes = Array((header + Self.marker).utf8) + content + Array("}\n".utf8)
        #expect(Self.refusal(bytes)?.code == .notABundle)
    }

    @Test func namesTheCodeOfEveryOtherRefusal() throws {
        let bytes = Self.bundle(try Self.content())
        #expect(Self.refusal(Array(bytes.dropLast(3)))?.code == .truncated)
        let edited = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"t.yaml\"", with: "\"u.yaml\"")
        #expect(Self.refusal(Array(edited.utf8))?.code == .hashMismatch)
        let kind = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"feedback":0,"kind":"ring"}"#)
        #expect(Self.refusal(kind)?.code == .unknownTag)
        #expect(Self.refusal(kind)?.path.hasSuffix(".action.kind") == true)
        let missing = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"kind":"play"}"#)
        #expect(Self.refusal(missing)?.code == .missingField)
        let range = try Self.edited(#"{"feedback":0,"kind":"play"}"#, #"{"feedback":99,"kind":"play"}"#)
        #expect(Self.refusal(range)?.code == .inconsistent)
    }

    /// Every runtime refuses a bundle over 8 MiB before it parses it, and reads one at it.
    @Test func refusesABundleOverTheLimit() throws {
        let bundle = Self.bundle(try Self.content())
        let atTheLimit = bundle + [UInt8](repeating: 0x20, count: PolicyBundle.maxBytes - bundle.count)
        _ = try Policy(bundle: atTheLimit)
        let error = try #require(Self.refusal(atTheLimit + [0x20]))
        #expect(error.code == .tooLarge)
        #expect(error.path == "")
        #expect(error.offset == PolicyBundle.maxBytes)
    }
}
