import Foundation
import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyReplay

/// The decision order as written down once (Docs/decision-order.md) and as the session
/// runs it (`PlayGate.allCases`), and the parts it runs them with.
@Suite struct DecisionOrderTests {
    /// The package root, from this file (Tests/HapticPolicyReplayTests/Evaluation/).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The numbered lines of the doc's "Play gates" section: (gate id, the line).
    static func documentedGates() throws -> [(id: String, line: String)] {
        let text = try String(
            contentsOf: root.appendingPathComponent("Docs/decision-order.md"), encoding: .utf8)
        var inSection = false
        var gates: [(String, String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inSection = line.hasSuffix("Play gates")
                continue
            }
            guard inSection, let first = line.first, first.isNumber,
                let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix(" `")
            else { continue }
            let rest = line[line.index(dot, offsetBy: 3)...]
            guard let close = rest.firstIndex(of: "`") else { continue }
            gates.append((String(rest[..<close]), String(line)))
        }
        return gates
    }

    @Test func theDocListsThePlayGatesInTheCodesOrder() throws {
        let documented = try Self.documentedGates()
        #expect(documented.map(\.id) == PlayGate.allCases.map(\.rawValue))
    }

    @Test func theDocNamesEveryReasonOfEachGate() throws {
        let documented = try Self.documentedGates()
        for (gate, (_, line)) in zip(PlayGate.allCases, documented) {
            for reason in gate.reasons {
                #expect(line.contains("`\(reason.rawValue)`"), "gate \(gate.rawValue) does not name \(reason.rawValue)")
            }
        }
    }

    /// Every play gate refuses for its own reason when the conditions of all later gates
    /// hold as well: the first gate in `allCases` order decides.
    @Test func theFirstGateThatRefusesDecides() {
        // plant.found plays 'pulse': creature (needs speech), a pattern with a fallback.
        func decide(foreground: Bool, enabled: Bool, speaks: Bool, params: [Event.Parameter], lowPower: Bool)
            -> Decision
        {
            var replay = SessionScript()
            replay.warmCamera()
            if !foreground { replay.send("app.state", value: .string("background")) }
            replay.send("device.hapticsEnabled", value: .bool(enabled))
            replay.send("device.lowPower", value: .bool(lowPower))
            return replay.send("plant.found", speaks: speaks, params: params)
        }
        let bad = [Event.Parameter(name: "speed", value: .number(2))]
        #expect(
            decide(foreground: false, enabled: false, speaks: false, params: bad, lowPower: true).reason == .background)
        #expect(
            decide(foreground: true, enabled: false, speaks: false, params: bad, lowPower: true).reason
                == .hapticsDisabled)
        #expect(decide(foreground: true, enabled: true, speaks: false, params: bad, lowPower: true).reason == .noSpeech)
        #expect(decide(foreground: true, enabled: true, speaks: true, params: bad, lowPower: true).reason == .badParams)
        let fallback = decide(foreground: true, enabled: true, speaks: true, params: [], lowPower: true)
        #expect(fallback.action == .play)
        #expect(fallback.fallback)
        #expect(fallback.reason == .lowPower)
        let played = decide(foreground: true, enabled: true, speaks: true, params: [], lowPower: false)
        #expect(played.action == .play)
        #expect(played.reason == nil)
    }

    // MARK: Ticker

    @Test func tickerDirectivesComeFromTheStepAlone() {
        #expect(TickerStep.begin.directive == .prepareTicker)
        #expect(TickerStep.tick.directive == .prepareTicker)
        #expect(TickerStep.end.directive == .releaseTicker)
    }

    @Test func aGestureGivesTheDirectiveOnlyWhileItAllowsIt() {
        var gesture = TickerGesture()
        guard case .tickOutside = gesture.step(.tick) else {
            Issue.record("a tick with no gesture")
            return
        }
        guard case .endWithoutGesture = gesture.step(.end) else {
            Issue.record("an end with no gesture")
            return
        }
        guard case .directive(.prepareTicker) = gesture.step(.begin) else {
            Issue.record("begin")
            return
        }
        guard case .directive(.prepareTicker) = gesture.step(.tick) else {
            Issue.record("tick")
            return
        }
        #expect(gesture.isOpen)
        guard case .directive(.releaseTicker) = gesture.step(.end) else {
            Issue.record("end")
            return
        }
        #expect(!gesture.isOpen)
        let wasOpen = gesture.close()
        #expect(!wasOpen)
    }

    @Test func theDecisionTableListsTheSameTickerDirectives() {
        let table = DecisionTable(EvaluationFixtures.policy)
        let rows = table.screens.flatMap(\.cells).flatMap(\.rows)
        let begin = rows.first { $0.location.line == 54 }
        let end = rows.first { $0.location.line == 56 }
        #expect(begin?.directives == [TickerStep.begin.directive.rawValue])
        #expect(end?.directives == [TickerStep.end.directive.rawValue])
    }

    // MARK: Budget window

    static let budget = PolicyContent.Budget(
        id: "B-1", scope: .eachScreen, max: 2, window: 10, enforced: true)

    @Test func aBoundedWindowIsFullWhenItsOldestKeptRingIsInside() {
        var window = BudgetWindow(capacity: 2)
        #expect(!window.isFull(at: 0, Self.budget))
        window.record(0)
        #expect(!window.isFull(at: 1, Self.budget))
        window.record(1)
        #expect(window.isFull(at: 9.5, Self.budget))
        // The window is (t - 10, t]: a ring exactly 10 s earlier is out.
        #expect(!window.isFull(at: 10, Self.budget))
        window.record(10)
        #expect(window.count == 2)
        #expect(window.oldest == 1)
        for t in 11..<200 { window.record(Double(t)) }
        #expect(window.count == 2)
        #expect(window.oldest == 198)
    }

    @Test func anUnboundedWindowSlidesToTheRingsInside() {
        var window = BudgetWindow()
        for t in [0.0, 1, 2, 5, 11] { window.record(t) }
        #expect(window.slide(to: 11, Self.budget) == 3)
        #expect(window.oldest == 2)
        for t in 12..<500 { window.record(Double(t)) }
        #expect(window.slide(to: 499, Self.budget) == 10)
        #expect(window.oldest == 490)
    }
}
