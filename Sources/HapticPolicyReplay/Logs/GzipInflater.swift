import CZlib

/// Decompresses a gzip stream chunk by chunk (zlib's `inflate`), so a `.jsonl.gz` log is
/// read in bounded memory: compressed bytes in, in any chunking, decompressed chunks of
/// at most `outputChunkSize` bytes out, which go to the one `EventLogReader` like the
/// bytes of a plain log (its line limit and line errors apply unchanged).
///
/// Several gzip members one after another (`cat a.gz b.gz`) read as one stream, as
/// `gzip -d` reads them. A stream that is not gzip, is corrupt, or ends before its last
/// member does (a truncated download) is a `GzipError` naming the byte offset, never a
/// crash. Tooling only: the runtime `HapticPolicy` target does not link zlib.
package final class GzipInflater {
    /// The most decompressed bytes handed over at once: 256 KiB.
    package static let outputChunkSize = 1 << 18

    private var stream = z_stream()
    private var output: UnsafeMutablePointer<UInt8>
    /// Whether the current member's header was read and its end not yet (`finish` fails then).
    private var inMember = false
    /// Compressed bytes read so far, for error messages.
    private var consumed = 0
    private var initialized = false

    /// Creates an inflater for one stream.
    package init() {
        output = .allocate(capacity: Self.outputChunkSize)
    }

    deinit {
        if initialized { inflateEnd(&stream) }
        output.deallocate()
    }

    /// Decompresses `chunk`, calling `body` with each decompressed piece; `body` returns
    /// whether to go on. Returns false when `body` stopped.
    package func consume(
        _ chunk: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(GzipError) -> Bool {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return true }
        var offset = 0
        while offset < chunk.count {
            if !inMember {
                try startMember()
                inMember = true
            }
            stream.next_in = UnsafeMutablePointer(mutating: base + offset)
            stream.avail_in = UInt32(chunk.count - offset)
            stream.next_out = output
            stream.avail_out = UInt32(Self.outputChunkSize)
            let status = inflate(&stream, Z_NO_FLUSH)
            let used = chunk.count - offset - Int(stream.avail_in)
            offset += used
            consumed += used
            let produced = Self.outputChunkSize - Int(stream.avail_out)
            if produced > 0, !body(UnsafeBufferPointer(start: output, count: produced)) { return false }
            switch status {
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR with input left and output room cannot happen; with neither,
                // the loop goes round for more output or the next chunk.
                if used == 0, produced == 0 { throw corrupt() }
            case Z_STREAM_END:
                inMember = false
                inflateReset(&stream)
            default:
                throw corrupt()
            }
        }
        return true
    }

    /// Ends the stream: throws when it stopped inside a member (a truncated file) or had
    /// no gzip data at all.
    package func finish() throws(GzipError) {
        if inMember {
            throw GzipError(
                offset: consumed,
                message: "the gzip data ends after \(consumed) bytes, in the middle of the stream (a truncated file?)")
        }
        if !initialized {
            throw GzipError(offset: 0, message: "the file is empty, not gzip data")
        }
    }

    private func startMember() throws(GzipError) {
        guard !initialized else { return }
        guard czlib_inflate_init_gzip(&stream) == Z_OK else {
            throw GzipError(offset: 0, message: "zlib could not start (out of memory?)")
        }
        initialized = true
    }

    private func corrupt() -> GzipError {
        let detail = stream.msg.map { String(cString: $0) } ?? "not gzip data"
        return GzipError(offset: consumed, message: "the gzip data is corrupt near byte \(consumed): \(detail)")
    }
}

/// A gzip stream that cannot be read to its end.
package struct GzipError: Error, Sendable, Equatable {
    /// Compressed bytes read before the problem.
    package var offset: Int
    /// What is wrong, for an `error:` line after the file's name.
    package var message: String
}
