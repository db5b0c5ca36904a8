import Foundation
import Testing

/// Every input in `Tests/Fixtures/fuzz/<target>/` (inputs a fuzz target of `scripts/fuzz`
/// crashed or hung on, and inputs of the faults of issue 13) goes through the built tool
/// the way its target reads it, and must end normally: exit 0 or 1, no crash, no signal,
/// no hang (`timeout` makes a hang exit 124). `scripts/fuzz` seeds its corpus with them.
@Suite struct FuzzRegressionTests {
    static let root = packageRoot.appendingPathComponent("Tests/Fixtures/fuzz")

    /// (target, file name) for every regression input.
    static let inputs: [(String, String)] = {
        let files = FileManager.default
        let targets = (try? files.contentsOfDirectory(atPath: root.path)) ?? []
        return targets.sorted().flatMap { target in
            ((try? files.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? []).sorted()
                .map { (target, $0) }
        }
    }()

    /// The targets of `scripts/fuzz list`; a folder named otherwise is a mistake.
    static let targets: Set<String> = [
        "policy", "eventlog", "ahap", "bundle", "testfile", "scenario", "export", "emit-swift", "emit-kotlin",
        "emit-typescript", "emit-html", "emit-json", "emit-terminal",
    ]

    /// The inputs the built tool replays; those of the `emit-*` targets are names, which
    /// `HostileNamesTests` replays through the generators and the lexer models.
    static let toolInputs = inputs.filter { !$0.0.hasPrefix("emit-") }

    @Test func theRegressionInputsAreThere() {
        #expect(Self.inputs.count >= 5)
        for (target, _) in Self.inputs { #expect(Self.targets.contains(target), "\(target)") }
    }

    /// The shell command that feeds `FILE` to the tool as the target's harness does.
    static func command(target: String, file: URL) throws -> String {
        let path = shellQuoted(file.path)
        switch target {
        case "policy": return "\"$TOOL\" lint \(path) && \"$TOOL\" table \(path)"
        case "eventlog":
            // The harness's first byte picks the options; the rest is the log.
            let control = try Data(contentsOf: file).first ?? 0
            var options: [String] = []
            if control & 1 != 0 { options.append("--explain") }
            if control & 2 != 0 { options += ["--format", "table"] }
            if control & 4 != 0 { options.append("--fail-fast") }
            return "tail -c +2 \(path) | \"$TOOL\" eval Policies/plavo.yaml - \(options.joined(separator: " "))"
        case "ahap": return "\"$TOOL\" import-ahap \(path)"
        case "bundle": return "\"$TOOL\" table \(path)"
        case "testfile":
            // Run next to a copy of plavo, as the harness runs it against plavo.
            return "d=$(mktemp -d) && cp Policies/plavo.yaml \"$d/x.yaml\" && cp \(path) \"$d/x.tests.yaml\" && "
                + "\"$TOOL\" test \"$d/x.tests.yaml\"; code=$?; rm -rf \"$d\"; exit $code"
        case "scenario": return "\"$TOOL\" simulate Policies/plavo.yaml -s \(path)"
        case "export":
            return
                "d=$(mktemp -d) && \"$TOOL\" export \(path) --out \"$d\" && \"$TOOL\" report \(path) --out \"$d/r.html\"; "
                + "code=$?; rm -rf \"$d\"; exit $code"
        default: throw CocoaError(.fileReadUnknown)
        }
    }

    @Test(arguments: toolInputs)
    func aRegressionInputEndsNormally(_ target: String, _ name: String) throws {
        let file = Self.root.appendingPathComponent(target).appendingPathComponent(name)
        let command = try Self.command(target: target, file: file)
        let result = try runShell("timeout 120 sh -c \(shellQuoted(command)) > /dev/null; echo \"exit $?\"")
        #expect(
            result.stdout == "exit 0\n" || result.stdout == "exit 1\n",
            "\(target)/\(name): \(result.stdout) \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(target)/\(name): \(result.stderr)")
        #expect(!result.stderr.contains("crashed"), "\(target)/\(name): \(result.stderr)")
    }
}
