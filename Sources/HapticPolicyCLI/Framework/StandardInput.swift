#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input read in chunks, so `-` streams: a command holds one chunk at a time
/// instead of the whole input, and hands each chunk on as soon as it arrives (the lines
/// of a live pipe are decided as they come, not at end of file).
///
/// The process reads file descriptor 0 with `read(2)`, which returns whatever a pipe
/// holds without waiting for the buffer to fill; in-process tests feed chunks from
/// memory, one chunk per read, so they decide exactly where the boundaries fall.
package final class StandardInput {
    private let source: (UnsafeMutableBufferPointer<UInt8>) -> Int
    /// Whether input arrives over time (a pipe, a socket, a terminal) rather than from a
    /// regular file. `eval` then flushes its decisions after every chunk.
    package let isLive: Bool
    /// The regular file standard input comes from (`< file`), to compare with outputs;
    /// nil for a pipe, a terminal or memory.
    package let identity: FileIdentity?
    /// The file descriptor read (0 for the process), so a command that waits for other
    /// things too (`watch`) can `poll(2)` it; nil for memory.
    package let descriptor: Int32?

    /// Reads from a custom source: `read` fills a prefix of the buffer and returns its
    /// length, 0 at end of input.
    package init(
        isLive: Bool, identity: FileIdentity? = nil, descriptor: Int32? = nil,
        read: @escaping (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        self.isLive = isLive
        self.identity = identity
        self.descriptor = descriptor
        self.source = read
    }

    /// Serves `chunks` from memory, one chunk (or as much of it as fits) per read.
    /// Empty chunks are skipped: they would read as end of input.
    package convenience init(chunks: [[UInt8]], isLive: Bool = true) {
        var pending = chunks.filter { !$0.isEmpty }[...]
        var offset = 0
        self.init(isLive: isLive) { buffer in
            guard let chunk = pending.first else { return 0 }
            let count = min(buffer.count, chunk.count - offset)
            for index in 0..<count { buffer[index] = chunk[offset + index] }
            offset += count
            if offset == chunk.count {
                pending.removeFirst()
                offset = 0
            }
            return count
        }
    }

    /// Serves `bytes` from memory as a single chunk (split only by the reader's buffer size).
    package convenience init(bytes: [UInt8], isLive: Bool = true) {
        self.init(chunks: [bytes], isLive: isLive)
    }

    /// The process's file descriptor 0. A read error ends the input like end of file
    /// (the command then reports what it read); interrupted reads are retried, and a
    /// descriptor left non-blocking by the parent is waited on instead of read as empty.
    package static func process() -> StandardInput {
        let identity = FileIdentity(regularFileAt: 0)
        return StandardInput(isLive: identity == nil, identity: identity, descriptor: 0) { buffer in
            while true {
                let count = readDescriptor(0, into: buffer)
                if count >= 0 { return count }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    var wanted = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                    _ = poll(&wanted, 1, -1)
                default: return 0
                }
            }
        }
    }

    /// Reads the next chunk into `buffer`; returns how many bytes were read, 0 at end of input.
    package func read(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard buffer.count > 0 else { return 0 }
        return min(max(source(buffer), 0), buffer.count)
    }

    /// Calls `body` with each chunk until end of input or until `body` returns false.
    /// One buffer of `chunkSize` bytes is reused: memory does not grow with the input.
    package func forEachChunk(chunkSize: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(chunkSize, 1))
        defer { buffer.deallocate() }
        while true {
            let count = read(into: buffer)
            if count == 0 { return }
            guard body(UnsafeBufferPointer(rebasing: buffer[0..<count])) else { return }
        }
    }
}

/// `read(2)`, named so that `StandardInput.read(into:)` does not hide it.
private func readDescriptor(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
