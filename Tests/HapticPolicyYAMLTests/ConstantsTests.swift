import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// `constants:`: named numbers folded at load time, usable wherever a number goes and in
/// pattern expressions, with located errors for every misuse.
@Suite struct ConstantsTests {
    static func policy(constants: String, feedback: String = "", band: String = "", budget: String = "") -> String {
        """
        policy: p
        version: 1
        constants:
        \(constants)
        feedback:
          tap: {layer: ui, preset: impact.light}
        \(feedback)
        bands:
          pace:
            hysteresis: 0.1
            levels:
              - {name: fast, below: 5, silent: fast}
              - {name: slow, silent: slow}
        \(band)
        events:
          button.tap: {layer: ui, screens: [home]}
          pace.sample: {layer: ui, screens: [home], value: number}
        screens:
          home:
            table:
              button.tap: {play: tap}
              pace.sample: {band: pace}
        \(budget)
        """
    }

    @Test func constantsFoldIntoEdgesIntensitiesDurationsAndPatternExpressions() throws {
        let text = """
            policy: p
            version: 1
            constants:
              beat: 0.06
              swell: 2 * beat
              edge: 4 + 1
              lag: beat / 2
              soft: 0.4
              rings: 3
            engine: {warmup: swell}
            feedback:
              tap: {layer: ui, preset: impact.light, intensity: soft}
              buzz:
                layer: ui
                pattern:
                  params:
                    gap: {default: beat, min: 0, max: 1}
                  events:
                    - {type: transient, time: gap + beat, intensity: soft + 0.1}
                    - {type: continuous, time: 0, duration: swell}
                fallback: tap
            bands:
              pace:
                hysteresis: lag
                levels:
                  - {name: fast, below: edge, play: buzz}
                  - {name: slow, silent: slow}
            events:
              button.tap: {layer: ui, screens: [home]}
              pace.sample: {layer: ui, screens: [home], value: number}
            screens:
              home:
                table:
                  button.tap: {play: tap}
                  pace.sample: {band: pace}
            budgets:
              - {id: B-1, each: screen, max: rings, per: 10 * swell}
            """
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map { "\($0.location) \($0.message)" })")
        let document = try #require(loaded.document)
        #expect(document.engine.warmup.value == 0.12)
        #expect(document.bands[0].hysteresis.value == 0.03)
        #expect(document.bands[0].levels[0].below?.value == 5)
        #expect(document.budgets[0].max.value == 3)
        #expect(abs(document.budgets[0].window.value - 1.2) < 1e-12)
        guard case .preset(_, let intensity) = document.feedback[0].body else {
            Issue.record("tap is not a preset")
            return
        }
        #expect(intensity?.value == 0.4)
        guard case .pattern(let pattern) = document.feedback[1].body else {
            Issue.record("buzz is not a pattern")
            return
        }
        #expect(pattern.parameters[0].defaultValue.value == 0.06)
        // The template parameter stays a parameter; the constant is folded in.
        #expect(pattern.events[0].time.value == .binary(.add, .parameter("gap"), .number(0.06)))
        #expect(pattern.events[0].intensity?.value == .number(0.5))
        #expect(pattern.events[1].duration?.value == .number(0.12))
        let resolved = try pattern.resolve(["gap": 0.1])
        #expect(resolved.events.contains { $0.kind == .transient && abs($0.time - 0.16) < 1e-12 })
        let policy = try Policy(compiling: document)
        #expect(policy.content.bands[0].levels[0].below == 5)
    }

    @Test func anUnknownConstantSuggestsTheClosestOne() {
        let loaded = load(
            Self.policy(constants: "  beat: 0.06", feedback: "  x: {layer: ui, preset: impact.light, intensity: baet}"))
        // The misspelt use leaves the constant unused, too.
        #expect(summary(loaded) == ["HP230@4:3", "HP027@7:51"])
        #expect(loaded.diagnostics[1].message == "unknown constant 'baet' in 'intensity'; did you mean 'beat'?")
    }

    @Test func aConstantUsingItselfOrALaterOneIsReported() {
        let loaded = load(Self.policy(constants: "  a: a + 1\n  b: 2 * c\n  c: 1\n  d: c / 0\n  e: zz"))
        #expect(summary(loaded) == ["HP028@4:6", "HP028@5:6", "HP018@7:6", "HP027@8:6"])
        #expect(loaded.diagnostics[0].message.contains("uses itself"))
        #expect(loaded.diagnostics[1].message.contains("'b' uses 'c', declared after it"))
    }

    @Test func aFractionWhereAWholeNumberGoesIsReported() {
        let loaded = load(
            Self.policy(constants: "  half: 2.5", budget: "budgets:\n  - {id: B-1, each: screen, max: half, per: 10}"))
        #expect(summary(loaded) == ["HP029@24:34"])
    }

    @Test func anUnusedConstantIsAWarning() {
        let loaded = load(
            Self.policy(
                constants: "  used: 5\n  spare: 1", budget: "budgets:\n  - {id: B-1, each: screen, max: used, per: 10}")
        )
        #expect(summary(loaded) == ["HP230@5:3"])
        #expect(loaded.diagnostics[0].severity == .warning)
    }

    @Test func aTemplateParameterNamedLikeAConstantIsAnError() {
        let feedback = """
              buzz:
                layer: ui
                pattern:
                  params: {beat: {default: 1}}
                  events: [{type: transient, time: 0}]
                fallback: tap
            """
        let loaded = load(Self.policy(constants: "  beat: 0.06", feedback: feedback))
        #expect(summary(loaded) == ["HP230@4:3", "HP231@10:16"])
        #expect(loaded.diagnostics[1].notes.map(\.location.line) == [4])
    }

    @Test func withoutConstantsATextWhereANumberGoesIsStillAWrongType() {
        let loaded = load("policy: p\nversion: 1\nengine: {warmup: beat}\n")
        #expect(summary(loaded) == ["HP011@3:18"])
    }

    @Test func substitutingReplacesOnlyTheNamedParametersAndFoldsWhatIsLeft() throws {
        let expression = try Expression.parse("2 * beat + gap")
        #expect(expression.substituting(["beat": 0.5]) == .binary(.add, .number(1), .parameter("gap")))
        #expect(expression.substituting(["beat": 0.5, "gap": 1]) == .number(2))
        #expect(expression.substituting([:]) == expression)
    }
}
