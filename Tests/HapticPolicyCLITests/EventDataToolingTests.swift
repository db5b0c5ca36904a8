import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// Event data beyond the value (language v3, feature B) in the tools: `table` (Markdown and
/// JSON) shows data conditions and band levels' `with:`, the LSP's hover shows an event's
/// data fields and a level's parameters, and `diff` counts a changed `with:` as a change.
@Suite struct EventDataToolingTests {
    static let path = packageRoot.appendingPathComponent("Conformance/eventdata/policy.yaml").path
    static let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""

    static func analysis(_ text: String = text) -> PolicyWorkspace.Analysis? {
        let workspace = PolicyWorkspace(environment: [:])
        let uri = URL(fileURLWithPath: path).absoluteString
        workspace.open(uri: uri, text: text, version: 1)
        return workspace.analysis(uri)
    }

    @Test func theTableShowsDataConditionsAndLevelParameters() throws {
        let policy = try #require(Self.analysis()?.policy)
        let table = DecisionTable(policy)
        let markdown = DecisionTableMarkdownReporter.render(table, policy: "eventdata")
        #expect(markdown.contains(#"data.direction in ["left", "u-turn"]"#))
        #expect(markdown.contains(#"data.direction = "right""#))
        #expect(markdown.contains("data.lanes at-least 3"))
        #expect(markdown.contains("- now plays with urgency = 3"))
        #expect(markdown.contains("- close plays with urgency = 2"))
        #expect(!markdown.contains("- near plays with"))
        let json = DecisionTableJSONReporter.render(table, policy: "eventdata")
        #expect(json.contains(#""with" : "urgency = 3""#))
        #expect(json.contains(#"data.merging = true"#))
    }

    @Test func hoverShowsTheDataFieldsAndALevelsParameters() throws {
        let analysis = try #require(Self.analysis())
        let document = try #require(analysis.document)
        let event = PolicyHover.text(.event, "turn.distance", document: document, policy: analysis.policy) ?? ""
        #expect(event.contains("data: `direction` (one of left, right, straight, u-turn)"))
        let lane = PolicyHover.text(.event, "lane.change", document: document, policy: analysis.policy) ?? ""
        #expect(lane.contains("`lanes` (a number from 1 to 8), `merging` (true or false)"))
        let band = PolicyHover.text(.band, "turn.distance", document: document, policy: analysis.policy) ?? ""
        #expect(band.contains("plays `turn.cue` with urgency 3"))
    }

    @Test func diffCountsAChangedLevelParameterAsAChange() throws {
        let before = try #require(Self.analysis()?.policy)
        let edited = Self.text.replacingOccurrences(
            of: "play: turn.cue, with: {urgency: 3}", with: "play: turn.cue, with: {urgency: 1}")
        let after = try #require(Self.analysis(edited)?.policy)
        func now(_ policy: Policy) -> Decision {
            var session = Session(policy: policy)
            _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "ride"))
            for (t, distance) in [(1.0, 400.0), (2.0, 20.0)] {
                var event = session.event(t: t, name: "turn.distance", value: .number(distance))
                event.data = [Event.Parameter(name: "direction", value: .string("left"))]
                let decision = session.decide(event)
                if t == 2 { return decision }
            }
            return Decision(action: .silent)
        }
        #expect(now(before).feedback == now(after).feedback)
        #expect(PolicyDiff.differs(now(before), now(after)))
        #expect(!PolicyDiff.differs(now(before), now(before)))
    }
}
