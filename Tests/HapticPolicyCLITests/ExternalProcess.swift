import Foundation

/// Runs an external program (`swiftc`, `kotlinc`, `swift build`) found on `PATH`, from
/// `directory`, and returns what it printed (stdout and stderr together) and its status.
func runExternal(
    _ program: String, _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]
) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// A fresh temporary directory, named for the test that uses it.
func temporaryDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether an opt-in environment variable (`HAPTIC_POLICY_KOTLIN_TESTS`) is `1`.
func optedIn(_ variable: String) -> Bool {
    ProcessInfo.processInfo.environment[variable] == "1"
}
