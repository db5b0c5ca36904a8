import Foundation
import Testing

@testable import HapticPolicyCLI

/// `-` streams standard input: the decisions do not depend on how the input is cut into
/// chunks, and a live pipe sees each decision as soon as its line arrives.
@Suite struct StandardInputTests {
    /// A small log with every line rule that chunking could break: a byte order mark, a
    /// CRLF line, multi-byte UTF-8 (two and four bytes), a blank line, a malformed line,
    /// invalid UTF-8 inside a string, a backwards `t`, and a last line without newline.
    static let log: [UInt8] =
        [0xEF, 0xBB, 0xBF] + Array(#"{"t":0,"event":"screen.enter","screen":"camera"}"#.utf8) + [0x0D, 0x0A]
        + Array("{\"t\":0.5,\"event\":\"plant.found\",\"subject\":\"gr\u{00F8}nn \u{1F331}\",\"speaks\":true}\n".utf8)
        + Array("\n".utf8)
        + Array(#"{"t":1,"event":"moisture.sample","subject":"monstera","value":"#.utf8) + [0x0A]
        + Array(#"{"t":1.2,"event":"plant.found","subject":""#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        + Array(#"{"t":0.2,"event":"button.tap"}"#.utf8) + [0x0A]
        + Array(#"{"t":2,"event":"moisture.sample","subject":"ø","value":12}"#.utf8)

    static let arguments = ["eval", "Policies/plavo.yaml", "-"]

    /// The whole log in one chunk: the reference every split must reproduce.
    static let whole = runInProcess(arguments, stdinChunks: [log])

    @Test func theReferenceRunDecidesEveryLine() {
        let lines = Self.whole.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // Seven input lines (the last without newline), seven decisions, then the final newline.
        #expect(lines.count == 8, "\(Self.whole.stdout)")
        #expect(lines.last == "")
        #expect(Self.whole.exitCode == 1)  // the malformed and backwards lines
        #expect(Self.whole.stdout.contains("gr\u{00F8}nn \u{1F331}"))
        #expect(Self.whole.stdout.components(separatedBy: "\"invalid\"").count - 1 == 3, "\(Self.whole.stdout)")
        #expect(Self.whole.stderr.contains("7 lines"))
    }

    /// Reading the same bytes from a file gives the same decisions.
    @Test func stdinDecidesLikeAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stdin-\(UUID().uuidString).jsonl")
        try Data(Self.log).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = runInProcess(["eval", "Policies/plavo.yaml", url.path])
        #expect(file.stdout == Self.whole.stdout)
        #expect(file.exitCode == Self.whole.exitCode)
    }

    /// Two chunks split at every offset: inside the byte order mark, between `\r` and
    /// `\n`, inside `ø` (2 bytes) and the seedling (4 bytes), inside the invalid sequence.
    @Test(arguments: 1..<StandardInputTests.log.count)
    func twoChunksSplitAnywhereDecideLikeTheWhole(offset: Int) {
        let result = runInProcess(
            Self.arguments, stdinChunks: [Array(Self.log[..<offset]), Array(Self.log[offset...])])
        #expect(result.stdout == Self.whole.stdout, "split at byte \(offset)")
        #expect(result.stderr == Self.whole.stderr, "split at byte \(offset)")
        #expect(result.exitCode == Self.whole.exitCode)
    }

    @Test func oneByteChunksDecideLikeTheWhole() {
        let result = runInProcess(Self.arguments, stdinChunks: Self.log.map { [$0] })
        #expect(result.stdout == Self.whole.stdout)
        #expect(result.stderr == Self.whole.stderr)
    }

    @Test func failFastStopsAtTheSameLineWhateverTheChunks() {
        let whole = runInProcess(Self.arguments + ["--fail-fast"], stdinChunks: [Self.log])
        let bytes = runInProcess(Self.arguments + ["--fail-fast"], stdinChunks: Self.log.map { [$0] })
        #expect(whole.stdout.split(separator: "\n").count == 4)  // stops at the malformed line 4
        #expect(bytes.stdout == whole.stdout)
        #expect(bytes.stderr == whole.stderr)
        #expect(bytes.exitCode == 1)
    }

    /// `diff` streams a `-` log too: any chunking reads the same events and problems.
    @Test func diffReadsAChunkedLogLikeTheWhole() {
        let arguments = ["diff", "Policies/plavo.yaml", "Tests/Fixtures/diff/plavo-no-hysteresis.yaml", "-"]
        let whole = runInProcess(arguments, stdinChunks: [Self.log])
        let bytes = runInProcess(arguments, stdinChunks: Self.log.map { [$0] })
        #expect(whole.stderr.contains("<stdin>:4:"), "\(whole.stderr)")
        #expect(!whole.stderr.contains("<stdin>:1:"), "the byte order mark is skipped: \(whole.stderr)")
        #expect(bytes.stdout == whole.stdout)
        #expect(bytes.stderr == whole.stderr)
        #expect(bytes.exitCode == whole.exitCode)
    }

    /// A policy or a scenario from `-` is read whole through the one reader.
    @Test func readingStdinWholeJoinsTheChunks() throws {
        let context = CommandContext(
            stdout: Output(), stderr: Output(), standardInput: StandardInput(chunks: [[1, 2], [], [3], [4, 5, 6]]),
            environment: [:])
        #expect(try context.files.read("-", limit: nil) == [1, 2, 3, 4, 5, 6])
        #expect(try context.files.read("-", limit: nil) == [])
    }

    @Test func aChunkLargerThanTheBufferIsServedInPieces() {
        let input = StandardInput(chunks: [Array(0..<10)])
        var pieces: [[UInt8]] = []
        input.forEachChunk(chunkSize: 4) {
            pieces.append(Array($0))
            return true
        }
        #expect(pieces == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
    }

    // MARK: - End to end, through the built binary

    /// `simulate | eval -` through a real pipe between two processes decides like `eval`
    /// on the same log saved to a file, one decision per line.
    @Test func simulatePipedIntoEvalDecidesLikeTheFile() throws {
        let simulate = ["simulate", "Policies/plavo.yaml", "-s", "session", "--seed", "3", "--duration", "1800"]
        let log = try runBinary(simulate)
        #expect(log.exitCode == 0, "\(log.stderr)")
        let lineCount = log.stdout.split(separator: "\n").count
        #expect(lineCount > 1000)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("piped-\(UUID().uuidString).jsonl")
        try Data(log.stdout.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try runBinary(["eval", "Policies/plavo.yaml", url.path, "--quiet"])

        let producer = Process()
        let consumer = Process()
        producer.executableURL = builtToolURL()
        producer.arguments = simulate
        consumer.executableURL = builtToolURL()
        consumer.arguments = ["eval", "Policies/plavo.yaml", "-", "--quiet"]
        for process in [producer, consumer] {
            process.currentDirectoryURL = packageRoot
            process.standardError = FileHandle.nullDevice
        }
        let pipe = Pipe()
        let out = Pipe()
        producer.standardOutput = pipe
        producer.standardInput = FileHandle.nullDevice
        consumer.standardInput = pipe
        consumer.standardOutput = out
        try producer.run()
        try consumer.run()
        // Our copies of the pipe's ends must close, or the consumer never sees end of file.
        try pipe.fileHandleForWriting.close()
        try pipe.fileHandleForReading.close()
        let piped = out.fileHandleForReading.readDataToEndOfFile()
        producer.waitUntilExit()
        consumer.waitUntilExit()

        #expect(consumer.terminationStatus == 0)
        let text = String(decoding: piped, as: UTF8.self)
        #expect(text.split(separator: "\n").count == lineCount)
        #expect(text == fromFile.stdout)
    }

    /// A live pipe: each decision comes out while the input is still open, before the
    /// next line is written (a `logcat`-style session, not only at end of file).
    @Test func decisionsFlushAsLinesArrive() throws {
        let process = Process()
        process.executableURL = builtToolURL()
        process.arguments = ["eval", "Policies/plavo.yaml", "-", "--quiet"]
        process.currentDirectoryURL = packageRoot
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let received = ReceivedBytes()
        let reader = output.fileHandleForReading
        reader.readabilityHandler = { handle in received.append(handle.availableData) }
        defer { reader.readabilityHandler = nil }

        let lines = [
            #"{"t":0,"event":"screen.enter","screen":"camera"}"#,
            #"{"t":0.5,"event":"plant.found","subject":"monstera","speaks":true}"#,
            #"{"t":1,"event":"moisture.sample","subject":"monstera","value":12}"#,
        ]
        for (index, line) in lines.enumerated() {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            let arrived = received.waitForLines(index + 1, seconds: 20)
            #expect(arrived, "decision \(index + 1) did not appear while stdin stayed open")
            if !arrived { break }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(received.waitForLines(lines.count, seconds: 5))
        #expect(received.text.contains(#""line":3"#))
    }
}

/// Bytes collected from another thread, with a wait for a number of lines.
private final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSCondition()
    private var bytes = Data()

    func append(_ data: Data) {
        lock.lock()
        bytes.append(data)
        lock.broadcast()
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits until `count` newlines have arrived, or `seconds` have passed.
    func waitForLines(_ count: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while bytes.filter({ $0 == 0x0A }).count < count {
            if !lock.wait(until: deadline) { return bytes.filter({ $0 == 0x0A }).count >= count }
        }
        return true
    }
}
