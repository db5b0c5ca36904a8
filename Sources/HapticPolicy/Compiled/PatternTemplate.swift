/// A custom pattern as compiled: timed events whose numbers may be expressions over
/// template parameters, the parameters with their ranges, and the loop period.
/// `resolve` instantiates it; `PatternPlan` plans the result for Core Haptics.
package struct PatternTemplate: Sendable, Hashable, Codable {
    /// A template parameter with its default and allowed range.
    package struct Parameter: Sendable, Hashable, Codable {
        /// The name used in expressions (`bpm`).
        package var name: String
        /// The value when an event gives none.
        package var defaultValue: Double
        /// The smallest allowed value, inclusive.
        package var minimum: Double?
        /// The largest allowed value, inclusive.
        package var maximum: Double?
        /// The unit, for people (`s`, `bpm`).
        package var unit: String?
        /// Where the parameter is declared.
        @ToolsOnly package var location: SourcePosition

        /// Creates a parameter.
        package init(
            name: String, defaultValue: Double, minimum: Double?, maximum: Double?, unit: String?,
            location: SourcePosition
        ) {
            self.name = name
            self.defaultValue = defaultValue
            self.minimum = minimum
            self.maximum = maximum
            self.unit = unit
            self.location = location
        }
    }

    /// One event of the pattern.
    package struct Event: Sendable, Hashable, Codable {
        /// Transient, continuous or silence.
        package var kind: PatternEventKind
        /// Start, seconds from the pattern start.
        package var time: Expression
        /// Length in seconds; nil for a transient.
        package var duration: Expression?
        /// Intensity 0-1; nil for the default 1.
        package var intensity: Expression?
        /// Sharpness 0-1; nil for the default 0.5.
        package var sharpness: Expression?
        /// Curves over the event, control-point times relative to the event start.
        package var curves: [Curve]
        /// The sound file of an `audio-custom` event.
        package var sound: String?
        /// An audio event's volume 0-1; nil for the default 1.
        package var volume: Expression?
        /// An audio event's pitch -1...1; nil for the default 0.
        package var pitch: Expression?
        /// The designer's note.
        package var note: String?
        /// Where the event is declared.
        @ToolsOnly package var location: SourcePosition

        /// Creates an event.
        package init(
            kind: PatternEventKind, time: Expression, duration: Expression?, intensity: Expression?,
            sharpness: Expression?, curves: [Curve], sound: String? = nil, volume: Expression? = nil,
            pitch: Expression? = nil, note: String?, location: SourcePosition
        ) {
            self.kind = kind
            self.time = time
            self.duration = duration
            self.intensity = intensity
            self.sharpness = sharpness
            self.curves = curves
            self.sound = sound
            self.volume = volume
            self.pitch = pitch
            self.note = note
            self.location = location
        }
    }

    /// A parameter curve: control points `(time, value)`.
    package struct Curve: Sendable, Hashable, Codable {
        /// The controlled parameter.
        package var parameter: CurveParameter
        /// Control points in source order.
        package var points: [Point]

        /// Creates a curve.
        package init(parameter: CurveParameter, points: [Point]) {
            self.parameter = parameter
            self.points = points
        }
    }

    /// A control point.
    package struct Point: Sendable, Hashable, Codable {
        /// Seconds from the event start.
        package var time: Expression
        /// The value.
        package var value: Expression

        /// Creates a point.
        package init(time: Expression, value: Expression) {
            self.time = time
            self.value = value
        }
    }

    /// Template parameters, empty for a plain pattern.
    package var parameters: [Parameter]
    /// Events in source order.
    package var events: [Event]
    /// The loop period, when the pattern repeats until stopped.
    package var loop: Expression?
    /// Where the pattern is declared.
    @ToolsOnly package var location: SourcePosition

    /// Creates a template.
    package init(parameters: [Parameter], events: [Event], loop: Expression?, location: SourcePosition) {
        self.parameters = parameters
        self.events = events
        self.loop = loop
        self.location = location
    }

    /// Instantiates the template: declared defaults overridden by `values`; a value for an
    /// undeclared parameter or outside a declared range is an error naming the parameter.
    /// Intensity defaults to 1, sharpness to 0.5 (0 for silences and sounds); a sound's
    /// volume to 1 and its pitch to 0. `file` names the policy
    /// in error locations.
    package func resolve(
        _ values: [String: Double] = [:], in file: String = "<policy>"
    ) throws(PatternResolutionError) -> ResolvedPattern {
        try resolve(values, in: [file])
    }

    /// Instantiates the pattern as `resolve(_:in:)` does, naming `files` (the policy's
    /// files by `SourcePosition.file`, as `Policy.files` lists them) in error locations.
    package func resolve(
        _ values: [String: Double], in files: [String]
    ) throws(PatternResolutionError) -> ResolvedPattern {
        let known = parameters.map(\.name)
        for name in values.keys.sorted() where !known.contains(name) {
            throw .unknownParameter(name, known: known)
        }
        var bindings: [String: Double] = [:]
        for parameter in parameters {
            let value = values[parameter.name] ?? parameter.defaultValue
            let tooLow = parameter.minimum.map { value < $0 } ?? false
            let tooHigh = parameter.maximum.map { value > $0 } ?? false
            if tooLow || tooHigh || !value.isFinite {
                throw .outOfRange(
                    parameter.name, value: value, minimum: parameter.minimum, maximum: parameter.maximum,
                    location: parameter.location.location(in: files))
            }
            bindings[parameter.name] = value
        }
        var resolved: [ResolvedPattern.Event] = []
        for event in events {
            let at = event.location.location(in: files)
            func eval(_ expression: Expression) throws(PatternResolutionError) -> Double {
                do {
                    return try expression.evaluate(bindings)
                } catch {
                    switch error {
                    case .unboundParameter(let name): throw .unboundParameter(name, location: at)
                    case .notFinite: throw .notFinite(location: at)
                    }
                }
            }
            let silent = !event.kind.isHaptic
            let audio: ResolvedPattern.Audio? =
                event.kind.isAudio
                ? .init(
                    sound: event.sound, volume: try event.volume.map(eval) ?? 1, pitch: try event.pitch.map(eval) ?? 0)
                : nil
            var curves: [ResolvedPattern.Curve] = []
            for curve in event.curves {
                var points: [ResolvedPattern.Point] = []
                for point in curve.points {
                    points.append(.init(time: try eval(point.time), value: try eval(point.value)))
                }
                curves.append(.init(parameter: curve.parameter, points: points))
            }
            resolved.append(
                .init(
                    kind: event.kind,
                    time: try eval(event.time),
                    duration: event.kind == .transient ? 0 : try event.duration.map(eval) ?? 0,
                    intensity: silent ? 0 : try event.intensity.map(eval) ?? 1,
                    sharpness: silent ? 0 : try event.sharpness.map(eval) ?? 0.5,
                    curves: curves, audio: audio, note: event.note, location: at))
        }
        var period: Double?
        if let loop {
            do {
                period = try loop.evaluate(bindings)
            } catch {
                switch error {
                case .unboundParameter(let name): throw .unboundParameter(name, location: location.location(in: files))
                case .notFinite: throw .notFinite(location: location.location(in: files))
                }
            }
        }
        return ResolvedPattern(events: resolved, loop: period, parameters: bindings)
    }
}
