import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

@testable import HapticPolicyExport

/// Budget exceptions end to end on the reference policy: `B-1` excepts `selector.tick`,
/// so a selector spin keeps within budget while a burst of shutters still breaks it, in
/// the report timeline, in `diff` and in the streaming evaluator alike.
@Suite struct BudgetExceptionTests {
    /// A camera visit: a spin of `ticks` selector ticks 0.1 s apart, then `shutters` shutters 1 s apart.
    static func visit(ticks: Int, shutters: Int) -> [TimedEvent] {
        var events = [
            TimedEvent(t: 0, name: "screen.enter", screen: "camera"),
            TimedEvent(t: 1, name: "selector.begin"),
        ]
        events += (0..<ticks).map { TimedEvent(t: 1.1 + Double($0) / 10, name: "selector.tick") }
        let end = 1.2 + Double(ticks) / 10
        events.append(TimedEvent(t: end, name: "selector.end"))
        events += (0..<shutters).map { TimedEvent(t: end + 1 + Double($0), name: "shutter") }
        return events
    }

    static func jsonl(_ events: [TimedEvent]) -> [UInt8] {
        Array(
            events.map { event in
                let screen = event.screen.map { ",\"screen\":\"\($0)\"" } ?? ""
                return "{\"t\":\(event.t),\"event\":\"\(event.name)\"\(screen)}\n"
            }.joined().utf8)
    }

    /// The reference budgets with every exception removed: what B-1 counted before `except:`.
    static func withoutExceptions(_ budgets: [BudgetDecl]) -> [BudgetDecl] {
        budgets.map {
            var budget = $0
            budget.exceptions = []
            return budget
        }
    }

    @Test func plavoExceptsTheSelectorTicksFromB1() throws {
        let document = try Shipped.policy("plavo")
        let b1 = try #require(document.budgets.first { $0.id.value == "B-1" })
        #expect(b1.exceptions.map(\.event.value) == ["selector.tick"])
        #expect(b1.exceptions.first?.reason.value.isEmpty == false)
    }

    @Test func reportTimelineCountsNoExceptedRing() throws {
        let document = try Shipped.policy("plavo")
        let policy = try Policy(compiling: document)
        let spin = ReportTimelineEntry.session(policy: policy, log: Self.jsonl(Self.visit(ticks: 20, shutters: 0)))
        #expect(spin.filter { $0.kind == .play }.count >= 20, "the ticks still play")
        #expect(!spin.contains { $0.kind == .budget })
        var stripped = document
        stripped.budgets = Self.withoutExceptions(document.budgets)
        let unexcepted = ReportTimelineEntry.session(
            policy: try Policy(compiling: stripped), log: Self.jsonl(Self.visit(ticks: 20, shutters: 0)))
        #expect(
            unexcepted.contains { $0.kind == .budget && $0.cites == ["B-1"] },
            "without the exception the spin breaks B-1")
        let burst = ReportTimelineEntry.session(policy: policy, log: Self.jsonl(Self.visit(ticks: 20, shutters: 7)))
        let breaches = burst.filter { $0.kind == .budget }
        #expect(breaches.map(\.cites) == [["B-1"]])
        #expect(breaches.first?.event == "shutter")
        #expect(breaches.first?.detail == "7 rings in 10 s, over the budget of 6")
    }

    @Test func diffReportsTheBreachTheExceptionRemoves() throws {
        let document = try Shipped.policy("plavo")
        let policy = try Policy(compiling: document)
        var stripped = document
        stripped.budgets = Self.withoutExceptions(document.budgets)
        let spin = PolicyDiff.compare(
            old: try Policy(compiling: stripped), new: policy,
            logs: [(name: "spin", events: Self.visit(ticks: 20, shutters: 0))])
        #expect(spin.breachesBefore.map(\.budget) == ["B-1"])
        #expect(spin.breachesAfter.isEmpty)
        let burst = PolicyDiff.compare(
            old: policy, new: policy,
            logs: [(name: "burst", events: Self.visit(ticks: 20, shutters: 7))])
        #expect(burst.breachesAfter.map(\.budget) == ["B-1"])
        #expect(burst.breachesAfter.first?.count == 7)
    }

    @Test func streamingEvaluatorMetersWithTheExceptions() throws {
        let document = try Shipped.policy("plavo")
        func breaches(_ events: [TimedEvent]) throws -> [BudgetMeter.Breach] {
            let policy = try Policy(compiling: document)
            var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
            evaluator.budgetMeter = BudgetMeter(policy: policy)
            var out: [UInt8] = []
            evaluator.consume(Self.jsonl(events), into: &out)
            evaluator.finish(into: &out)
            return evaluator.budgetMeter?.breaches ?? []
        }
        #expect(try breaches(Self.visit(ticks: 40, shutters: 0)).isEmpty)
        #expect(
            try breaches(Self.visit(ticks: 40, shutters: 7)).map(\.description)
                == ["B-1: 7 rings on screen camera within 10 s (max 6), 6.2 s to 12.2 s"])
    }
}
