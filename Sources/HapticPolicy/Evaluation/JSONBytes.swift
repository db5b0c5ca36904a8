/// Appending JSON text to a byte buffer without building intermediate strings.
enum JSONBytes {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `"text"` with JSON escapes.
    @inline(__always)
    static func string(_ text: String, prefix: StaticString = "", into out: inout [UInt8]) {
        out.append(0x22)
        raw(prefix, into: &out)
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let b = utf8[index]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default: out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        out.append(0x22)
    }

    /// Appends a string or `null`.
    @inline(__always)
    static func optional(_ text: String?, into out: inout [UInt8]) {
        if let text { string(text, into: &out) } else { raw("null", into: &out) }
    }

    /// Appends ASCII text as is.
    @inline(__always)
    static func raw(_ text: StaticString, into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a non-negative integer.
    @inline(__always)
    static func integer(_ value: Int, into out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            integer(-value, into: &out)
            return
        }
        if value < 10 {
            out.append(0x30 + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }

    /// Appends a number as designers write it (`4`, `0.35`).
    static func number(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite else { raw("null", into: &out); return }
        out.append(contentsOf: numberText(value).utf8)
    }
}
