import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import Testing

@Suite struct AndroidExporterTests {
    @Test func pulseIsTwoShortRunsAtTheirIntensities() throws {
        let wave = AndroidExporter.waveform(try Fixtures.pulse.resolve())
        // 0.8 for 20 ms, off until 140 ms, 0.55 for 20 ms; trailing off dropped.
        #expect(wave.timings == [20, 120, 20])
        #expect(wave.amplitudes == [204, 0, 140])
        #expect(wave.repeatIndex == -1)
    }

    @Test func amplitudesStayWithinZeroTo255AndTimingsCoverThePattern() throws {
        for feedback in Fixtures.plavo.feedback {
            guard case .pattern(let pattern) = feedback.body else { continue }
            let resolved = try pattern.resolve()
            let wave = AndroidExporter.waveform(resolved)
            #expect(wave.timings.count == wave.amplitudes.count)
            #expect(wave.amplitudes.allSatisfy { (0...255).contains($0) })
            #expect(wave.timings.allSatisfy { $0 > 0 && $0 % IntensitySampler.stepMs == 0 })
            #expect(zip(wave.amplitudes, wave.amplitudes.dropFirst()).allSatisfy { $0 != $1 }, "runs are merged")
        }
    }

    @Test func breathingHoldIsOneSilentRun() throws {
        let wave = AndroidExporter.waveform(try Fixtures.breath.resolve())
        let index = try #require(wave.amplitudes.firstIndex(of: 0))
        #expect(wave.timings[index] == 7000)
        #expect(wave.timings.reduce(0, +) == 19_000)
        #expect(wave.amplitudes.last == 1, "the exhale fades to the weakest amplitude, not to a cut")
    }

    @Test func loopingPatternCoversOnePeriodAndRepeatsFromTheStart() throws {
        let wave = AndroidExporter.waveform(try Fixtures.metronome.resolve(["bpm": 120]))
        #expect(wave.timings == [20, 480])
        #expect(wave.amplitudes == [255, 0])
        #expect(wave.repeatIndex == 0)
    }

    @Test func kotlinUsesTheExactAndroidNames() throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.android])
        let presets = try #require(files.first { $0.name == "PlavoPresets.kt" }).contents
        #expect(presets.contains("VibrationEffect.Composition.PRIMITIVE_THUD"))
        #expect(presets.contains("VibrationEffect.createPredefined(VibrationEffect.EFFECT_HEAVY_CLICK)"))
        #expect(presets.contains("vibrator.areAllPrimitivesSupported("))
        #expect(presets.contains("Build.VERSION.SDK_INT >= 31"))
        let pulse = try #require(files.first { $0.name == "PulseHaptic.kt" }).contents
        #expect(pulse.contains("VibrationEffect.createWaveform(timings, amplitudes, REPEAT)"))
        #expect(pulse.contains("longArrayOf(20, 120, 20)"))
    }

    @Test func untrustedNamesCannotBreakOutOfCommentsOrFolders() throws {
        let policy = Fixtures.policy(
            [Fixtures.feedback("../x */\nfun evil()", Fixtures.pulse)], name: "p */ evil")
        let (files, _) = PolicyExporter.export(policy, to: ExportTarget.allCases)
        #expect(files.allSatisfy { !$0.name.contains("/") && !$0.name.hasPrefix(".") })
        for file in files where file.name.hasSuffix(".kt") {
            let opened = file.contents.components(separatedBy: "/*").count
            let closed = file.contents.components(separatedBy: "*/").count
            #expect(opened == closed, "every comment closes exactly once in \(file.name)")
            #expect(!file.contents.contains("\nfun evil()"), "\(file.name)")
        }
    }

    @Test(arguments: ["pulse.android.json", "breath.android.json", "metronome.android.json", "presets.android.json"])
    func goldenJSON(name: String) throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.android])
        Golden.check(try #require(files.first { $0.name == name }).contents, "android/\(name)", asJSON: true)
    }

    @Test(arguments: ["PulseHaptic.kt", "FarewellHaptic.kt", "PlavoPresets.kt"])
    func goldenKotlin(name: String) throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.android])
        Golden.check(try #require(files.first { $0.name == name }).contents, "android/\(name)", asJSON: false)
    }
}

@Suite struct FallbackExportTests {
    @Test func sequenceFallbackIsTimedWithTheTemplateParameters() throws {
        let policy = try Policy(compiling: Shipped.policy("breathing"))
        let item = try #require(ExportablePattern.all(in: policy, parameters: ["inhale": 5]).patterns.first)
        let steps = item.fallbackSteps
        #expect(steps.map(\.atMs) == [0, 5_000, 12_000])
        #expect(steps.map(\.preset) == [.impactSoft, .impactSoft, .impactSoft])
        let kotlin = AndroidExporter.kotlin(item, policy: policy)
        #expect(
            kotlin.contains(
                "VibrationEffect.createWaveform(longArrayOf(25, 4975, 25, 6975, 25), intArrayOf(60, 0, 60, 0, 60), -1)")
        )
        #expect(kotlin.contains(".addPrimitive(VibrationEffect.Composition.PRIMITIVE_LOW_TICK, 0.48f, 5000)"))
        let web = WebExporter.description(item, policy: policy)
        #expect(web["fallback"]?.items?.compactMap(\.numberValue) == [15, 4985, 15, 6985, 15])
    }

    /// Regression: a step whose time falls outside the exported range (or cannot be
    /// evaluated) used to drop the whole exported fallback, while the player left out only
    /// that step. Both now take `FeedbackPlan.fallbackTimes`: the step is left out.
    @Test func aStepOutsideTheRangeIsLeftOutAndTheOthersExported() throws {
        let policy = try Policy(compiling: Shipped.policy("breathing"))
        var item = try #require(ExportablePattern.all(in: policy).patterns.first)
        // Past the 600 s an export covers: the steps at inhale and inhale + hold.
        item.pattern.parameters["inhale"] = 700
        #expect(item.fallbackSteps.map(\.atMs) == [0])
        #expect(
            AndroidExporter.kotlin(item, policy: policy).contains(
                "fun fallback(vibrator: Vibrator): VibrationEffect? =\n"))
        // Negative: the step at inhale is left out, the one at inhale + hold (6 s) stays.
        item.pattern.parameters["inhale"] = -1
        #expect(item.fallbackSteps.map(\.atMs) == [0, 6_000])
        let rendering = item.feedback.fallbackRendering(parameters: item.pattern.parameters)
        guard case .sequence(let played) = rendering else {
            Issue.record("the player's fallback is \(rendering)")
            return
        }
        #expect(played.map(\.at) == item.fallbackSteps.map { Double($0.atMs) / 1000 })
    }

    @Test func fallbackStepsComeInTimeOrderForThePlayerAndTheExportsAlike() throws {
        let policy = try Policy(compiling: Shipped.policy("breathing"))
        let item = try #require(ExportablePattern.all(in: policy).patterns.first)
        // With hold 0 two steps fall at 3 s: equal times keep declaration order.
        let times = item.feedback.fallbackTimes(parameters: ["inhale": 3, "hold": 0])
        #expect(times.map(\.at) == [0, 3, 3])
        let late = item.feedback.fallbackTimes(parameters: ["inhale": 3], upTo: 5)
        #expect(late.map(\.at) == [0, 3])
    }

    @Test func timedRunsCutAPulseWhereTheNextStarts() {
        let runs = timedRuns([(0, [(200, 50)]), (30, [(100, 20)])])
        #expect(runs.map(\.ms) == [30, 20])
        #expect(runs.map(\.amplitude) == [200, 100])
    }
}
