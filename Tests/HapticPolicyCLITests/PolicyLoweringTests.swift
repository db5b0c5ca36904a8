import Foundation
import HapticPolicy
import HapticPolicyTools
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

    /// A bundle whose hash matches but whose tables do not fit its content, or that has
    /// none, is refused as damaged naming the table, never a crash.
    @Test(arguments: [
        ("\"subjects\":[],\"table\":[", "\"subjects\":[],\"table\":[99,", "decide.table"),
        ("\"signals\":[{\"band\":0,", "\"signals\":[{\"band\":7,", "decide.signals"),
        ("\"startLevel\":0", "\"startLevel\":3", "decide.userLevels"),
        (",\"decide\":{", ",\"undecided\":{", "no decide tables"),
    ])
    func refusesLoweredTablesThatDoNotFit(find: String, replace: String, problem: String) throws {
        let bytes = PolicyBundle.encode(try Self.compiled("plavo"))
        let text = String(decoding: bytes, as: UTF8.self)
        let marker = ",\"content\":"
        let start = try #require(text.range(of: marker)).upperBound
        let content = String(text[start...].dropLast(2))
        #expect(content.contains(find), "\(find)")
        let damaged = content.replacingOccurrences(of: find, with: replace)
        let header =
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":5,\"policy\":\"plavo\",\"hash\":\"sha256:"
            + SHA256.hex(Array(damaged.utf8)) + "\""
        #expect {
            try Policy(bundle: Array((header + marker + damaged + "}\n").utf8))
        } throws: { error in
            guard case .damaged(let why, _, _, _) = error as? PolicyBundle.LoadError else { return false }
            return why.contains(problem)
        }
    }
}
