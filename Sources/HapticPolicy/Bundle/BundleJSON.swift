/// The strict reading of a bundle's JSON (`Docs/bundle-format.md`, "What a reader must
/// refuse"): one scan of the bytes before `JSONDecoder` sees them, refusing what the
/// decoder would read leniently or differently from the ports (a repeated key, a BOM,
/// invalid UTF-8, a lone surrogate, nesting past `maxDepth`, a number no double holds,
/// `null`, which no bundle writes),
/// and recording where each value stands so a refusal names its path and byte offset.
struct BundleJSONScan {
    /// The deepest nesting of arrays and objects a bundle may have, the envelope counted.
    static let maxDepth = 512

    /// The byte offset in the file of the value at each path (`content.cells[2].rows[0]`),
    /// recorded only by a scan that `locates`: only a refusal needs it.
    private(set) var offsets: [String: Int] = [:]
    /// Each object member in the order written: its path and the offset of its key.
    private(set) var members: [(path: String, keyOffset: Int)] = []
    /// The numbers not written as the format writes an integer (with a fraction or an
    /// exponent, or outside -2^31...2^31-1), in the order written: their paths, byte
    /// ranges, and whether `JSONDecoder` would read them as an integer all the same (an
    /// integral value: `1e2`, `1.0`, `4294967296`). Without `locates`, only those.
    private(set) var nonIntegerNumbers: [(path: String, range: Range<Int>, integral: Bool)] = []
    /// The paths of `nonIntegerNumbers`.
    private(set) var nonIntegers: Set<String> = []
    /// Whether this scan recorded every value's offset and every number not written as
    /// an integer (a scan again for a refusal), or only what a valid bundle needs.
    let locates: Bool
    /// The string values of the top-level members (the envelope's `format` and `hash`).
    private(set) var topStrings: [String: String] = [:]
    /// The number values of the top-level members, as written (`formatVersion`).
    private(set) var topNumbers: [String: String] = [:]

    private let bytes: [UInt8]
    private var i: Int
    private let end: Int

    /// Scans `bytes[range]` as exactly one JSON value at `root` (`"content"`, or `""` for
    /// the envelope), nested `depth` deep already; throws the refusal of the first problem.
    static func scan(
        _ bytes: [UInt8], _ range: Range<Int>, root: String, depth: Int, locating: Bool = false
    ) throws(PolicyBundle.LoadError) -> BundleJSONScan {
        var scan = BundleJSONScan(bytes: bytes, i: range.lowerBound, end: range.upperBound, locates: locating)
        scan.space()
        try scan.value(root, depth: depth, top: root.isEmpty)
        scan.space()
        if scan.i != scan.end { throw scan.fail(.syntax, root, "unexpected text after the value") }
        return scan
    }

    private init(bytes: [UInt8], i: Int, end: Int, locates: Bool) {
        self.bytes = bytes
        self.i = i
        self.end = end
        self.locates = locates
    }

    private func fail(_ code: PolicyBundle.Refusal, _ path: String, _ why: String, at offset: Int? = nil)
        -> PolicyBundle.LoadError
    {
        let place = path.isEmpty ? "" : "at \(path): "
        return .damaged(
            "the content cannot be decoded: \(place)\(why) (byte \(offset ?? i))", code: code, path: path,
            offset: offset ?? i)
    }

    /// Whether the value at `offset` is written exactly as `text`.
    func hasText(_ text: String, at offset: Int) -> Bool {
        let expected = Array(text.utf8)
        guard offset >= 0, end - offset >= expected.count else { return false }
        return bytes[offset..<offset + expected.count].elementsEqual(expected)
    }

    private mutating func space() {
        while i < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(_ path: String, depth: Int, top: Bool = false) throws(PolicyBundle.LoadError) {
        guard i < end else { throw fail(.syntax, path, "expected a value; the text ends") }
        if locates { offsets[path] = i }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            try object(path, depth: depth + 1, top: top)
        case UInt8(ascii: "["):
            guard depth + 1 <= Self.maxDepth else {
                throw fail(.tooDeep, path, "arrays and objects nested more than \(Self.maxDepth) deep")
            }
            i += 1
            space()
            if i < end, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return
            }
            var index = 0
            while true {
                space()
                try value("\(path)[\(index)]", depth: depth + 1)
                index += 1
                space()
                guard i < end else { throw fail(.syntax, path, "the array is not closed") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                } else if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return
                } else {
                    throw fail(.syntax, path, "expected ',' or ']' in an array")
                }
            }
        case UInt8(ascii: "\""):
            _ = try string(path)
        case UInt8(ascii: "t"): try literal("true", path)
        case UInt8(ascii: "f"): try literal("false", path)
        case UInt8(ascii: "n"):
            throw fail(.wrongType, path, "expected a value, found null (a bundle never writes null)")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(path)
        default: throw fail(.syntax, path, "expected a JSON value")
        }
    }

    private mutating func object(_ path: String, depth: Int, top: Bool) throws(PolicyBundle.LoadError) {
        guard depth <= Self.maxDepth else {
            throw fail(.tooDeep, path, "arrays and objects nested more than \(Self.maxDepth) deep")
        }
        i += 1
        space()
        if i < end, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return
        }
        var keys = Set<NameKey>()
        while true {
            space()
            guard i < end, bytes[i] == UInt8(ascii: "\"") else {
                throw fail(.syntax, path, "expected a field name in double quotes")
            }
            let keyOffset = i
            let key = try string(path)
            let member = path.isEmpty ? key : "\(path).\(key)"
            guard keys.insert(NameKey(key)).inserted else {
                throw fail(.duplicateKey, member, "the field '\(key)' is written twice", at: keyOffset)
            }
            space()
            guard i < end, bytes[i] == UInt8(ascii: ":") else {
                throw fail(.syntax, path, "expected ':' after a field name")
            }
            i += 1
            space()
            let valueStart = i
            members.append((member, keyOffset))
            try value(member, depth: depth)
            if top {
                if bytes[valueStart] == UInt8(ascii: "\"") {
                    var copy = self
                    copy.i = valueStart
                    topStrings[key] = try copy.string(member)
                } else if bytes[valueStart] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[valueStart]) {
                    topNumbers[key] = String(decoding: bytes[valueStart..<i], as: UTF8.self)
                }
            }
            space()
            guard i < end else { throw fail(.syntax, path, "the object is not closed") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
            } else if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return
            } else {
                throw fail(.syntax, path, "expected ',' or '}' in an object")
            }
        }
    }

    private mutating func literal(_ word: String, _ path: String) throws(PolicyBundle.LoadError) {
        let expected = Array(word.utf8)
        guard end - i >= expected.count, bytes[i..<i + expected.count].elementsEqual(expected) else {
            throw fail(.syntax, path, "invalid literal")
        }
        i += expected.count
    }

    /// Reads a string (at its opening quote) and returns it; refuses control characters,
    /// invalid escapes, invalid UTF-8 and lone surrogates.
    private mutating func string(_ path: String) throws(PolicyBundle.LoadError) -> String {
        let open = i
        i += 1
        var out: [UInt8] = []
        while i < end {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i + 1 < end else { break }
                let escape = bytes[i + 1]
                i += 2
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let at = i - 2
                    var code = try hex4(path)
                    if (0xD800...0xDBFF).contains(code) {
                        guard end - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail(.loneSurrogate, path, "a high surrogate must be followed by a low one", at: at)
                        }
                        i += 2
                        let low = try hex4(path)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail(.loneSurrogate, path, "a high surrogate must be followed by a low one", at: at)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail(.loneSurrogate, path, "a lone low surrogate is not a character", at: at)
                    }
                    out.append(contentsOf: Unicode.Scalar(code).map { Array(String($0).utf8) } ?? [])
                default:
                    throw fail(.syntax, path, "invalid escape", at: i - 2)
                }
                continue
            case 0..<0x20:
                throw fail(.syntax, path, "control character in a string")
            case 0..<0x80:
                out.append(byte)
                i += 1
                continue
            default:
                let length = utf8Length(at: i)
                guard length > 0 else { throw fail(.invalidUTF8, path, "invalid UTF-8") }
                out.append(contentsOf: bytes[i..<i + length])
                i += length
                continue
            }
            break
        }
        throw fail(.syntax, path, "the string is not closed", at: open)
    }

    /// The length of the well-formed UTF-8 sequence (RFC 3629) of more than one byte at
    /// `at`, or 0: no overlong forms, no surrogates, nothing past U+10FFFF.
    private func utf8Length(at: Int) -> Int {
        let lead = bytes[at]
        let (length, low, high): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
        guard length > 0, end - at >= length, (low...high).contains(bytes[at + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[at + k]) { return 0 }
        return length
    }

    private mutating func hex4(_ path: String) throws(PolicyBundle.LoadError) -> UInt32 {
        guard end - i >= 4 else { throw fail(.syntax, path, "\\u needs four hex digits") }
        var code: UInt32 = 0
        for k in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[i + k])).hexDigitValue else {
                throw fail(.syntax, path, "\\u needs four hex digits")
            }
            code = code * 16 + UInt32(digit)
        }
        i += 4
        return code
    }

    private mutating func digits() -> Bool {
        let start = i
        while i < end, (0x30...0x39).contains(bytes[i]) { i += 1 }
        return i > start
    }

    private mutating func number(_ path: String) throws(PolicyBundle.LoadError) {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end, (0x30...0x39).contains(bytes[i]) else { throw fail(.syntax, path, "a number needs digits") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < end, (0x30...0x39).contains(bytes[i]) {
                throw fail(.syntax, path, "numbers cannot have leading zeros")
            }
        } else {
            _ = digits()
        }
        var spelledAsInteger = true
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            spelledAsInteger = false
            guard digits() else { throw fail(.syntax, path, "a number needs digits after '.'") }
        }
        let mantissa = start..<i
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            spelledAsInteger = false
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() else { throw fail(.syntax, path, "a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail(.numberOutOfRange, path, "the number \(text) is not a finite double", at: start)
        }
        // A literal that is not zero but reads as zero (`1e-400`) is no more a double's
        // than `1e999` is: refused, never read as 0.
        if value == 0, bytes[mantissa].contains(where: { (0x31...0x39).contains($0) }) {
            throw fail(
                .numberOutOfRange, path, "the number \(text) is too small for a double: it reads as 0", at: start)
        }
        let inRange = value >= -2_147_483_648 && value <= 2_147_483_647
        if !spelledAsInteger || !inRange {
            let integral = value.rounded() == value
            if locates || integral {
                nonIntegers.insert(path)
                nonIntegerNumbers.append((path, start..<i, integral))
            }
        }
    }
}
