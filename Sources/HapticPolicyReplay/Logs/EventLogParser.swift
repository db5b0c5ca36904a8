import Foundation
import HapticPolicy

/// A hand-written JSON parser for one event-log line: the full JSON grammar (escapes,
/// `\u` surrogate pairs, nested values, numbers), no `JSONSerialization`, no
/// intermediate tree. Known fields are decoded; unknown fields are checked for syntax
/// and ignored. Errors carry the 1-based column (in Unicode scalars).
public enum EventLogParser {
    /// A parsed line: the record, and where `t`, `event` and `subject` are written in the
    /// line (byte ranges of their JSON tokens, quotes included), so writers can echo them
    /// exactly as written without re-encoding.
    public struct ParsedLine {
        /// The decoded fields.
        public var record: TimedEvent
        /// The `t` number token.
        public var tText: Range<Int>
        /// The `event` string token.
        public var eventText: Range<Int>
        /// The `subject` token (a string or `null`), if present.
        public var subjectText: Range<Int>?
        /// The first field name the log format does not define (`"Subject"`), quotes
        /// included: ignored when deciding, reported as an integration mistake.
        public var unknownKey: Range<Int>?
    }

    /// Parses one line (without its newline).
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<ParsedLine, LogLineError> {
        var reader = JSONReader(bytes: line)
        do {
            return .success(try reader.readRecord())
        } catch let failure {
            var error = LogLineError(
                column: column(of: failure.offset, in: line), reason: failure.reason, message: failure.message)
            error.t = reader.t
            error.event = reader.event
            return .failure(error)
        }
    }

    /// Parses one line given as bytes.
    public static func parse(_ line: [UInt8]) -> Result<TimedEvent, LogLineError> {
        line.withUnsafeBufferPointer { parse($0).map(\.record) }
    }

    /// The 1-based column of a byte offset, counting Unicode scalars.
    static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        for index in 0..<min(offset, line.count) where line[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}

/// A parse failure at a byte offset.
struct JSONFailure: Error {
    var offset: Int
    var reason: LineProblem
    var message: String
}

/// The cursor over one line.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var t: Double?
    var event: String?
    /// Names read before, handed out again for `event`, `screen` and `subject`.
    let names: NameInterner?

    init(bytes: UnsafeBufferPointer<UInt8>, names: NameInterner? = nil) {
        self.bytes = bytes
        self.names = names
    }

    private static let maxDepth = 64

    @inline(__always)
    mutating func skipSpace() {
        while index < bytes.count {
            let b = bytes[index]
            guard b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A else { return }
            index += 1
        }
    }

    private func fail(_ message: String, at offset: Int? = nil, _ reason: LineProblem = .badJSON) -> JSONFailure {
        JSONFailure(offset: offset ?? index, reason: reason, message: message)
    }

    private func describeHere() -> String {
        guard index < bytes.count else { return "the line ends" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "found '\(Character(Unicode.Scalar(b)))'" }
        return "found byte 0x\(String(b, radix: 16))"
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONFailure) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what); \(describeHere())") }
        index += 1
    }

    mutating func readRecord() throws(JSONFailure) -> EventLogParser.ParsedLine {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
            throw fail("a log line must be one JSON object starting with '{'; \(describeHere())")
        }
        let objectStart = index
        index += 1
        var tText: Range<Int>?
        var eventText: Range<Int>?
        var subjectText: Range<Int>?
        var screen: String?
        var subject: String?
        var value: ScalarValue?
        var speaks: Bool?
        var params: [Event.Parameter] = []
        var data: [Event.Parameter] = []
        var unknownKey: Range<Int>?
        // The known fields seen so far, one bit each; the other names (rare) by text.
        var seen: UInt8 = 0
        var otherNames: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipSpace()
                let keyStart = index
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a field name in double quotes; \(describeHere())")
                }
                let key = try readKey()
                let keyEnd = index
                if key == .other {
                    let name = Self.text(of: bytes, keyStart..<keyEnd)
                    if !otherNames.insert(name).inserted { throw duplicate(name, at: keyStart) }
                } else {
                    let bit = key.bit
                    if seen & bit != 0 { throw duplicate(key.name, at: keyStart) }
                    seen |= bit
                }
                try expect(UInt8(ascii: ":"), "':' after the field name")
                skipSpace()
                let valueStart = index
                switch key {
                case .t:
                    guard index < bytes.count,
                        bytes[index] == UInt8(ascii: "-") || (bytes[index] >= 0x30 && bytes[index] <= 0x39)
                    else {
                        if index < bytes.count, isValueStart(bytes[index]) {
                            try skipValue(depth: 0)
                            throw fail("'t' must be a number of seconds", at: valueStart, .badField)
                        }
                        throw fail("expected a value for 't'; \(describeHere())")
                    }
                    let number = try readNumber(reason: .badField)
                    t = number
                    tText = valueStart..<index
                case .event:
                    guard let name = try readOptionalString(interned: true) else {
                        throw fail("'event' must be a string naming the event", at: valueStart, .badField)
                    }
                    event = name
                    eventText = valueStart..<index
                case .screen:
                    screen = try readOptionalString(nullable: true, field: "screen", start: valueStart, interned: true)
                case .subject:
                    subject = try readOptionalString(
                        nullable: true, field: "subject", start: valueStart, interned: true)
                    subjectText = valueStart..<index
                case .value:
                    value = try readScalar(reason: .badField)
                    if value == nil, !lastWasNull {
                        throw fail("'value' must be a number, boolean or string", at: valueStart, .badField)
                    }
                case .speaks:
                    guard let flag = try readBool() else {
                        throw fail("'speaks' must be true or false", at: valueStart, .badField)
                    }
                    speaks = flag
                case .params:
                    params = try readParams(start: valueStart)
                case .data:
                    data = try readParams(start: valueStart, field: "data")
                case .other:
                    if unknownKey == nil { unknownKey = keyStart..<keyEnd }
                    try skipValue(depth: 0)
                }
                skipSpace()
                guard index < bytes.count else {
                    throw fail("the object is not closed; add '}' at the end of the line")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    break
                }
                throw fail("expected ',' or '}' after a field; \(describeHere())")
            }
        }
        skipSpace()
        if index < bytes.count {
            throw fail("unexpected text after the object; put one JSON object per line")
        }
        guard let t, let tText else {
            throw fail("missing 't' (seconds since the session began)", at: objectStart, .missingField)
        }
        guard let event, let eventText else {
            throw fail("missing 'event' (the event name)", at: objectStart, .missingField)
        }
        guard t.isFinite else { throw fail("'t' must be a finite number", at: tText.lowerBound, .badField) }
        let record = TimedEvent(
            t: t, name: event, screen: screen, subject: subject, value: value, speaks: speaks, params: params,
            data: data)
        return EventLogParser.ParsedLine(
            record: record, tText: tText, eventText: eventText, subjectText: subjectText, unknownKey: unknownKey)
    }

    enum Key {
        case t, event, screen, subject, value, speaks, params, data, other

        /// This known field's bit in the set of fields seen (0 for `other`).
        var bit: UInt8 {
            switch self {
            case .t: 1
            case .event: 2
            case .screen: 4
            case .subject: 8
            case .value: 16
            case .speaks: 32
            case .params: 64
            case .data: 128
            case .other: 0
            }
        }

        /// The field's name as the log format spells it.
        var name: String {
            switch self {
            case .t: "t"
            case .event: "event"
            case .screen: "screen"
            case .subject: "subject"
            case .value: "value"
            case .speaks: "speaks"
            case .params: "params"
            case .data: "data"
            case .other: ""
            }
        }
    }

    /// A field written a second time, at the second one's name.
    private func duplicate(_ name: String, at offset: Int) -> JSONFailure {
        fail(
            "'\(name)' is written twice in this line; keep one (the log format takes neither)", at: offset,
            .duplicateField)
    }

    /// The decoded text of a JSON string token (quotes included): escapes resolved, so
    /// `"\u0061"` and `"a"` are the same field name.
    private static func text(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var reader = JSONReader(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        return (try? reader.readString()) ?? ""
    }

    /// The known field whose name and closing quote `word` (eight bytes of a line, loaded
    /// little-endian) begins with, and the name's length; nil for any other name. One load
    /// and a compare or two instead of a byte loop (`JSONReaderKeyTests` checks every name).
    @inline(__always)
    static func knownKey(_ word: UInt64) -> (Key, Int)? {
        // By the first letter, then one compare: the words are those of `keyWords`.
        switch UInt8(truncatingIfNeeded: word) {
        case UInt8(ascii: "t"): return word & 0xFFFF == 0x2274 ? (.t, 1) : nil
        case UInt8(ascii: "e"): return word & 0xFFFF_FFFF_FFFF == 0x2274_6E65_7665 ? (.event, 5) : nil
        case UInt8(ascii: "v"): return word & 0xFFFF_FFFF_FFFF == 0x2265_756C_6176 ? (.value, 5) : nil
        case UInt8(ascii: "d"): return word & 0xFF_FFFF_FFFF == 0x22_6174_6164 ? (.data, 4) : nil
        case UInt8(ascii: "p"): return word & 0xFF_FFFF_FFFF_FFFF == 0x22_736D_6172_6170 ? (.params, 6) : nil
        case UInt8(ascii: "s"):
            if word == 0x2274_6365_6A62_7573 { return (.subject, 7) }
            switch word & 0xFF_FFFF_FFFF_FFFF {
            case 0x22_6E65_6572_6373: return (.screen, 6)
            case 0x22_736B_6165_7073: return (.speaks, 6)
            default: return nil
            }
        default: return nil
        }
    }

    /// Reads a field name; known names are matched on bytes without building a string.
    private mutating func readKey() throws(JSONFailure) -> Key {
        let start = index + 1
        if start + 8 <= bytes.count, let base = bytes.baseAddress,
            let (key, length) = Self.knownKey(UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        {
            index = start + length + 1
            return key
        }
        var end = start
        // Every byte ORed together: one test after the loop says whether any is not ASCII.
        var bits: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            bits |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            // A name that is not ASCII must be valid UTF-8, as every string of the line
            // must: an unknown key is ignored, but a line with invalid UTF-8 is not JSON.
            if bits & 0x80 != 0,
                String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) == nil
            {
                throw fail("invalid UTF-8 in this field name; save the log as UTF-8", at: index)
            }
            index = end + 1
            return Self.key(bytes, start, end - start)
        }
        // Escapes or errors: take the slow path.
        let text = try readString()
        switch text {
        case "t": return .t
        case "event": return .event
        case "screen": return .screen
        case "subject": return .subject
        case "value": return .value
        case "speaks": return .speaks
        case "params": return .params
        case "data": return .data
        default: return .other
        }
    }

    @inline(__always)
    private static func key(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ n: Int) -> Key {
        @inline(__always) func eq(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == n else { return false }
            let p = word.utf8Start
            for i in 0..<n where p[i] != b[s + i] { return false }
            return true
        }
        switch n {
        case 1: return b[s] == UInt8(ascii: "t") ? .t : .other
        case 4: return eq("data") ? .data : .other
        case 5: return eq("event") ? .event : eq("value") ? .value : .other
        case 6: return eq("screen") ? .screen : eq("speaks") ? .speaks : eq("params") ? .params : .other
        case 7: return eq("subject") ? .subject : .other
        default: return .other
        }
    }

    private func isValueStart(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "-"), 0x30...0x39:
            true
        default: false
        }
    }

    private var lastWasNull = false

    /// A string, or nil for any other valid value (which is skipped).
    private mutating func readOptionalString(
        nullable: Bool = false, field: String = "", start: Int = 0, interned: Bool = false
    ) throws(JSONFailure) -> String? {
        guard index < bytes.count else { throw fail("expected a value; the line ends") }
        if bytes[index] == UInt8(ascii: "\"") { return try interned ? readName() : readString() }
        if nullable, try readLiteralNull() { return nil }
        try skipValue(depth: 0)
        if nullable { throw fail("'\(field)' must be a string", at: start, .badField) }
        return nil
    }

    private mutating func readLiteralNull() throws(JSONFailure) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }

    private mutating func readBool() throws(JSONFailure) -> Bool? {
        guard index < bytes.count else { throw fail("expected a value; the line ends") }
        if bytes[index] == UInt8(ascii: "t") {
            try readLiteral("true")
            return true
        }
        if bytes[index] == UInt8(ascii: "f") {
            try readLiteral("false")
            return false
        }
        try skipValue(depth: 0)
        return nil
    }

    /// A number, boolean or string; nil for null (sets `lastWasNull`) or arrays/objects.
    /// A number too large for a `Double` is refused with `reason`.
    private mutating func readScalar(reason: LineProblem) throws(JSONFailure) -> ScalarValue? {
        lastWasNull = false
        guard index < bytes.count else { throw fail("expected a value; the line ends") }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            lastWasNull = true
            return nil
        case UInt8(ascii: "-"), 0x30...0x39: return .number(try readNumber(reason: reason))
        default:
            try skipValue(depth: 0)
            return nil
        }
    }

    /// The fields of `params` (or of `data`, the same shape: an object of scalars).
    private mutating func readParams(start: Int, field: String = "params") throws(JSONFailure) -> [Event.Parameter] {
        guard index < bytes.count else { throw fail("expected a value; the line ends") }
        if try readLiteralNull() { return [] }
        let isData = field == "data"
        guard bytes[index] == UInt8(ascii: "{") else {
            try skipValue(depth: 0)
            throw fail(
                isData
                    ? "'data' must be an object such as {\"direction\": \"left\"}"
                    : "'params' must be an object such as {\"bpm\": 120}", at: start, .badField)
        }
        index += 1
        var params: [Event.Parameter] = []
        // Past a few names, a hash set of the names read so far keeps the duplicate check
        // linear in the object's size (a scan of `params` per name is quadratic: ~30 s for
        // a 1 MiB line); below, the scan is cheaper than making the set on every line.
        var names: Set<String>?
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return params
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a \(isData ? "data field" : "parameter") name in double quotes; \(describeHere())")
            }
            let nameStart = index
            let name = try readString()
            let duplicate: Bool
            if let inserted = names?.insert(name).inserted {
                duplicate = !inserted
            } else if params.count < 16 {
                duplicate = params.contains { $0.name == name }
            } else {
                var all = Set(params.lazy.map(\.name))
                duplicate = !all.insert(name).inserted
                names = all
            }
            if duplicate {
                throw fail(
                    "\(isData ? "data field" : "parameter") '\(name)' is written twice in '\(field)'; keep one",
                    at: nameStart, .duplicateField)
            }
            try expect(UInt8(ascii: ":"), isData ? "':' after the data field name" : "':' after the parameter name")
            skipSpace()
            let value = try readScalar(reason: .badField)
            params.append(Event.Parameter(name: name, value: value))
            skipSpace()
            guard index < bytes.count else { throw fail("'\(field)' is not closed; add '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return params
            }
            throw fail("expected ',' or '}' in '\(field)'; \(describeHere())")
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONFailure) {
        let n = word.utf8CodeUnitCount
        let p = word.utf8Start
        for i in 0..<n {
            guard index + i < bytes.count, bytes[index + i] == p[i] else {
                throw fail("invalid literal; JSON has true, false and null (lowercase)", at: index)
            }
        }
        index += n
    }

    /// Skips any JSON value, checking its syntax.
    private mutating func skipValue(depth: Int) throws(JSONFailure) {
        guard depth < Self.maxDepth else { throw fail("values nested more than \(Self.maxDepth) deep") }
        skipSpace()
        guard index < bytes.count else { throw fail("expected a value; the line ends") }
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        case UInt8(ascii: "-"), 0x30...0x39: _ = try readNumber()
        case UInt8(ascii: "["):
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try skipValue(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw fail("the array is not closed; add ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return
                }
                throw fail("expected ',' or ']' in an array; \(describeHere())")
            }
        case UInt8(ascii: "{"):
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a field name in double quotes; \(describeHere())")
                }
                _ = try readString()
                try expect(UInt8(ascii: ":"), "':' after the field name")
                try skipValue(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw fail("the object is not closed; add '}'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return
                }
                throw fail("expected ',' or '}' in an object; \(describeHere())")
            }
        default:
            throw fail("expected a JSON value; \(describeHere())")
        }
    }

    /// Reads a string starting at the opening quote, decoding escapes.
    /// A string (at a quote) through `names`: a name read before is the `String` made
    /// then; one read for the first time is read by `readString` and kept. The interner
    /// maps a token's raw bytes to its decoded text, so the bytes need no scan for escapes:
    /// only the closing quote is found (`memchr`), and a quote after a backslash (escaped,
    /// or after an escaped backslash) takes the long way.
    @inline(__always)
    mutating func readName() throws(JSONFailure) -> String {
        guard let names, let base = bytes.baseAddress else { return try readString() }
        let start = index + 1
        guard start < bytes.count, let found = memchr(base + start, 0x22, bytes.count - start) else {
            return try readString()
        }
        let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        guard bytes[end - 1] != UInt8(ascii: "\\") else { return try readString() }
        let name = UnsafeBufferPointer(start: base + start, count: end - start)
        if let text = names.text(of: name) {
            index = end + 1
            return text
        }
        let text = try readString()
        names.keep(text, for: name)
        return text
    }

    mutating func readString() throws(JSONFailure) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes. Non-ASCII text must be valid UTF-8 (JSON requires it, and
        // the JSONL writer echoes the token as written).
        var sawNonASCII = false
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard !sawNonASCII else {
                    guard let text = String(validating: slice, as: UTF8.self) else {
                        throw fail("invalid UTF-8 in this string; save the log as UTF-8", at: open)
                    }
                    index += 1
                    return text
                }
                index += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            if b >= 0x80 { sawNonASCII = true }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in this string; save the log as UTF-8", at: open)
                }
                return text
            }
            if b < 0x20 { throw fail("control character in a string; escape it (\\n, \\t, \\u00XX)") }
            if b != UInt8(ascii: "\\") {
                scalars.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else {
                        throw fail("a high surrogate \\u must be followed by a low surrogate \\uDC00-\\uDFFF")
                    }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw fail("expected a low surrogate \\uDC00-\\uDFFF after a high surrogate", at: index - 6)
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw fail("a lone low surrogate \\u is not a character", at: index - 6)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape", at: index - 6) }
                scalars.append(contentsOf: String(Character(scalar)).utf8)
            default:
                throw fail(
                    "invalid escape '\\\(Character(Unicode.Scalar(escape)))'; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
                    at: index - 2)
            }
        }
        throw fail("the string that starts here is not closed; add '\"'", at: open)
    }

    private mutating func readHex4() throws(JSONFailure) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("\\u needs four hex digits") }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail("\\u needs four hex digits")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Reads a JSON number (strict grammar). Exact fast path for up to 15 significant
    /// digits and small exponents; otherwise the standard library's correctly rounded parse.
    /// A number beyond the largest `Double` (`1e400`, which would read as infinity) is
    /// refused with `reason` (`bad-field` in a known field, `bad-json` elsewhere): no
    /// decision, sum or summary ever sees an infinite number.
    mutating func readNumber(reason: LineProblem = .badJSON) throws(JSONFailure) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
            throw fail("a number needs digits after '-'")
        }
        var mantissa: UInt64 = 0
        var digits = 0
        if bytes[index] == 0x30 {
            index += 1
            if index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                throw fail("numbers cannot have leading zeros")
            }
        } else {
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
        }
        var fraction = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
                throw fail("a number needs digits after '.'")
            }
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30) }
                if mantissa != 0 || digits > 0 { digits += 1 }
                fraction += 1
                index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
                throw fail("a number needs digits in its exponent")
            }
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        }
        if !hasExponent, digits <= 15, fraction <= 22 {
            let value = Double(mantissa) / Self.powersOfTen[fraction]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("'\(text)' is not a number", at: start) }
        guard value.isFinite else {
            throw fail(
                "the number \(text) is too large (beyond ±1.8e308, it would read as infinity); write a finite number",
                at: start, reason)
        }
        return value
    }
}
