import Testing

@testable import HapticPolicyReplay

/// `JSONBytes.integer` writes every decision line's line number: the same digits as
/// `String(_:)` for every width, the signs and both ends of `Int`.
@Suite struct JSONBytesIntegerTests {
    static let values: [Int] =
        [0, 1, 9, 10, 11, 42, 99, 100, 101, 999, 1_000, 12_345, 99_999, 100_000, 1_000_000, 9_999_999]
        + (0..<19).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }
        + (1..<19).map { power in (0..<power).reduce(1) { value, _ in value * 10 } - 1 }
        + [Int.max, Int.max - 1, -1, -9, -10, -99, -100, -12_345, Int.min + 1, Int.min]

    @Test func everyWidthAndSignWritesWhatStringWrites() {
        let bytes = JSONBytes(capacity: 4)
        var expected = ""
        for value in Self.values {
            bytes.integer(value)
            bytes.byte(UInt8(ascii: ","))
            expected += "\(value),"
        }
        var out: [UInt8] = []
        bytes.move(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }
}
