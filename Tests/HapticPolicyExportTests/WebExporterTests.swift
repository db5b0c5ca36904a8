import HapticPolicy
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

    @Test func aPatternTooBusyForNinetyNineEntriesIsTruncatedAndReported() throws {
        // 200 transients 1.5 s apart: each stays a separate pulse at every period.
        let busy = PatternDecl(events: (0..<200).map {
            PatternEventDecl(kind: Located(.transient), time: Fixtures.n(Double($0) * 1.5))
        })
        let vibration = WebExporter.vibration(try busy.resolve())
        #expect(vibration.truncated)
        #expect(vibration.pattern.count == WebExporter.maxEntries)
        let policy = Fixtures.policy([Fixtures.feedback("busy", busy)])
        let (_, diagnostics) = PolicyExporter.export(policy, to: [.web])
        #expect(diagnostics.map(\.code) == [ExportCode.webTruncated])
    }

    @Test(arguments: ["pulse.web.json", "breath.web.json", "farewell.web.json", "presets.web.json"])
    func goldenJSON(name: String) throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.web])
        Golden.check(try #require(files.first { $0.name == name }).contents, "web/\(name)", asJSON: true)
    }
}
