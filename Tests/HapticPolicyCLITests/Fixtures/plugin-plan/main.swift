// PluginPlanTests compiles this with Plugins/HapticPolicyPlugin/PolicyBuildPlan.swift
// (the plugin's shared command logic) and runs it as
// `plan OUTPUT-FOLDER TOOL FILE...`: it prints the steps the plugin would create for a
// target holding FILE..., one JSON object a line.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let output = URL(fileURLWithPath: arguments[0])
let tool = URL(fileURLWithPath: arguments[1])
let files = arguments.dropFirst(2).map { URL(fileURLWithPath: $0) }
for step in PolicyBuildPlan.steps(files: files, outputDirectory: output, tool: tool) {
    let object: [String: Any] = [
        "displayName": step.displayName, "executable": step.executable.path, "arguments": step.arguments,
        "inputFiles": step.inputFiles.map(\.path), "outputFiles": step.outputFiles.map(\.path),
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
