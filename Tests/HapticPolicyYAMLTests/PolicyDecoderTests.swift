import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

@testable import HapticPolicyYAML

/// Each decoding diagnostic with a failing input (code and line:column asserted) and the
/// passing inputs that must stay clean.
@Suite struct PolicyDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The policy body, after the `policy:` / `version:` header (lines 1-2).
        var body: String
        /// Every diagnostic expected, as `code@line:column`.
        var expected: [String]
        /// Words the first message must contain.
        var mentions: [String] = []
        var testDescription: String { name }
    }

    static let failing: [Case] = [
        Case(
            name: "unknown key, near miss",
            body: "feedback:\n  tap: {layer: ui, preset: impact.light, intensty: 0.5}\n",
            expected: ["HP012@4:42"], mentions: ["unknown key 'intensty'; did you mean 'intensity'?"]),
        Case(
            name: "unknown key, no near miss lists the valid keys",
            body: "colour: red\n", expected: ["HP012@3:1"], mentions: ["valid keys", "feedback", "screens"]),
        Case(
            name: "merge key",
            body: "feedback:\n  a: &base {layer: ui, preset: selection}\n  b: {<<: *base, note: x}\n",
            expected: ["HP012@5:7"], mentions: ["merge keys ('<<') are not supported"]),
        Case(
            name: "misspelt required key is reported once",
            body: "feedback:\n  tap: {layr: ui, preset: impact.light}\n",
            expected: ["HP012@4:9"], mentions: ["did you mean 'layer'?"]),
        Case(
            name: "misspelt one-of key is reported once", body: "feedback:\n  tap: {layer: ui, presett: selection}\n",
            expected: ["HP012@4:20"], mentions: ["did you mean 'preset'?"]),
        Case(
            name: "wrong type",
            body: "feedback:\n  tap:\n    layer: ui\n    preset: impact.light\n    intensity: [1]\n",
            expected: ["HP011@7:16"], mentions: ["expected a number for 'intensity', found a list"]),
        Case(
            name: "no space after a colon", body: "feedback:\n  tap:\n    layer:ui\n",
            expected: ["HP011@5:5"], mentions: ["put a space after ':'"]),
        Case(
            name: "quoted number", body: "engine: {warmup: '0.1'}\n",
            expected: ["HP011@3:18"], mentions: ["remove the quotes"]),
        Case(
            name: "section of the wrong type is one error", body: "feedback: [a, b]\n",
            expected: ["HP011@3:11"], mentions: ["found a list"]),
        Case(
            name: "key that is not a name", body: "feedback:\n  [a]: {layer: ui, preset: selection}\n",
            expected: ["HP011@4:3"]),
        Case(
            name: "missing required key at the declaration",
            body: "feedback:\n  tap: {preset: impact.light}\n",
            expected: ["HP013@4:3"], mentions: ["missing required key 'layer' in feedback 'tap'"]),
        Case(
            name: "unknown layer", body: "feedback:\n  tap: {layer: uii, preset: impact.light}\n",
            expected: ["HP014@4:16"], mentions: ["unknown layer 'uii'; did you mean 'ui'?"]),
        Case(
            name: "unknown preset", body: "feedback:\n  tap: {layer: ui, preset: impact.lite}\n",
            expected: ["HP014@4:28"], mentions: ["did you mean 'impact.light'?"]),
        Case(
            name: "unknown rule lists the rules",
            body: "invariants:\n  - {id: H-1, rule: banned}\n",
            expected: ["HP014@4:21"], mentions: ["banned-presets, creature-needs-speech"]),
        Case(
            name: "unknown directive", body: "screens:\n  s: {enter: [prepare-engin]}\n",
            expected: ["HP014@4:15"], mentions: ["did you mean 'prepare-engine'?"]),
        Case(
            name: "unknown pattern event type",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transiet, time: 0}\n",
            expected: ["HP014@8:18"], mentions: ["did you mean 'transient'?"]),
        Case(
            name: "unknown ticker step", body: "screens:\n  s:\n    table:\n      e: {ticker: tock}\n",
            expected: ["HP014@6:19"], mentions: ["did you mean 'tick'?"]),
        Case(
            name: "expression error in a plain scalar",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: 2 $ 3}\n",
            expected: ["HP015@8:37"], mentions: ["unexpected '$'"]),
        Case(
            name: "expression error in single quotes",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: '1 + $'}\n",
            expected: ["HP015@8:40"]),
        Case(
            name: "expression error after an escape in double quotes",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: \"\\x31 + $\"}\n",
            expected: ["HP015@8:43"]),
        Case(
            name: "expression error after Japanese parameter names",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: \"吸う + $\"}\n",
            expected: ["HP015@8:41"]),
        Case(
            // 'é' written as e + U+0301: one Character for the expression parser, two
            // Unicode scalars (two columns) for locations.
            name: "expression error after a combining accent",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: \"e\u{301}x + $\"}\n",
            expected: ["HP015@8:42"]),
        Case(
            name: "expression that ends too early",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: 1 +}\n",
            expected: ["HP015@8:38"], mentions: ["ends too early"]),
        Case(
            name: "preset and pattern together",
            body: "feedback:\n  x:\n    layer: ui\n    preset: selection\n    pattern: {events: []}\n",
            expected: ["HP016@7:5"], mentions: ["'pattern' cannot be used together with 'preset'"]),
        Case(
            name: "play and silent in one row", body: "screens:\n  s:\n    table:\n      e: {play: tap, silent: no}\n",
            expected: ["HP016@6:22"]),
        Case(
            name: "two budget scopes", body: "budgets:\n  - {id: B-1, max: 1, per: 1, each: screen, layer: ui}\n",
            expected: ["HP016@4:45"]),
        Case(
            name: "duration on a transient",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: 0, duration: 1}\n",
            expected: ["HP017@8:38"], mentions: ["'duration' does not apply here"]),
        Case(
            name: "intensity on a pattern feedback",
            body:
                "feedback:\n  b:\n    layer: creature\n    intensity: 1\n    pattern: {events: [{type: transient, time: 0}]}\n",
            expected: ["HP017@6:5"]),
        Case(
            name: "fallback on a preset", body: "feedback:\n  b: {layer: ui, preset: selection, fallback: none}\n",
            expected: ["HP017@4:37"]),
        Case(
            name: "continuous without duration",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: continuous, time: 0}\n",
            expected: ["HP013@8:11"], mentions: ["'duration'"]),
        Case(
            name: "banned-presets without presets", body: "invariants:\n  - {id: H-2, rule: banned-presets}\n",
            expected: ["HP013@4:21"], mentions: ["'presets'"]),
        Case(
            name: "row that decides nothing", body: "screens:\n  s:\n    table:\n      e: {note: hmm}\n",
            expected: ["HP013@6:10"], mentions: ["silent: <reason>"]),
        Case(
            name: "band level without play or silent",
            body:
                "bands:\n  m:\n    hysteresis: 1\n    levels:\n      - {name: low, below: 5}\n      - {name: high, play: x}\n",
            expected: ["HP013@7:9"]),
        Case(
            name: "budget without scope", body: "budgets:\n  - {id: B-1, max: 1, per: 1}\n",
            expected: ["HP013@4:5"]),
        Case(
            name: "infinite number", body: "engine: {warmup: .inf}\n", expected: ["HP018@3:18"]),
        Case(
            name: "nan in an expression",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - {type: transient, time: .nan}\n",
            expected: ["HP018@8:35"]),
        Case(
            name: "yes is not a boolean", body: "engine: {haptics-only: yes}\n",
            expected: ["HP019@3:24"], mentions: ["write true"]),
        Case(
            name: "off is not a boolean", body: "screens:\n  s:\n    table:\n      e: {when: {speaks: off}, play: x}\n",
            expected: ["HP019@6:26"], mentions: ["write false"]),
        Case(
            name: "every mistake in a condition",
            body: "everywhere:\n  e: {when: {speaks: no, subject: [a]}, play: x}\n",
            expected: ["HP019@4:22", "HP011@4:35"]),
        Case(
            name: "control point that is not a pair",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - type: continuous\n          time: 0\n          duration: 1\n          curves: {intensity: [[0, 1, 2]]}\n",
            expected: ["HP011@11:32"], mentions: ["[time, value]"]),
        Case(
            name: "unknown curve parameter",
            body:
                "feedback:\n  b:\n    layer: creature\n    pattern:\n      events:\n        - type: continuous\n          time: 0\n          duration: 1\n          curves: {intensty: [[0, 1]]}\n",
            expected: ["HP014@11:20"], mentions: ["did you mean 'intensity'?"]),
        Case(
            name: "screens that is neither all nor a list", body: "events:\n  e: {layer: ui, screens: everywhere}\n",
            expected: ["HP011@4:27"], mentions: ["'all' or a list"]),
        Case(
            name: "whole number expected", body: "budgets:\n  - {id: B-1, max: 1.5, per: 1, each: screen}\n",
            expected: ["HP011@4:20"]),
        Case(
            name: "budget except is not a mapping",
            body: "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10, except: [selector.tick]}\n",
            expected: ["HP011@4:54"], mentions: ["a mapping of names"]),
        Case(
            name: "budget exception reason is not text",
            body: "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10, except: {selector.tick: [a]}}\n",
            expected: ["HP011@4:70"], mentions: ["expected text for 'selector.tick'"]),
        Case(
            name: "budget exception without a reason",
            body:
                "budgets:\n  - id: B-1\n    each: screen\n    max: 6\n    per: 10\n    except:\n      selector.tick: ''\n",
            expected: ["HP011@9:22"], mentions: ["'selector.tick' has no reason"]),
        Case(
            name: "budget exception with nothing after the colon",
            body: "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10, except: {selector.tick: }}\n",
            expected: ["HP011@4:70"], mentions: ["has no reason"]),
        Case(
            name: "several independent mistakes are all reported",
            body:
                "feedback:\n  a: {layer: uii, preset: selection}\n  b: {layer: ui, preset: selction}\nengine: {warmup: x}\n",
            expected: ["HP014@4:14", "HP014@5:26", "HP011@6:18"]),
    ]

    @Test(arguments: failing)
    func reports(_ item: Case) throws {
        let result = load(header + item.body)
        #expect(summary(result) == item.expected, "\(result.diagnostics.map(\.message))")
        let message = result.diagnostics.first?.message ?? ""
        for word in item.mentions {
            #expect(message.contains(word), "\(message)")
        }
        #expect(result.document != nil)
    }

    /// Messages are lowercase, name a fix after ';' or ':', and end without a period.
    @Test(arguments: failing)
    func messagesNameTheFix(_ item: Case) {
        for diagnostic in load(header + item.body).diagnostics {
            let message = diagnostic.message
            #expect(message.first?.isUppercase == false, "\(message)")
            #expect(message.contains("; ") || message.contains(": "), "\(message)")
            #expect(!message.hasSuffix("."), "\(message)")
        }
    }

    @Test(arguments: [
        ("no version", "policy: p\n", ["HP013@1:1"]),
        ("version 2", "policy: p\nversion: 2\n", ["HP020@2:10"]),
        ("a list at the top", "- policy: p\n", ["HP011@1:1"]),
        ("policy with no name", "policy:\nversion: 1\n", ["HP011@1:8"]),
    ])
    func reportsHeaderProblems(name: String, text: String, expected: [String]) {
        #expect(summary(load(text)) == expected)
    }

    static let passing: [(String, String)] = [
        ("preset with intensity", "feedback:\n  tap: {layer: ui, preset: impact.soft, intensity: 0.5, note: soft}\n"),
        (
            "template with expressions and loop",
            """
            feedback:
              click:
                layer: creature
                pattern:
                  params:
                    bpm: {default: 60, min: 20, max: 300, unit: bpm}
                  events:
                    - {type: transient, time: 0, intensity: 1, sharpness: 0.9}
                    - {type: silence, time: 0.05, duration: 60 / bpm - 0.05, note: rest}
                  loop: "60 / bpm"
                fallback: {sequence: [{at: 0, play: impact.light}, {at: 60 / bpm, play: impact.light}]}

            """
        ),
        (
            "fallback none",
            "feedback:\n  b:\n    layer: creature\n    pattern: {events: [{type: transient, time: 0}]}\n    fallback: none\n"
        ),
        (
            "band with a silent level",
            "bands:\n  m:\n    unit: '%'\n    hysteresis: 0\n    levels:\n      - {name: low, below: 0x10, silent: quiet}\n      - {name: high, play: x}\n"
        ),
        (
            "rows with conditions and citations",
            """
            invariants:
              - {id: H-4, rule: creature-needs-speech, except: {e: a reason}}
            everywhere:
              e:
                - {when: {speaks: true, value: 3, subject: leaf}, play: x, cite: [H-4, U-1]}
                - {when: {value: false}, stop: all}
                - {ticker: begin, prepare: engine}
                - {silent: 話していないので鳴らさない, cite: H-4}

            """
        ),
        ("silence written empty is left to the validator", "everywhere:\n  e: {silent: }\n"),
        (
            "budgets in each scope",
            "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10}\n  - {id: B-2, screen: home, max: 0x4, per: 5}\n  - {id: B-3, layer: creature, max: 4, per: 2.5}\n"
        ),
        (
            "budget with exceptions",
            "budgets:\n  - id: B-1\n    each: screen\n    max: 6\n    per: 10\n    except:\n      selector.tick: 選択のティックは操作そのもの\n"
        ),
        ("engine settings", "engine: {warmup: 0.25, haptics-only: false}\n"),
        ("empty sections", "engine:\ninvariants:\nfeedback:\nbands:\nevents:\neverywhere:\nscreens:\n  s:\nbudgets:\n"),
        ("standard string tag", "description: !!str 12\nevents:\n  e: {layer: ui, screens: [a, b], value: bool}\n"),
        ("anchors reuse a mapping", "feedback:\n  a: &tap {layer: ui, preset: selection}\n  b: *tap\n"),
    ]

    @Test(arguments: passing)
    func accepts(name: String, body: String) {
        let result = load(header + body)
        #expect(result.diagnostics.isEmpty, "\(summary(result)) \(result.diagnostics.map(\.message))")
        #expect(result.document != nil)
    }

    @Test func decodesBudgetExceptionsWithLocations() throws {
        let document = try #require(
            load(
                header
                    + "budgets:\n  - id: B-1\n    each: screen\n    max: 6\n    per: 10\n    except:\n      selector.tick: the ticks are the control\n"
            ).document)
        let budget = try #require(document.budgets.first)
        let at = { (line: Int, column: Int) in SourceLocation(file: "test.yaml", line: line, column: column) }
        #expect(
            budget.exceptions == [
                InvariantDecl.Exception(
                    event: Located("selector.tick", at: at(9, 7)),
                    reason: Located("the ticks are the control", at: at(9, 22)))
            ])
    }

    @Test func locatesValuesAndDeclarations() throws {
        let document = try #require(
            load(header + "feedback:\n  tap:\n    layer: ui\n    preset: impact.light\n    intensity: 0.5\n").document)
        let tap = try #require(document.feedback.first)
        let at = { (line: Int, column: Int) in SourceLocation(file: "test.yaml", line: line, column: column) }
        #expect(tap.location == at(4, 3))
        #expect(tap.name == Located("tap", at: at(4, 3)))
        #expect(tap.layer == Located(.ui, at: at(5, 12)))
        #expect(tap.body == .preset(Located(.impactLight, at: at(6, 13)), intensity: Located(0.5, at: at(7, 16))))
    }

    @Test func decodesExpressionsAndScalars() throws {
        let document = try #require(
            load(
                header
                    + "feedback:\n  b:\n    layer: creature\n    pattern:\n      params: {n: {default: 2}}\n      events:\n        - {type: transient, time: 'n * 0.5 + 1'}\n"
            ).document)
        guard case .pattern(let pattern)? = document.feedback.first?.body else {
            Issue.record("not a pattern")
            return
        }
        #expect(try pattern.events.first?.time.value.evaluate(["n": 2]) == 2)
        #expect(pattern.parameters.first?.defaultValue.value == 2)
    }

    /// Reporting scales with the file: thousands of errors each needing its source line.
    @Test func reportsEveryMistakeInALargeFile() {
        let body = "everywhere:\n" + (0..<3000).map { "  e\($0): {silent: quiet, said softly}\n" }.joined()
        let result = load(header + body)
        #expect(result.diagnostics.count == 3000)
        #expect(result.diagnostics.allSatisfy { $0.code == "HP012" && $0.message.contains("quote the text") })
        #expect(result.diagnostics.last.map { "\($0.location.line):\($0.location.column)" } == "3003:26")
    }

    @Test func unknownKeyAfterCommaInFlowTextSuggestsQuoting() throws {
        let result = load(header + "screens:\n  s:\n    table:\n      e: {play: x, note: a limit, said gently}\n")
        #expect(summary(result) == ["HP012@6:35"])
        #expect(result.diagnostics.first?.message.contains("quote the text") == true)
    }
}
