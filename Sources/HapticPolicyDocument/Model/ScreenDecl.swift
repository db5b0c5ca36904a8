import HapticPolicy

/// A screen with its decision table.
public struct ScreenDecl: Sendable, Hashable, Codable {
    /// The screen name (the key under `screens:`).
    public var name: Located<String>
    /// What to prepare on entering the screen (`enter: [prepare-engine]`).
    public var onEnter: [Located<Directive>]
    /// The table: one cell per event decided here (`table:`).
    public var cells: [CellDecl]
    /// Free text (`note:`).
    public var note: String?
    /// Where the declaration starts.
    public var location: SourceLocation
    /// The screen-wide default (`otherwise: {silent: ...}`): the designer's silence for
    /// every event that can occur here and that neither the table nor `everywhere:`
    /// decides; nil when not written. Decoded as a row so the validator can say what
    /// else it may not do (HP340-HP342).
    public var otherwise: RowDecl?

    /// Creates a screen.
    public init(
        name: Located<String>, onEnter: [Located<Directive>] = [], cells: [CellDecl] = [],
        note: String? = nil, location: SourceLocation = .unknown
    ) {
        self.name = name
        self.onEnter = onEnter
        self.cells = cells
        self.note = note
        self.location = location
    }
}

/// The decision for one event on one screen: one or more rows, first match wins.
public struct CellDecl: Sendable, Hashable, Codable {
    /// The event decided (the key in the table).
    public var event: Located<String>
    /// Rows in order; a single mapping in YAML is one unconditional row.
    public var rows: [RowDecl]
    /// Where the cell starts (the key).
    public var location: SourceLocation

    /// Creates a cell.
    public init(event: Located<String>, rows: [RowDecl], location: SourceLocation = .unknown) {
        self.event = event
        self.rows = rows
        self.location = location
    }
}

/// One row of a cell: an optional condition and what to do.
public struct RowDecl: Sendable, Hashable, Codable {
    /// The ticker step (`TickerStep`).
    package typealias TickerStep = HapticPolicy.TickerStep

    /// The condition (`when:`); nil means always.
    public var condition: ConditionDecl?
    /// Play a feedback (`play:`).
    public var play: Located<String>?
    /// Play the band feedback when the value changes band (`band:`).
    public var band: Located<String>?
    /// Stay silent, with the designer's reason (`silent:`).
    public var silent: Located<String>?
    /// Stop a running loop of this feedback, or `all` (`stop:`).
    public var stop: Located<String>?
    /// Start a looping pattern template, or retempo it when it already runs (`loop:`).
    /// May be combined with `play:` and `stop:`; the row runs its stop, then its play,
    /// then its loop.
    public var loop: Located<String>?
    /// Template parameters for the `loop:` if any, else the `play:` (`with:`).
    public var with: [TemplateArgument] = []
    /// Ticker gesture step (`ticker:`).
    package var ticker: Located<TickerStep>?
    /// Extra directives (`prepare: engine` gives `prepare-engine`).
    public var directives: [Located<Directive>]
    /// Invariant ids this row implements (`cite:`).
    public var cites: [Located<String>]
    /// Free text (`note:`).
    public var note: String?
    /// Where the row starts.
    public var location: SourceLocation

    /// Creates a row.
    package init(
        condition: ConditionDecl? = nil, play: Located<String>? = nil, band: Located<String>? = nil,
        silent: Located<String>? = nil, stop: Located<String>? = nil, ticker: Located<TickerStep>? = nil,
        directives: [Located<Directive>] = [], cites: [Located<String>] = [], note: String? = nil,
        location: SourceLocation = .unknown
    ) {
        self.condition = condition
        self.play = play
        self.band = band
        self.silent = silent
        self.stop = stop
        self.ticker = ticker
        self.directives = directives
        self.cites = cites
        self.note = note
        self.location = location
    }
}

extension RowDecl {
    private enum CodingKeys: String, CodingKey {
        case condition, play, band, silent, stop, loop, with, ticker, directives, cites, note, location
    }

    /// Decodes a row; documents written before `loop:` and `with:` existed carry neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            condition: try container.decodeIfPresent(ConditionDecl.self, forKey: .condition),
            play: try container.decodeIfPresent(Located<String>.self, forKey: .play),
            band: try container.decodeIfPresent(Located<String>.self, forKey: .band),
            silent: try container.decodeIfPresent(Located<String>.self, forKey: .silent),
            stop: try container.decodeIfPresent(Located<String>.self, forKey: .stop),
            ticker: try container.decodeIfPresent(Located<TickerStep>.self, forKey: .ticker),
            directives: try container.decode([Located<Directive>].self, forKey: .directives),
            cites: try container.decode([Located<String>].self, forKey: .cites),
            note: try container.decodeIfPresent(String.self, forKey: .note),
            location: try container.decode(SourceLocation.self, forKey: .location))
        loop = try container.decodeIfPresent(Located<String>.self, forKey: .loop)
        with = try container.decodeIfPresent([TemplateArgument].self, forKey: .with) ?? []
    }

    /// Encodes a row; `loop` and `with` only when given, so a v1 row encodes as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encodeIfPresent(play, forKey: .play)
        try container.encodeIfPresent(band, forKey: .band)
        try container.encodeIfPresent(silent, forKey: .silent)
        try container.encodeIfPresent(stop, forKey: .stop)
        try container.encodeIfPresent(loop, forKey: .loop)
        if !with.isEmpty { try container.encode(with, forKey: .with) }
        try container.encodeIfPresent(ticker, forKey: .ticker)
        try container.encode(directives, forKey: .directives)
        try container.encode(cites, forKey: .cites)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(location, forKey: .location)
    }

    /// What the row plays: its `play:`, then its `loop:`.
    public var plays: [Located<String>] { [play, loop].compactMap { $0 } }
    /// Whether the row does more than one of `stop:`, `play:` and `loop:`.
    public var hasSeveralActions: Bool { [stop != nil, play != nil, loop != nil].filter { $0 }.count > 1 }
}

/// One `with:` entry of a row: a template parameter and what it is given.
public struct TemplateArgument: Sendable, Hashable, Codable {
    /// What a parameter is given.
    public enum Source: Sendable, Hashable, Codable {
        /// The event's `value` (a number), written `value`.
        case eventValue
        /// A number written in the policy.
        case number(Double)
    }

    /// The parameter name (the key).
    public var name: Located<String>
    /// What it is given, where written.
    public var source: Located<Source>

    /// Creates an argument.
    public init(name: Located<String>, source: Located<Source>) {
        self.name = name
        self.source = source
    }
}

/// A row condition on the event's fields (`when:`); all given fields must match.
public struct ConditionDecl: Sendable, Hashable, Codable {
    /// The event's `speaks` must equal this (`speaks:`).
    public var speaks: Located<Bool>?
    /// The event's `value` must equal this string or boolean (`value:`).
    public var value: Located<ScalarValue>?
    /// The event's `subject` must equal this (`subject:`).
    public var subject: Located<String>?
    /// The event's `value` must be a number in this range (`value: {at-least: 4.25, below: 6}`).
    public var range: NumberRangeDecl?
    /// The event's `value` must equal one of these (`value: {in: [trail, track]}`).
    public var oneOf: [Located<ScalarValue>]?
    /// Run-time parameters that must be in a range (`max_hr: {at-least: 200}`), in source order.
    public var parameters: [ParameterTestDecl] = []
    /// Whether a ticker gesture must be open (`in-gesture: true`) or closed (`false`).
    public var inGesture: Located<Bool>?
    /// Conditions on the event's data fields (`data: {direction: right}`), in source order.
    public var data: [DataTestDecl] = []
    /// Where the condition starts.
    public var location: SourceLocation

    /// Creates a condition.
    public init(
        speaks: Located<Bool>? = nil, value: Located<ScalarValue>? = nil, subject: Located<String>? = nil,
        location: SourceLocation = .unknown
    ) {
        self.speaks = speaks
        self.value = value
        self.subject = subject
        self.location = location
    }
}

/// A condition on a run-time parameter (`when: {max_hr: {at-least: 200}}`): the
/// parameter's current value must be in the range.
public struct ParameterTestDecl: Sendable, Hashable, Codable {
    /// The parameter's name (the key), where it is written.
    public var name: Located<String>
    /// The range its value must be in.
    public var range: NumberRangeDecl

    /// Creates a test.
    public init(name: Located<String>, range: NumberRangeDecl) {
        self.name = name
        self.range = range
    }
}

/// A number range in a condition: at most one lower bound (`above:` or `at-least:`) and
/// one upper bound (`below:` or `at-most:`).
public struct NumberRangeDecl: Sendable, Hashable, Codable {
    /// The lower bound, if any.
    public var lower: Located<Double>?
    /// Whether it is `at-least` (included) rather than `above`.
    public var lowerInclusive: Bool
    /// The upper bound, if any.
    public var upper: Located<Double>?
    /// Whether it is `at-most` (included) rather than `below`.
    public var upperInclusive: Bool
    /// Where the range is written.
    public var location: SourceLocation

    /// Creates one.
    public init(
        lower: Located<Double>? = nil, lowerInclusive: Bool = false, upper: Located<Double>? = nil,
        upperInclusive: Bool = false, location: SourceLocation = .unknown
    ) {
        self.lower = lower
        self.lowerInclusive = lowerInclusive
        self.upper = upper
        self.upperInclusive = upperInclusive
        self.location = location
    }

    /// The compiled range.
    package var range: NumberRange {
        NumberRange(
            lower: lower?.value, lowerInclusive: lowerInclusive, upper: upper?.value, upperInclusive: upperInclusive)
    }
}

/// A rate budget (the utility principle as a check): at most `max` rings per `window`
/// seconds, per screen, per layer or per event.
public struct BudgetDecl: Sendable, Hashable, Codable {
    /// What the budget counts.
    public enum Scope: Sendable, Hashable, Codable {
        /// Rings on each screen separately.
        case eachScreen
        /// Rings on one screen.
        case screen(Located<String>)
        /// Rings of one layer.
        case layer(Located<Layer>)
        /// Rings of these events, on any screen (`event: off.route` or
        /// `events: [hazard.ahead, hazard.closure]`).
        case events([Located<String>])
    }

    /// The id cited by breach reports (`id:`).
    public var id: Located<String>
    /// What is counted.
    public var scope: Scope
    /// The most rings allowed in any window (`max:`).
    public var max: Located<Int>
    /// The window length in seconds (`per:`).
    public var window: Located<Double>
    /// Events whose rings this budget does not count (`except:`), each with the
    /// designer's reason: a selector's ticks are the control itself, not unsolicited rings.
    public var exceptions: [InvariantDecl.Exception]
    /// `enforce: true`: a ring beyond `max` is decided silent (`over-budget`), not only
    /// reported; nil when not written (reported only).
    public var enforce: Located<Bool>?
    /// Where the declaration starts.
    public var location: SourceLocation

    /// Creates a budget.
    public init(
        id: Located<String>, scope: Scope, max: Located<Int>, window: Located<Double>,
        exceptions: [InvariantDecl.Exception] = [], enforce: Located<Bool>? = nil, location: SourceLocation = .unknown
    ) {
        self.id = id
        self.scope = scope
        self.max = max
        self.window = window
        self.exceptions = exceptions
        self.enforce = enforce
        self.location = location
    }

    /// Whether the budget is enforced (`enforce: true`).
    public var isEnforced: Bool { enforce?.value == true }

    private enum CodingKeys: String, CodingKey {
        case id, scope, max, window, exceptions, enforce, location
    }

    /// Decodes a budget; bundles written before `except:` existed carry no `exceptions`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Located<String>.self, forKey: .id)
        scope = try container.decode(Scope.self, forKey: .scope)
        max = try container.decode(Located<Int>.self, forKey: .max)
        window = try container.decode(Located<Double>.self, forKey: .window)
        exceptions = try container.decodeIfPresent([InvariantDecl.Exception].self, forKey: .exceptions) ?? []
        enforce = try container.decodeIfPresent(Located<Bool>.self, forKey: .enforce)
        location = try container.decode(SourceLocation.self, forKey: .location)
    }

    /// Encodes a budget; `exceptions` is left out when empty, so bundles of policies
    /// without budget exceptions keep their bytes and hashes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(scope, forKey: .scope)
        try container.encode(max, forKey: .max)
        try container.encode(window, forKey: .window)
        if !exceptions.isEmpty { try container.encode(exceptions, forKey: .exceptions) }
        try container.encodeIfPresent(enforce, forKey: .enforce)
        try container.encode(location, forKey: .location)
    }
}
