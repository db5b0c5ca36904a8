import Foundation

// The plugin's one way of turning a policy into build commands, shared by its SwiftPM
// path (`BuildToolPlugin`) and its Xcode path (`XcodeBuildToolPlugin`). It imports
// Foundation only, not PackagePlugin, so that a test compiles this file on its own
// (PluginBuildPlanTests runs `swiftc` on it) and checks the commands both paths create.

/// One build command of the plugin, before it becomes a PackagePlugin `Command`.
struct PolicyBuildStep: Equatable {
    /// What the build log shows while it runs.
    var displayName: String
    /// The `haptic-policy` it runs.
    var executable: URL
    /// Its arguments.
    var arguments: [String]
    /// The files whose change runs the step again: the policy and every file it may include.
    var inputFiles: [URL]
    /// The file the step writes.
    var outputFiles: [URL]
}

/// What the plugin builds from a target's files.
enum PolicyBuildPlan {
    /// Whether `url` is a policy: `*.yaml` but not `*.tests.yaml`, with a top-level
    /// `policy:` key (scenarios, included files and other YAML are left alone).
    static func isPolicy(_ url: URL) -> Bool {
        url.pathExtension == "yaml" && !url.lastPathComponent.hasSuffix(".tests.yaml") && setsPolicy(url)
    }

    /// Whether the YAML file at `url` has a top-level `policy:` key, which only a main file
    /// may set (an included file that does is HP025).
    static func setsPolicy(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("policy:") }
    }

    /// Every file `policy` may include, sorted: each `*.yaml` and `*.yml` in its folder and
    /// the folders below it (hidden ones skipped), but the policy itself and the other
    /// policies there. An included file is always inside the main file's folder (HP022
    /// rejects an absolute path, `..` above it and a symlink out of it) and never sets
    /// `policy:` (HP025), so this never misses one. The plugin links no YAML parser to read
    /// the `include:` lists, so it may list more (a scenario, a test file), which at worst
    /// runs the commands again when nothing they read changed.
    static func includedFiles(of policy: URL) -> [URL] {
        let folder = policy.deletingLastPathComponent()
        let main = policy.standardizedFileURL.path
        guard
            let walk = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walk where ["yaml", "yml"].contains(url.pathExtension) {
            guard url.standardizedFileURL.path != main,
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true, !setsPolicy(url)
            else { continue }
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The two steps for one policy: `compile` into `<name>.bundle.json` (a resource) and
    /// `codegen --lang swift` into `<name>.policy.swift` (compiled into the target), both
    /// in `outputDirectory`, both run by `tool` with the policy and `includedFiles` as inputs.
    static func steps(policy: URL, includedFiles: [URL], outputDirectory: URL, tool: URL) -> [PolicyBuildStep] {
        let name = policy.deletingPathExtension().lastPathComponent
        let bundle = outputDirectory.appendingPathComponent("\(name).bundle.json")
        let code = outputDirectory.appendingPathComponent("\(name).policy.swift")
        let inputs = [policy] + includedFiles
        return [
            PolicyBuildStep(
                displayName: "Compiling haptic policy \(policy.lastPathComponent)", executable: tool,
                arguments: ["compile", policy.path, "-o", bundle.path], inputFiles: inputs, outputFiles: [bundle]),
            PolicyBuildStep(
                displayName: "Generating the Swift API of haptic policy \(policy.lastPathComponent)", executable: tool,
                arguments: ["codegen", policy.path, "--lang", "swift", "-o", code.path], inputFiles: inputs,
                outputFiles: [code]),
        ]
    }

    /// The steps for every policy among `files` (a target's files, in any order), sorted by path.
    static func steps(files: [URL], outputDirectory: URL, tool: URL) -> [PolicyBuildStep] {
        files.filter(isPolicy).sorted { $0.path < $1.path }.flatMap {
            steps(policy: $0, includedFiles: includedFiles(of: $0), outputDirectory: outputDirectory, tool: tool)
        }
    }
}
