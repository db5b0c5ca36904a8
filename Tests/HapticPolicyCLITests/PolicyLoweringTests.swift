import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

/// The compiler lowers the decision tables into the content (`PolicyContent.Decide`,
/// `PolicyLowering`), `Policy` only indexes them, and a bundle whose tables do not fit
/// the rest is refused as damaged (`Docs/bundle-format.md`, "decide").
@Suite struct PolicyLoweringTests {
    /// A reference policy, compiled.
    static func compiled(_ name: String) throws -> Policy {
        let loaded = PolicyLoader.load(path: packageRoot.appendingPathComponent("Policies/\(name).yaml").path)
        let document = try #require(loaded.document)
        return try Policy(compiling: document)
    }

    @Test func theTablesResolveEventsTheEverywhereFillAndBandRuleSlots() throws {
        let policy = try Self.compiled("plavo")
        let content = policy.content
        let decide = try #require(content.decide)
        #expect(decide.events == StateEvent.allCases.map(\.rawValue) + content.events.map(\.name))
        #expect(decide.stateEvents == StateEvent.allCases.count)
        // `everywhere: button.tap` decides the tap on every screen with no screen cell for it.
        let tap = try #require(decide.events.firstIndex(of: "button.tap"))
        let everywhere = try #require(
            content.cells.firstIndex { $0.screen == nil && decide.stateEvents + $0.event == tap })
        for s in content.screens.indices {
            let entry = decide.table[s * decide.events.count + tap]
            let own = content.cells.firstIndex { $0.screen == s && decide.stateEvents + $0.event == tap }
            #expect(entry == own ?? everywhere, "screen \(content.screens[s].name)")
        }
        // An event declared on the camera only is off every other screen (-2).
        let found = try #require(decide.events.firstIndex(of: "plant.found"))
        let camera = try #require(content.screens.firstIndex { $0.name == "camera" })
        for s in content.screens.indices where s != camera {
            #expect(decide.table[s * decide.events.count + found] == -2)
        }
        // The moisture band row: a signal, its rule slot, then one slot per level.
        let (c, r) = try #require(
            content.cells.indices.lazy.compactMap { c in
                content.cells[c].rows.firstIndex { if case .band = $0.action { true } else { false } }.map { (c, $0) }
            }.first)
        let row = decide.rows[c][r]
        let signal = try #require(row.signal)
        #expect(decide.signals[signal].event == decide.stateEvents + content.cells[c].event)
        let band = content.bands[decide.signals[signal].band]
        #expect(decide.ruleSlots[row.rule] == content.cells[c].rows[r].rule)
        #expect(
            Array(decide.ruleSlots[(row.rule + 1)...(row.rule + band.levels.count)])
                == band.levels.map { content.cells[c].rows[r].rule + "@" + $0.name })
    }

    @Test func settingEventsUserLevelsAndBudgetsAreResolvedToIndices() throws {
        let content = try Self.compiled("stride").content
        let decide = try #require(content.decide)
        let parameters = try #require(content.parameters)
        #expect(decide.settings.map(\.kind) == Array(repeating: "parameter", count: parameters.count) + ["user-level"])
        #expect(decide.settings.compactMap(\.parameter) == Array(parameters.indices))
        #expect(decide.settings.map(\.rule.id) == parameters.map { "parameters/" + $0.name } + ["user-levels"])
        let levels = try #require(content.userLevels).levels
        #expect(decide.userLevels.map(\.rule.id) == levels.map { "user-levels/" + $0.name })
        // A level keeping everything keeps every feedback index.
        for (level, lowered) in zip(levels, decide.userLevels) where level.keeps.all {
            #expect(lowered.feedback == Array(content.feedback.indices))
        }
        #expect(decide.budgets.map(\.rule.id) == content.budgets.filter(\.enforced).map(\.id))
        // A parametric band's edges read parameters by index.
        let parametric = try #require(content.bands.indices.first { content.bands[$0].isParametric })
        #expect(decide.edges[parametric].count == content.bands[parametric].levels.count - 1)
        #expect(decide.edges[parametric].allSatisfy { !$0.parameters.isEmpty })
    }

    /// `Policy` copies the lowered tables and derives none: changing them changes it.
    @Test func policyIndexesTheLoweredTablesWithoutDerivingThem() throws {
        var content = try Self.compiled("plavo").content
        var decide = try #require(content.decide)
        let cell = try #require(decide.table.firstIndex { $0 >= 0 })
        decide.table[cell] = -1
        let band = try #require(content.bands.indices.first)
        decide.bandLevels[band][0].up = .init(play: nil, silent: "changed in the tables")
        decide.ruleSlots[0] = "renamed/slot"
        content.decide = decide
        #expect(content.inconsistency == nil)
        let policy = Policy(content: content, hash: "sha256:test")
        #expect(policy.table[cell] == Policy.undeclaredHere)
        #expect(policy.bands[band].levels[0].silent == "changed in the tables")
        #expect(policy.bands[band].levels[0].play == nil)
        #expect(policy.ruleSlotIDs[0] == "renamed/slot")
    }

    /// A conformance feature's policy (`Conformance/<feature>/policy.yaml`), compiled.
    static func feature(_ feature: String) throws -> PolicyContent {
        let path = packageRoot.appendingPathComponent("Conformance/\(feature)/policy.yaml").path
        let document = try #require(PolicyLoader.load(path: path).document)
        return try Policy(compiling: document).content
    }

    /// A row's steps, main step and arguments step, and a band row's merged level
    /// arguments, are the lowered ones: edited in the tables, the policy runs the edit.
    @Test func policyIndexesTheLoweredTablesOfRowsAndTheirArguments() throws {
        var content = try Self.feature("several-actions")
        var decide = try #require(content.decide)
        let (c, r) = try #require(
            decide.rows.indices.lazy.flatMap { c in decide.rows[c].indices.map { (c, $0) } }.first {
                decide.rows[$0.0][$0.1].steps?.map(\.action) == [.play, .loop]
            })
        let steps = try #require(decide.rows[c][r].steps)
        #expect(decide.rows[c][r].main == 0)
        #expect(decide.rows[c][r].argumentsStep == 1)
        decide.rows[c][r].main = 1
        decide.rows[c][r].argumentsStep = 0
        content.decide = decide
        #expect(content.inconsistency == nil)
        var row = Policy(content: content, hash: "sha256:test").cells[c].rows[r]
        guard case .loop(let f) = row.action else {
            Issue.record("the main step is not the loop: \(row.action)")
            return
        }
        #expect(f == steps[1].feedback)
        let several = try #require(row.several)
        #expect(several.argumentsOnLoop == false)
        guard case .play(let played)? = several.also.first else {
            Issue.record("the play is not in also")
            return
        }
        #expect(played == steps[0].feedback)
        decide.rows[c][r].steps = [steps[1], steps[0]]
        content.decide = decide
        row = Policy(content: content, hash: "sha256:test").cells[c].rows[r]
        if case .play = row.action {} else { Issue.record("the reordered steps are not followed: \(row.action)") }

        var banded = try Self.feature("eventdata")
        var lowered = try #require(banded.decide)
        let (bc, br) = try #require(
            lowered.rows.indices.lazy.flatMap { c in lowered.rows[c].indices.map { (c, $0) } }.first {
                lowered.rows[$0.0][$0.1].levelArguments != nil
            })
        var levels = try #require(lowered.rows[bc][br].levelArguments)
        levels[0] = [.init(name: "urgency", number: 1)]
        lowered.rows[bc][br].levelArguments = levels
        banded.decide = lowered
        #expect(banded.inconsistency == nil)
        let bandRow = Policy(content: banded, hash: "sha256:test").cells[bc].rows[br]
        #expect(bandRow.bandArguments?[0] == [.init(name: "urgency", number: 1)])
    }

    /// A band's values, the priorities and the bands a parameter moves are the lowered
    /// ones (`decide.bands`, `decide.priorities`, `decide.parameterBands`).
    @Test func policyIndexesTheLoweredTablesOfBandsPrioritiesAndParameters() throws {
        var content = try Self.feature("approach")
        var decide = try #require(content.decide)
        let b = try #require(decide.bands.indices.first { decide.bands[$0].approach != 0 })
        decide.bands[b].approach = -decide.bands[b].approach
        decide.bands[b].dwell = 7
        decide.bands[b].inclusive = decide.bands[b].inclusive.map { !$0 }
        decide.bands[b].edges = decide.bands[b].edges.map { $0 + 1 }
        decide.bands[b].plausibleMin = -3
        decide.bands[b].plausibleMax = nil
        content.decide = decide
        #expect(content.inconsistency == nil)
        let band = Policy(content: content, hash: "sha256:test").bands[b]
        #expect(band.approach == decide.bands[b].approach)
        #expect(band.dwell == 7)
        #expect(band.edges == decide.bands[b].edges)
        #expect(band.plausible == -3...Double.infinity)
        if decide.bands[b].inclusive.contains(true) { #expect(band.inclusive == decide.bands[b].inclusive) }

        var prioritized = try Self.feature("priority")
        var ranks = try #require(prioritized.decide)
        var priorities = try #require(ranks.priorities)
        priorities[0] = .init(rank: 3, length: 42)
        ranks.priorities = priorities
        prioritized.decide = ranks
        #expect(prioritized.inconsistency == nil)
        let table = try #require(Policy(content: prioritized, hash: "sha256:test").priorities)
        #expect(table.priorities[0] == .critical)
        #expect(table.lengths[0] == 42)

        var parametric = try Self.feature("parameters")
        var links = try #require(parametric.decide)
        let p = try #require(links.parameterBands.firstIndex { !$0.isEmpty })
        links.parameterBands[p] = []
        parametric.decide = links
        #expect(parametric.inconsistency == nil)
        #expect(Policy(content: parametric, hash: "sha256:test").parameterNotes[p].bands.isEmpty)
    }

    /// A bundle whose hash matches but whose tables do not fit its content, or that has
    /// none, is refused as damaged naming the table, never a crash.
    @Test(arguments: [
        ("\"subjects\":[],\"table\":[", "\"subjects\":[],\"table\":[99,", "decide.table"),
        ("\"signals\":[{\"band\":0,", "\"signals\":[{\"band\":7,", "decide.signals"),
        ("\"startLevel\":0", "\"startLevel\":3", "decide.userLevels"),
        ("\"parameterBands\":[]", "\"parameterBands\":[[0]]", "decide.parameterBands"),
        ("\"approach\":0,", "\"approach\":2,", "decide.bands"),
        ("\"dwell\":0,", "\"dwell\":-1,", "decide.bands"),
        (",\"decide\":{", ",\"undecided\":{", "no decide tables"),
    ])
    func refusesLoweredTablesThatDoNotFit(find: String, replace: String, problem: String) throws {
        let bytes = PolicyBundle.encode(try Self.compiled("plavo"), runtimeOnly: true)
        let text = String(decoding: bytes, as: UTF8.self)
        let marker = ",\"content\":"
        let start = try #require(text.range(of: marker)).upperBound
        let content = String(text[start...].dropLast(2))
        #expect(content.contains(find), "\(find)")
        let damaged = content.replacingOccurrences(of: find, with: replace)
        let header =
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,\"policy\":\"plavo\",\"hash\":\"sha256:"
            + SHA256.hex(Array(damaged.utf8)) + "\""
        #expect {
            try Policy(bundle: Array((header + marker + damaged + "}\n").utf8))
        } throws: { error in
            guard case .damaged(let why, _, _, _) = error as? PolicyBundle.LoadError else { return false }
            return why.contains(problem)
        }
    }

    /// One definition of which cell decides each event on each screen (`CellTable`): the
    /// lowered `decide.table` of every reference policy is the table its document
    /// describes, an undecided entry filled by the screen's `otherwise:` cell; and the
    /// validator's gaps (HP301) on the document without its `otherwise:` defaults are
    /// exactly the entries those defaults filled.
    @Test(arguments: ["plavo", "stride", "ride", "breathing", "metronome"])
    func theLoweredTableAndTheValidatorsGapsAreOneTable(name: String) throws {
        let loaded = PolicyLoader.load(path: packageRoot.appendingPathComponent("Policies/\(name).yaml").path)
        var document = try #require(loaded.document)
        let content = try Policy(compiling: document).content
        let decide = try #require(content.decide)
        let table = CellTable(document)
        var defaulted: [String: Set<String>] = [:]
        for s in content.screens.indices {
            for e in content.events.indices {
                let lowered = decide.table[s * decide.events.count + decide.stateEvents + e]
                let entry = table[screen: s, event: e]
                if entry == CellTable.undecided {
                    let cell = try #require(content.cells.indices.contains(lowered) ? content.cells[lowered] : nil)
                    #expect(cell.otherwise == true && cell.screen == s && cell.event == e)
                    defaulted[content.events[e].name, default: []].insert(content.screens[s].name)
                } else {
                    #expect(lowered == entry, "\(content.screens[s].name) × \(content.events[e].name)")
                }
            }
        }
        #expect(defaulted.isEmpty == !content.cells.contains { $0.otherwise == true })
        for s in document.screens.indices { document.screens[s].otherwise = nil }
        let gaps = PolicyValidator.validate(document).filter { $0.code == "HP301" }
        // One finding per event and screen, or per event on every screen (naming up to five).
        #expect(
            Set(gaps.compactMap { $0.message.split(separator: "'").first.map(String.init) })
                == Set(defaulted.keys))
        for (event, screens) in defaulted {
            let named = gaps.filter { $0.message.hasPrefix("'\(event)'") }.map(\.message).joined(separator: "\n")
            for screen in screens.sorted().prefix(5) { #expect(named.contains("'\(screen)'"), "\(event) on \(screen)") }
        }
    }
}
