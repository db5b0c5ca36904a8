import Foundation
import Testing

/// Memory does not grow with the input, whatever the input: the built tool runs under a
/// virtual-memory limit (`ulimit -v`, in KB) it would pass if it kept a line that never
/// ends, every subject or every unknown screen name. (Before, `/dev/zero` as the log
/// aborted with `failed to allocate 2155872192 bytes`, 10 million distinct subjects took
/// 799 MB and a million unknown screen names 417 MB and a million-line summary.)
@Suite struct BoundedMemoryTests {
    /// Lines of moisture samples, each from a subject never seen before, after a
    /// `screen.enter`: `count` + 1 lines on stdout of `awk`.
    static func distinctSubjects(_ count: Int) -> String {
        """
        awk 'BEGIN { print "{\\"t\\":0,\\"event\\":\\"screen.enter\\",\\"screen\\":\\"camera\\"}"; \
        for (i = 0; i < \(count); i++) printf "{\\"t\\":%d,\\"event\\":\\"moisture.sample\\",\\"subject\\":\\"plant-%d\\",\\"value\\":%d}\\n", int(i / 1000) + 1, i, 40 + i % 50 }'
        """
    }

    /// `/dev/zero` is one line that never ends: it is one `line-too-long` decision, flushed
    /// at once (a device is read like a pipe), and then skipped in flat memory until the
    /// run is stopped (here by `timeout`, exit 124: still running, not crashed).
    @Test func devZeroAsTheLogRunsInFlatMemory() throws {
        let folder = try temporaryFolder("dev-zero")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let result = try runShell(
            "ulimit -v 200000; timeout 3 \"$TOOL\" eval Policies/plavo.yaml /dev/zero > \(shellQuoted(out)); echo \"exit $?\""
        )
        #expect(result.stdout == "exit 124\n", "\(result.stderr)")
        #expect(!result.stderr.contains("allocate"), "\(result.stderr)")
        let decisions = try String(contentsOfFile: out, encoding: .utf8)
        #expect(decisions.hasPrefix(#"{"line":1,"column":1,"#), "\(decisions)")
        #expect(decisions.contains(#""reason":"line-too-long""#))
        #expect(decisions.count(where: { $0 == "\n" }) == 1)
    }

    /// 120 MB without a newline through a pipe: one invalid line, read in flat memory.
    @Test func aLongLineThroughAPipeIsOneInvalidLine() throws {
        let result = try runShell(
            "head -c 120000000 /dev/zero | (ulimit -v 200000; \"$TOOL\" eval Policies/plavo.yaml - > /dev/null; echo \"exit $?\")"
        )
        #expect(result.stdout == "exit 1\n", "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("1 line: 0 play, 0 silent, 0 stop, 1 invalid\nreasons: line-too-long 1\n"),
            "\(result.stderr)")
    }

    /// A million subjects, each seen once, under 100 MB of address space: the session holds
    /// the 65,536 most recently seen and says how many it forgot.
    @Test func aMillionDistinctSubjectsStayWithinTheLimit() throws {
        let result = try runShell(
            Self.distinctSubjects(1_000_000)
                + " | (ulimit -v 100000; \"$TOOL\" eval Policies/plavo.yaml - > /dev/null; echo \"exit $?\")")
        #expect(result.stdout == "exit 0\n", "\(result.stderr)")
        #expect(
            result.stderr.contains("1000001 lines: 0 play, 1000001 silent, 0 stop, 0 invalid\n"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\nsubjects: 934464 forgotten to hold at most 65536 at once (the least recently seen first; a forgotten subject's next sample is a new baseline)\n"
            ),
            "\(result.stderr)")
    }

    /// Ten thousand unknown screen names and one misspelt name repeated ten thousand
    /// times: the summary lists the ten with the most decisions (the misspelt one first)
    /// and sums the rest in one line: 990 names counted apart but not listed, and 9,001
    /// decisions on names past the first 1,000.
    @Test func manyUnknownScreensGiveAShortSummary() throws {
        let script = """
            awk 'BEGIN { for (i = 0; i < 20000; i++) printf "{\\"t\\":%d,\\"event\\":\\"shutter\\",\\"screen\\":\\"%s\\"}\\n", i, (i % 2 == 0 ? "camre" : "screen-" i) }' \
            | "$TOOL" eval Policies/plavo.yaml - > /dev/null
            """
        let result = try runShell(script)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        // 14 lines of counts, then the integration mistakes: a heading, the ten most
        // frequent and one line for the rest.
        #expect(lines.count == 14 + 12, "\(result.stderr)")
        #expect(
            result.stderr.contains("\n  10000 events on screen 'camre', which is not declared\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\n  (990+ more mistakes in 9991 events, not listed)\n"), "\(result.stderr)")
        #expect(
            result.stderr.contains("\n  camre                        10000 decisions, 0 rings, 0 rings/min over 0 s\n"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains("\n  (991+ more unknown screens)  9991 decisions, 0 rings\n"), "\(result.stderr)")
    }

    /// 1,100 bursts of shutters each breaking `B-1`: the summary keeps the first 1,000
    /// breaches to end (and the one still open) and counts the others.
    @Test func manyBreachesAreCountedPastTheLimit() throws {
        let script = """
            awk 'BEGIN { print "{\\"t\\":0,\\"event\\":\\"screen.enter\\",\\"screen\\":\\"camera\\"}"; \
            for (b = 0; b < 1100; b++) for (r = 0; r < 7; r++) printf "{\\"t\\":%d,\\"event\\":\\"shutter\\"}\\n", 1 + b * 100 + r }' \
            | "$TOOL" eval Policies/plavo.yaml - > /dev/null
            """
        let result = try runShell(script)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\nbudgets: 1100 breaches\n  B-1: 7 rings on screen camera within 10 s (max 6), 1 s to 7 s\n"),
            "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "  B-1: 7 rings on screen camera within 10 s (max 6), 109901 s to 109907 s\n"
                    + "  … and 99 more, not listed (the first 1000 to end are kept, and those still open)\n"),
            "\(result.stderr)")
    }
}
