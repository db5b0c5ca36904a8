import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import Testing

@Suite struct WebExporterTests {
    static func limitsHold(_ array: [Int]) -> Bool {
        array.count <= WebExporter.maxEntries && array.allSatisfy { (0...WebExporter.maxEntryMs).contains($0) }
    }

    @Test func everyFixtureFitsTheBrowserLimits() throws {
        for feedback in Fixtures.plavo.feedback {
            guard case .pattern(let pattern) = feedback.body else { continue }
            let vibration = WebExporter.vibration(try pattern.resolve())
            #expect(Self.limitsHold(vibration.pattern), "\(feedback.name.value): \(vibration.pattern)")
            #expect(vibration.pattern.count % 2 == 1, "ends with a vibration, not a pause")
        }
    }

    @Test func fullIntensityIsOneLongVibrationSplitAtTenSeconds() {
        let samples = Array(repeating: 1.0, count: 2_500)  // 25 s at full intensity
        #expect(WebExporter.vibrateArray(samples, periodMs: 40) == [10_000, 0, 10_000, 0, 5_000])
    }

    @Test func halfIntensityIsModulatedAtThePeriod() {
        let samples = Array(repeating: 0.5, count: 16)  // 160 ms at half
        #expect(WebExporter.vibrateArray(samples, periodMs: 40) == [20, 20, 20, 20, 20, 20, 20])
    }

    @Test func aLeadingPauseStartsWithZeroVibration() {
        let samples = [0, 0, 0, 0, 1, 1, 1, 1] as [Double]
        #expect(WebExporter.vibrateArray(samples, periodMs: 40) == [0, 40, 40])
    }

    @Test func breathingFitsByCoarseningTheModulationAndKeepsTheHoldSilent() throws {
        let vibration = WebExporter.vibration(try Fixtures.breath.resolve())
        #expect(!vibration.truncated)
        #expect(vibration.periodMs > WebExporter.periods[0])
        #expect(Self.limitsHold(vibration.pattern))
        // The hold (7 s) is inside one pause of at least 7 s.
        let pauses = vibration.pattern.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(pauses.contains { $0 >= 7_000 })
        #expect(vibration.pattern.reduce(0, +) <= 19_000)
    }

    /// A loop that never vibrates, or one shorter than a millisecond, has an empty vibrate
    /// array: `scripts/fuzz export` crashed on both (removing the "off" entry from an empty
    /// array), and `Tests/Fixtures/fuzz/export/` keeps the policies.
    @Test(arguments: [(0.0, 0.5), (1.0, 0.0004)])
    func aLoopWithNothingToVibrateExportsAnEmptyArray(intensity: Double, loop: Double) throws {
        let event = PatternEventDecl(kind: Located(.transient), time: Fixtures.n(0), intensity: Fixtures.n(intensity))
        let pattern = PatternDecl(events: [event], loop: Fixtures.n(loop))
        let vibration = WebExporter.vibration(try pattern.resolve())
        #expect(vibration.pattern == [] && !vibration.truncated)
        let (files, diagnostics) = PolicyExporter.export(
            Fixtures.policy([Fixtures.feedback("still", pattern)]), to: ExportTarget.allCases)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        #expect(files.contains { $0.name == "still.web.json" })
    }

    @Test func aPatternTooBusyForNinetyNineEntriesIsTruncatedAndReported() throws {
        // 200 transients 1.5 s apart: each stays a separate pulse at every period.
        let busy = PatternDecl(
            events: (0..<200).map {
                PatternEventDecl(kind: Located(.transient), time: Fixtures.n(Double($0) * 1.5))
            })
        let vibration = WebExporter.vibration(try busy.resolve())
        #expect(vibration.truncated)
        #expect(vibration.pattern.count == WebExporter.maxEntries)
        let policy = Fixtures.policy([Fixtures.feedback("busy", busy)])
        let (_, diagnostics) = PolicyExporter.export(policy, to: [.web])
        #expect(diagnostics.map(\.code) == [DiagnosticCode.exportWebTruncated.code])
    }

    @Test(arguments: ["pulse.web.json", "breath.web.json", "farewell.web.json", "presets.web.json"])
    func goldenJSON(name: String) throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.web])
        Golden.check(try #require(files.first { $0.name == name }).contents, "web/\(name)", asJSON: true)
    }
}

@Suite struct UnexportablePatternTests {
    static func policy(_ event: PatternEventDecl, loop: Located<Expression>? = nil) -> PolicyDocument {
        Fixtures.policy([Fixtures.feedback("bad", PatternDecl(events: [event], loop: loop))])
    }

    @Test(arguments: [
        (PatternEventDecl(kind: Located(.transient), time: Fixtures.n(-1)), "times start at 0"),
        (PatternEventDecl(kind: Located(.continuous), time: Fixtures.n(0), duration: Fixtures.n(1e12)), "up to 600 s"),
        (
            PatternEventDecl(kind: Located(.silence), time: Fixtures.n(0), duration: Fixtures.n(-2)),
            "cannot be negative"
        ),
    ])
    func absurdPatternsAreErrorsNotCrashes(event: PatternEventDecl, says: String) {
        let (files, diagnostics) = PolicyExporter.export(Self.policy(event), to: ExportTarget.allCases)
        #expect(diagnostics.map(\.code) == [DiagnosticCode.exportBadExpression.code])
        #expect(diagnostics.first?.message.contains(says) == true, "\(diagnostics.map(\.message))")
        #expect(!files.contains { $0.name.hasPrefix("bad") })
        #expect(ReportRenderer.render(Self.policy(event)).contains("HP702"))
    }

    @Test func zeroLoopIsAnError() {
        let event = PatternEventDecl(kind: Located(.transient), time: Fixtures.n(0))
        let (_, diagnostics) = PolicyExporter.export(Self.policy(event, loop: Fixtures.n(0)), to: [.web])
        #expect(diagnostics.first?.message.contains("loop period is 0 s") == true)
    }
}
