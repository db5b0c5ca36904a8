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

    package let screenIndex: [String: Int]
    package let eventIndex: [String: Int]
    package let subjectIndex: [String: Int]
    package let feedbackIndex: [String: Int]
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

    /// The enforced budgets, in declaration order; empty for most policies.
    package let enforcedBudgets: [EnforcedBudget]
    /// How many ring buffers a session keeps for them.
    package let budgetRingCount: Int

    /// `table` entry: the event can occur on the screen but no cell decides it.
    package static let undeclaredHere: Int32 = -1
    /// `table` entry: the event is not declared to occur on the screen at all.
    package static let offScreen: Int32 = -2

    /// Builds the decision tables of content that is consistent (the compiler's output,
    /// or a bundle's content that passed `PolicyContent.inconsistency`).
    package init(content: PolicyContent, file: String? = nil, hash: String) {
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

        let parameters = content.parameters ?? []
        self.parameters = parameters
        parameterNames = parameters.map(\.name)
        settingEvents = parameters.indices.map { .parameter($0) } + (content.userLevels == nil ? [] : [.userLevel])
        settingRules =
            parameters.map {
                Decision.Rule(id: "parameters/" + $0.name, location: $0.location.location(in: file))
            }
            + (content.userLevels.map { [Decision.Rule(id: "user-levels", location: $0.location.location(in: files))] }
                ?? [])
        let stateCount = StateEvent.allCases.count + content.settingEventNames.count
        stateEventCount = stateCount
        screenNames = content.screens.map(\.name)
        eventNames = StateEvent.allCases.map(\.rawValue) + content.settingEventNames + content.events.map(\.name)
        screenIndex = Dictionary(screenNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        eventIndex = Dictionary(eventNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        feedbackIndex = Dictionary(
            content.feedback.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })

        screenEnter = content.screens.map { screen in
            var set: DirectiveSet = []
            for directive in screen.enter { set.insert(DirectiveSet(directive)) }
            return set
        }
        screenRules = content.screens.map {
            Decision.Rule(id: "screens/" + $0.name, location: $0.location.location(in: files))
        }

        var speechRule: Decision.Rule?
        var speechExempt = Array(repeating: false, count: eventNames.count)
        var speechLayer = Layer.creature
        for invariant in content.invariants where invariant.kind == .creatureNeedsSpeech {
            speechRule = Decision.Rule(id: invariant.id, location: invariant.location.location(in: files))
            speechLayer = invariant.layer ?? .creature
            for exception in invariant.exceptions {
                if let index = eventIndex[exception.event] { speechExempt[index] = true }
            }
        }
        payloadChecks =
            Array(repeating: nil, count: stateCount)
            + content.events.map { event in
                event.payload.map {
                    PayloadCheck(
                        event: event.name, payload: $0,
                        rule: Decision.Rule(id: "events/" + event.name, location: event.location.location(in: file)))
                }
            }
        checksPayloads = content.events.contains { $0.payload != nil }
        self.speechRule = speechRule
        self.speechExempt = speechExempt
        needsSpeech = content.feedback.map { $0.layer == speechLayer }

        var enforced: [EnforcedBudget] = []
        var rings = 0
        for budget in content.budgets where budget.enforced {
            var screen: Int?
            var perScreen = false
            var counts = Array(repeating: true, count: content.feedback.count)
            switch budget.scope {
            case .eachScreen: perScreen = true
            case .screen(let name): screen = screenIndex[name] ?? -1
            case .layer(let layer): counts = content.feedback.map { $0.layer == layer }
            }
            var excepted = Array(repeating: false, count: eventNames.count)
            for name in budget.exceptions { if let index = eventIndex[name] { excepted[index] = true } }
            enforced.append(
                EnforcedBudget(
                    rule: Decision.Rule(id: budget.id, location: budget.location.location(in: files)), max: budget.max,
                    budget: budget, screen: screen, perScreen: perScreen, counts: counts, excepted: excepted,
                    firstRing: rings))
            rings += perScreen ? screenNames.count : 1
        }
        enforcedBudgets = enforced
        budgetRingCount = rings

        var edgeCount = 0
        let names = parameters.map(\.name)
        let compiledBands = content.bands.map { band in
            // A parametric band's edges (constant ones as numbers) live in the session.
            let code =
                band.isParametric
                ? band.levels.dropLast().map {
                    $0.edge.flatMap { CompiledBand.Edge($0, names: names) } ?? .number($0.below ?? .infinity)
                } : []
            defer { edgeCount += code.count }
            return CompiledBand(
                name: band.name, edges: band.edges, hysteresis: band.hysteresis, dwell: band.dwell ?? 0,
                plausible: (band.plausible?.min ?? -.infinity)...(band.plausible?.max ?? .infinity),
                levels: band.levels.map {
                    let up = $0.fromBelow ?? .init(play: $0.play, silent: $0.silent)
                    let down = $0.fromAbove ?? .init(play: $0.play, silent: $0.silent)
                    return .init(
                        name: $0.name, play: up.play, silent: up.silent, downPlay: down.play, downSilent: down.silent,
                        location: $0.location.location(in: files))
                }, edgeCode: code, edgeBase: edgeCount)
        }
        bands = compiledBands
        parametricEdgeCount = edgeCount
        parametricBands = compiledBands.indices.filter { compiledBands[$0].isParametric }

        var subjectNames: [String] = []
        var subjectIndex: [String: Int] = [:]
        for cell in content.cells {
            for row in cell.rows {
                guard let subject = row.condition?.subject, subjectIndex[subject] == nil else { continue }
                subjectIndex[subject] = subjectNames.count
                subjectNames.append(subject)
            }
        }
        self.subjectNames = subjectNames
        self.subjectIndex = subjectIndex

        let screenCount = screenNames.count
        let eventCount = eventNames.count
        var table = Array(repeating: Self.offScreen, count: screenCount * eventCount)
        for (index, event) in content.events.enumerated() {
            let e = stateCount + index
            for s in event.screens ?? Array(0..<screenCount) { table[s * eventCount + e] = Self.undeclaredHere }
        }
        var slots: [[Int]: Int] = [:]
        var ruleSlotIDs: [String] = []
        var slotsOfRule: [String: [Int]] = [:]
        var cells: [CompiledCell] = []
        var everywhere: [(cell: Int32, event: Int)] = []
        for (index, cell) in content.cells.enumerated() {
            let e = stateCount + cell.event
            cells.append(
                Self.compile(
                    cell, event: e, files: files, bands: content.bands, slots: &slots, subjects: subjectIndex,
                    ruleSlots: &ruleSlotIDs, slotsOfRule: &slotsOfRule))
            if let s = cell.screen {
                table[s * eventCount + e] = Int32(index)
            } else {
                everywhere.append((Int32(index), e))
            }
        }
        // `everywhere:` cells fill every screen where the event can occur and no screen
        // cell decides it.
        for (cell, e) in everywhere {
            for s in 0..<screenCount where table[s * eventCount + e] == Self.undeclaredHere {
                table[s * eventCount + e] = cell
            }
        }
        self.table = table
        self.cells = cells
        bandSlotCount = slots.count
        var bandSlots = Array(repeating: (event: 0, band: 0), count: slots.count)
        for (key, slot) in slots { bandSlots[slot] = (key[0], key[1]) }
        self.bandSlots = bandSlots
        self.ruleSlotIDs = ruleSlotIDs

        userLevels = content.userLevels
        hasUserLevels = content.userLevels != nil
        let levels = content.userLevels?.levels ?? []
        userLevelRules = levels.map {
            Decision.Rule(id: "user-levels/" + $0.name, location: $0.location.location(in: files))
        }
        startLevel = content.userLevels.flatMap { user in levels.firstIndex { $0.name == user.start } } ?? 0
        var keepsFeedback = Array(repeating: false, count: levels.count * content.feedback.count)
        var keepsRule = Array(repeating: false, count: levels.count * ruleSlotIDs.count)
        if !levels.isEmpty {
            for (l, level) in levels.enumerated() {
                let base = l * content.feedback.count
                for (f, plan) in content.feedback.enumerated()
                where level.keeps.all || level.keeps.feedback.contains(plan.name)
                    || level.keeps.layers.contains(plan.layer)
                {
                    keepsFeedback[base + f] = true
                }
                for id in level.keeps.rows {
                    for slot in slotsOfRule[id] ?? [] { keepsRule[l * ruleSlotIDs.count + slot] = true }
                }
            }
        }
        levelKeepsFeedback = keepsFeedback
        levelKeepsRule = keepsRule
    }
}
