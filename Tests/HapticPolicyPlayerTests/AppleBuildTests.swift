import Foundation
import Testing

/// What Linux can check of the Apple builds: the Core Haptics output's compile guard for
/// every platform, and that the guide's samples respect the availability the SDK
/// declares for what they call (the stand-ins copy it from Apple's pages). A Mac checks
/// the rest (`.github/workflows/apple.yml`).
@Suite struct AppleBuildTests {
    static let sources = policiesDirectory.deletingLastPathComponent().appendingPathComponent("Sources")

    // MARK: The compile guard

    /// The modules each platform can import (Linux: the SDK stand-ins).
    static let modules: [String: Set<String>] = [
        "iOS": ["CoreHaptics", "UIKit", "SwiftUI"],
        "tvOS": ["CoreHaptics", "UIKit", "SwiftUI"],
        "visionOS": ["CoreHaptics", "UIKit", "SwiftUI"],
        "watchOS": ["SwiftUI"],
        "macOS": ["CoreHaptics", "SwiftUI"],
        "Linux": ["CoreHaptics", "UIKit", "SwiftUI"],
    ]

    /// Evaluates a `#if` condition made of `canImport(...)`, `os(...)`, `!`, `&&`, `||`
    /// and parentheses for one platform.
    static func evaluate(_ condition: String, on platform: String) throws -> Bool {
        var tokens: [String] = []
        var rest = Substring(condition)
        while let first = rest.first {
            if first == " " {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("&&") || rest.hasPrefix("||") {
                tokens.append(String(rest.prefix(2)))
                rest = rest.dropFirst(2)
            } else if "!()".contains(first) {
                tokens.append(String(first))
                rest = rest.dropFirst()
            } else if let match = rest.prefixMatch(of: /(canImport|os)\(([A-Za-z]+)\)/) {
                tokens.append(String(match.1) + ":" + String(match.2))
                rest = rest[match.range.upperBound...]
            } else {
                throw ParseFailure(text: String(rest))
            }
        }
        var index = 0
        func primary() throws -> Bool {
            guard index < tokens.count else { throw ParseFailure(text: condition) }
            let token = tokens[index]
            index += 1
            switch token {
            case "!": return !(try primary())
            case "(":
                let value = try or()
                index += 1  // ")"
                return value
            default:
                let parts = token.split(separator: ":").map(String.init)
                return parts[0] == "os" ? parts[1] == platform : modules[platform, default: []].contains(parts[1])
            }
        }
        func and() throws -> Bool {
            var value = try primary()
            while index < tokens.count, tokens[index] == "&&" {
                index += 1
                value = try primary() && value
            }
            return value
        }
        func or() throws -> Bool {
            var value = try and()
            while index < tokens.count, tokens[index] == "||" {
                index += 1
                value = try and() || value
            }
            return value
        }
        return try or()
    }

    struct ParseFailure: Error { var text: String }

    static func guardCondition(of file: String) throws -> String {
        let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("#if ") })
        return String(line.dropFirst(4))
    }

    @Test func theCoreHapticsOutputBuildsOnIOSAndForTheLinuxTypeCheckOnly() throws {
        let condition = try Self.guardCondition(of: "HapticPolicyPlayer/Apple/CoreHapticsOutput.swift")
        for platform in ["iOS", "Linux"] {
            #expect(try Self.evaluate(condition, on: platform), "\(platform) must build the output")
        }
        // tvOS and visionOS have Core Haptics and UIKit but no UI…FeedbackGenerator.
        for platform in ["tvOS", "visionOS", "watchOS", "macOS"] {
            #expect(try !Self.evaluate(condition, on: platform), "\(platform) must leave the output out")
        }
    }

    @Test func theEvaluatorSeesWhatTheOldGuardLetThrough() throws {
        #expect(try Self.evaluate("canImport(CoreHaptics) && canImport(UIKit)", on: "tvOS"))
        #expect(try !Self.evaluate("canImport(CoreHaptics) && canImport(UIKit) && (os(iOS) || os(Linux))", on: "tvOS"))
    }

    // MARK: Availability

    /// An API of a stand-in with the iOS version it came in and, if any, was deprecated in.
    struct API {
        var name: String
        var introduced: Int
        var deprecated: Int?
    }

    /// Every stand-in declaration with an `@available(iOS ...)` attribute.
    static func availability() throws -> [API] {
        var apis: [API] = []
        for file in [
            "SwiftUI/SwiftUI.swift", "UIKit/UIKit.swift", "UIKit/UIKit+App.swift", "CoreHaptics/CoreHaptics.swift",
        ] {
            let text = try String(
                contentsOf: sources.appendingPathComponent("AppleSDKStandIns").appendingPathComponent(file),
                encoding: .utf8)
            var pending: (introduced: Int, deprecated: Int?)?
            // One logical line per attribute: the formatter wraps long ones.
            var lines: [String] = []
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if let last = lines.last, last.hasPrefix("@available("), !last.contains(")") {
                    lines[lines.count - 1] = last + (last.hasSuffix("(") ? "" : " ") + line
                } else {
                    lines.append(line)
                }
            }
            for line in lines {
                if let match = line.firstMatch(of: /^@available\(iOS (\d+)/) {
                    pending = (Int(match.1) ?? 0, nil)
                } else if let match = line.firstMatch(
                    of: /^@available\(iOS, introduced: (\d+)[.0-9]*, deprecated: (\d+)/)
                {
                    pending = (Int(match.1) ?? 0, Int(match.2))
                } else if let found = pending,
                    let match = line.firstMatch(
                        of: /^(?:public|open) (?:static |final )*(?:func|var|let|enum|struct|class) ([A-Za-z_]+)/)
                {
                    apis.append(API(name: String(match.1), introduced: found.introduced, deprecated: found.deprecated))
                    pending = nil
                }
            }
        }
        return apis
    }

    /// The iOS version the sample app package declares (`.iOS(.v13)`).
    static func deploymentTarget() throws -> Int {
        let manifest = try String(contentsOf: EmbeddingGuideTests.manifestSample, encoding: .utf8)
        return try #require(manifest.firstMatch(of: /\.iOS\(\.v(\d+)\)/).flatMap { Int($0.1) })
    }

    /// Checks one sample: every use of an API newer than the deployment target comes after
    /// an `@available(iOS N, *)` or `#available(iOS N, *)` with N at least its version, and a
    /// deprecated API is used only beside an `#available` branch to its replacement.
    static func problems(in sample: String, apis: [API], target: Int) -> [String] {
        var found: [String] = []
        for api in apis where api.introduced > target || api.deprecated != nil {
            for use in sample.ranges(of: Regex<Substring>(verbatim: api.name)) {
                let before = sample[..<use.lowerBound]
                guard before.last.map({ $0 == "." || $0 == " " || $0 == "(" }) ?? true,
                    sample[use.upperBound...].first.map({ !$0.isLetter && !$0.isNumber }) ?? true
                else { continue }
                let guarded = before.matches(of: /[@#]available\(iOS (\d+)/).compactMap { Int($0.1) }.max() ?? target
                if api.introduced > target, guarded < api.introduced {
                    found.append(
                        "\(api.name) needs iOS \(api.introduced); mark the declaration @available(iOS \(api.introduced), *)"
                    )
                }
                if let deprecated = api.deprecated, !sample.contains("#available(iOS \(deprecated)") {
                    found.append(
                        "\(api.name) is deprecated in iOS \(deprecated); use its replacement under #available(iOS \(deprecated), *)"
                    )
                }
            }
        }
        return found
    }

    @Test func theGuidesSamplesRespectTheSDKsAvailability() throws {
        let apis = try Self.availability()
        #expect(apis.contains { $0.name == "scenePhase" && $0.introduced == 14 })
        #expect(apis.contains { $0.name == "onChange" && $0.deprecated == 17 })
        #expect(apis.contains { $0.name == "UIImpactFeedbackGenerator" && $0.introduced == 10 })
        let target = try Self.deploymentTarget()
        for (name, text) in try EmbeddingGuideTests.sampleRegions() {
            #expect(Self.problems(in: text, apis: apis, target: target) == [], "sample '\(name)'")
        }
    }

    /// The SwiftUI sample as it was (iOS 14 and deprecated API in an iOS 13 package) fails.
    @Test func theCheckFindsTheOldSwiftUISample() throws {
        let old = """
            struct NamingScreen: View {
                @Environment(\\.scenePhase) private var scenePhase
                var body: some View {
                    Text("Name your plant").onChange(of: scenePhase) { phase in }
                }
            }
            """
        let problems = Self.problems(in: old, apis: try Self.availability(), target: 13)
        #expect(problems.contains { $0.hasPrefix("scenePhase needs iOS 14") })
        #expect(problems.contains { $0.hasPrefix("onChange is deprecated in iOS 17") })
    }
}
