/// A pattern template instantiated with concrete parameter values: every expression
/// evaluated, events ordered by time, silences kept. Exporters, reports and players read
/// this instead of the declaration.
package struct ResolvedPattern: Sendable, Hashable {
    /// One concrete event.
    package struct Event: Sendable, Hashable {
        /// Transient, continuous or silence.
        package var kind: PatternEventKind
        /// Start, seconds from the pattern start.
        package var time: Double
        /// Length in seconds; 0 for a transient.
        package var duration: Double
        /// Base intensity 0-1 (0 for a silence).
        package var intensity: Double
        /// Base sharpness 0-1 (0 for a silence).
        package var sharpness: Double
        /// Curves over the event, control-point times relative to the event start.
        package var curves: [Curve]
        /// What an audio event plays; nil for a haptic event or a silence.
        package var audio: Audio?
        /// The designer's note, if any.
        package var note: String?
        /// Where the event was declared.
        package var location: SourceLocation

        /// Creates an event.
        package init(
            kind: PatternEventKind, time: Double, duration: Double = 0, intensity: Double = 1,
            sharpness: Double = 0.5, curves: [Curve] = [], audio: Audio? = nil, note: String? = nil,
            location: SourceLocation = .unknown
        ) {
            self.kind = kind
            self.time = time
            self.duration = duration
            self.intensity = intensity
            self.sharpness = sharpness
            self.curves = curves
            self.audio = audio
            self.note = note
            self.location = location
        }

        /// When the event ends (its start for a transient).
        package var end: Double { time + duration }

        /// The curve for one parameter, if the event has one.
        package func curve(_ parameter: CurveParameter) -> Curve? {
            curves.first { $0.parameter == parameter }
        }

        /// Effective intensity 0-1 at `offset` seconds from the event start: the base
        /// intensity times the intensity curve (linear between control points, held flat
        /// before the first and after the last point). 0 for a silence.
        package func intensity(at offset: Double) -> Double {
            guard kind.isHaptic else { return 0 }
            let factor = curve(.intensity)?.value(at: offset) ?? 1
            return min(1, max(0, intensity * factor))
        }

        /// Effective sharpness 0-1 at `offset` seconds from the event start: the base
        /// sharpness plus the sharpness curve's offset, clamped to 0-1.
        package func sharpness(at offset: Double) -> Double {
            guard kind.isHaptic else { return 0 }
            let delta = curve(.sharpness)?.value(at: offset) ?? 0
            return min(1, max(0, sharpness + delta))
        }
    }

    /// What an audio event plays (Core Haptics `AudioCustom` or `AudioContinuous`).
    package typealias Audio = PatternPlan.Audio

    /// A concrete parameter curve.
    package struct Curve: Sendable, Hashable {
        /// The controlled parameter.
        package var parameter: CurveParameter
        /// Control points in time order, times relative to the event start.
        package var points: [Point]

        /// Creates a curve.
        package init(parameter: CurveParameter, points: [Point]) {
            self.parameter = parameter
            self.points = points
        }

        /// The linearly interpolated value at `offset`; flat outside the points.
        package func value(at offset: Double) -> Double {
            guard let first = points.first, let last = points.last else {
                return parameter == .intensity ? 1 : 0
            }
            if offset <= first.time { return first.value }
            if offset >= last.time { return last.value }
            for (a, b) in zip(points, points.dropFirst()) where offset >= a.time && offset <= b.time {
                let span = b.time - a.time
                return span > 0 ? a.value + (b.value - a.value) * (offset - a.time) / span : b.value
            }
            return last.value
        }
    }

    /// One concrete control point (seconds from the event start, and the value).
    package typealias Point = PatternPlan.Point

    /// Events ordered by start time (source order among equal times).
    package var events: [Event]
    /// The loop period in seconds when the pattern repeats until stopped.
    package var loop: Double?
    /// The parameter values used, defaults included.
    package var parameters: [String: Double]

    /// Creates a resolved pattern; events are sorted by time, keeping source order for ties.
    package init(events: [Event], loop: Double? = nil, parameters: [String: Double] = [:]) {
        self.events = events.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        self.loop = loop
        self.parameters = parameters
    }

    /// Seconds from the start to the end of the last event (silences included).
    package var length: Double { events.map(\.end).max() ?? 0 }

    /// The effective intensity at `time` seconds from the pattern start: the strongest of
    /// the events sounding then (a transient counts for `transientWidth` seconds).
    package func intensity(at time: Double, transientWidth: Double = 0.02) -> Double {
        var strongest = 0.0
        for event in events where event.kind.isHaptic {
            let width = event.kind == .transient ? transientWidth : event.duration
            guard time >= event.time, time < event.time + width else { continue }
            strongest = max(strongest, event.intensity(at: time - event.time))
        }
        return strongest
    }
}

/// Why a pattern could not be instantiated.
package enum PatternResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value was given for a parameter the template does not declare.
    case unknownParameter(String, known: [String])
    /// A given value lies outside the parameter's declared range.
    case outOfRange(String, value: Double, minimum: Double?, maximum: Double?, location: SourceLocation)
    /// An expression names a parameter the template does not declare.
    case unboundParameter(String, location: SourceLocation)
    /// An expression divides by zero or overflows.
    case notFinite(location: SourceLocation)

    /// Lowercase message naming the fix.
    package var description: String {
        switch self {
        case .unknownParameter(let name, let known):
            known.isEmpty
                ? "unknown parameter '\(name)'; this pattern takes no parameters"
                : "unknown parameter '\(name)'; this pattern takes \(known.map { "'\($0)'" }.joined(separator: ", "))"
        case .outOfRange(let name, let value, let minimum, let maximum, _):
            "parameter '\(name)' = \(numberText(value)) is out of range; use a value in \(rangeText(minimum, maximum))"
        case .unboundParameter(let name, _):
            "'\(name)' is not a parameter of this pattern; declare it under 'params' or use a number"
        case .notFinite:
            "expression does not give a finite number (division by zero?); fix the arithmetic"
        }
    }

    /// Where the problem is (the parameter or expression), or `.unknown` for a given value.
    package var location: SourceLocation {
        switch self {
        case .unknownParameter: .unknown
        case .outOfRange(_, _, _, _, let location), .unboundParameter(_, let location), .notFinite(let location):
            location
        }
    }
}

private func rangeText(_ minimum: Double?, _ maximum: Double?) -> String {
    switch (minimum, maximum) {
    case (let lo?, let hi?): "\(numberText(lo))...\(numberText(hi))"
    case (let lo?, nil): "\(numberText(lo)) or more"
    case (nil, let hi?): "\(numberText(hi)) or less"
    case (nil, nil): "any finite number"
    }
}
