import HapticPolicy
import HapticPolicyCompiler

/// Samples a resolved pattern's intensity on a fixed grid, for platforms that take
/// amplitude steps instead of curves (Android waveforms, web on/off arrays).
package enum IntensitySampler {
    /// The grid step: 10 ms, finer than any vibration motor follows.
    package static let stepMs = 10
    /// How long a transient lasts once sampled: 20 ms (two steps).
    package static let transientMs = 20

    /// One intensity 0-1 per step, sampled at each step's midpoint, covering `lengthMs`
    /// (default: the pattern's length, or its loop period when it loops).
    package static func samples(_ pattern: ResolvedPattern, lengthMs: Int? = nil) -> [Double] {
        let total = min(max(0, lengthMs ?? Self.lengthMs(pattern)), Int(maxExportSeconds) * 1000)
        let count = (total + stepMs - 1) / stepMs
        let width = Double(transientMs) / 1000
        return (0..<count).map { k in
            let t = (Double(k * stepMs) + Double(stepMs) / 2) / 1000
            return pattern.intensity(at: t, transientWidth: width)
        }
    }

    /// Milliseconds one cycle covers: the loop period if any, else the end of the last
    /// sounding event (a transient counts 20 ms).
    package static func lengthMs(_ pattern: ResolvedPattern) -> Int {
        let limit = maxExportSeconds
        if let loop = pattern.loop { return Int((min(max(0, loop), limit) * 1000).rounded()) }
        let end =
            pattern.events.filter { $0.kind.isHaptic }
            .map { $0.kind == .transient ? $0.time + Double(transientMs) / 1000 : $0.end }
            .max() ?? 0
        return Int((min(max(0, end), limit) * 1000).rounded())
    }
}
