import HapticPolicy

/// A custom haptic pattern: timed transient and continuous events with curves, optionally
/// a template with parameters and a loop period.
public struct PatternDecl: Sendable, Hashable, Codable {
    /// Template parameters (`params:`), empty for a plain pattern.
    public var parameters: [TemplateParameter]
    /// Events in source order (`events:`).
    public var events: [PatternEventDecl]
    /// When set, the pattern repeats every this many seconds until stopped (`loop:`).
    package var loop: Located<Expression>?
    /// Where the `pattern:` mapping starts.
    public var location: SourceLocation

    /// Creates a pattern.
    package init(
        parameters: [TemplateParameter] = [], events: [PatternEventDecl], loop: Located<Expression>? = nil,
        location: SourceLocation = .unknown
    ) {
        self.parameters = parameters
        self.events = events
        self.loop = loop
        self.location = location
    }
}

/// A template parameter with its default and allowed range.
public struct TemplateParameter: Sendable, Hashable, Codable {
    /// The name used in expressions.
    public var name: Located<String>
    /// The value when an event supplies none.
    public var defaultValue: Located<Double>
    /// The smallest allowed value, inclusive.
    public var minimum: Located<Double>?
    /// The largest allowed value, inclusive.
    public var maximum: Located<Double>?
    /// The unit, for humans (`s`, `bpm`).
    public var unit: String?

    /// Creates a parameter.
    public init(
        name: Located<String>, defaultValue: Located<Double>, minimum: Located<Double>? = nil,
        maximum: Located<Double>? = nil, unit: String? = nil
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.unit = unit
    }
}

/// One event of a pattern.
public struct PatternEventDecl: Sendable, Hashable, Codable {
    /// The event kind (`PatternEventKind`).
    package typealias Kind = PatternEventKind

    /// The kind (`type:`).
    package var kind: Located<Kind>
    /// Start, seconds from the pattern start (`time:`).
    package var time: Located<Expression>
    /// Length in seconds (`duration:`); required for continuous and silence.
    package var duration: Located<Expression>?
    /// Intensity 0-1 (`intensity:`, default 1; unused for silence).
    package var intensity: Located<Expression>?
    /// Sharpness 0-1 (`sharpness:`, default 0.5; unused for silence).
    package var sharpness: Located<Expression>?
    /// Curves over this event, control-point times relative to the event start (`curves:`).
    public var curves: [CurveDecl]
    /// The sound file an `audio-custom` event plays (`sound: click.caf`), a resource of the app.
    public var sound: Located<String>?
    /// An audio event's volume 0-1 (`volume:`, default 1).
    package var volume: Located<Expression>?
    /// An audio event's pitch -1...1 (`pitch:`, default 0).
    package var pitch: Located<Expression>?
    /// Free text (`note:`).
    public var note: String?
    /// Where the event starts.
    public var location: SourceLocation

    /// Creates a pattern event.
    package init(
        kind: Located<Kind>, time: Located<Expression>, duration: Located<Expression>? = nil,
        intensity: Located<Expression>? = nil, sharpness: Located<Expression>? = nil,
        curves: [CurveDecl] = [], sound: Located<String>? = nil, volume: Located<Expression>? = nil,
        pitch: Located<Expression>? = nil, note: String? = nil, location: SourceLocation = .unknown
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

/// A parameter curve over one pattern event (Core Haptics `ParameterCurve`).
public struct CurveDecl: Sendable, Hashable, Codable {
    /// The controlled parameter (`CurveParameter`).
    package typealias Parameter = CurveParameter

    /// The controlled parameter (the key under `curves:`).
    package var parameter: Located<Parameter>
    /// Control points, times relative to the event start (at most 16 per Core Haptics curve).
    public var points: [ControlPointDecl]
    /// Where the curve starts.
    public var location: SourceLocation

    /// Creates a curve.
    package init(parameter: Located<Parameter>, points: [ControlPointDecl], location: SourceLocation = .unknown) {
        self.parameter = parameter
        self.points = points
        self.location = location
    }
}

/// One control point: `[time, value]`.
public struct ControlPointDecl: Sendable, Hashable, Codable {
    /// Seconds from the event start.
    package var time: Located<Expression>
    /// The value 0-1.
    package var value: Located<Expression>

    /// Creates a control point.
    package init(time: Located<Expression>, value: Located<Expression>) {
        self.time = time
        self.value = value
    }
}
