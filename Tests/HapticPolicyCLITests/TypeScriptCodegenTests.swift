import Foundation
import Testing

/// `haptic-policy codegen --lang typescript`, run as the built binary: the golden file,
/// determinism, and `tsc` (Debian's node-typescript, which scripts/setup installs) on a
/// tiny app file against the generated types: a misspelt event fails to compile, every
/// correct one compiles.
@Suite struct TypeScriptCodegenTests {
    /// Whether `tsc` is on `PATH`; without it the compile tests are skipped, saying so.
    static let tscAvailable: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/tsc") }
    }()

    private func generate(_ policy: String) throws -> String {
        let result = try runBinary(["codegen", CodegenCommandTests.path(policy), "--lang", "typescript", "-o", "-"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("generated the typescript API of"), "\(result.stderr)")
        return result.stdout
    }

    @Test func matchesTheGoldenFile() throws {
        try expectGolden(try generate("plavo"), named: "codegen/plavoPolicy.ts")
    }

    @Test func writesTheFileThroughTheBuiltCLI() throws {
        let directory = try temporaryDirectory("codegen-ts-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("breathingPolicy.ts")
        let result = try runBinary(["codegen", "Policies/breathing.yaml", "--lang", "typescript", "-o", file.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == (try generate("breathing")))
        #expect(text.contains("export function typed<R>("))
    }

    /// Runs `tsc --strict --noEmit` on the generated file and `app.ts`.
    private func compile(_ policy: String, app: String) throws -> (output: String, status: Int32) {
        let directory = try temporaryDirectory("codegen-ts-tsc")
        defer { try? FileManager.default.removeItem(at: directory) }
        try generate(policy).write(to: directory.appendingPathComponent("policy.ts"), atomically: true, encoding: .utf8)
        try app.write(to: directory.appendingPathComponent("app.ts"), atomically: true, encoding: .utf8)
        return try runExternal(
            "tsc", ["--strict", "--noEmit", "--target", "ES2020", "--module", "ES2020", "policy.ts", "app.ts"],
            in: directory)
    }

    /// An app file: a store shaped like the `haptic-policy` package's `PolicyStore`, typed.
    private static func app(_ calls: [String]) -> String {
        """
        import { typed } from "./policy";
        declare const store: {
          decide(event: {
            event: string; screen?: string | null; subject?: string | null;
            value?: number | boolean | string | null; speaks?: boolean; t?: number;
            params?: Readonly<Record<string, number>>;
          }): { policyHash: string };
        };
        const policy = typed(store);
        export const hashes: string[] = [];

        """ + calls.map { "hashes.push(policy.decide(\($0)).policyHash);\n" }.joined()
    }

    /// Choice types that spell the generator's own names (`ClashEventFields`) compile.
    @Test(.enabled(if: tscAvailable, "tsc not found: install Debian's node-typescript (scripts/setup does)"))
    func choiceTypesNamedLikeTheGeneratorsOwnCompile() throws {
        let result = try compile(
            "clash",
            app: Self.app([
                #"{ event: "app", data: { state: "up" } }"#, #"{ event: "event", data: { fields: "second" } }"#,
                #"{ event: "scalar", value: "loud" }"#,
            ]))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: tscAvailable, "tsc not found: install Debian's node-typescript (scripts/setup does)"))
    func correctEventsCompile() throws {
        let result = try compile(
            "plavo",
            app: Self.app([
                #"{ event: "plant.found", screen: "camera", speaks: true }"#,
                #"{ event: "moisture.sample", value: 42, subject: "fern" }"#,
                #"{ event: "data.reset", value: "confirmed" }"#,
                #"{ event: "screen.enter", value: "plant-settings" }"#,
                #"{ event: "app.state", value: "background" }"#,
                #"{ event: "device.lowPower", value: true }"#,
            ]))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: tscAvailable, "tsc not found: install Debian's node-typescript (scripts/setup does)"))
    func theBreathingPolicysParametersAreTyped() throws {
        let generated = try generate("breathing")
        #expect(generated.contains("readonly params?: {"), "breathing's templates carry no parameters here")
        let result = try compile(
            "breathing", app: Self.app([#"{ event: "breath.start", params: { inhale: 4, hold: 7, exhale: 8 } }"#]))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(
        .enabled(if: tscAvailable, "tsc not found: install Debian's node-typescript (scripts/setup does)"),
        arguments: [
            #"{ event: "lap.completed" }"#,  // not in the policy
            #"{ event: "plant.fonud" }"#,  // misspelt
            #"{ event: "moisture.sample", value: "wet" }"#,  // a number event given text
            #"{ event: "screen.enter", value: "kamera" }"#,  // a screen the policy lacks
            #"{ event: "plant.found", screen: "camra" }"#,
        ])
    func aWrongEventFailsToCompile(_ call: String) throws {
        let result = try compile("plavo", app: Self.app([call]))
        #expect(result.status != 0, "tsc accepted \(call)")
        #expect(result.output.contains("app.ts(11,"), "\(result.output)")
    }

    /// Issue 43: a declared `one-of:` value types as exactly its values (those only an
    /// `in:` row names, and those no row names, included), with no `string` escape, so
    /// `tsc --strict` refuses what the runtime would decide `bad-value`; a free-text value
    /// lists the words of `value:` and `in:` rows alike and stays open.
    @Test(.enabled(if: tscAvailable, "tsc not found: install Debian's node-typescript (scripts/setup does)"))
    func aOneOfValueIsExactlyItsDeclaredValues() throws {
        let generated = try generate("choices")
        #expect(generated.contains(#"export type SurfSurfaceChangedValue = "asphalt" | "gravel" | "ice" | "sand";"#))
        #expect(generated.contains(#"export type SurfModeSetValue = "eco" | "sport" | "track" | (string & {});"#))
        let good = try compile(
            "choices",
            app: Self.app([
                #"{ event: "surface.changed", value: "ice" }"#, #"{ event: "surface.changed", value: "sand" }"#,
                #"{ event: "mode.set", value: "track" }"#, #"{ event: "mode.set", value: "anything" }"#,
            ]))
        #expect(good.status == 0, "\(good.output)")
        let bad = try compile("choices", app: Self.app([#"{ event: "surface.changed", value: "dirt" }"#]))
        #expect(bad.status != 0, "tsc accepted a value outside one-of")
        #expect(bad.output.contains("app.ts(11,"), "\(bad.output)")
    }

    @Test(.enabled(if: tscAvailable, "tsc not found: install Debian's node-typescript (scripts/setup does)"))
    func awkwardNamesStillCompile() throws {
        let result = try compile("awkward", app: Self.app([]))
        #expect(result.status == 0, "\(result.output)")
    }
}
