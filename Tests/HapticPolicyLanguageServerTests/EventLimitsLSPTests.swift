import Foundation
import Testing

@testable import HapticPolicyLanguageServer

/// The language server on budgets that count events and events that end their subject:
/// hover texts and the event names of a budget's `event:`/`events:` as occurrences.
@Suite struct EventLimitsLSPTests {
    static let text = """
        policy: ride
        version: 1
        feedback:
          warn: {layer: ui, preset: notification.warning}
          hazard: {layer: ui, preset: notification.error}
        events:
          off.route: {layer: ui, screens: [ride]}
          hazard.ahead: {layer: ui, screens: [ride]}
          hazard.closure: {layer: ui, screens: [ride], ends-subject: true}
        screens:
          ride:
            table:
              off.route: {play: warn}
              hazard.ahead: {play: hazard}
              hazard.closure: {play: hazard}
        budgets:
          - {id: R-1, event: off.route, max: 1, per: 20, enforce: true}
          - {id: R-2, events: [hazard.ahead, hazard.closure], max: 2, per: 60}
          - {id: B-1, each: screen, max: 6, per: 10}

        """

    func analysis() -> PolicyWorkspace.Analysis? {
        let workspace = PolicyWorkspace(environment: [:])
        workspace.open(uri: "untitled:ride", text: Self.text, version: 1)
        return workspace.analysis("untitled:ride")
    }

    @Test func hoverSaysWhatABudgetCountsAndThatAnEventEndsItsSubject() throws {
        let ride = try #require(analysis())
        #expect(ride.diagnostics.isEmpty, "\(ride.diagnostics.map(\.message))")
        let document = try #require(ride.document)
        func hover(_ kind: PolicySymbolKind, _ name: String) -> String {
            PolicyHover.text(kind, name, document: document, policy: ride.policy) ?? ""
        }
        #expect(hover(.budget, "R-1").contains("at most 1 ring per 20 s of `off.route` on any screen"))
        #expect(
            hover(.budget, "R-2").contains("at most 2 rings per 60 s of `hazard.ahead`, `hazard.closure` on any screen")
        )
        #expect(hover(.event, "hazard.closure").contains("ends its subject"))
        #expect(!hover(.event, "off.route").contains("ends its subject"))
    }

    @Test func theEventsABudgetCountsAreOccurrencesOfTheirNames() throws {
        let ride = try #require(analysis())
        let line = 18
        let column = Self.text.components(separatedBy: "\n")[line - 1].range(of: "hazard.closure").map {
            Self.text.components(separatedBy: "\n")[line - 1][..<$0.lowerBound].unicodeScalars.count + 1
        }
        let occurrence = ride.index.occurrence(at: SourcePoint(line: line, column: try #require(column)))
        #expect(occurrence?.kind == .event)
        #expect(occurrence?.name == "hazard.closure")
        #expect(ride.index.occurrences(of: .event, "off.route").count == 3)
    }
}
