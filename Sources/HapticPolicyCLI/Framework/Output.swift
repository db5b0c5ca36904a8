import Foundation

/// A byte sink with a buffer, so writing a million lines costs a few hundred system calls.
package final class Output {
    private let handle: FileHandle?
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// Everything written, when capturing (tests); nil for a real file handle.
    package private(set) var captured: [UInt8]?
    /// Whether the sink is a terminal (progress bars and colour only then).
    package let isTerminal: Bool

    /// Writes to a file handle such as `FileHandle.standardOutput`.
    package init(handle: FileHandle, isTerminal: Bool) {
        self.handle = handle
        self.isTerminal = isTerminal
        buffer.reserveCapacity(flushThreshold * 2)
    }

    /// Captures everything in memory (for in-process tests).
    package init(capturingAsTerminal isTerminal: Bool = false) {
        self.handle = nil
        self.isTerminal = isTerminal
        self.captured = []
    }

    /// The captured bytes as UTF-8 text.
    package var capturedText: String { String(decoding: captured ?? [], as: UTF8.self) }

    /// Appends text.
    package func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Appends text and a newline.
    package func line(_ text: String = "") {
        write(text)
        buffer.append(0x0A)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Appends raw bytes.
    package func write(bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes out the buffer.
    package func flush() {
        guard !buffer.isEmpty else { return }
        if captured != nil {
            captured?.append(contentsOf: buffer)
        } else if let handle {
            handle.write(Data(buffer))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
