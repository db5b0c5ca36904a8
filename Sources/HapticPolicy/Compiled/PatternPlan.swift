/// A custom pattern as Core Haptics objects hold it, planned once for every platform:
/// silences dropped, sounds kept as audio events (Android and the web drop them), curves at the event start split into runs of at most
/// `HapticLimits.maxControlPoints` control points (each run after the first starting at the
/// previous run's last point), and a reset to neutral after a curve when a later event
/// would inherit it. The AHAP exporter serialises it; `CoreHapticsOutput` turns it into a
/// `CHHapticPattern`, one object per entry.
public struct PatternPlan: Sendable, Hashable {
    /// One `CHHapticEvent`.
    public struct Event: Sendable, Hashable {
        /// `hapticTransient` (true) or `hapticContinuous`; for a sound, whether it is an
        /// `audioCustom` file (true) or an `audioContinuous` tone.
        public var isTransient: Bool
        /// `relativeTime`, seconds from the pattern start.
        public var time: Double
        /// `duration` of a continuous event; 0 for a transient.
        public var duration: Double
        /// `hapticIntensity`, 0-1.
        public var intensity: Double
        /// `hapticSharpness`, 0-1.
        public var sharpness: Double
        /// For a sound (`audioCustom`, `audioContinuous`): its file, `audioVolume` and
        /// `audioPitch`; nil for a haptic event. A sound's `duration` is 0 when it plays
        /// the whole file.
        public var audio: Audio? = nil
    }

    /// One `CHHapticParameterCurve`.
    public struct Curve: Sendable, Hashable {
        /// `hapticIntensityControl` (true) or `hapticSharpnessControl`.
        public var controlsIntensity: Bool
        /// `relativeTime`, seconds from the pattern start.
        public var time: Double
        /// Control points `(relativeTime, value)`, times relative to `time`; at most 16.
        public var points: [Point]
    }

    /// What a sound event plays (Core Haptics `AudioCustom` or `AudioContinuous`).
    public struct Audio: Sendable, Hashable {
        /// The sound file of an `audio-custom` event (`click.caf`, a resource of the app);
        /// nil for `audio-continuous`, which plays a generated tone.
        public var sound: String?
        /// `AudioVolume`, 0-1.
        public var volume: Double
        /// `AudioPitch`, -1...1.
        public var pitch: Double

        /// Creates one.
        public init(sound: String?, volume: Double = 1, pitch: Double = 0) {
            self.sound = sound
            self.volume = volume
            self.pitch = pitch
        }
    }

    /// One control point of a curve.
    public struct Point: Sendable, Hashable {
        /// Seconds from the start of the curve (of the event, in a resolved pattern).
        public var time: Double
        /// The value (0-1 for intensity, -1...1 for sharpness).
        public var value: Double

        /// Creates a point.
        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// The events, in time order.
    public var events: [Event]
    /// The curves, in time order.
    public var curves: [Curve]
    /// Seconds between repetitions when the pattern loops (`loopEnd` of the advanced player).
    public var loop: Double?

    /// Plans a resolved pattern.
    package init(_ pattern: ResolvedPattern) {
        let sounding = pattern.events.filter { $0.kind.isHaptic }
        var curves: [(order: Int, curve: Curve)] = []
        events = pattern.events.compactMap { event in
            if let audio = event.audio, event.kind.isAudio {
                return Event(
                    isTransient: event.kind == .audioCustom, time: event.time, duration: event.duration,
                    intensity: 0, sharpness: 0,
                    audio: .init(
                        sound: audio.sound, volume: Self.clamp(audio.volume), pitch: min(1, max(-1, audio.pitch))))
            }
            guard event.kind.isHaptic else { return nil }
            return Event(
                isTransient: event.kind == .transient, time: event.time,
                duration: event.kind == .continuous ? event.duration : 0,
                intensity: Self.clamp(event.intensity), sharpness: Self.clamp(event.sharpness))
        }
        for event in sounding {
            for curve in event.curves where !curve.points.isEmpty {
                let intensity = curve.parameter == .intensity
                for chunk in Self.split(curve.points) {
                    let start = chunk[0].time
                    curves.append(
                        (
                            curves.count,
                            Curve(
                                controlsIntensity: intensity, time: event.time + start,
                                points: chunk.map { ResolvedPattern.Point(time: $0.time - start, value: $0.value) })
                        ))
                }
                // Curves persist after their last point: reset before anything later plays.
                let neutral = intensity ? 1.0 : 0.0
                let resetAt = max(event.end, event.time + (curve.points.last?.time ?? 0))
                if let last = curve.points.last, last.value != neutral,
                    sounding.contains(where: { $0.time >= resetAt && $0 != event })
                {
                    curves.append(
                        (
                            curves.count,
                            Curve(
                                controlsIntensity: intensity, time: resetAt,
                                points: [ResolvedPattern.Point(time: 0, value: neutral)])
                        ))
                }
            }
        }
        self.curves = curves.sorted { ($0.curve.time, $0.order) < ($1.curve.time, $1.order) }.map(\.curve)
        loop = pattern.loop
    }

    /// Splits control points into runs of at most 16, each run after the first starting
    /// with the previous run's last point so the curve stays continuous.
    package static func split(_ points: [ResolvedPattern.Point]) -> [[ResolvedPattern.Point]] {
        guard points.count > HapticLimits.maxControlPoints else { return [points] }
        var runs: [[ResolvedPattern.Point]] = []
        var start = 0
        while start < points.count - 1 {
            let end = min(start + HapticLimits.maxControlPoints, points.count)
            runs.append(Array(points[start..<end]))
            start = end - 1
        }
        return runs
    }

    private static func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
}
