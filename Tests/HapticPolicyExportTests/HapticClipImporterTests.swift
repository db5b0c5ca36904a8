import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyYAML
import Testing

/// Meta Haptics Studio clips (`.haptic`, version 1) imported as Meta's own converter turns
/// them into AHAP (facebook/meta-haptics-sdk, core/haptic_data/src/ahap.rs), and refused as
/// its strict validation refuses them. The clips here are made for these tests.
@Suite struct HapticClipImporterTests {
    /// A clip from amplitude (time, amplitude, emphasis) and frequency (time, frequency) breakpoints.
    static func clip(
        _ amplitude: [(Double, Double, (Double, Double)?)], frequency: [(Double, Double)]? = nil,
        version: Int = 1, extra: String = ""
    ) -> String {
        let points = amplitude.map { time, value, emphasis in
            let mark = emphasis.map { #", "emphasis": {"amplitude": \#($0.0), "frequency": \#($0.1)}"# } ?? ""
            return #"{"time": \#(time), "amplitude": \#(value)\#(mark)}"#
        }
        let envelope =
            frequency.map { points in
                #", "frequency": ["#
                    + points.map { #"{"time": \#($0.0), "frequency": \#($0.1)}"# }.joined(separator: ", ")
                    + "]"
            } ?? ""
        return """
            {"version": {"major": \(version), "minor": 0, "patch": 0},
             "metadata": {"editor": "tests", "author": "", "source": "", "project": "", "tags": [], "description": ""},\(extra)
             "signals": {"continuous": {"envelopes": {"amplitude": [
               \(points.joined(separator: ",\n   "))
             ]\(envelope)}}}}
            """
    }

    static func imported(_ text: String) throws -> ResolvedPattern {
        let result = HapticClipImporter.importPattern(text, file: "clip.haptic")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        return try #require(result.pattern).resolve()
    }

    /// The intensity a continuous event plays at `t` (its intensity times its intensity
    /// curve, linear between points, held after the last), or nil outside every event.
    static func intensity(_ pattern: ResolvedPattern, at t: Double) -> Double? {
        for event in pattern.events
        where event.kind == .continuous && t >= event.time - 1e-9
            && t <= event.time + event.duration + 1e-9
        {
            guard let curve = event.curves.first(where: { $0.parameter == .intensity }) else { return event.intensity }
            let local = t - event.time
            let points = curve.points
            if local <= points[0].time { return event.intensity * points[0].value }
            for (a, b) in zip(points, points.dropFirst()) where local <= b.time {
                return event.intensity * (a.value + (b.value - a.value) * (local - a.time) / (b.time - a.time))
            }
            return event.intensity * points[points.count - 1].value
        }
        return nil
    }

    @Test func amplitudeBecomesIntensityAndEmphasisATransientAsMetaConvertsThem() throws {
        let pattern = try Self.imported(
            Self.clip([(0, 0.25, nil), (0.5, 0.64, (0.81, 0.3)), (1, 0, nil)], frequency: [(0, 0.16), (1, 1)]))
        #expect(pattern.events.map(\.kind) == [.continuous, .transient])
        let continuous = pattern.events[0]
        #expect(continuous.time == 0 && continuous.duration == 1)
        #expect(continuous.intensity == 1 && continuous.sharpness == 0)
        let curves = Dictionary(uniqueKeysWithValues: continuous.curves.map { ($0.parameter, $0.points) })
        // √0.25, √0.64 ducked by a fifth where the emphasis is, √0.
        #expect(curves[.intensity]?.map(\.time) == [0, 0.5, 1])
        let values = try #require(curves[.intensity]?.map(\.value))
        #expect(zip(values, [0.5, 0.8 * 0.8, 0]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(values)")
        #expect(curves[.sharpness]?.map(\.value) == [0.4, 1])
        let transient = pattern.events[1]
        #expect(transient.time == 0.5 && abs(transient.intensity - 0.9) < 1e-9 && transient.sharpness == 0.3)
    }

    @Test func aLongClipIsCutAtThirtySecondsWithoutChangingItsFeel() throws {
        let envelope: [(Double, Double, (Double, Double)?)] = [(0, 0.2, nil), (20, 1, nil), (45, 0.5, nil)]
        let pattern = try Self.imported(Self.clip(envelope))
        #expect(pattern.events.map { [$0.time, $0.duration] } == [[0, 30], [30, 15]])
        // Sampled every 50 ms, the cut pattern plays what Meta's AHAP plays: one curve of
        // √amplitude over one event, linear between its points.
        let meta = envelope.map { (time: $0.0, value: $0.1.squareRoot()) }
        for step in 0...900 {
            let t = Double(step) * 0.05
            let (a, b) = t <= meta[1].time ? (meta[0], meta[1]) : (meta[1], meta[2])
            let expected = a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time)
            let intensity = try #require(Self.intensity(pattern, at: t), "\(t)")
            #expect(abs(intensity - expected) < 1e-9, "\(t): \(intensity) vs \(expected)")
        }
        let first = try #require(pattern.events[0].curves.first)
        let second = try #require(pattern.events[1].curves.first)
        // The value at the cut, interpolated between 20 s and 45 s, ends one event and starts the next.
        let atCut = 1 + (0.5.squareRoot() - 1) * 10 / 25
        #expect(abs(first.points[first.points.count - 1].value - atCut) < 1e-9)
        #expect(first.points[first.points.count - 1].time == 30)
        #expect(abs(second.points[0].value - atCut) < 1e-9 && second.points[0].time == 0)
    }

    @Test func aCurveOfManyPointsIsCutSoEachEventKeepsSixteenAndTheFileLints() throws {
        var envelope: [(Double, Double, (Double, Double)?)] = []
        for step in 0...40 { envelope.append((Double(step) * 0.05, step % 2 == 0 ? 0.1 : 0.9, nil)) }
        let text = Self.clip(envelope, frequency: (0...40).map { (Double($0) * 0.05, $0 % 3 == 0 ? 0.2 : 0.7) })
        let result = HapticClipImporter.importPattern(text, file: "clip.haptic")
        let pattern = try #require(result.pattern)
        let resolved = try pattern.resolve()
        #expect(resolved.events.count > 2)
        for event in resolved.events { for curve in event.curves { #expect(curve.points.count <= 16) } }
        // Every breakpoint is played at its time, at √amplitude.
        for (time, amplitude, _) in envelope {
            let intensity = try #require(Self.intensity(resolved, at: time))
            #expect(abs(intensity - amplitude.squareRoot()) < 1e-9, "\(time)")
        }
        // The imported pattern, pasted into a policy, is lint-clean.
        let yaml = """
            policy: imported
            screens: {s: {}}
            events: {e: {layer: ui}}
            feedback:
            \(PatternYAMLWriter.write(pattern, indent: 0).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n").replacingOccurrences(of: "    pattern:", with: "  rumble:\n    layer: ui\n    pattern:"))
            table:
              s:
                e: {play: rumble}
            """
        let loaded = PolicyLoader.parse(Array(yaml.utf8), file: "imported.yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics.map(\.message))\n\(yaml)")
        let findings = PolicyValidator.check(document).diagnostics.filter { $0.severity == .error }
        #expect(findings.isEmpty, "\(findings.map { "\($0.code) \($0.message)" })")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var clip: String
        var code: String
        var says: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "amplitude above 1", clip: clip([(0, 0.5, nil), (0.2, 1.3, nil)]), code: "HP734",
            says: "amplitude 1.3 at 0.2 s is outside 0...1"),
        Refusal(
            name: "breakpoints out of order", clip: clip([(0, 0.5, nil), (0.4, 0.5, nil), (0.2, 0.1, nil)]),
            code: "HP734", says: "comes after one at 0.4 s"),
        Refusal(name: "one breakpoint", clip: clip([(0, 0.5, nil)]), code: "HP734", says: "needs at least two"),
        Refusal(
            name: "zero duration", clip: clip([(0.3, 0.5, nil), (0.3, 0.2, nil)]), code: "HP734", says: "lasts 0 s"),
        Refusal(
            name: "emphasis below its breakpoint", clip: clip([(0, 0.5, (0.3, 0.5)), (0.2, 0.1, nil)]),
            code: "HP734", says: "is below its breakpoint's 0.5"),
        Refusal(
            name: "frequency past the amplitude envelope",
            clip: clip([(0, 0.5, nil), (0.2, 0.1, nil)], frequency: [(0, 0.5), (0.3, 0.5)]), code: "HP734",
            says: "outside the amplitude envelope (0 to 0.2 s)"),
        Refusal(
            name: "version 2", clip: clip([(0, 0.5, nil), (0.2, 0.1, nil)], version: 2), code: "HP734",
            says: "reads Meta Haptics Studio's version 1 clips"),
        Refusal(
            name: "no signals", clip: #"{"version": {"major": 1, "minor": 0, "patch": 0}}"#, code: "HP728",
            says: "missing 'signals'"),
        Refusal(
            name: "a time as text",
            clip: clip([(0, 0.5, nil), (0.2, 0.1, nil)]).replacingOccurrences(
                of: #""time": 0.2"#, with: #""time": "0.2""#),
            code: "HP723", says: "'time' must be a number"),
    ]

    @Test(arguments: refusals)
    func whatMetasValidationRefusesIsRefusedWhereItIsWritten(_ refusal: Refusal) {
        let result = HapticClipImporter.importPattern(refusal.clip, file: "clip.haptic")
        #expect(result.pattern == nil)
        let finding = result.diagnostics.first { $0.severity == .error }
        #expect(finding?.code == refusal.code, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(finding?.message.contains(refusal.says) == true, "\(finding?.message ?? "")")
        #expect(finding?.location.file == "clip.haptic" && (finding?.location.line ?? 0) >= 1)
    }

    @Test func anUnknownKeyIsIgnoredWithAWarningAsMetasReaderIgnoresIt() throws {
        let text = Self.clip([(0, 0.5, nil), (0.2, 0.1, nil)], extra: #"\#n "loop": true,"#)
        let result = HapticClipImporter.importPattern(text, file: "clip.haptic")
        #expect(result.pattern != nil)
        #expect(result.diagnostics.map(\.code) == ["HP722"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first.map { "\($0.location.line):\($0.location.column)" } == "3:2")
    }

    @Test func hostileClipsNeverCrash() {
        let base = Self.clip(
            [(0, 0.5, (0.9, 0.1)), (0.2, 0.1, nil), (0.4, 0.3, nil)], frequency: [(0, 0.2), (0.4, 0.9)])
        let bytes = Array(base.utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(
                    in: 32...126, using: &generator)
            }
            let result = HapticClipImporter.importPattern(String(decoding: mutated, as: UTF8.self), file: "x.haptic")
            #expect(result.pattern != nil || result.diagnostics.contains { $0.severity == .error })
        }
    }
}
