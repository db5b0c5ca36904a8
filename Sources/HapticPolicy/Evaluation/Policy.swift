/// A compiled policy: names interned to dense ids and every (screen, event) pair
/// resolved to a cell in one flat table, so deciding an event is array indexing.
/// Immutable and `Sendable`: load once, share between sessions and threads.
///
/// Apps load one from a bundle (`Policy(bundle:)`); tools compile one from a validated
/// document. Either way it is the same content with the same `hash`.
///
/// ```swift
/// let policy = try Policy(bundle: bytes)
/// var session = Session(policy: policy)
/// let found = policy.eventID("plant.found") ?? .unknown
/// let decision = session.decide(Event(t: 1.2, event: found, speaks: true))
/// ```
public final class Policy: Sendable {
    /// The policy's name (`policy:`).
    public let name: String
    /// The file its source locations refer to: the path the policy was compiled from, or
    /// for a bundle, the base name of the file compiled into it.
    public let file: String
    /// The files its source locations refer to, by `SourcePosition.file`: `file` first,
    /// then each included file (`PolicyContent.files`) as seen from where `file` is, so a
    /// policy compiled from `Policies/stride.yaml` names `Policies/stride/workout.yaml`.
    package let files: [String]
    /// `sha256:<hex>` of the compiled content: the same for a policy compiled from YAML
    /// and for its bundle, whatever path or machine compiled it. Every decision made with
    /// `PolicyStore` cites it.
    public let hash: String
    /// Seconds from `prepare-engine` until the engine is ready (`engine.warmup`).
    public let warmup: Double
    /// Screen names, indexed by `ScreenID.rawValue`.
    public let screenNames: [String]
    /// Event names, indexed by `EventID.rawValue`: the built-in state events first
    /// (in `StateEvent.allCases` order), then the policy's setting events (each
    /// parameter's `set-by`), then the catalogue in source order.
    public let eventNames: [String]
    /// The run-time parameters (`parameters:`), in source order.
    public let parameterNames: [String]
    /// Subject names written in row conditions (`when: {subject: ...}`), by `SubjectID`.
    public let subjectNames: [String]

    /// Everything the policy says, as data: what tools read.
    package let content: PolicyContent

    /// Whether the policy's patterns play sounds with the haptics, so the engine must not
    /// be haptics-only (`engine: {haptics-only: false}`): pass it to `CoreHapticsOutput`.
    public var playsAudio: Bool { !content.hapticsOnly }

    /// Names to ids, equal when their code points are (`NameKey`).
    package let screenIndex: NameTable<Int>
    package let eventIndex: NameTable<Int>
    package let subjectIndex: NameTable<Int>
    package let feedbackIndex: NameTable<Int>
    /// `screenCount * eventCount` entries: a cell index, `undeclaredHere` or `offScreen`.
    package let table: [Int32]
    /// The cells of `content.cells`, ready to decide with, in the same order.
    package let cells: [CompiledCell]
    /// The feedback plans of `content.feedback`.
    package let feedback: [FeedbackPlan]
    package let bands: [CompiledBand]
    /// Number of distinct (event, band) signals; band state is kept per slot and subject.
    package let bandSlotCount: Int
    /// The (event, band) pair of each signal slot.
    package let bandSlots: [(event: Int, band: Int)]
    /// Directives run on entering each screen, and the rule citing the screen.
    package let screenEnter: [DirectiveSet]
    package let screenRules: [Decision.Rule]
    /// The `creature-needs-speech` invariant, if any, and the events it exempts.
    package let speechRule: Decision.Rule?
    package let speechExempt: [Bool]
    /// By feedback index: whether it belongs to the layer the speech rule covers
    /// (`creature`, or the invariant's `layer:`).
    package let needsSpeech: [Bool]

    /// By event id: the check of the event's declared payload (`value: {type: ...}`,
    /// `params:`), or nil (every event of a v1 policy, and the built-in state events).
    package let payloadChecks: [PayloadCheck?]
    /// By feedback index, its template parameters at their defaults, as
    /// `Decision.parameters` lists them (empty for presets and plain patterns): where a
    /// session's bound lists start (`Session.boundParameters`).
    package let defaultParameters: [[Event.Parameter]]
    /// Whether any event declares a payload: false keeps `Session.decide` of a v1 policy
    /// to one predictable branch.
    package let checksPayloads: Bool
    /// The user levels (`user-levels:`), or nil when the policy has none.
    package let userLevels: PolicyContent.UserLevels?
    /// Whether the policy has user levels: the one branch a play takes when it has none.
    package let hasUserLevels: Bool
    /// The rule each user level's silences cite (`user-levels/essentials`), by level.
    package let userLevelRules: [Decision.Rule]
    /// The level a session starts at.
    package let startLevel: Int
    /// By `level * feedback.count + f`: whether the level keeps every play of feedback `f`.
    package let levelKeepsFeedback: [Bool]
    /// By `level * ruleSlotIDs.count + slot`: whether the level keeps the plays of a rule slot.
    package let levelKeepsRule: [Bool]
    /// What the app in background still plays (`background:`), or nil when it keeps none.
    package let backgroundKeeps: BackgroundKeeps?
    /// The rule id of each rule slot: every row's rule, then for a band row one per level
    /// (`workout/pace.sample@tempo`), in cell order.
    package let ruleSlotIDs: [String]

    /// Built-in state events plus setting events: event ids below it are decided as state,
    /// never by a table; catalogue ids start here.
    package let stateEventCount: Int
    /// What each setting event sets, by `id - StateEvent.allCases.count`.
    package let settingEvents: [SettingEvent]
    /// The rule each setting event cites (`parameters/max_hr`), in the same order.
    package let settingRules: [Decision.Rule]
    /// The run-time parameters of `content.parameters` (empty when none).
    package let parameters: [PolicyContent.Parameter]
    /// How many edges the parametric bands have together (a session keeps their current
    /// values); 0 when no edge reads a parameter.
    package let parametricEdgeCount: Int
    /// The indices of the bands whose edges read run-time parameters.
    package let parametricBands: [Int]
    /// By run-time parameter, what its setting event's note names (`Decision.Note`).
    package let parameterNotes: [ParameterNote]

    /// The enforced budgets, in declaration order; empty for most policies.
    package let enforcedBudgets: [EnforcedBudget]
    /// How many ring buffers a session keeps for them.
    package let budgetRingCount: Int
    /// By event id: whether deciding the event ends its subject (`ends-subject: true`).
    /// Empty when no event does, so a session tests `endsSubjects` alone.
    package let endsSubject: [Bool]
    /// Whether some event ends its subject: the one test `Session.decide` makes.
    package let endsSubjects: Bool
    /// The feedback's priorities; nil when every feedback is `normal` (nothing tracked).
    package let priorities: PriorityTable?

    /// `table` entry: the event can occur on the screen but no cell decides it.
    package static let undeclaredHere: Int32 = -1
    /// `table` entry: the event is not declared to occur on the screen at all.
    package static let offScreen: Int32 = -2

    /// Indexes the decision tables of content that is consistent (the compiler's output,
    /// or a bundle's content that passed `PolicyContent.inconsistency`): every semantic
    /// choice is already made in `content.decide` (`PolicyLowering`); this only builds
    /// name-to-id dictionaries and flat arrays from it.
    package init(content: PolicyContent, file: String? = nil, hash: String) {
        guard let decide = content.decide else {
            preconditionFailure("Policy(content:) needs content.decide: compile the content with PolicyCompiler")
        }
        self.content = content
        self.name = content.name
        let file = file ?? content.source
        self.file = file
        let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
        let files = [file] + (content.files ?? []).map { folder + $0 }
        self.files = files
        self.hash = hash
        self.warmup = content.warmup
        self.feedback = content.feedback
        defaultParameters = content.feedback.map { TemplateValues($0.parameters).parameters($0.parameters) }
        let rule = { (ref: PolicyContent.Decide.RuleRef) in
            Decision.Rule(id: ref.id, location: ref.at.location(in: files))
        }

        let parameters = content.parameters ?? []
        self.parameters = parameters
        parameterNames = parameters.map(\.name)
        settingEvents = decide.settings.map { $0.parameter.map { .parameter($0) } ?? .userLevel }
        settingRules = decide.settings.map { rule($0.rule) }
        stateEventCount = decide.stateEvents
        screenNames = content.screens.map(\.name)
        eventNames = decide.events
        screenIndex = NameTable(firsts: screenNames.enumerated().map { ($1, $0) })
        eventIndex = NameTable(firsts: eventNames.enumerated().map { ($1, $0) })
        feedbackIndex = NameTable(firsts: content.feedback.enumerated().map { ($1.name, $0) })

        screenEnter = content.screens.map { screen in
            var set: DirectiveSet = []
            for directive in screen.enter { set.insert(DirectiveSet(directive)) }
            return set
        }
        screenRules = decide.screenRules.map { rule($0) }

        var speechExempt = Array(repeating: false, count: eventNames.count)
        var needsSpeech = Array(repeating: false, count: content.feedback.count)
        if let speech = decide.speech {
            for e in speech.exempt { speechExempt[e] = true }
            for f in speech.feedback { needsSpeech[f] = true }
        }
        speechRule = decide.speech.map { rule($0.rule) }
        self.speechExempt = speechExempt
        self.needsSpeech = needsSpeech
        var payloadChecks = [PayloadCheck?](repeating: nil, count: eventNames.count)
        for check in decide.payloads {
            let event = content.events[check.event - decide.stateEvents]
            if let payload = event.payload {
                payloadChecks[check.event] = PayloadCheck(event: event.name, payload: payload, rule: rule(check.rule))
            }
        }
        self.payloadChecks = payloadChecks
        checksPayloads = !decide.payloads.isEmpty

        enforcedBudgets = decide.budgets.map { budget in
            var counts = Array(repeating: false, count: content.feedback.count)
            for f in budget.counted { counts[f] = true }
            var excepted = Array(repeating: false, count: decide.events.count)
            for e in budget.excepted { excepted[e] = true }
            return EnforcedBudget(
                rule: rule(budget.rule), max: budget.max,
                budget: PolicyContent.Budget(
                    id: budget.rule.id, scope: budget.scope, max: budget.max, window: budget.window, enforced: true),
                screen: budget.screen,
                perScreen: budget.perScreen, counts: counts, excepted: excepted, firstRing: budget.firstRing)
        }
        budgetRingCount = decide.budgets.reduce(0) { $0 + $1.rings }
        var endsSubject: [Bool] = []
        if let ending = decide.endsSubject, !ending.isEmpty {
            endsSubject = Array(repeating: false, count: decide.events.count)
            for e in ending { endsSubject[e] = true }
        }
        self.endsSubject = endsSubject
        endsSubjects = !endsSubject.isEmpty
        priorities = decide.priorities.map { PriorityTable($0) }

        var edgeCount = 0
        let compiledBands = content.bands.enumerated().map { b, band in
            let code = decide.edges[b]
            let lowered = decide.bands[b]
            defer { edgeCount += code.count }
            return CompiledBand(
                name: band.name, edges: lowered.edges, hysteresis: lowered.hysteresis, dwell: lowered.dwell,
                plausible: (lowered.plausibleMin ?? -.infinity)...(lowered.plausibleMax ?? .infinity),
                levels: zip(band.levels, decide.bandLevels[b]).map { level, turns in
                    .init(
                        name: level.name, play: turns.up.play, silent: turns.up.silent, downPlay: turns.down.play,
                        downSilent: turns.down.silent, location: level.location.location(in: files))
                }, edgeCode: code, edgeBase: edgeCount, inclusive: lowered.inclusive, approachSign: lowered.approach)
        }
        bands = compiledBands
        parametricEdgeCount = edgeCount
        parametricBands = compiledBands.indices.filter { compiledBands[$0].isParametric }
        parameterNotes = parameters.enumerated().map { p, parameter in
            ParameterNote(
                parameter: p, name: parameter.name,
                bands: decide.parameterBands[p].map {
                    (compiledBands[$0].name, compiledBands[$0].edgeBase, compiledBands[$0].edgeCode.count)
                })
        }

        subjectNames = decide.subjects
        subjectIndex = NameTable(firsts: decide.subjects.enumerated().map { ($1, $0) })
        table = decide.table.map { Int32($0) }
        cells = zip(content.cells, decide.rows).map { cell, lowered in
            CompiledCell(
                rows: zip(cell.rows, lowered).map { row, slots in
                    Self.compile(row, slots, files: files, levels: content.bands, decide: decide)
                })
        }
        bandSlotCount = decide.signals.count
        bandSlots = decide.signals.map { (event: $0.event, band: $0.band) }
        ruleSlotIDs = decide.ruleSlots

        userLevels = content.userLevels
        hasUserLevels = content.userLevels != nil
        userLevelRules = decide.userLevels.map { rule($0.rule) }
        startLevel = decide.startLevel
        let levelCount = decide.userLevels.count
        var keepsFeedback = Array(repeating: false, count: levelCount * content.feedback.count)
        var keepsRule = Array(repeating: false, count: levelCount * decide.ruleSlots.count)
        for (l, level) in decide.userLevels.enumerated() {
            for f in level.feedback { keepsFeedback[l * content.feedback.count + f] = true }
            for slot in level.ruleSlots { keepsRule[l * decide.ruleSlots.count + slot] = true }
        }
        levelKeepsFeedback = keepsFeedback
        levelKeepsRule = keepsRule
        backgroundKeeps = decide.background.map {
            BackgroundKeeps($0, feedbackCount: content.feedback.count, ruleSlotCount: decide.ruleSlots.count)
        }
    }
}
