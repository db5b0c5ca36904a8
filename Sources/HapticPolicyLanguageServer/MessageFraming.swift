/// The base protocol of LSP over a byte stream: each message is a header block
/// (`Content-Length: N`, other fields ignored, each line ended by `\r\n`), an empty line,
/// then N bytes of JSON.
///
/// `MessageReader` takes bytes as they arrive and hands out whole message bodies. It
/// never holds more than `maxHeaderBytes` of headers or `maxBodyBytes` of body. A header
/// block without a valid length (missing, negative, not a number), with a length over
/// the limit (`Content-Length: 99999999999`), or without its blank line, is reported as a
/// `Problem`, and the reader resynchronizes: it drops bytes up to the next
/// `Content-Length:` and reads the message there. A length is never trusted to skip
/// input, so a lying header costs neither the next valid message nor gigabytes of reading.
struct MessageReader {
    /// What the reader hands out.
    enum Item: Equatable {
        /// A whole message body (JSON, not yet parsed).
        case message([UInt8])
        /// A message that was skipped, and why.
        case problem(String)
    }

    /// The largest body read: 16 MiB, room for a policy at the 1 MiB file limit with every
    /// character escaped in JSON.
    static let defaultMaxBodyBytes = 16 << 20
    /// The largest header block: 8 KiB (a real one is under 100 bytes).
    static let maxHeaderBytes = 8 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    private var bodyLength: Int?
    /// Looking for the next `Content-Length:` after a bad header block.
    private var resyncing = false
    private let maxBodyBytes: Int

    init(maxBodyBytes: Int = MessageReader.defaultMaxBodyBytes) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Adds bytes that arrived; returns every item they complete, in order.
    mutating func feed(_ bytes: some Collection<UInt8>) -> [Item] {
        var items: [Item] = []
        buffer.append(contentsOf: bytes)
        while let item = next() { items.append(item) }
        // Keep the buffer from growing with what has been handed out.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return items
    }

    /// Whether bytes of an unfinished message are waiting (at end of input: a truncated one).
    var hasPartialMessage: Bool { start < buffer.count || bodyLength != nil }

    /// The field that starts every header block this server reads, in lowercase.
    private static let lengthField = Array("content-length:".utf8)

    private mutating func next() -> Item? {
        if resyncing {
            guard let found = nextLengthField() else {
                // Keep what could be the start of the field, split across two reads.
                start = max(start, buffer.count - (Self.lengthField.count - 1))
                return nil
            }
            start = found
            resyncing = false
        }
        if let length = bodyLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<start + length])
            start += length
            bodyLength = nil
            return .message(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maxHeaderBytes {
                // No blank line within the limit: not a header block. Look for the next
                // message after it.
                start += 1
                resyncing = true
                return .problem(
                    "a header block over \(Self.maxHeaderBytes) bytes without an empty line; skipped to the next Content-Length"
                )
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end + 4
        guard let length = Self.contentLength(header) else {
            resyncing = true
            return .problem("a message without a valid Content-Length header; skipped to the next Content-Length")
        }
        guard length <= maxBodyBytes else {
            resyncing = true
            return .problem(
                "a message of \(length) bytes, over the \(maxBodyBytes)-byte limit; skipped to the next Content-Length")
        }
        bodyLength = length
        return next()
    }

    /// The offset of the next `Content-Length:` (any case) at or after `start`.
    private func nextLengthField() -> Int? {
        let field = Self.lengthField
        var index = start
        while index + field.count <= buffer.count {
            var matches = true
            for offset in field.indices {
                var byte = buffer[index + offset]
                if byte >= 0x41, byte <= 0x5A { byte += 0x20 }
                if byte != field[offset] {
                    matches = false
                    break
                }
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the `\r\n\r\n` that ends the header block at `start`.
    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` of a header block (field names are case-insensitive).
    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: " \t").lowercased()
            guard name == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            guard !value.isEmpty, value.allSatisfy(\.isASCIIDigit), value.count < 12, let length = Int(value) else {
                return nil
            }
            return length
        }
        return nil
    }

    /// A message with its header, as written to the client.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
