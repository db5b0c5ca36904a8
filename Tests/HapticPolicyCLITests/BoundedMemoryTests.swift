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

    /// A million subjects, each seen once, under 100 MB of address space: the session holds
    /// the 65,536 most recently seen and says how many it forgot.
    @Test func aMillionDistinctSubjectsStayWithinTheLimit() throws {
        let result = try runShell(
            Self.distinctSubjects(1_000_000)
                + " | (ulimit -v 100000; \"$TOOL\" eval Policies/plavo.yaml - > /dev/null; echo \"exit $?\")")
        #expect(result.stdout == "exit 0\n", "\(result.stderr)")
        #expect(result.stderr.contains("1000001 lines: 0 play, 1000001 silent, 0 stop, 0 invalid\n"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\nsubjects: 934464 forgotten to hold at most 65536 at once (the least recently seen first; a forgotten subject's next sample is a new baseline)\n"),
            "\(result.stderr)")
    }
}
