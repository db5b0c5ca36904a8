import Foundation
import Testing

/// scripts/release-flags gives the release builds this project makes itself (the shipped
/// binaries, the benchmarks) the flag that stops Swift 6.3 copying a large struct where it
/// could build it in place (Docs/performance.md, "Large structs copied where they could
/// move"). This compiler must take the flags, and they must still do what they are for.
/// The limit only stops a hang: the two `swiftc -O` runs share the machine with the
/// suite's kotlinc and swiftc tests, and on CI's two cores took 276 s once.
@Suite(.timeLimit(.minutes(10)))
struct ReleaseFlagsTests {
    static let fixture = packageRoot.appendingPathComponent(
        "Tests/HapticPolicyCLITests/Fixtures/release-flags/LargeStruct.swift")

    @Test func theFlagsBuildALargeStructInPlaceWhereSwift63CopiesIt() throws {
        let printed = try runExternal("scripts/release-flags", [])
        try #require(printed.status == 0, "\(printed.output)")
        let words = printed.output.split(whereSeparator: \.isWhitespace).map(String.init)
        let version = try runExternal("swift", ["--version"]).output
        guard version.contains("Swift version 6.3") else {
            #expect(words.isEmpty, "only the compiler the flag was checked on gets it: \(words)")
            return
        }
        #expect(words == ["-Xswiftc", "-Xfrontend", "-Xswiftc", "-disable-aggressive-reg2mem"])
        // What SwiftPM passes on to swiftc: every word after an -Xswiftc.
        let swiftc = stride(from: 1, to: words.count, by: 2).map { words[$0] }
        let directory = try temporaryDirectory("release-flags")
        defer { try? FileManager.default.removeItem(at: directory) }
        func outlinedCopies(with flags: [String]) throws -> Int {
            let assembly = directory.appendingPathComponent("LargeStruct.s")
            let run = try runExternal(
                "swiftc",
                ["-O", "-parse-as-library", "-module-name", "Repro"] + flags
                    + ["-emit-assembly", Self.fixture.path, "-o", assembly.path])
            try #require(run.status == 0, "swiftc \(flags): \(run.output)")
            let text = try String(contentsOf: assembly, encoding: .utf8)
            // Calls of the outlined copy: `call` on x86_64, `bl` on arm64.
            return text.split(separator: "\n").filter { line in
                let instruction = line.drop { $0 == " " || $0 == "\t" }
                return (instruction.hasPrefix("call") || instruction.hasPrefix("bl\t") || instruction.hasPrefix("bl "))
                    && line.contains("LargeVWOc")
            }.count
        }
        let withFlags = try outlinedCopies(with: swiftc)
        #if arch(x86_64)
        // What was measured (on x86_64 Linux): the flag builds the struct in place.
        #expect(withFlags == 0)
        #expect(
            try outlinedCopies(with: []) > 0,
            "this compiler no longer copies the struct without the flag: scripts/release-flags can drop it")
        #else
        // Elsewhere only that the flags compile: the copies were measured on x86_64.
        _ = withFlags
        #endif
    }
}
