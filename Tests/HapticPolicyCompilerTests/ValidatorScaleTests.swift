import Foundation
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

/// Policies at the loader's size limit (100 000 nodes) must validate quickly: no check
/// may be quadratic in the number of events, screens, rows or unknown names.
@Suite struct ValidatorScaleTests {
    /// Generous for a debug build; a quadratic check takes minutes.
    static let limit: TimeInterval = 10

    /// The CPU time of the calling thread: what the validation itself costs, which other
    /// tests running in parallel and other processes on a shared machine do not inflate
    /// (wall time did: 12.8 s against the limit at a load average of 30, 4.5 s alone).
    static func threadSeconds() -> TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1e9
    }

    static func timed(_ document: PolicyDocument) -> (findings: [Diagnostic], seconds: TimeInterval) {
        let start = threadSeconds()
        let findings = PolicyValidator.validate(document)
        return (findings, threadSeconds() - start)
    }

    @Test func manyEventsOnManyUndecidedScreens() {
        let events = (0..<5000).map { EventDecl(name: Located("e\($0)"), layer: Located(.ui), screens: .all(.unknown)) }
        let screens = (0..<5000).map { ScreenDecl(name: Located("s\($0)")) }
        var document = Build.document(events: events, screens: screens)
        document.budgets = [Build.budget]
        let (findings, seconds) = Self.timed(document)
        #expect(findings.count == 5000)
        #expect(findings.first?.message.contains("and 4995 more") == true)
        #expect(seconds < Self.limit)
    }

    @Test func oneCellWithManyRows() {
        let rows = (0..<20000).map {
            RowDecl(condition: ConditionDecl(subject: Located("s\($0 % 100)")), silent: Located("x"))
        }
        let document = Build.document(
            events: [EventDecl(name: Located("go"), layer: Located(.ui), screens: .only([Located("home")]))],
            screens: [
                ScreenDecl(
                    name: Located("home"),
                    cells: [CellDecl(event: Located("go"), rows: rows + [RowDecl(silent: Located("y"))])])
            ])
        let (findings, seconds) = Self.timed(document)
        #expect(findings.filter { $0.code == "HP302" }.count == 19900)
        #expect(seconds < Self.limit)
    }

    @Test func manyUnknownNamesAmongManyFeedback() {
        let feedback = (0..<5000).map { Build.preset("feedback\($0)", .selection) }
        let rows = (0..<5000).map {
            RowDecl(condition: ConditionDecl(subject: Located("k\($0)")), play: Located("fedback\($0)x"))
        }
        let document = Build.document(
            feedback: feedback,
            events: [EventDecl(name: Located("go"), layer: Located(.ui), screens: .only([Located("home")]))],
            screens: [
                ScreenDecl(
                    name: Located("home"),
                    cells: [CellDecl(event: Located("go"), rows: rows + [RowDecl(silent: Located("y"))])])
            ])
        let (findings, seconds) = Self.timed(document)
        #expect(findings.filter { $0.code == "HP201" }.count == 5000)
        #expect(seconds < Self.limit)
    }

    @Test func oneEventListedOnManyScreensWithCells() {
        let names = (0..<5000).map { "s\($0)" }
        let event = EventDecl(name: Located("go"), layer: Located(.ui), screens: .only(names.map { Located($0) }))
        let screens = names.map {
            ScreenDecl(
                name: Located($0), cells: [CellDecl(event: Located("go"), rows: [RowDecl(silent: Located("x"))])])
        }
        let (findings, seconds) = Self.timed(Build.document(events: [event], screens: screens))
        #expect(findings.isEmpty)
        #expect(seconds < Self.limit)
    }

    @Test func manyPatternsFallingBackToPatterns() {
        let patterns = (0..<3000).map { index in
            Build.pattern(
                "p\(index)", layer: .ui, events: [Build.event(.transient)],
                fallback: .target(Located("p\((index + 1) % 3000)")))
        }
        let (findings, seconds) = Self.timed(Build.document(feedback: patterns))
        #expect(findings.filter { $0.code == "HP207" }.count == 3000)
        #expect(seconds < Self.limit)
    }
}
