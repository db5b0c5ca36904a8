import Foundation
import HapticPolicy

/// A growable byte scratch buffer written through a raw pointer: building one decision
/// line costs no per-fragment capacity checks or generic `append` calls; the finished
/// line is copied out once. Owned by one writer; not shared between threads.
final class JSONBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written since the last `move(into:)`.
    private(set) var count = 0

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    init(capacity: Int = 1024) {
        self.capacity = capacity
        self.base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    private func ensure(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The bytes written at `range` (offsets since the last `move(into:)`); valid until
    /// the next write.
    func written(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Appends bytes as is.
    @inline(__always)
    func raw(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        raw(UnsafeBufferPointer(bytes))
    }

    /// Appends the bytes written so far to `out` and starts over.
    func move(into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    /// Appends one byte.
    @inline(__always)
    func byte(_ b: UInt8) {
        ensure(1)
        base[count] = b
        count += 1
    }

    /// Appends ASCII text as is.
    @inline(__always)
    func raw(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        ensure(n)
        (base + count).update(from: text.utf8Start, count: n)
        count += n
    }

    /// Appends bytes as is.
    @inline(__always)
    func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        ensure(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Whether any byte may need a JSON escape by `JSONString`'s rule (`"`, `\\`, below
    /// 0x20, `<` that may start `</`, or not ASCII, which U+2028, U+2029 and U+0085 are);
    /// eight bytes at a time, since almost no string in a decision needs one.
    @inline(__always)
    private static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= utf8.count {
            let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let slash = word ^ (ones &* 0x5C)
            let control = (word &- ones &* 0x20) & ~word
            let zeroQuote = (quote &- ones) & ~quote
            let zeroSlash = (slash &- ones) & ~slash
            let less = word ^ (ones &* 0x3C)
            let zeroLess = (less &- ones) & ~less
            if (control | zeroQuote | zeroSlash | zeroLess | word) & highs != 0 { return true }
            index += 8
        }
        while index < utf8.count {
            let b = utf8[index]
            if b < 0x20 || b == 0x22 || b == 0x5C || b == 0x3C || b >= 0x80 { return true }
            index += 1
        }
        return false
    }

    /// Appends `"prefix+text"` with JSON escapes.
    func string(_ text: String, prefix: StaticString = "") {
        byte(0x22)
        raw(prefix)
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            if Self.needsEscape(utf8) { escaped(utf8) } else { raw(utf8) }
        }
        if done == nil {
            var copy = text
            copy.withUTF8 { utf8 in
                if Self.needsEscape(utf8) { escaped(utf8) } else { raw(utf8) }
            }
        }
        byte(0x22)
    }

    /// Appends `utf8` escaped by `JSONString`'s rule (`JSONStringTests` checks they agree).
    private func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let b = utf8[index]
            let escape: StaticString
            var length = 1
            switch b {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case ..<0x20: escape = "\\u00"
            default:
                guard let hardening = Self.hardening(utf8, at: index) else {
                    index &+= 1
                    continue
                }
                escape = hardening.escape
                length = hardening.length
            }
            raw(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            raw(escape)
            if b < 0x20, b != 0x0A, b != 0x0D, b != 0x09 {
                byte(Self.hex[Int(b >> 4)])
                byte(Self.hex[Int(b & 15)])
            }
            index &+= length
            runStart = index
        }
        raw(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    /// The escape of the bytes at `index` that only some consumers of valid JSON need (the
    /// `/` of `</`, U+2028, U+2029, U+0085; `JSONString.hardened`), and how many bytes it
    /// stands for; nil for any other byte.
    @inline(__always)
    private static func hardening(
        _ utf8: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (escape: StaticString, length: Int)? {
        switch utf8[index] {
        case 0x2F where index > 0 && utf8[index &- 1] == 0x3C: ("\\/", 1)
        case 0xE2 where index &+ 2 < utf8.count && utf8[index &+ 1] == 0x80 && utf8[index &+ 2] & 0xFE == 0xA8:
            (utf8[index &+ 2] == 0xA8 ? "\\u2028" : "\\u2029", 3)
        case 0xC2 where index &+ 1 < utf8.count && utf8[index &+ 1] == 0x85: ("\\u0085", 2)
        default: nil
        }
    }

    /// Whether any byte is `<` or not ASCII (which U+2028, U+2029 and U+0085 are); eight
    /// bytes at a time, as `needsEscape`.
    @inline(__always)
    private static func mayNeedHardening(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func flagged(at offset: Int) -> Bool {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            let less = word ^ (ones &* 0x3C)
            return (((less &- ones) & ~less) | word) & highs != 0
        }
        guard utf8.count >= 8 else {
            for offset in 0..<utf8.count where start[offset] == 0x3C || start[offset] >= 0x80 { return true }
            return false
        }
        var index = 0
        while index &+ 8 <= utf8.count {
            if flagged(at: index) { return true }
            index &+= 8
        }
        // The last eight bytes, overlapping what was read: no byte-at-a-time tail.
        return index < utf8.count && flagged(at: utf8.count &- 8)
    }

    /// Appends a JSON token of the input exactly as written (eval echoes `event` and
    /// `subject`), but for what `JSONString.hardened` escapes: it decodes as written, and
    /// a raw U+2028 or `</` in an app's log does not reach the output raw.
    @inline(__always)
    func echo(_ token: UnsafeBufferPointer<UInt8>) {
        if Self.mayNeedHardening(token) { hardened(token) } else { raw(token) }
    }

    /// `echo`'s rare path: the token with what `JSONString.hardened` escapes escaped.
    private func hardened(_ token: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < token.count {
            guard let (escape, length) = Self.hardening(token, at: index) else {
                index &+= 1
                continue
            }
            raw(UnsafeBufferPointer(rebasing: token[runStart..<index]))
            raw(escape)
            index &+= length
            runStart = index
        }
        raw(UnsafeBufferPointer(rebasing: token[runStart..<token.count]))
    }

    /// Appends a string or `null`.
    @inline(__always)
    func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Appends an integer.
    func integer(_ value: Int) {
        ensure(20)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        // The digits are counted by comparing (no division), then written from the last,
        // two at a time from a table: every decision line writes its line number.
        let magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 19, magnitude >= power {
            power &*= 10
            digits += 1
        }
        var end = count + digits
        count = end
        var rest = magnitude
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: 2 &* (rest % 100))
            rest /= 100
            end &-= 2
            base[end] = pairs[pair]
            base[end &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: 2 &* rest)
            base[end &- 2] = pairs[pair]
            base[end &- 1] = pairs[pair &+ 1]
        } else {
            base[end &- 1] = 0x30 &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// "00", "01", …, "99": the two digits of each number under 100.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Appends a number as designers write it (`4`, `0.35`), or `null` if not finite.
    func number(_ value: Double) {
        guard value.isFinite else {
            raw("null")
            return
        }
        var text = numberText(value)
        text.withUTF8 { raw($0) }
    }
}
