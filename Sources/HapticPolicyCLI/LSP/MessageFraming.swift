/// The base protocol of LSP over a byte stream: each message is a header block
/// (`Content-Length: N`, other fields ignored, each line ended by `\r\n`), an empty line,
/// then N bytes of JSON.
///
/// `MessageReader` takes bytes as they arrive and hands out whole message bodies. It
/// never holds more than `maxHeaderBytes` of headers or `maxBodyBytes` of body: a header
/// block without a length, or a body over the limit, is skipped (its bytes are read and
/// dropped, so the stream stays in step) and reported as a `Problem`.
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
    private var skipping = 0
    private let maxBodyBytes: Int

    init(maxBodyBytes: Int = MessageReader.defaultMaxBodyBytes) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Adds bytes that arrived; returns every item they complete, in order.
    mutating func feed(_ bytes: some Collection<UInt8>) -> [Item] {
        var items: [Item] = []
        var incoming = bytes[...]
        if skipping > 0 {
            let dropped = min(skipping, incoming.count)
            skipping -= dropped
            incoming = incoming.dropFirst(dropped)
        }
        buffer.append(contentsOf: incoming)
        while let item = next() { items.append(item) }
        // Keep the buffer from growing with what has been handed out.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return items
    }

    /// Whether bytes of an unfinished message are waiting (at end of input: a truncated one).
    var hasPartialMessage: Bool { start < buffer.count || bodyLength != nil || skipping > 0 }

    private mutating func next() -> Item? {
        if let length = bodyLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<start + length])
            start += length
            bodyLength = nil
            return .message(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maxHeaderBytes {
                // No blank line within the limit: not a header block. Drop it all and
                // look for the next message in what comes.
                start = buffer.count
                return .problem("a header block over \(Self.maxHeaderBytes) bytes without an empty line; skipped it")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end + 4
        guard let length = Self.contentLength(header) else {
            return .problem("a message without a valid Content-Length header; skipped it")
        }
        guard length <= maxBodyBytes else {
            let available = min(length, buffer.count - start)
            start += available
            skipping = length - available
            return .problem("a message of \(length) bytes, over the \(maxBodyBytes)-byte limit; skipped it")
        }
        bodyLength = length
        return next()
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
