/// A compiled policy: names interned to dense ids and every (screen, event) pair
/// resolved to a cell in one flat table, so deciding an event is array indexing.
/// Immutable and `Sendable`: compile once, share between sessions and threads.
///
/// ```swift
/// let policy = try Policy(compiling: document)
/// var session = Session(policy: policy)
/// let found = policy.eventID("plant.found") ?? .unknown
/// let decision = session.decide(Event(t: 1.2, event: found, speaks: true))
/// ```
public final class Policy: Sendable {
    /// The policy's name (`policy:`).
    public let name: String
    /// The file the policy was compiled from.
    public let file: String
    /// Seconds from `prepare-engine` until the engine is ready (`engine.warmup`).
    public let warmup: Double
    /// Screen names, indexed by `ScreenID.rawValue`.
    public let screenNames: [String]
    /// Event names, indexed by `EventID.rawValue`: the built-in state events first
    /// (in `StateEvent.allCases` order), then the catalogue in source order.
    public let eventNames: [String]
    /// Subject names written in row conditions (`when: {subject: ...}`), by `SubjectID`.
    public let subjectNames: [String]

    let screenIndex: [String: Int]
    let eventIndex: [String: Int]
    let subjectIndex: [String: Int]
    /// Layer of each catalogue event; nil for state events.
    let eventLayers: [Layer?]
    /// `screenCount * eventCount` entries: a cell index, `undeclaredHere` or `offScreen`.
    let table: [Int32]
    let cells: [CompiledCell]
    let feedback: [CompiledFeedback]
    let bands: [CompiledBand]
    /// Number of distinct (event, band) signals; band state is kept per slot and subject.
    let bandSlotCount: Int
    /// The (event, band) pair of each signal slot.
    let bandSlots: [(event: Int, band: Int)]
    /// Directives run on entering each screen, and the rule citing the screen.
    let screenEnter: [DirectiveSet]
    let screenRules: [Decision.Rule]
    /// The `creature-needs-speech` invariant, if any, and the events it exempts.
    let speechRule: Decision.Rule?
    let speechExempt: [Bool]
    /// Invariant texts (`says:`) and locations by id, for explanations.
    let invariants: [String: (text: String?, location: SourceLocation)]

    /// `table` entry: the event can occur on the screen but no cell decides it.
    static let undeclaredHere: Int32 = -1
    /// `table` entry: the event is not declared to occur on the screen at all.
    static let offScreen: Int32 = -2

    /// The id of an event name (catalogue or built-in state event), or nil.
    public func eventID(_ name: String) -> EventID? {
        eventIndex[name].map(EventID.init(rawValue:))
    }

    /// The id of a screen name, or nil.
    public func screenID(_ name: String) -> ScreenID? {
        screenIndex[name].map(ScreenID.init(rawValue:))
    }

    /// The id of a subject named in a row condition, or nil (sessions intern others).
    public func subjectID(_ name: String) -> SubjectID? {
        subjectIndex[name].map(SubjectID.init(rawValue:))
    }

    /// The name of an event id, or nil for `EventID.unknown`.
    public func eventName(_ id: EventID) -> String? {
        eventNames.indices.contains(id.rawValue) ? eventNames[id.rawValue] : nil
    }

    /// The name of a screen id, or nil for `ScreenID.unknown`.
    public func screenName(_ id: ScreenID) -> String? {
        screenNames.indices.contains(id.rawValue) ? screenNames[id.rawValue] : nil
    }

    /// The designer's statement of an invariant (`says:`), by id.
    public func invariantText(_ id: String) -> String? {
        invariants[id]?.text
    }

    /// Where an invariant is declared, by id.
    public func invariantLocation(_ id: String) -> SourceLocation? {
        invariants[id]?.location
    }

    /// Compiles a document. Runs the semantic validator first and refuses a document
    /// with errors; then resolves every name, or throws with located diagnostics.
    public convenience init(compiling document: PolicyDocument) throws(PolicyCompileError) {
        try self.init(document: document, validation: nil)
    }

    /// Compiles a document the caller has just validated: `validation` must be what
    /// `PolicyValidator.validate(document)` returned (warnings included); its errors
    /// refuse the document and the validator does not run again.
    package convenience init(compiling document: PolicyDocument, validation: [Diagnostic]) throws(PolicyCompileError) {
        try self.init(document: document, validation: Optional(validation))
    }

    private init(document: PolicyDocument, validation: [Diagnostic]?) throws(PolicyCompileError) {
        var compiler = PolicyCompiler(document, validation: validation)
        let compiled = compiler.compile()
        guard let compiled else { throw PolicyCompileError(diagnostics: compiler.diagnostics) }
        name = document.name.value
        file = document.file
        warmup = document.engine.warmup.value
        screenNames = compiled.screenNames
        eventNames = compiled.eventNames
        subjectNames = compiled.subjectNames
        screenIndex = compiled.screenIndex
        eventIndex = compiled.eventIndex
        subjectIndex = compiled.subjectIndex
        eventLayers = compiled.eventLayers
        table = compiled.table
        cells = compiled.cells
        feedback = compiled.feedback
        bands = compiled.bands
        bandSlotCount = compiled.bandSlotCount
        bandSlots = compiled.bandSlots
        screenEnter = compiled.screenEnter
        screenRules = compiled.screenRules
        speechRule = compiled.speechRule
        speechExempt = compiled.speechExempt
        invariants = compiled.invariants
    }
}
