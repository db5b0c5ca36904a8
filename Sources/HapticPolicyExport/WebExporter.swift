import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Writes patterns as `navigator.vibrate` arrays: alternating on/off milliseconds,
/// starting with on. Browsers cannot set intensity, so intensity is approximated by
/// on/off modulation: each modulation period is on for `intensity × period` (rounded to
/// 10 ms, at least 10 ms) and off for the rest; periods restart at every stretch of
/// vibration so pauses keep their exact length; full-on and full-off periods merge into long runs.
///
/// Limits (Chromium and Firefox): at most 99 entries and at most 10,000 ms per entry.
/// The exporter tries periods of 40, 80, 160, 320, 640 and 1280 ms and keeps the
/// finest that fits in 99 entries; a run over 10,000 ms is split with a 0 ms gap. If even
/// the coarsest period does not fit, the array is cut at 99 entries and `truncated` is
/// set. A loop plays one cycle; the app repeats it every `loopPeriodMs`.
package enum WebExporter {
    /// The longest array browsers accept.
    package static let maxEntries = 99
    /// The longest single entry browsers accept, in milliseconds.
    package static let maxEntryMs = 10_000
    /// Modulation periods tried, finest first.
    package static let periods = [40, 80, 160, 320, 640, 1280]

    /// A `navigator.vibrate` array and how it was made.
    package struct Vibration: Sendable, Hashable {
        /// On/off milliseconds, starting with on.
        package var pattern: [Int]
        /// The modulation period used.
        package var periodMs: Int
        /// Whether the array was cut to fit the limits.
        package var truncated: Bool
    }

    /// The vibrate array of `pattern`.
    package static func vibration(_ pattern: ResolvedPattern) -> Vibration {
        let samples = IntensitySampler.samples(pattern)
        // One cycle of a loop lasts the loop period to the millisecond, not the whole
        // 10 ms steps its samples cover.
        let cycleMs = pattern.loop == nil ? nil : IntensitySampler.lengthMs(pattern)
        var last: [Int] = []
        for period in periods {
            var array = vibrateArray(samples, periodMs: period)
            if let cycleMs {
                LoopPeriod.trim(&array, toMs: cycleMs)
                endOnVibration(&array)
            }
            if array.count <= maxEntries { return Vibration(pattern: array, periodMs: period, truncated: false) }
            last = array
        }
        var cut = Array(last.prefix(maxEntries))
        endOnVibration(&cut)
        return Vibration(pattern: cut, periodMs: periods[periods.count - 1], truncated: true)
    }

    /// Drops the last entry of `array` when it is an "off" one (an even count), so the
    /// array ends on a vibration. An empty array (a loop that never vibrates, or one
    /// shorter than a millisecond) stays empty: `navigator.vibrate([])` plays nothing.
    private static func endOnVibration(_ array: inout [Int]) {
        if !array.isEmpty, array.count % 2 == 0 { array.removeLast() }
    }

    /// On/off array for samples taken every 10 ms, modulated at `periodMs`.
    package static func vibrateArray(_ samples: [Double], periodMs: Int) -> [Int] {
        let step = IntensitySampler.stepMs
        let perWindow = max(1, periodMs / step)
        var runs: [(on: Bool, ms: Int)] = []
        func add(_ on: Bool, _ ms: Int) {
            guard ms > 0 else { return }
            if let last = runs.last, last.on == on {
                runs[runs.count - 1].ms += ms
            } else {
                runs.append((on, ms))
            }
        }
        // Modulation windows restart at every stretch of vibration, so pauses (silences,
        // gaps between taps) keep their exact length and position.
        var start = 0
        while start < samples.count {
            if samples[start] <= 0 {
                add(false, step)
                start += 1
                continue
            }
            var end = start
            while end < samples.count, samples[end] > 0 { end += 1 }
            var window = start
            while window < end {
                let slice = samples[window..<min(window + perWindow, end)]
                let windowMs = slice.count * step
                let mean = slice.reduce(0, +) / Double(slice.count)
                let onMs = min(windowMs, max(step, Int((mean * Double(windowMs) / Double(step)).rounded()) * step))
                add(true, onMs)
                add(false, windowMs - onMs)
                window += perWindow
            }
            start = end
        }
        while runs.last?.on == false { runs.removeLast() }
        var array: [Int] = []
        if runs.first?.on == false { array.append(0) }
        for run in runs {
            var left = run.ms
            while left > maxEntryMs {
                array.append(maxEntryMs)
                array.append(0)
                left -= maxEntryMs
            }
            array.append(left)
        }
        return array
    }

    /// The JSON description of a pattern's web export.
    package static func description(_ item: ExportablePattern, policy: Policy) -> JSONNode {
        let vibration = vibration(item.pattern)
        var members: [(String, JSONNode)] = [
            ("name", .string(item.name)),
            ("policy", .string(policy.name)),
            ("pattern", .array(vibration.pattern.map { .number(Double($0)) })),
            ("modulationPeriodMs", .number(Double(vibration.periodMs))),
            ("truncated", .bool(vibration.truncated)),
        ]
        members.append(
            (
                "loopPeriodMs",
                item.pattern.loop.map { _ in .number(Double(IntensitySampler.lengthMs(item.pattern))) } ?? .null
            ))
        if let sounds = DroppedSounds.node(item) { members.append(("droppedSounds", sounds)) }
        let steps = item.fallbackSteps
        if !steps.isEmpty { members.append(("fallback", .array(webArray(steps).map { .number(Double($0)) }))) }
        return .object(members)
    }

    /// HP710 for each feedback whose vibrate array is the same as an earlier one's though
    /// its intensities differ: two patterns whose 10 ms intensity samples differ, or one
    /// preset at two intensities (`presets.web.json`). Browsers cannot set intensity, so
    /// the on/off modulation is all that tells them apart, and these it does not.
    package static func mergedIntensities(_ patterns: [ExportablePattern], policy: Policy) -> [Diagnostic] {
        struct Seen {
            var name: String
            var location: SourceLocation
            /// What the intensity is made of: the samples of a pattern, the preset and its intensity.
            var intensity: [Double]
            var preset: String?
        }
        var seen: [[Int]: [Seen]] = [:]
        var out: [Diagnostic] = []
        func add(_ item: Seen, array: [Int]) {
            guard !array.isEmpty else { return }
            let earlier = seen[array, default: []]
            if let first = earlier.first(where: { $0.preset == item.preset && $0.intensity != item.intensity }) {
                let text = "[" + array.map(String.init).joined(separator: ", ") + "]"
                out.append(
                    DiagnosticCode.exportWebIntensitiesMerged(
                        "'\(item.name)' and '\(first.name)' have different intensities but both export to the vibrate array \(text): "
                            + "a browser cannot set intensity, so it plays them alike; make them differ in length or rhythm, "
                            + "or give one a `platforms: {web: ...}` of its own",
                        at: item.location,
                        notes: [Diagnostic.Note("'\(first.name)' is declared here", at: first.location)]))
            }
            seen[array, default: []].append(item)
        }
        for item in patterns {
            add(
                Seen(
                    name: item.name, location: policy.location(item.feedback.location),
                    intensity: IntensitySampler.samples(item.pattern), preset: nil),
                array: vibration(item.pattern).pattern)
        }
        for feedback in policy.content.feedback.map({ $0.on(.web) }) {
            guard case .preset(let preset, let intensity) = feedback.body else { continue }
            add(
                Seen(
                    name: feedback.name, location: policy.location(feedback.location),
                    intensity: [intensity.map { min(1, max(0, $0)) } ?? 1], preset: preset.rawValue),
                array: PresetMapping.of(preset, intensity: intensity).web)
        }
        return out
    }

    /// The vibrate arrays of every preset feedback of the policy.
    package static func presets(_ policy: Policy) -> JSONNode {
        .object(
            policy.content.feedback.map { $0.on(.web) }.compactMap { feedback -> (String, JSONNode)? in
                guard case .preset(let preset, let intensity) = feedback.body else { return nil }
                let web = PresetMapping.of(preset, intensity: intensity).web
                return (feedback.name, .array(web.map { .number(Double($0)) }))
            })
    }
}
