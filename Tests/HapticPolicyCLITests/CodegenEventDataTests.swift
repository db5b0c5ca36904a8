import Foundation
import Testing

/// `haptic-policy codegen` on the language-v3 event fields of Ride (`Policies/ride.yaml`):
/// `turn.distance` carries its declared `data:` field `direction` typed in every language,
/// the template parameters its band row and levels bind with `with:` are not app
/// arguments, and a decision made through the generated API with data is the decision
/// `eval` makes from the same log line (Swift linked against the runtime, TypeScript run
/// with node against the Web runtime).
@Suite struct CodegenEventDataTests {
    private func generate(_ policy: String, _ language: String) throws -> String {
        let result = try runBinary(["codegen", policy, "--lang", language, "-o", "-"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The line of the generated code that declares `turn.distance`.
    private func turnDistance(_ code: String, _ language: String) throws -> String {
        let marker =
            switch language {
            case "swift": "case turnDistance"
            case "kotlin": "class TurnDistance("
            default: #"readonly event: "turn.distance""#
            }
        return String(try #require(code.split(separator: "\n").first { $0.contains(marker) }, "\(language)"))
    }

    @Test(arguments: ["swift", "kotlin", "typescript"])
    func rideTypesItsDataFieldAndAsksForNoParameterTheBandBinds(_ language: String) throws {
        let code = try generate("Policies/ride.yaml", language)
        let line = try turnDistance(code, language)
        let expected: [String] =
            switch language {
            case "swift":
                [
                    "case turnDistance(Double, direction: TurnDistanceDirection)",
                    #"case .turnDistance(_, let d0): ["direction": .string(d0.rawValue)]"#,
                    "public enum TurnDistanceDirection: Sendable, Hashable, RawRepresentable {",
                    #"case "u-turn": self = .uTurn"#, "params: event.params, data: event.data)",
                ]
            case "kotlin":
                [
                    "class TurnDistance(val number: Double, val direction: RidePolicy.TurnDistanceDirection) :",
                    #"mapOf("direction" to io.hapticpolicy.Scalar.Text(direction.id))"#,
                    #"object UTurn : TurnDistanceDirection("u-turn")"#,
                    "decide(event.name, screen?.id, subject, event.value, speaks, event.params, t, event.data)",
                    "RidePolicy.dataFields(event)",
                ]
            default:
                [
                    #"readonly value: number; readonly data: { readonly "direction": RideTurnDistanceDirection } })"#,
                    #"export type RideTurnDistanceDirection = "left" | "right" | "straight" | "u-turn";"#,
                    "readonly data?: Readonly<Record<string, number | boolean | string>>;",
                ]
            }
        for text in expected { #expect(code.contains(text), "\(language) lacks \(text)") }
        // `side` (every band row's `with:`) and `urgency` (each playing level's) are bound.
        for parameter in ["side", "urgency"] {
            #expect(!line.contains(parameter), "\(language): \(line)")
        }
        #expect(!code.contains("params?: {"), "\(language): ride's rows bind every template parameter")
        // The v3 facts an app developer needs, in the documentation.
        #expect(code.contains("approach falling: now at most 30, close at most 100, near at most 300, far above"))
        #expect(code.contains("direction: one of left, right, straight, u-turn; required"), "\(language)")
        let passed = try #require(code.split(separator: "\n").first { $0.contains("`turn.passed`") })
        #expect(passed.contains("Ends its subject: once decided, the session forgets the band levels of its subject"))
        let closure = try #require(code.split(separator: "\n").first { $0.contains("`hazard.closure` (nav") })
        #expect(closure.contains("Plays `hazard.closure` at critical priority (cuts what plays at a lower priority)"))
        let reroute = try #require(code.split(separator: "\n").first { $0.contains("`route.recalculating`") })
        #expect(reroute.contains("Plays `reroute` at low priority (yields to what plays higher)"))
        #expect(!code.contains("normal priority"))
    }

    /// A parameter one band row leaves unbound stays an app argument; one every row or
    /// the entered level binds does not.
    @Test(arguments: ["swift", "kotlin", "typescript"])
    func aParameterSomeRowLeavesUnboundIsStillAnArgument(_ language: String) throws {
        let directory = try temporaryDirectory("codegen-unbound")
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = directory.appendingPathComponent("turns.yaml")
        try """
        policy: turns
        version: 1
        feedback:
          cue:
            layer: ui
            pattern:
              params:
                side: {default: 0, min: -1, max: 1}
                urgency: {default: 1, min: 1, max: 2}
              events:
                - {type: transient, time: 0, intensity: 0.3 + 0.3 * urgency, sharpness: 0.5 + 0.3 * side}
        events:
          turn.distance:
            layer: ui
            screens: [ride]
            value: number
            data:
              direction: {type: string, one-of: [left, right]}
              lanes: {type: number, min: 1, max: 6, required: false}
        bands:
          turn.distance:
            hysteresis: 10
            levels:
              - {name: close, below: 100, play: cue, with: {urgency: 2}}
              - {name: near, below: 300, play: cue, with: {urgency: 1}}
              - {name: far, silent: too far}
        screens:
          ride:
            table:
              turn.distance:
                - {when: {data: {direction: left}}, band: turn.distance, with: {side: -1}}
                - {band: turn.distance}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}
        """.write(to: policy, atomically: true, encoding: .utf8)
        let code = try generate(policy.path, language)
        let line = try turnDistance(code, language)
        let expected =
            switch language {
            case "swift":
                "case turnDistance(Double, direction: TurnDistanceDirection, lanes: Double? = nil, side: Double? = nil)"
            case "kotlin":
                "class TurnDistance(val number: Double, val direction: TurnsPolicy.TurnDistanceDirection, "
                    + "val lanes: Double? = null, val side: Double? = null)"
            default:
                #"readonly data: { readonly "direction": TurnsTurnDistanceDirection; readonly "lanes"?: number }; "#
                    + #"readonly params?: { readonly "side"?: number } })"#
            }
        #expect(line.contains(expected), "\(language): \(line)")
        #expect(!line.contains("urgency"), "\(language): every level binds urgency: \(line)")
    }

    // MARK: End to end: the typed call decides as `eval` does on the same log line

    /// One ride, as typed calls in Swift (the turn cues through Docs/embedding.md's
    /// sample, `Fixtures/codegen/RideTurnCues.swift`), TypeScript and Kotlin, and as the
    /// log `eval` reads: the direction picks the row (and so `side`), passing the turn
    /// forgets it (the next sample of the same subject is a baseline again), the closure plays.
    static let ride: [(swift: String, typeScript: String, kotlin: String, log: String)] = [
        (
            "store.decide(.screenEnter(.ride), t: 0)", #"{ event: "screen.enter", value: "ride", t: 0 }"#,
            "store.decide(RidePolicy.Event.ScreenEnter(RidePolicy.Screen.RIDE), t = 0.0)",
            #"{"t":0,"event":"screen.enter","value":"ride"}"#
        ),
        turn(t: 1, metres: 400, "left", swift: ".left", kotlin: "Left"),
        turn(t: 2, metres: 250, "left", swift: #"direction("left")!"#, kotlin: "Left"),
        turn(t: 3, metres: 20, "right", swift: ".right", kotlin: "Right"),
        (
            #"store.decide(.turnPassed, t: 4, subject: "a")"#, #"{ event: "turn.passed", t: 4, subject: "a" }"#,
            #"store.decide(RidePolicy.Event.TurnPassed, subject = "a", t = 4.0)"#,
            #"{"t":4,"event":"turn.passed","subject":"a"}"#
        ),
        turn(t: 5, metres: 250, "u-turn", swift: ".uTurn", kotlin: "UTurn"),
        turn(t: 6, metres: 80, "straight", swift: #"direction("straight") ?? .left"#, kotlin: "Straight"),
        (
            "store.decide(.hazardClosure, t: 7)", #"{ event: "hazard.closure", t: 7 }"#,
            "store.decide(RidePolicy.Event.HazardClosure, t = 7.0)", #"{"t":7,"event":"hazard.closure"}"#
        ),
    ]

    /// A `turn.distance` sample of subject `a` in every form.
    private static func turn(t: Int, metres: Int, _ way: String, swift: String, kotlin: String)
        -> (swift: String, typeScript: String, kotlin: String, log: String)
    {
        (
            #"cueTurn(store, turn: "a", metres: \#(metres), toward: \#(swift), t: \#(t))"#,
            #"{ event: "turn.distance", value: \#(metres), data: { direction: "\#(way)" }, t: \#(t), subject: "a" }"#,
            #"store.decide(RidePolicy.Event.TurnDistance(\#(metres).0, RidePolicy.TurnDistanceDirection.\#(kotlin)), "#
                + #"subject = "a", t = \#(t).0)"#,
            #"{"t":\#(t),"event":"turn.distance","subject":"a","value":\#(metres),"data":{"direction":"\#(way)"}}"#
        )
    }

    /// What `eval` decides for the ride's log: per line, the fields both programs print.
    private func evalDecisions(in directory: URL) throws -> [NSDictionary] {
        let log = directory.appendingPathComponent("ride.jsonl")
        try (Self.ride.map(\.log).joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        let result = try runBinary(["eval", "Policies/ride.yaml", log.path, "--format", "jsonl"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let decisions = try result.stdout.split(separator: "\n").map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let fields: [String: Any] = [
                "action": object["action"] ?? NSNull(), "feedback": object["feedback"] ?? NSNull(),
                "rule": object["rule"] ?? NSNull(), "reason": object["reason"] ?? NSNull(),
                "params": object["params"] ?? NSNull(),
            ]
            return fields as NSDictionary
        }
        try #require(decisions.count == Self.ride.count, "\(result.stdout)")
        // The data decides: left and right take different rows, and passing the turn
        // makes the next sample of its subject a baseline again.
        #expect(decisions[2]["rule"] as? String == "ride/turn.distance#1@near")
        #expect(decisions[3]["rule"] as? String == "ride/turn.distance#2@now")
        #expect(decisions[5]["reason"] as? String == "baseline")
        return decisions
    }

    /// The decisions a program printed, one JSON object a line.
    private func printed(_ output: String) throws -> [NSDictionary] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary, "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func theTypedSwiftDecidesWithDataAsEvalDoes() throws {
        let directory = try temporaryDirectory("codegen-swift-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let debug = builtToolURL().deletingLastPathComponent()
        let objects = try FileManager.default.contentsOfDirectory(
            atPath: debug.appendingPathComponent("HapticPolicy.build").path
        ).filter { $0.hasSuffix(".o") }.sorted().map { debug.appendingPathComponent("HapticPolicy.build/" + $0).path }
        try #require(!objects.isEmpty, "no HapticPolicy objects in \(debug.path)")
        let bundle = directory.appendingPathComponent("ride.bundle.json").path
        #expect(try runBinary(["compile", "Policies/ride.yaml", "-o", bundle]).exitCode == 0)
        let generated = directory.appendingPathComponent("RidePolicy.swift")
        try generate("Policies/ride.yaml", "swift").write(to: generated, atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("main.swift")
        try """
        import Foundation
        import HapticPolicy

        let store = try PolicyStore(bundle: [UInt8](FileManager.default.contents(atPath: CommandLine.arguments[1])!))
        let decided = [
        \(Self.ride.map { "    \($0.swift)," }.joined(separator: "\n"))
        ]
        for decision in decided.map(\\.decision) {
            var params: [String: Double] = [:]
            for parameter in decision.parameters ?? [] {
                if case .number(let number)? = parameter.value { params[parameter.name] = number }
            }
            let object: [String: Any] = [
                "action": decision.action.rawValue, "feedback": decision.feedback ?? NSNull(),
                "rule": decision.rule?.id ?? NSNull(), "reason": decision.reason?.rawValue ?? NSNull(),
                "params": decision.parameters == nil ? NSNull() : params,
            ]
            print(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }

        """.write(to: main, atomically: true, encoding: .utf8)
        let program = directory.appendingPathComponent("ride-app").path
        let built = try runExternal(
            "swiftc",
            [
                "-swift-version", "6", "-warnings-as-errors", "-module-name", "App", "-I",
                debug.appendingPathComponent("Modules").path, main.path, generated.path,
                packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Fixtures/codegen/RideTurnCues.swift")
                    .path,
                "-o", program,
            ] + objects)
        try #require(built.status == 0, "\(built.output)")
        let run = try runExternal(program, [bundle])
        #expect(run.status == 0, "\(run.output)")
        #expect(try printed(run.output) == (try evalDecisions(in: directory)), "\(run.output)")
    }

    @Test(
        .enabled(if: TypeScriptCodegenTests.tscAvailable, "tsc not found: install Debian's node-typescript"),
        .timeLimit(.minutes(3)))
    func theTypedTypeScriptDecidesWithDataAsEvalDoes() throws {
        let directory = try temporaryDirectory("codegen-ts-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The Web runtime, compiled here from Web/src (never the shared Web/dist).
        let web = try runExternal(
            "tsc", ["-p", "Web/tsconfig.json", "--outDir", directory.appendingPathComponent("web").path])
        try #require(web.status == 0, "\(web.output)")
        let bundle = directory.appendingPathComponent("ride.bundle.json").path
        #expect(try runBinary(["compile", "Policies/ride.yaml", "-o", bundle]).exitCode == 0)
        try generate("Policies/ride.yaml", "typescript").write(
            to: directory.appendingPathComponent("policy.ts"), atomically: true, encoding: .utf8)
        try """
        import { PolicyStore } from "./web/index.js";
        import { typed } from "./policy.js";

        /** The ride through the typed store: one JSON line per decision. */
        export function run(bundleText: string): string[] {
          const store = typed(new PolicyStore(bundleText));
          return [
        \(Self.ride.map { "    store.decide(\($0.typeScript))," }.joined(separator: "\n"))
          ].map(({ decision }) => {
            const params: Record<string, unknown> = {};
            for (const parameter of decision.params ?? []) params[parameter.name] = parameter.value;
            return JSON.stringify({
              action: decision.action, feedback: decision.feedback, rule: decision.rule, reason: decision.reason,
              params: decision.params === null ? null : params,
            });
          });
        }

        """.write(to: directory.appendingPathComponent("app.ts"), atomically: true, encoding: .utf8)
        try #"{"type": "module"}"#.write(
            to: directory.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        try """
        import { readFileSync } from "node:fs";
        import { run } from "./app.js";
        for (const line of run(readFileSync(process.argv[2], "utf8"))) console.log(line);

        """.write(to: directory.appendingPathComponent("main.mjs"), atomically: true, encoding: .utf8)
        let compiled = try runExternal(
            "tsc",
            [
                "--strict", "--target", "ES2020", "--module", "ES2020", "--moduleResolution", "node", "policy.ts",
                "app.ts",
            ],
            in: directory)
        try #require(compiled.status == 0, "\(compiled.output)")
        let run = try runExternal("node", ["main.mjs", bundle], in: directory)
        #expect(run.status == 0, "\(run.output)")
        #expect(try printed(run.output) == (try evalDecisions(in: directory)), "\(run.output)")
    }

    @Test(
        .enabled(
            if: optedIn("HAPTIC_POLICY_KOTLIN_TESTS"),
            "set HAPTIC_POLICY_KOTLIN_TESTS=1 (.ci/run does) to compile with kotlinc"),
        .timeLimit(.minutes(8)))
    func theTypedKotlinDecidesWithDataAsEvalDoes() throws {
        let directory = try temporaryDirectory("codegen-kotlin-e2e")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appendingPathComponent("ride.bundle.json").path
        #expect(try runBinary(["compile", "Policies/ride.yaml", "-o", bundle]).exitCode == 0)
        let generated = directory.appendingPathComponent("RidePolicy.kt")
        try generate("Policies/ride.yaml", "kotlin").write(to: generated, atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("Main.kt")
        try #"""
        import io.hapticpolicy.PolicyStore
        import io.hapticpolicy.Scalar

        fun json(text: String?): String =
            if (text == null) "null" else "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\""

        fun main(args: Array<String>) {
            val store = PolicyStore.fromBundle(java.io.File(args[0]).readBytes())
            val decided = listOf(
        \#(Self.ride.map { "        \($0.kotlin)" }.joined(separator: ",\n"))
            )
            for (decision in decided.map { it.decision }) {
                val params = decision.parameters?.joinToString(",", "{", "}") {
                    json(it.name) + ":" + ((it.value as? Scalar.Num)?.value?.toString() ?: "null")
                }
                println(
                    "{\"action\":" + json(decision.action.id) + ",\"feedback\":" + json(decision.feedback) +
                        ",\"rule\":" + json(decision.rule) + ",\"reason\":" + json(decision.reason?.id) +
                        ",\"params\":" + (params ?: "null") + "}"
                )
            }
        }

        """#.write(to: main, atomically: true, encoding: .utf8)
        let classes = directory.appendingPathComponent("classes").path
        let compiled = try runExternal(
            "kotlinc", [generated.path, main.path] + (try CodegenCommandTests.kotlinRuntime()) + ["-d", classes])
        try #require(compiled.status == 0, "\(compiled.output)")
        #expect(
            !compiled.output.split(separator: "\n").contains {
                $0.contains("RidePolicy.kt:") && $0.contains("warning:")
            },
            "\(compiled.output)")
        let run = try runExternal("kotlin", ["-cp", classes, "MainKt", bundle])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n")
        #expect(try printed(lines) == (try evalDecisions(in: directory)), "\(run.output)")
    }

    /// Runs `tsc --strict --noEmit` on ride's generated file and one call of an app.
    private func compileRide(_ call: String) throws -> (output: String, status: Int32) {
        let directory = try temporaryDirectory("codegen-ts-ride")
        defer { try? FileManager.default.removeItem(at: directory) }
        try generate("Policies/ride.yaml", "typescript").write(
            to: directory.appendingPathComponent("policy.ts"), atomically: true, encoding: .utf8)
        try """
        import { typed, RideDecider } from "./policy";
        declare const store: RideDecider<number>;
        export const decided: number = typed(store).decide(\(call));

        """.write(to: directory.appendingPathComponent("app.ts"), atomically: true, encoding: .utf8)
        return try runExternal(
            "tsc", ["--strict", "--noEmit", "--target", "ES2020", "--module", "ES2020", "policy.ts", "app.ts"],
            in: directory)
    }

    @Test(
        .enabled(if: TypeScriptCodegenTests.tscAvailable, "tsc not found: install Debian's node-typescript"),
        arguments: [
            (#"{ event: "turn.distance", value: 250, data: { direction: "left" } }"#, true),
            (#"{ event: "turn.distance", value: 250, data: { direction: "up" } }"#, false),  // not declared
            (#"{ event: "turn.distance", value: 250 }"#, false),  // the required data missing
            (#"{ event: "turn.distance", value: 250, data: { direction: "left" }, params: { side: 1 } }"#, false),
        ])
    func theTypeScriptDataIsCheckedByTsc(_ call: String, compiles: Bool) throws {
        let result = try compileRide(call)
        #expect((result.status == 0) == compiles, "\(call): \(result.output)")
        if !compiles { #expect(result.output.contains("app.ts(3,"), "\(result.output)") }
    }

    /// Issue 43: the Swift and Kotlin choice types of a declared `one-of:` value are its
    /// values and closed (no `other`); a free-text value's are the words its `value:` and
    /// `in:` rows compare, and open.
    @Test(arguments: ["swift", "kotlin"])
    func aOneOfValueIsExactlyItsDeclaredValues(_ language: String) throws {
        let code = try generate(CodegenCommandTests.choices, language)
        let cases: [String] =
            switch language {
            case "swift": ["asphalt", "gravel", "ice", "sand", "eco", "sport", "track"].map { "case \($0)\n" }
            default:
                ["Asphalt", "Gravel", "Ice", "Sand"].map { "object \($0) : SurfaceChangedValue(" }
                    + ["Eco", "Sport", "Track"].map { "object \($0) : ModeSetValue(" }
            }
        for text in cases { #expect(code.contains(text), "\(language) lacks \(text)") }
        let others = code.components(separatedBy: language == "swift" ? "case other(String)" : "class Other(").count - 1
        #expect(others == 1, "\(language): only mode.set is open, found \(others) open types")
    }
}
