import Testing

@testable import HapticPolicyLanguageServer

/// The base protocol: `Content-Length` headers, bodies split across reads, bounded sizes.
@Suite struct MessageFramingTests {
    @Test func bodiesArriveWholeHoweverTheBytesAreSplit() {
        let stream = MessageReader.frame(Array(#"{"a":1}"#.utf8)) + MessageReader.frame(Array("[]".utf8))
        for split in 0...stream.count {
            var reader = MessageReader()
            let items = reader.feed(stream[..<split]) + reader.feed(stream[split...])
            #expect(items == [.message(Array(#"{"a":1}"#.utf8)), .message(Array("[]".utf8))], "split at \(split)")
            #expect(!reader.hasPartialMessage)
        }
    }

    @Test func otherHeadersAreIgnoredAndTheNameIsCaseInsensitive() {
        var reader = MessageReader()
        let items = reader.feed(Array("content-type: application/vscode-jsonrpc\r\ncontent-length: 2\r\n\r\n{}".utf8))
        #expect(items == [.message(Array("{}".utf8))])
    }

    @Test func aMessageWithoutALengthIsSkippedAndTheNextOneRead() {
        var reader = MessageReader()
        let items = reader.feed(Array("Content-Type: x\r\n\r\n".utf8) + MessageReader.frame(Array("{}".utf8)))
        #expect(items.count == 2)
        #expect(items.last == .message(Array("{}".utf8)))
        guard case .problem(let problem) = items.first else {
            Issue.record("expected a problem first")
            return
        }
        #expect(problem.contains("Content-Length"))
    }

    @Test func aBodyOverTheLimitIsDroppedWithoutBeingKept() {
        var reader = MessageReader(maxBodyBytes: 8)
        var items = reader.feed(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
        #expect(items.count == 1)
        items = reader.feed(Array("0123456789".utf8) + MessageReader.frame(Array("{}".utf8)))
        #expect(items == [.message(Array("{}".utf8))])
    }

    @Test func headersWithoutAnEndAreBounded() {
        var reader = MessageReader()
        let junk = [UInt8](repeating: 0x41, count: MessageReader.maxHeaderBytes + 1)
        let items = reader.feed(junk)
        #expect(items.count == 1)
        #expect(reader.feed(MessageReader.frame(Array("{}".utf8))) == [.message(Array("{}".utf8))])
    }

    @Test(arguments: ["Content-Length: -1", "Content-Length: 1e3", "Content-Length:", "Content-Length: 99999999999999"])
    func invalidLengthsAreRefused(_ header: String) {
        #expect(MessageReader.contentLength(header) == nil)
    }

    /// A header block whose length is missing, negative or past the limit is followed by a
    /// body the reader cannot measure: it resynchronizes at the next `Content-Length:` and
    /// reads that message, at once. (Before, the body was taken for the next header block
    /// and the next message was lost; `Content-Length: 99999999999` made it skip 93 GiB.)
    @Test(arguments: [
        "Content-Type: x\r\n\r\n{\"id\":1}", "Content-Length: -5\r\n\r\n{\"id\":1}",
        "Content-Length: 99999999999\r\n\r\n{\"id\":1}", "content-length: 1e3\r\n\r\n{\"id\":1}",
    ])
    func aBadLengthCostsOnlyItsOwnMessage(_ bad: String) {
        let stream = Array(bad.utf8) + MessageReader.frame(Array("{}".utf8)) + MessageReader.frame(Array("[]".utf8))
        for split in [0, 5, bad.utf8.count, bad.utf8.count + 7, stream.count] {
            var reader = MessageReader()
            let items = reader.feed(stream[..<split]) + reader.feed(stream[split...])
            #expect(items.count == 3, "split at \(split): \(items)")
            guard case .problem(let problem) = items.first else {
                Issue.record("expected a problem first, split at \(split)")
                continue
            }
            #expect(problem.contains("skipped to the next Content-Length"))
            #expect(Array(items.dropFirst()) == [.message(Array("{}".utf8)), .message(Array("[]".utf8))])
            #expect(!reader.hasPartialMessage)
        }
    }
}
