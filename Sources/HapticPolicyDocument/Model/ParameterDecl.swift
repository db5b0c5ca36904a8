import HapticPolicy

/// A run-time parameter (`parameters:`): a number the app sets while it runs, through a
/// setting event, that band edges and conditions read. For example the runner's maximum
/// heart rate, `max_hr: {set-by: profile.set, min: 120, max: 220, default: 190}`.
public struct ParameterDecl: Sendable, Hashable, Codable {
    /// The parameter's name (the key under `parameters:`).
    public var name: Located<String>
    /// The setting event whose `value` sets it (`set-by:`). It is not a catalogue event:
    /// the evaluator handles it like a built-in state event, on every screen.
    public var setBy: Located<String>
    /// The smallest value it can take (`min:`), inclusive.
    public var min: Located<Double>
    /// The largest value it can take (`max:`), inclusive.
    public var max: Located<Double>
    /// Its value until the setting event first sets it (`default:`).
    public var defaultValue: Located<Double>
    /// The unit, for people (`unit:`).
    public var unit: String?
    /// Free text (`note:`).
    public var note: String?
    /// Where the declaration starts (the key).
    public var location: SourceLocation

    /// Creates a declaration.
    public init(
        name: Located<String>, setBy: Located<String>, min: Located<Double>, max: Located<Double>,
        defaultValue: Located<Double>, unit: String? = nil, note: String? = nil, location: SourceLocation = .unknown
    ) {
        self.name = name
        self.setBy = setBy
        self.min = min
        self.max = max
        self.defaultValue = defaultValue
        self.unit = unit
        self.note = note
        self.location = location
    }
}
