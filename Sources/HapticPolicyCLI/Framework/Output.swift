import HapticPolicyFrontEnd

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte sink with a buffer, so writing a million lines costs a few hundred system calls.
///
/// A stream is written with `write(2)`, never with a call that traps on failure: the
/// first failed write (a full disk, a closed pipe) is kept in `failure`, everything
/// written after it is dropped, and the command ends with exit 1 saying what could not be
/// written and why (`HapticPolicyTool.finish`). Nothing is retried, so a failing stream
/// never loops.
package final class Output {
    private let descriptor: Int32?
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// How messages name the stream: `stdout`, `stderr`.
    package let name: String
    /// Everything written, when capturing (tests); nil for a real stream.
    package private(set) var captured: [UInt8]?
    /// Whether the sink is a terminal (progress bars and colour only then).
    package let isTerminal: Bool
    /// Why the stream could not be written, once a write failed; nil while all is well.
    package private(set) var failure: SystemError?
    /// For tests: the failure the next flush meets.
    private var simulatedFailure: SystemError?
    /// The run's inputs (`CommandContext.inputs`, every file it reads, included files
    /// too), guarded for standard output: a flush onto a file that is one of them
    /// (`lint p.yaml >> p.yaml`, `>> included.yaml`) writes nothing, then or later.
    package var inputs: CommandInputs?
    /// The input (as given) the stream's file is, once a flush found it so: nothing was
    /// written to it, nor is anything later.
    package private(set) var overwrittenInput: String?

    /// Writes to a file descriptor such as 1 (standard output), named `name` in messages.
    package init(descriptor: Int32, name: String, isTerminal: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.isTerminal = isTerminal
        buffer.reserveCapacity(flushThreshold * 2)
    }

    /// Captures everything in memory (for in-process tests).
    package init(capturingAsTerminal isTerminal: Bool = false, name: String = "stdout") {
        self.descriptor = nil
        self.name = name
        self.isTerminal = isTerminal
        self.captured = []
    }

    /// A stream whose every write fails with `error` (for in-process tests of a full disk
    /// or a closed pipe); it captures nothing.
    package init(failingWith error: SystemError, name: String) {
        self.descriptor = nil
        self.name = name
        self.isTerminal = false
        self.simulatedFailure = error
    }

    /// The captured bytes as UTF-8 text.
    package var capturedText: String { String(decoding: captured ?? [], as: UTF8.self) }

    /// The regular file the stream writes to (`> file`, `>> file`), to refuse reading it as
    /// an input; nil for a pipe, a terminal, a device or a captured stream.
    package private(set) lazy var fileIdentity: FileIdentity? = descriptor.flatMap(FileIdentity.init(regularFileAt:))

    /// The input (as given) the stream's file is, when it is one of `inputs`; nil for a
    /// stream that is no input's file.
    package func inputWrittenOnto() -> String? {
        guard let inputs, let identity = fileIdentity else { return nil }
        return inputs.name(of: identity)
    }

    /// Whether a write has failed or was refused (the command should stop producing output).
    package var hasFailed: Bool { failure != nil || overwrittenInput != nil }

    /// Appends text.
    package func write(_ text: String) {
        guard !hasFailed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Appends text and a newline.
    package func line(_ text: String = "") {
        guard !hasFailed else { return }
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Appends raw bytes.
    package func write(bytes: some Sequence<UInt8>) {
        guard !hasFailed else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes out the buffer. A failure is kept in `failure`; the buffer is dropped either way.
    package func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !hasFailed else { return }
        if let input = inputWrittenOnto() {
            overwrittenInput = input
            return
        }
        if let simulatedFailure {
            failure = simulatedFailure
        } else if captured != nil {
            captured?.append(contentsOf: buffer)
        } else if let descriptor {
            failure = buffer.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        }
    }

    /// Writes every byte with `write(2)`, going on after a partial write or a signal;
    /// returns the error that stopped it, nil when all was written.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = writeDescriptor(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return .current
            }
            // A write that takes nothing would repeat for ever; no file does this.
            guard written > 0 else { return SystemError(EIO) }
            next += written
            left -= written
        }
        return nil
    }

    deinit { flush() }
}

/// `write(2)`, named so that the methods called `write` do not hide it.
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
