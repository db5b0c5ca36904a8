import HapticPolicy
import HapticPolicyCompiler

/// One preset of a pattern's fallback, at its time.
package struct FallbackStep: Sendable, Hashable {
    /// Milliseconds from the pattern start.
    package var atMs: Int
    /// The name written in the policy (`tap`, `impact.soft`).
    package var name: String
    /// The preset it renders.
    package var preset: Preset
    /// The preset's intensity, for impacts.
    package var intensity: Double?

    /// The platform mapping of the step.
    package var mapping: PresetMapping { PresetMapping.of(preset, intensity: intensity) }
}

extension ExportablePattern {
    /// The fallback as timed presets, by `FeedbackPlan.fallbackTimes` with the pattern's
    /// parameter values (the one fallback timing the player uses too): empty for `none`
    /// or no fallback, one step at 0 for a single target, one per sequence step in time
    /// order. A step whose time cannot be evaluated or lies outside the exported range
    /// is left out; the others are exported.
    package var fallbackSteps: [FallbackStep] {
        feedback.fallbackTimes(parameters: pattern.parameters, upTo: maxExportSeconds).map {
            FallbackStep(
                atMs: Int(($0.at * 1000).rounded()), name: $0.step.name, preset: $0.step.preset,
                intensity: $0.step.intensity)
        }
    }
}

/// Lays timed pulses on one timeline of `(amplitude, ms)` runs (amplitude 0 = off),
/// equal neighbours merged. A pulse is cut where the next one starts.
package func timedRuns(_ pulses: [(atMs: Int, runs: [(amplitude: Int, ms: Int)])]) -> [(amplitude: Int, ms: Int)] {
    var segments: [(amplitude: Int, ms: Int)] = []
    func add(_ amplitude: Int, _ ms: Int) {
        guard ms > 0 else { return }
        if let last = segments.last, last.amplitude == amplitude {
            segments[segments.count - 1].ms += ms
        } else {
            segments.append((amplitude, ms))
        }
    }
    var cursor = 0
    for (index, pulse) in pulses.enumerated() {
        let next = index + 1 < pulses.count ? pulses[index + 1].atMs : Int.max
        if pulse.atMs > cursor {
            add(0, pulse.atMs - cursor)
            cursor = pulse.atMs
        }
        for run in pulse.runs {
            let length = max(0, min(run.ms, next - cursor))
            add(run.amplitude, length)
            cursor += length
        }
    }
    return segments
}

extension FallbackStep {
    /// The step as a web pulse: the web array's on runs at amplitude 1.
    package var webRuns: [(amplitude: Int, ms: Int)] {
        mapping.web.enumerated().map { ($0.offset % 2 == 0 ? 1 : 0, $0.element) }
    }

    /// The step as an Android one-shot run.
    package var oneShotRuns: [(amplitude: Int, ms: Int)] { [(mapping.oneShot.amplitude, mapping.oneShot.ms)] }
}

/// A `navigator.vibrate` array for timed steps (starting with a vibration).
package func webArray(_ steps: [FallbackStep]) -> [Int] {
    let runs = timedRuns(steps.map { ($0.atMs, $0.webRuns) })
    var array: [Int] = runs.first?.amplitude == 0 ? [0] : []
    array += runs.map(\.ms)
    if runs.last?.amplitude == 0 { array.removeLast() }
    return array
}
