import Foundation
import PackagePlugin

/// The SwiftPM build-tool plugin: for every policy file of a target (`*.yaml` whose
/// first key is `policy:`; test files, `*.tests.yaml`, are skipped) it runs this
/// package's `haptic-policy` twice, as build commands (so only when the policy changed):
///
/// - `compile`: `<name>.bundle.json`, a resource of the target
///   (`Bundle.module.url(forResource: "<name>.bundle", withExtension: "json")`);
/// - `codegen --lang swift`: `<name>.policy.swift`, compiled into the target (the typed
///   API, `<Name>Policy`).
///
/// A policy with errors fails the build with the tool's `file:line:column` diagnostics.
@main
struct HapticPolicyPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "haptic-policy")
        var commands: [Command] = []
        for file in target.sourceFiles.sorted(by: { $0.url.path < $1.url.path }) where Self.isPolicy(file.url) {
            let name = file.url.deletingPathExtension().lastPathComponent
            let bundle = context.pluginWorkDirectoryURL.appending(path: "\(name).bundle.json")
            let code = context.pluginWorkDirectoryURL.appending(path: "\(name).policy.swift")
            commands.append(
                .buildCommand(
                    displayName: "Compiling haptic policy \(file.url.lastPathComponent)", executable: tool.url,
                    arguments: ["compile", file.url.path, "-o", bundle.path], inputFiles: [file.url],
                    outputFiles: [bundle]))
            commands.append(
                .buildCommand(
                    displayName: "Generating the Swift API of haptic policy \(file.url.lastPathComponent)",
                    executable: tool.url,
                    arguments: ["codegen", file.url.path, "--lang", "swift", "-o", code.path], inputFiles: [file.url],
                    outputFiles: [code]))
        }
        return commands
    }

    /// Whether `url` is a policy: `*.yaml` but not `*.tests.yaml`, with a top-level
    /// `policy:` key (scenarios and other YAML are left alone).
    static func isPolicy(_ url: URL) -> Bool {
        guard url.pathExtension == "yaml", !url.lastPathComponent.hasSuffix(".tests.yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("policy:") }
    }
}
