import Foundation
import Testing

/// Through the built tool: a number that would read as infinity is an invalid line with
/// its column wherever it is, invalid UTF-8 in an unknown field name is too, and times
/// near the largest number give a summary without `inf`. (Before, `"value": 1e400` rang
/// a band with +∞, the bad field name was accepted and the summary said `over inf s`.)
@Suite struct LogNumbersTests {
    @Test func nonFiniteNumbersAndBadFieldNamesAreInvalidLines() throws {
        let log: [UInt8] =
            Array(
                """
                {"t":0,"event":"screen.enter","screen":"camera"}
                {"t":1,"event":"moisture.sample","subject":"a","value":1e400}
                {"t":2,"event":"shutter","params":{"x":-1e999}}

                """.utf8) + Array(#"{"t":3,"event":"shutter","n"#.utf8) + [0xFF] + Array("\":1}\n".utf8)
        let result = try runBinary(["eval", "Policies/plavo.yaml", "-"], stdinBytes: log)
        #expect(result.exitCode == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix(#"{"line":2,"column":56,"#), "\(lines[1])")
        #expect(lines[1].contains(#""reason":"bad-field","note":"the number 1e400 is too large"#), "\(lines[1])")
        #expect(lines[2].hasPrefix(#"{"line":3,"column":40,"#), "\(lines[2])")
        #expect(lines[3].hasPrefix(#"{"line":4,"column":26,"#), "\(lines[3])")
        #expect(lines[3].contains("invalid UTF-8 in this field name"), "\(lines[3])")
        #expect(result.stderr.contains("4 lines: 0 play, 1 silent, 0 stop, 3 invalid"), "\(result.stderr)")
    }

    @Test func timesNearTheLargestNumberGiveAFiniteSummary() throws {
        let log = """
            {"t":-1.7e308,"event":"screen.enter","screen":"camera"}
            {"t":1.7e308,"event":"shutter"}

            """
        let result = try runBinary(["eval", "Policies/plavo.yaml", "-"], stdin: log)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("  camera  2 decisions, 1 ring, 0 rings/min over 1.7976931348623157e+308 s\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("inf"))
        #expect(!result.stderr.contains("nan"))
    }
}
