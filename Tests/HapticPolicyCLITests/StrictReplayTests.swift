import Foundation
import Testing

/// An app's integration mistakes in a recorded log are loud: listed at the end of the
/// summary with the nearest declared name, and a failure under `--strict`.
@Suite struct StrictReplayTests {
    static let log = """
        {"t":0,"event":"screen.enter","screen":"camera"}
        {"t":1,"event":"plant.fonud","speaks":true}
        {"t":2,"event":"plant.fonud"}
        {"t":3,"event":"shutter","screen":"camra"}
        {"t":4,"event":"moisture.sample","subject":"fern","value":"6.2"}
        {"t":5,"event":"plant.found","speaks":true}

        """

    @Test func strictFailsOnEachMistakeWithTheNearestName() throws {
        let result = try runBinary(["eval", "Policies/plavo.yaml", "-", "--strict"], stdin: Self.log)
        #expect(result.exitCode == 1)
        #expect(result.stdout.split(separator: "\n").count == 6, "one decision per line still")
        #expect(
            result.stderr.contains(
                """
                integration: 4 events the policy cannot use
                  2 events named 'plant.fonud' are not in the catalogue; did you mean 'plant.found'?
                  1 event on screen 'camra', which is not declared; did you mean 'camera'?
                  1 event 'moisture.sample' with a value it cannot use: band 'moisture' needs a number in 'value'
                """), "\(result.stderr)")
        #expect(result.stderr.contains("error: 4 events the policy cannot use (--strict)"))
    }

    /// Different mistakes of one event are different lines (a parameter below the minimum,
    /// not a number, unknown, above the maximum); the same mistake with another number is
    /// the same line, counted.
    @Test func differentMistakesOfOneEventAreListedApart() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"metronome"}
            {"t":1,"event":"metronome.start","params":{"bpm":10}}
            {"t":2,"event":"metronome.start","params":{"bpm":12}}
            {"t":3,"event":"metronome.start","params":{"bpm":"fast"}}
            {"t":4,"event":"metronome.start","params":{"tempo":90}}
            {"t":5,"event":"metronome.start","params":{"bpm":400}}

            """
        let result = try runBinary(
            ["eval", "Policies/metronome.yaml", "-", "--strict", "--format", "none"], stdin: log)
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains(
                """
                integration: 5 events the policy cannot use
                  2 events 'metronome.start' with bad parameters: bpm 10 is below the minimum 20; use 20 to 300
                  1 event 'metronome.start' with bad parameters: parameter 'bpm' must be a number; use 20 to 300
                  1 event 'metronome.start' with bad parameters: 'click' has no parameter 'tempo'; use bpm
                  1 event 'metronome.start' with bad parameters: bpm 400 is above the maximum 300; use 20 to 300
                """), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: 5 events the policy cannot use (--strict): 2 events 'metronome.start' with bad parameters: bpm 10 is below the minimum 20; use 20 to 300 (and 3 more, above)"
            ), "\(result.stderr)")
    }

    @Test func withoutStrictTheMistakesAreListedAndTheRunPasses() throws {
        let result = try runBinary(["eval", "Policies/plavo.yaml", "-"], stdin: Self.log)
        #expect(result.exitCode == 0)
        #expect(
            result.stderr.contains(
                "  2 events named 'plant.fonud' are not in the catalogue; did you mean 'plant.found'?"))
        #expect(!result.stderr.contains("error:"))
    }

    /// `"Subject"` was ignored in silence: the subject never reached the band.
    @Test func aFieldTheFormatDoesNotDefineIsReported() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":1,"event":"moisture.sample","Subject":"fern","value":42}

            """
        let result = try runBinary(["eval", "Policies/plavo.yaml", "-", "--strict"], stdin: log)
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains(
                "  1 line with the field 'Subject', which the event-log format does not define (it was ignored); did you mean 'subject'?"
            ),
            "\(result.stderr)")
    }

    @Test func theDemoSessionIsClean() throws {
        let result = try runBinary(["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--strict"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("integration:"))
    }
}
