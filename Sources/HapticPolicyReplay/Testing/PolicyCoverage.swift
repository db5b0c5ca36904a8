import HapticPolicy

/// What a set of test cases exercised of a policy: table cells (screen × event),
/// feedback, band levels and invariants. Counted exactly; percentages are rounded down.
public struct PolicyCoverage: Sendable {
    /// One kind of item: everything there is, and what was exercised.
    public struct Tally: Sendable, Hashable {
        /// What is counted (`cells`, `feedback`, `bands`, `invariants`).
        public var kind: String
        /// Every item, in policy order (`camera/plant.found`, `moisture.thirsty`).
        public var all: [String]
        /// The items exercised.
        public var hit: Set<String>

        /// Items never exercised, in policy order.
        public var missed: [String] { all.filter { !hit.contains($0) } }
        /// How many items were exercised.
        public var hitCount: Int { all.filter { hit.contains($0) }.count }
        /// The percentage exercised, rounded down to a tenth (100 only when all were);
        /// 100 when there is nothing to exercise.
        public var percent: Double {
            guard !all.isEmpty else { return 100 }
            return Double(hitCount * 1000 / all.count) / 10
        }
    }

    /// Table cells: `screen/event` for every pair a screen table or `everywhere:` decides,
    /// and `screen/otherwise` once for a screen's default (`otherwise:`).
    public private(set) var cells: Tally
    /// Feedback played (directly or as a named fallback).
    public private(set) var feedback: Tally
    /// Band levels entered by a change: `band.level`; in a band with directions, each
    /// way in: `band.level from below`, `band.level from above`; in an approach band, the
    /// levels it can enter and `band receding` (a sample behind its level).
    public private(set) var bands: Tally
    /// Invariants that decided or were cited by a deciding row. Only invariants an event
    /// can exercise count: those a row cites, and `creature-needs-speech`, which the
    /// evaluator enforces; the others are checked by `lint` alone (`staticInvariants`).
    public private(set) var invariants: Tally
    /// User levels (`user level essentials`) under which a play was decided: it rang, or
    /// the level silenced it (`user-level`). Empty when the policy has no user levels.
    public private(set) var userLevels: Tally
    /// The plays `background:` keeps (`background keeps turn.now at ride/turn.distance@now`),
    /// each exercised when it played while the app was in background. Empty when the
    /// policy keeps nothing in background.
    public private(set) var background: Tally
    /// The two ways a priority decides (`priority:`), per feedback that can take them:
    /// `<feedback> outranked` (a play of it yielded to a higher one) and `<feedback> cuts`
    /// (a play of it cut something of a lower one), each only when something of a higher
    /// (a lower) priority can still be playing: a loop or a lasting pattern, never a
    /// preset. Empty when every feedback is `normal`.
    public private(set) var priorities: Tally
    /// Invariants no event can exercise (not cited by any row, enforced by `lint` only).
    public let staticInvariants: [String]

    private let fallbackNames: [String: [String]]
    private let bandLevelNames: Set<String>
    /// Level positions of the bands with directions, by band and level name.
    private let directedLevels: [String: [String: Int]]

    /// Starts empty coverage for a policy.
    public init(policy: Policy) {
        let content = policy.content
        let table = DecisionTable(policy)
        var cellKeys: [String] = []
        for screen in table.screens {
            var defaulted = false
            for cell in screen.cells where cell.origin != .gap {
                // A screen's `otherwise:` is one item, whatever events it decides.
                if cell.origin == .otherwise {
                    if !defaulted { cellKeys.append(RuleID(otherwiseOf: screen.name).text) }
                    defaulted = true
                } else {
                    cellKeys.append("\(screen.name)/\(cell.event)")
                }
            }
        }
        cells = Tally(kind: "cells", all: cellKeys, hit: [])
        feedback = Tally(kind: "feedback", all: content.feedback.map(\.name), hit: [])
        var levels: [String] = []
        var directed: [String: [String: Int]] = [:]
        for band in content.bands {
            // An approach band enters its levels one way only, and `receding` is a way to decide.
            if let approach = band.approach {
                let entered = approach == .falling ? band.levels.dropLast() : band.levels.dropFirst()
                levels += entered.map { "\(band.name).\($0.name)" } + ["\(band.name) receding"]
                continue
            }
            guard band.hasDirections else {
                levels += band.levels.map { "\(band.name).\($0.name)" }
                continue
            }
            for (index, level) in band.levels.enumerated() {
                directed[band.name, default: [:]][level.name] = index
                if index > 0 { levels.append("\(band.name).\(level.name) from below") }
                if index < band.levels.count - 1 { levels.append("\(band.name).\(level.name) from above") }
            }
        }
        bands = Tally(kind: "bands", all: levels, hit: [])
        bandLevelNames = Set(levels)
        directedLevels = directed
        var cited: Set<String> = []
        for cell in content.cells {
            for row in cell.rows { cited.formUnion(row.cites) }
        }
        let exercisable = content.invariants.filter { cited.contains($0.id) || $0.kind == .creatureNeedsSpeech }.map(
            \.id)
        invariants = Tally(kind: "invariants", all: exercisable, hit: [])
        staticInvariants = content.invariants.map(\.id).filter { !exercisable.contains($0) }
        var fallbacks: [String: [String]] = [:]
        for plan in content.feedback {
            switch plan.fallback {
            case .preset(let step)?: fallbacks[plan.name] = [step.name]
            case .sequence(let steps)?: fallbacks[plan.name] = steps.map(\.name)
            default: break
            }
        }
        fallbackNames = fallbacks
        userLevels = Tally(
            kind: "levels", all: (content.userLevels?.levels ?? []).map { "user level " + $0.name }, hit: [])
        priorities = Tally(kind: "priorities", all: Self.priorityWays(policy), hit: [])
        var kept: [String] = []
        if policy.backgroundKeeps != nil {
            for point in policy.playPoints where policy.keepsInBackground(point.feedback, slot: point.slot) {
                let item = Self.backgroundItem(feedback: content.feedback[point.feedback].name, rule: point.rule)
                if !kept.contains(item) { kept.append(item) }
            }
        }
        background = Tally(kind: "background", all: kept, hit: [])
    }

    /// The priority items a policy's tests can cover: `<feedback> outranked` and
    /// `<feedback> cuts`, for each feedback that rings on a screen where something of a
    /// higher (lower) priority can still be playing. Only what can still play takes part
    /// (`canStillPlay`): a one-shot pattern that lasts, wherever it rang (it plays on
    /// through a screen change), or a loop, on a screen where it loops or that does not
    /// stop loops on entering (`enter: [stop-loop]`). A pair that can never meet (a menu
    /// tick and an engine loop every menu's entry stops) is no item: no test can cover it.
    static func priorityWays(_ policy: Policy) -> [String] {
        let feedback = policy.content.feedback
        guard feedback.contains(where: { $0.priority != .normal }) else { return [] }
        let screenCount = policy.screenNames.count
        let eventCount = policy.eventNames.count
        // The screens each cell decides on, then the feedback that can ring on each screen.
        var screensOfCell = [[Int]](repeating: [], count: policy.cells.count)
        for s in 0..<screenCount {
            for e in 0..<eventCount where policy.table[s * eventCount + e] >= 0 {
                screensOfCell[Int(policy.table[s * eventCount + e])].append(s)
            }
        }
        var ringsOn = [Set<Int>](repeating: [], count: screenCount)
        for point in policy.playPoints {
            for s in screensOfCell[point.cell] { ringsOn[s].insert(point.feedback) }
        }
        let ringsAnywhere = ringsOn.reduce(into: Set<Int>()) { $0.formUnion($1) }
        // Whether feedback `f` can still be playing when something rings on screen `s`.
        func canBePlaying(_ f: Int, on s: Int) -> Bool {
            guard ringsAnywhere.contains(f), Self.canStillPlay(feedback[f]) else { return false }
            guard feedback[f].loop != nil else { return true }
            return ringsOn[s].contains(f) || !policy.screenEnter[s].contains(.stopLoop)
        }
        var ways: [String] = []
        for (x, plan) in feedback.enumerated() {
            let screens = (0..<screenCount).filter { ringsOn[$0].contains(x) }
            func meets(_ rank: (Priority) -> Bool) -> Bool {
                screens.contains { s in
                    feedback.indices.contains { y in rank(feedback[y].priority) && canBePlaying(y, on: s) }
                }
            }
            if meets({ $0 > plan.priority }) { ways.append("\(plan.name) outranked") }
            if meets({ $0 < plan.priority }) { ways.append("\(plan.name) cuts") }
        }
        return ways
    }

    /// Whether `plan` can still be playing when a later event plays something: a loop, a
    /// template (its length depends on its parameters) or a pattern that lasts; never a
    /// preset, which ends at once (`PriorityTable`, Docs/decision-order.md).
    static func canStillPlay(_ plan: FeedbackPlan) -> Bool {
        guard let pattern = plan.pattern else { return false }
        if pattern.loop != nil || !pattern.parameters.isEmpty { return true }
        return PriorityTable.length(of: pattern, bindings: [:]) > 0
    }

    /// The coverage item of a play `background:` keeps.
    static func backgroundItem(feedback: String, rule: String) -> String {
        "background keeps \(feedback) at \(rule)"
    }

    /// The tallies in report order: cells, feedback, bands, invariants, and the user
    /// levels when the policy has them.
    public var tallies: [Tally] {
        [cells, feedback, bands, invariants] + (userLevels.all.isEmpty ? [] : [userLevels])
            + (background.all.isEmpty ? [] : [background])
            + (priorities.all.isEmpty ? [] : [priorities])
    }

    /// Adds what one decision exercised, made while the session was at user level
    /// `userLevel` (`Session.userLevelName`).
    public mutating func record(
        _ decision: Decision, for event: TimedEvent, userLevel: String?, inBackground: Bool = false
    ) {
        record(decision, for: event)
        if let userLevel, decision.action == .play || decision.reason == .userLevel {
            userLevels.hit.insert("user level " + userLevel)
        }
        if inBackground, !background.all.isEmpty {
            for played in decision.also + [decision] where played.action == .play {
                guard let feedback = played.feedback, let rule = played.rule?.id ?? decision.rule?.id else { continue }
                let item = Self.backgroundItem(feedback: feedback, rule: rule)
                if background.all.contains(item) { background.hit.insert(item) }
            }
        }
    }

    /// Adds what one decision exercised.
    public mutating func record(_ decision: Decision, for event: TimedEvent) {
        let notReached: Set<Reason> = [.undeclared, .unknownEvent, .unknownScreen, .noScreen, .state]
        // An event refused by its declared payload (`events/<name>`) reaches no row of the cell.
        if let screen = decision.screen,
            !(decision.reason.map { notReached.contains($0) } ?? false),
            decision.rule?.id.hasPrefix("events/") != true
        {
            let otherwise = RuleID(otherwiseOf: screen).text
            cells.hit.insert(decision.rule?.id == otherwise ? otherwise : "\(screen)/\(event.name)")
        }
        // Every play counts, a row's other actions (`also`, a loop start) included.
        for played in decision.also where played.action == .play {
            recordPlay(played)
        }
        recordPlay(decision)
        if !priorities.all.isEmpty, let name = decision.feedback {
            if decision.reason == .outranked { priorities.hit.insert("\(name) outranked") }
            if decision.action == .play,
                decision.also.contains(where: {
                    $0.directives.contains(.interrupt) || ($0.action == .stop && $0.note?.hasPrefix("cut by '") == true)
                })
            {
                priorities.hit.insert("\(name) cuts")
            }
        }
        if let band = decision.band, let from = band.from, from != band.to {
            var key = "\(band.band).\(band.to)"
            if let positions = directedLevels[band.band], let old = positions[from], let new = positions[band.to] {
                key += new > old ? " from below" : " from above"
            }
            if bandLevelNames.contains(key) { bands.hit.insert(key) }
        }
        if decision.reason == .receding, let band = decision.band { bands.hit.insert("\(band.band) receding") }
        if let rule = decision.rule {
            for cited in rule.cites { invariants.hit.insert(cited) }
            invariants.hit.insert(rule.id)
        }
        // Only declared ids count; rule ids that are not invariants fall away here.
        invariants.hit.formIntersection(invariants.all)
    }

    /// Marks the feedback a decision plays, and its fallbacks when it fell back, as hit.
    private mutating func recordPlay(_ decision: Decision) {
        guard decision.action == .play, let name = decision.feedback else { return }
        feedback.hit.insert(name)
        if decision.fallback {
            for fallback in fallbackNames[name] ?? [] { feedback.hit.insert(fallback) }
        }
    }
}
