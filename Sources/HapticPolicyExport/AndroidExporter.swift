import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Writes patterns for Android's `VibrationEffect`: a waveform for
/// `createWaveform(timings, amplitudes, repeat)` sampled every 10 ms (amplitudes 0-255,
/// equal neighbours merged into one run), and for presets a composition of primitives
/// with predefined-effect and one-shot fallbacks.
package enum AndroidExporter {
    /// A waveform ready for `createWaveform`.
    package struct Waveform: Sendable, Hashable {
        /// Milliseconds of each run.
        package var timings: [Int]
        /// Amplitude 0-255 of each run (0 = motor off).
        package var amplitudes: [Int]
        /// Index to repeat from, or -1 to play once.
        package var repeatIndex: Int
    }

    /// Samples `pattern` into merged runs. A looping pattern covers exactly one period
    /// (trailing off time kept) and repeats from index 0.
    package static func waveform(_ pattern: ResolvedPattern) -> Waveform {
        let samples = IntensitySampler.samples(pattern)
        var timings: [Int] = []
        var amplitudes: [Int] = []
        for sample in samples {
            let amplitude = sample <= 0 ? 0 : max(1, min(255, Int((sample * 255).rounded())))
            if let last = amplitudes.last, last == amplitude {
                timings[timings.count - 1] += IntensitySampler.stepMs
            } else {
                timings.append(IntensitySampler.stepMs)
                amplitudes.append(amplitude)
            }
        }
        if pattern.loop == nil, amplitudes.last == 0 {
            timings.removeLast()
            amplitudes.removeLast()
        }
        if pattern.loop != nil {
            // Samples cover whole 10 ms steps; one period is the loop to the millisecond
            // (352.9 ms at 170 bpm is 353 ms, not 360), so the last run is cut short.
            let count = LoopPeriod.trim(&timings, toMs: IntensitySampler.lengthMs(pattern))
            amplitudes.removeLast(amplitudes.count - count)
        }
        return Waveform(timings: timings, amplitudes: amplitudes, repeatIndex: pattern.loop == nil ? -1 : 0)
    }

    /// The JSON description of a pattern's export.
    package static func description(
        _ item: ExportablePattern, policy: Policy
    ) -> JSONNode {
        let wave = waveform(item.pattern)
        var members: [(String, JSONNode)] = [
            ("name", .string(item.name)),
            ("policy", .string(policy.name)),
            ("layer", .string(item.feedback.layer.rawValue)),
            ("sampleStepMs", .number(Double(IntensitySampler.stepMs))),
            ("transientMs", .number(Double(IntensitySampler.transientMs))),
            ("timings", .array(wave.timings.map { .number(Double($0)) })),
            ("amplitudes", .array(wave.amplitudes.map { .number(Double($0)) })),
            ("repeat", .number(Double(wave.repeatIndex))),
        ]
        members.append(("silences", .array(item.pattern.events.filter { $0.kind == .silence }.map(silenceNode))))
        if let sounds = DroppedSounds.node(item) { members.append(("droppedSounds", sounds)) }
        members.append(("fallback", fallbackNode(item, policy: policy)))
        return .object(members)
    }

    /// The JSON description of every preset feedback of the policy.
    package static func presets(_ policy: Policy) -> JSONNode {
        .object(
            policy.content.feedback.map { $0.on(.android) }.compactMap { feedback -> (String, JSONNode)? in
                guard case .preset(let preset, let intensity) = feedback.body else { return nil }
                return (feedback.name, presetNode(preset, intensity: intensity))
            })
    }

    /// A Kotlin object for one pattern: the waveform arrays, `effect()` and `fallback()`.
    package static func kotlin(_ item: ExportablePattern, policy: Policy) -> String {
        let wave = waveform(item.pattern)
        let type = kotlinIdentifier(item.name, suffix: "Haptic")
        var out = header(policy)
        out += "import android.os.Build\nimport android.os.VibrationEffect\nimport android.os.Vibrator\n\n"
        out +=
            "/** Pattern '\(sourceComment(item.name))': sampled every \(IntensitySampler.stepMs) ms, amplitudes 0-255. */\n"
        let sounds = DroppedSounds.of(item)
        if !sounds.isEmpty {
            let names = sounds.map { $0.audio?.sound.map(sourceComment) ?? "a tone" }.joined(separator: ", ")
            out +=
                "// Left out: \(sounds.count == 1 ? "1 sound" : "\(sounds.count) sounds") (\(names)); Android vibration has no audio.\n"
        }
        out += "object \(type) {\n"
        out += "    val timings = longArrayOf(\(wave.timings.map(String.init).joined(separator: ", ")))\n"
        out += "    val amplitudes = intArrayOf(\(wave.amplitudes.map(String.init).joined(separator: ", ")))\n"
        out +=
            "    const val REPEAT = \(wave.repeatIndex)\(wave.repeatIndex == 0 ? " // loops until vibrator.cancel()" : "")\n\n"
        out += "    /** The waveform; devices without amplitude control play it as on/off. */\n"
        out += "    fun effect(): VibrationEffect = VibrationEffect.createWaveform(timings, amplitudes, REPEAT)\n\n"
        out += "    /** What to play when the waveform cannot (the policy's fallback). */\n"
        switch item.fallbackSteps {
        case let steps where steps.isEmpty:
            out += "    fun fallback(vibrator: Vibrator): VibrationEffect? = null // skip silently\n"
        case let steps where steps.count == 1 && steps[0].atMs == 0:
            out += "    fun fallback(vibrator: Vibrator): VibrationEffect? =\n"
            out += presetExpression(steps[0].mapping, indent: "        ") + "\n"
        case let steps:
            out += "    fun fallback(vibrator: Vibrator): VibrationEffect? =\n"
            out += sequenceExpression(steps, indent: "        ") + "\n"
        }
        out += "}\n"
        return out
    }

    /// A Kotlin object with one function per preset feedback of the policy.
    package static func presetsKotlin(_ policy: Policy) -> String {
        var out = header(policy)
        out += "import android.os.Build\nimport android.os.VibrationEffect\nimport android.os.Vibrator\n\n"
        out +=
            "/** The policy's preset feedback: primitives where supported, else predefined effects, else a one-shot. */\n"
        out += "object \(kotlinIdentifier(policy.name, suffix: "Presets")) {\n"
        let presets = policy.content.feedback.map { $0.on(.android) }.compactMap {
            feedback -> (String, Preset, Double?)? in
            guard case .preset(let preset, let intensity) = feedback.body else { return nil }
            return (feedback.name, preset, intensity)
        }
        let functions = sourceIdentifiers(
            presets.map { kotlinIdentifier($0.0, suffix: "", lowerFirst: true) }, .kotlin)
        for ((name, preset, intensity), function) in zip(presets, functions) {
            out +=
                "    /** '\(sourceComment(name))' = \(preset.rawValue)\(intensity.map { " at \(numberText($0))" } ?? ""). */\n"
            out += "    fun \(function)(vibrator: Vibrator): VibrationEffect =\n"
            out += presetExpression(PresetMapping.of(preset, intensity: intensity), indent: "        ") + "\n\n"
        }
        if out.hasSuffix("\n\n") { out.removeLast() }
        out += "}\n"
        return out
    }

    private static func presetExpression(_ mapping: PresetMapping, indent: String) -> String {
        let constants = mapping.primitives.map { "VibrationEffect.Composition.\($0.name)" }
        let unique = constants.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var composition = "VibrationEffect.startComposition()"
        for primitive in mapping.primitives {
            composition +=
                ".addPrimitive(VibrationEffect.Composition.\(primitive.name), \(kotlinFloat(primitive.scale))"
            composition += primitive.delayMs > 0 ? ", \(primitive.delayMs))" : ")"
        }
        composition += ".compose()"
        return """
            \(indent)if (Build.VERSION.SDK_INT >= \(mapping.compositionAPILevel) && vibrator.areAllPrimitivesSupported(\(unique.joined(separator: ", "))))
            \(indent)    \(composition)
            \(indent)else if (Build.VERSION.SDK_INT >= 29)
            \(indent)    VibrationEffect.createPredefined(VibrationEffect.\(mapping.predefined))
            \(indent)else
            \(indent)    VibrationEffect.createOneShot(\(mapping.oneShot.ms), \(mapping.oneShot.amplitude))
            """
    }

    /// A timed sequence of presets: one composition when every primitive is supported
    /// (each step's first primitive waits for the gap since the previous step, an
    /// approximation since `addPrimitive` delays count from the previous primitive's
    /// end), else a waveform of the steps' one-shots at their exact times.
    private static func sequenceExpression(_ steps: [FallbackStep], indent: String) -> String {
        var composition = "VibrationEffect.startComposition()"
        var previous = 0
        var constants: [String] = []
        for step in steps {
            for (index, primitive) in step.mapping.primitives.enumerated() {
                let delay = index == 0 ? max(0, step.atMs - previous) : primitive.delayMs
                composition +=
                    "\n\(indent)        .addPrimitive(VibrationEffect.Composition.\(primitive.name), \(kotlinFloat(primitive.scale))\(delay > 0 ? ", \(delay)" : ""))"
                let constant = "VibrationEffect.Composition.\(primitive.name)"
                if !constants.contains(constant) { constants.append(constant) }
            }
            previous = step.atMs
        }
        composition += "\n\(indent)        .compose()"
        let level = steps.map(\.mapping.compositionAPILevel).max() ?? 30
        let runs = timedRuns(steps.map { ($0.atMs, $0.oneShotRuns) })
        return """
            \(indent)if (Build.VERSION.SDK_INT >= \(level) && vibrator.areAllPrimitivesSupported(\(constants.joined(separator: ", "))))
            \(indent)    \(composition)
            \(indent)else
            \(indent)    VibrationEffect.createWaveform(longArrayOf(\(runs.map { String($0.ms) }.joined(separator: ", "))), intArrayOf(\(runs.map { String($0.amplitude) }.joined(separator: ", "))), -1)
            """
    }

    private static func presetNode(_ preset: Preset, intensity: Double?) -> JSONNode {
        let mapping = PresetMapping.of(preset, intensity: intensity)
        return .object([
            ("preset", .string(preset.rawValue)),
            (
                "composition",
                .array(
                    mapping.primitives.map { primitive in
                        .object([
                            ("primitive", .string(primitive.name)), ("scale", .number(primitive.scale)),
                            ("delayMs", .number(Double(primitive.delayMs))),
                            ("apiLevel", .number(Double(primitive.apiLevel))),
                        ])
                    })
            ),
            ("predefined", .string(mapping.predefined)),
            (
                "oneShot",
                .object([
                    ("ms", .number(Double(mapping.oneShot.ms))),
                    ("amplitude", .number(Double(mapping.oneShot.amplitude))),
                ])
            ),
        ])
    }

    private static func fallbackNode(_ item: ExportablePattern, policy: Policy) -> JSONNode {
        let steps = item.fallbackSteps
        if steps.isEmpty { return .null }
        if steps.count == 1, steps[0].atMs == 0, case .preset? = item.feedback.fallback {
            var node = presetNode(steps[0].preset, intensity: steps[0].intensity)
            node.value = .object([JSONNode.Member("feedback", .string(steps[0].name))] + (node.members ?? []))
            return node
        }
        let runs = timedRuns(steps.map { ($0.atMs, $0.oneShotRuns) })
        return .object([
            (
                "sequence",
                .array(
                    steps.map { step in
                        var node = presetNode(step.preset, intensity: step.intensity)
                        node.value = .object(
                            [
                                JSONNode.Member("atMs", .number(Double(step.atMs))),
                                JSONNode.Member("feedback", .string(step.name)),
                            ]
                                + (node.members ?? []))
                        return node
                    })
            ),
            ("oneShotTimings", .array(runs.map { .number(Double($0.ms)) })),
            ("oneShotAmplitudes", .array(runs.map { .number(Double($0.amplitude)) })),
        ])
    }

    private static func silenceNode(_ silence: ResolvedPattern.Event) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("startMs", .number((silence.time * 1000).rounded())),
            ("durationMs", .number((silence.duration * 1000).rounded())),
        ]
        if let note = silence.note { members.append(("note", .string(note))) }
        return .object(members)
    }

    private static func header(_ policy: Policy) -> String {
        "// Generated by haptic-policy from policy '\(sourceComment(policy.name))'. Do not edit; re-export instead.\n"
    }

    private static func kotlinFloat(_ value: Double) -> String {
        let text = decimalText(value, decimals: 3)
        return (text.contains(".") ? text : text + ".0") + "f"
    }
}

/// A Kotlin identifier from a designer name: `soil.parched` → `SoilParched` + suffix;
/// letters of any script are kept (Kotlin allows them), `ゾーン.up` → `ゾーンUp`.
package func kotlinIdentifier(_ name: String, suffix: String, lowerFirst: Bool = false) -> String {
    let words = nameWords(name)
    var out = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if out.isEmpty || out.first?.isNumber == true { out = "P" + out }
    out += suffix
    if lowerFirst { out = out.prefix(1).lowercased() + out.dropFirst() }
    return out
}
