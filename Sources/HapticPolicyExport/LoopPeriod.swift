import HapticPolicy
import HapticPolicyCompiler

/// How long one cycle of a looping pattern lasts on each platform, and the check that
/// every platform repeats within a millisecond of the policy's period: an app whose
/// Android metronome runs at 166.7 bpm while iOS runs at 170 is wrong on one of them.
package enum LoopPeriod {
    /// The largest difference allowed between a platform's period and the policy's.
    package static let toleranceMs = 1.0

    /// Cuts `durations` (milliseconds, in order) so they add up to at most `totalMs`,
    /// shortening the last run kept and dropping the runs after it. Returns how many
    /// runs are left, so a parallel array (Android's amplitudes) can be cut to match.
    @discardableResult
    package static func trim(_ durations: inout [Int], toMs totalMs: Int) -> Int {
        var sum = 0
        for index in durations.indices {
            if sum + durations[index] >= totalMs {
                durations[index] = totalMs - sum
                durations.removeLast(durations.count - index - 1)
                if durations[index] == 0 { durations.removeLast() }
                return durations.count
            }
            sum += durations[index]
        }
        return durations.count
    }

    /// The period, in milliseconds, each of `targets` repeats `item` at, for a looping
    /// pattern (empty for a one-shot): AHAP's `HapticPolicyLoop`, the sum of Android's
    /// waveform timings, and the web's `loopPeriodMs` (or its array, if longer).
    package static func periods(of item: ExportablePattern, for targets: [ExportTarget]) -> [(ExportTarget, Double)] {
        guard let loop = item.pattern.loop else { return [] }
        return targets.map { target in
            switch target {
            case .ahap:
                return (target, loop * 1000)
            case .android:
                return (target, Double(AndroidExporter.waveform(item.pattern).timings.reduce(0, +)))
            case .web:
                let cycle = IntensitySampler.lengthMs(item.pattern)
                let array = WebExporter.vibration(item.pattern).pattern.reduce(0, +)
                return (target, Double(max(cycle, array)))
            }
        }
    }

    /// An error, at the feedback, for every platform whose period is more than
    /// `toleranceMs` from the policy's; that platform's files for it are not written.
    package static func problems(
        _ periods: [(ExportTarget, Double)], of item: ExportablePattern, policy: Policy
    ) -> [(target: ExportTarget, diagnostic: Diagnostic)] {
        guard let loop = item.pattern.loop else { return [] }
        let wanted = loop * 1000
        return periods.compactMap { target, period in
            guard abs(period - wanted) > toleranceMs else { return nil }
            return (
                target,
                DiagnosticCode.exportBadExpression(
                    "pattern '\(item.name)': the \(target.rawValue) export would repeat every \(tenths(period)) ms, but the loop period is \(tenths(wanted)) ms (more than \(numberText(toleranceMs)) ms apart); nothing is written for \(target.rawValue)",
                    at: policy.location(item.feedback.location))
            )
        }
    }
}

/// Milliseconds to a tenth, for people (`352.9`).
private func tenths(_ ms: Double) -> String { numberText((ms * 10).rounded() / 10) }
