import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

/// The compiler trusts a `ValidatedPolicy` and stops at a precondition when a reference
/// does not resolve. These are the inconsistencies it once reported itself (HP901-HP915):
/// each one, built in code, is refused by the validator with its own code, so no
/// `ValidatedPolicy` holding it exists and the compiler's preconditions cannot fire.
@Suite struct ValidatedPolicyTests {
    static let valid = TableFixtures.valid

    static let pattern = FeedbackDecl(
        name: Located("hum"), layer: Located(.creature),
        body: .pattern(PatternDecl(events: [PatternEventDecl(kind: Located(.transient), time: Located(.number(0)))])))

    /// One defect each: what it was in the compiler, the change, and the validator's code.
    static let defects: [(was: String, code: String, damage: @Sendable (inout PolicyDocument) -> Void)] = [
        ("HP901 duplicate screen", "HP218", { $0.screens.append(ScreenDecl(name: Located("list"))) }),
        ("HP902 duplicate event", "HP218", { $0.events.append($0.events[0]) }),
        (
            "HP902 state event in the catalogue", "HP210",
            {
                $0.events.append(EventDecl(name: Located("app.state"), layer: Located(.ui), screens: .all(.unknown)))
            }
        ),
        (
            "HP903 unknown fallback", "HP201",
            {
                $0.feedback[1].fallback = .target(Located("no-such-preset"))
            }
        ),
        (
            "HP904 fallback to a pattern", "HP207",
            {
                $0.feedback.append(pattern)
                $0.feedback[1].fallback = .target(Located("hum"))
            }
        ),
        ("HP905 duplicate feedback", "HP218", { $0.feedback.append($0.feedback[0]) }),
        ("HP906 level without its edge", "HP117", { $0.bands[0].levels[0].below = nil }),
        (
            "HP907 edges not ascending", "HP116",
            {
                $0.bands[0].levels.insert(
                    .init(name: Located("soggy"), below: Located(5), silent: Located("fine")), at: 1)
            }
        ),
        ("HP908 unknown feedback in a band level", "HP201", { $0.bands[0].levels[0].play = Located("nothing") }),
        (
            "HP909 one level", "HP118",
            { $0.bands[0].levels = [.init(name: Located("only"), below: nil, silent: Located("x"))] }
        ),
        ("HP910 unknown feedback in a row", "HP201", { $0.screens[1].cells[0].rows[0].play = Located("nothing") }),
        ("HP911 unknown band", "HP202", { $0.screens[0].cells[0].rows[0].band = Located("nothing") }),
        (
            "HP912 unknown loop to stop", "HP201",
            {
                $0.screens[1].cells[0].rows[0] = RowDecl(stop: Located("nothing"))
            }
        ),
        (
            "HP913 event on an unknown screen", "HP203",
            {
                $0.events[1].screens = .only([Located("home"), Located("nowhere")])
            }
        ),
        (
            "HP914 unknown event in a table", "HP204",
            {
                $0.screens[1].cells.append(CellDecl(event: Located("nothing"), rows: [RowDecl(play: Located("tap"))]))
            }
        ),
        (
            "HP915 state event in a table", "HP216",
            {
                $0.screens[1].cells.append(CellDecl(event: Located("app.state"), rows: [RowDecl(play: Located("tap"))]))
            }
        ),
        ("duplicate band set", "HP218", { $0.bands.append($0.bands[0]) }),
    ]

    @Test func theBaseDocumentValidatesAndCompiles() throws {
        let outcome = PolicyValidator.check(Self.valid)
        let validated = try #require(outcome.validated, "\(outcome.diagnostics.map(\.message))")
        #expect(PolicyCompiler.compile(validated).content.inconsistency == nil)
    }

    @Test(arguments: defects.indices)
    func eachFormerCompilerCheckIsTheValidatorsAndNoValidatedPolicyHoldsIt(_ index: Int) {
        let (was, code, damage) = Self.defects[index]
        var document = Self.valid
        damage(&document)
        let outcome = PolicyValidator.check(document)
        #expect(outcome.validated == nil, "\(was): validated")
        #expect(
            outcome.diagnostics.contains { $0.code == code && $0.severity == .error },
            "\(was): \(outcome.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(throws: PolicyCompileError.self) { try Policy(compiling: document) }
    }

    @Test func aDuplicateIsReportedAtTheRepeatNamingTheFirst() {
        var document = Self.valid
        document.screens.append(
            ScreenDecl(name: Located("home", at: SourceLocation(file: "t.yaml", line: 40, column: 3))))
        let finding = PolicyValidator.validate(document).first { $0.code == "HP218" }
        #expect(finding?.location.line == 40)
        #expect(finding?.message.hasPrefix("screen 'home' is declared twice") == true)
    }
}
