import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument
@testable import HapticPolicyExport

/// A looping template repeats at the policy's period on every platform, to the
/// millisecond: Android's waveform used to cover whole 10 ms steps, so at 170 bpm it
/// repeated every 360 ms (166.7 bpm) while AHAP and the web said 352.9 ms.
@Suite struct LoopPeriodTests {
    private static func metronome(bpm: Double) throws -> ExportablePattern {
        let (patterns, diagnostics) = ExportablePattern.all(
            in: Fixtures.policy([Fixtures.feedback("tick", Fixtures.metronome)]), parameters: ["bpm": bpm])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return try #require(patterns.first)
    }

    @Test func at170BPMAndroidRepeatsEvery353MillisecondsNot360() throws {
        let item = try Self.metronome(bpm: 170)
        let wave = AndroidExporter.waveform(item.pattern)
        #expect(wave.timings == [20, 333])
        #expect(wave.amplitudes == [255, 0])
        #expect(wave.repeatIndex == 0)
        let web = WebExporter.description(item, policy: Policy.unchecked(Fixtures.policy([])))
        let json = JSONWriter.write(web)
        #expect(json.contains("\"loopPeriodMs\": 353\n") || json.contains("\"loopPeriodMs\": 353,"), "\(json)")
    }

    /// Every tempo the metronome allows, in steps of a tenth of a bpm.
    @Test func everyPlatformRepeatsWithinAMillisecondOfThePolicyAtEveryTempo() throws {
        for tenth in stride(from: 300, through: 2400, by: 1) {
            let bpm = Double(tenth) / 10
            let item = try Self.metronome(bpm: bpm)
            let wanted = 60_000 / bpm
            for (target, period) in LoopPeriod.periods(of: item, for: ExportTarget.allCases) {
                #expect(abs(period - wanted) <= LoopPeriod.toleranceMs, "\(target) at \(bpm) bpm: \(period) ms")
            }
        }
    }

    /// A pattern that still vibrates when the period ends is cut there, on Android and
    /// on the web, instead of running into the next cycle.
    @Test func aPatternSoundingAtThePeriodsEndIsCutAtIt() throws {
        let pattern = PatternDecl(
            events: [
                PatternEventDecl(
                    kind: Located(.continuous), time: Fixtures.n(0), duration: Fixtures.n(0.5),
                    intensity: Fixtures.n(1), sharpness: Fixtures.n(0.5))
            ],
            loop: Fixtures.n(0.3529))
        let (patterns, _) = ExportablePattern.all(in: Fixtures.policy([Fixtures.feedback("hum", pattern)]))
        let item = try #require(patterns.first)
        #expect(AndroidExporter.waveform(item.pattern).timings.reduce(0, +) == 353)
        #expect(WebExporter.vibration(item.pattern).pattern.reduce(0, +) <= 353)
        for (target, period) in LoopPeriod.periods(of: item, for: ExportTarget.allCases) {
            #expect(abs(period - 352.9) <= 1, "\(target): \(period)")
        }
    }

    @Test func aPlatformOffThePeriodIsALocatedErrorNamingThePlatform() throws {
        let item = try Self.metronome(bpm: 170)
        let policy = Policy.unchecked(Fixtures.policy([Fixtures.feedback("tick", Fixtures.metronome)]))
        let problems = LoopPeriod.problems([(.ahap, 352.94), (.android, 360), (.web, 353)], of: item, policy: policy)
        #expect(problems.map(\.target) == [.android])
        let diagnostic = try #require(problems.first?.diagnostic)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("android export would repeat every 360 ms"), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("352.9 ms"), "\(diagnostic.message)")
        #expect(diagnostic.location == policy.location(item.feedback.location))
    }

    @Test func trimCutsTheLastRunAndDropsTheRest() {
        var runs = [20, 340]
        #expect(LoopPeriod.trim(&runs, toMs: 353) == 2)
        #expect(runs == [20, 333])
        runs = [20, 10, 10, 330]
        #expect(LoopPeriod.trim(&runs, toMs: 30) == 2)
        #expect(runs == [20, 10])
        runs = [100]
        #expect(LoopPeriod.trim(&runs, toMs: 400) == 1)
        #expect(runs == [100])
    }
}
