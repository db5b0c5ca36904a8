import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// `lint --format sarif`: SARIF 2.1.0, so CI systems (GitHub code scanning and others)
/// show findings inline. Columns are Unicode code points, as the run declares.
enum SARIFReporter {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var columnKind = "unicodeCodePoints"
        var results: [Result]
        var artifacts: [Artifact]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "haptic-policy"
        var version: String
        var rules: [Rule]
    }

    /// A rule per code reported; `name` and `shortDescription` come from `DiagnosticRegistry`,
    /// `helpUri` is the code's entry in `Docs/checks.md` (relative to the repository root).
    struct Rule: Encodable {
        var id: String
        var name: String?
        var shortDescription: Text
        var helpUri: String
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var properties: Properties?
        /// An acknowledged warning (`acknowledge:` in the policy): suppressed in source.
        var suppressions: [Suppression]?
    }

    /// SARIF's record of a result the source itself suppresses, with the designer's reason.
    struct Suppression: Encodable {
        var kind = "inSource"
        var justification: String
        /// Where the acknowledgement is written.
        var location: Location
    }

    struct Properties: Encodable { var invariant: String }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var message: Text?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable { var uri: String }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    struct Artifact: Encodable { var location: ArtifactLocation }

    static func render(_ diagnostics: [Diagnostic], files: [String], toolVersion: String) -> String {
        var ruleIndex: [String: Int] = [:]
        var rules: [Rule] = []
        for diagnostic in diagnostics where ruleIndex[diagnostic.code] == nil {
            ruleIndex[diagnostic.code] = rules.count
            let registered = DiagnosticRegistry.code(diagnostic.code)
            rules.append(
                Rule(
                    id: diagnostic.code,
                    name: registered?.slug,
                    shortDescription: Text(text: registered?.summary ?? diagnostic.code),
                    helpUri: "Docs/checks.md#" + DiagnosticRegistry.anchor(of: diagnostic.code),
                    defaultConfiguration: Configuration(level: level(diagnostic.severity))))
        }
        let results = diagnostics.map { diagnostic in
            Result(
                ruleId: diagnostic.code,
                ruleIndex: ruleIndex[diagnostic.code] ?? 0,
                level: level(diagnostic.severity),
                message: Text(text: diagnostic.message),
                locations: [location(diagnostic.location, message: nil)],
                relatedLocations: diagnostic.notes.isEmpty
                    ? nil : diagnostic.notes.map { location($0.location, message: $0.message) },
                properties: diagnostic.invariant.map { Properties(invariant: $0) },
                suppressions: diagnostic.acknowledged.map {
                    [Suppression(justification: $0.message, location: location($0.location, message: nil))]
                })
        }
        let log = Log(runs: [
            Run(
                tool: Tool(driver: Driver(version: toolVersion, rules: rules)),
                results: results,
                artifacts: files.map { Artifact(location: ArtifactLocation(uri: uri($0))) })
        ])
        return JSONWriter.report(log)
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func location(_ location: SourceLocation, message: String?) -> Location {
        Location(
            physicalLocation: PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: uri(location.file)),
                region: Region(startLine: max(1, location.line), startColumn: max(1, location.column))),
            message: message.map { Text(text: $0) })
    }

    /// Relative paths stay relative (SARIF viewers resolve them against the checkout).
    private static func uri(_ path: String) -> String {
        (path.hasPrefix("/") ? "file://" : "")
            + path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncodingForURI() }
            .joined(separator: "/")
    }
}

extension Substring {
    fileprivate func addingPercentEncodingForURI() -> String {
        var result = ""
        for byte in self.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~".contains(c) {
                result.append(c)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
