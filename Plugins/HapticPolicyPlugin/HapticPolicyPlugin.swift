import Foundation
import PackagePlugin

/// The build-tool plugin: for every policy file of a target (`*.yaml` whose first key is
/// `policy:`; test files, `*.tests.yaml`, are skipped) it runs `haptic-policy` twice, as
/// build commands (so only when the policy or a file it may include changed):
///
/// - `compile`: `<name>.bundle.json`, a resource of the target
///   (`Bundle.module.url(forResource: "<name>.bundle", withExtension: "json")`);
/// - `codegen --lang swift`: `<name>.policy.swift`, compiled into the target (the typed
///   API, `<Name>Policy`).
///
/// A policy with errors fails the build with the tool's `file:line:column` diagnostics.
/// The SwiftPM path and the Xcode path (below) both build their commands with
/// `PolicyBuildPlan.steps(files:outputDirectory:tool:)`.
@main
struct HapticPolicyPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), outputDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "haptic-policy").url)
    }

    /// `PolicyBuildPlan`'s steps as build commands of `tool`.
    static func commands(files: [URL], outputDirectory: URL, tool: URL) -> [Command] {
        PolicyBuildPlan.steps(files: files, outputDirectory: outputDirectory, tool: tool).map {
            .buildCommand(
                displayName: $0.displayName, executable: $0.executable, arguments: $0.arguments,
                inputFiles: $0.inputFiles,
                outputFiles: $0.outputFiles)
        }
    }
}

// An Xcode app target (not a package) applies the plugin in its Build Phases ("Run Build
// Tool Plug-ins"). The API, as checked against the XcodeProjectPlugin module interface
// (XcodePluginContext: `xcodeProject`, `pluginWorkDirectoryURL`, `tool(named:)`;
// XcodeTarget: `displayName`, `inputFiles`, a FileList of File with `url`) and
// SwiftGen/SwiftGenPlugin's Plugins/SwiftGenPlugin/Plugin.swift (the same
// `#if canImport(XcodeProjectPlugin)` extension): the target's input files stand for a
// package target's source files. Linux has no XcodeProjectPlugin, so this part compiles
// only in Xcode; everything it does is `commands(files:outputDirectory:tool:)`.
#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension HapticPolicyPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url), outputDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "haptic-policy").url)
    }
}
#endif
