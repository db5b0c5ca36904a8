import Foundation
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler

/// The package root, found from this file's path.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The registry is the one list of codes: well formed, in code order, each code in its
/// stage's range, and complete: every code written in the sources is declared once and
/// registered. (`DiagnosticExamplesTests` runs every code's example through its stage.)
@Suite struct DiagnosticRegistryTests {
    @Test func codesAreWellFormedUniqueAndInCodeOrder() {
        let codes = DiagnosticRegistry.all.map(\.code)
        #expect(!codes.isEmpty)
        #expect(codes.allSatisfy { $0.wholeMatch(of: /HP[0-9]{3}/) != nil }, "\(codes)")
        #expect(codes == codes.sorted(), "DiagnosticRegistry.all is not in code order")
        #expect(Set(codes).count == codes.count, "a code is registered twice")
    }

    @Test func slugsAreUniqueKebabCase() {
        let slugs = DiagnosticRegistry.all.map(\.slug)
        #expect(Set(slugs).count == slugs.count, "slugs are SARIF rule names and must be unique")
        for code in DiagnosticRegistry.all {
            #expect(code.slug.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(code.code): '\(code.slug)'")
        }
    }

    @Test func summariesAreOneLowercaseLine() {
        for code in DiagnosticRegistry.all {
            #expect(code.summary.first?.isUppercase == false, "\(code.code): \(code.summary)")
            #expect(!code.summary.contains("\n") && !code.summary.hasSuffix("."), "\(code.code): \(code.summary)")
            #expect(code.summary != code.code && code.summary.count > 10, "\(code.code): \(code.summary)")
        }
    }

    @Test func everyCodeIsInItsStageRange() {
        for code in DiagnosticRegistry.all {
            let number = Int(code.code.dropFirst(2)) ?? -1
            #expect(code.stage.range.contains(number), "\(code.code) is declared for \(code.stage.rawValue)")
        }
        #expect(DiagnosticStage.allCases.allSatisfy { !DiagnosticRegistry.codes(of: $0).isEmpty })
    }

    @Test func lookupFindsEveryCodeAndNothingElse() {
        for code in DiagnosticRegistry.all {
            #expect(DiagnosticRegistry.code(code.code) == code)
        }
        #expect(DiagnosticRegistry.code("HP000") == nil)
        #expect(DiagnosticRegistry.code("HP301")?.slug == "gap")
    }

    @Test func severitiesAreDistinctAndNeverNote() {
        for code in DiagnosticRegistry.all {
            #expect(Set(code.severities).count == code.severities.count, "\(code.code)")
            #expect(!code.severities.contains(.note), "\(code.code)")
        }
    }

    @Test func emittingUsesTheUsualSeverityUnlessToldOtherwise() {
        let here = SourceLocation(file: "a.ahap", line: 2, column: 3)
        let usual = DiagnosticCode.ahapOutOfRange("'Time' -1 is negative", at: here)
        #expect(usual == Diagnostic(code: "HP725", severity: .warning, message: "'Time' -1 is negative", at: here))
        let error = DiagnosticCode.ahapOutOfRange("'Time' -1 is negative", at: here, severity: .error)
        #expect(error.severity == .error && error.code == "HP725")
        let gap = DiagnosticCode.gap("no row decides it: add one", at: here, invariant: "H-1")
        #expect(gap.severity == .error && gap.invariant == "H-1" && gap.code == "HP301")
    }

    @Test func fixtureExamplesExistAndAreNamedAfterTheirCode() {
        for code in DiagnosticRegistry.all {
            guard case .policy(.file(let path), _) = code.example else { continue }
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path),
                "\(code.code): \(path)")
            #expect(path.hasSuffix("/\(code.code)-\(code.slug).fail.yaml"), "\(code.code): \(path)")
        }
    }

    /// The codes written as `"HPnnn"` in the sources (comment lines aside), with where.
    static func writtenCodes() throws -> [(code: String, place: String)] {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
        var found: [(String, String)] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let path = "Sources/" + file
            guard !skipped.contains(path) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for match in line.matches(of: /"(HP[0-9]{3})"/) {
                    found.append((String(match.1), "\(path):\(index + 1)"))
                }
                #expect(
                    !line.contains("\"HP\\("),
                    "\(path):\(index + 1) builds a code from parts; declare it as a DiagnosticCode")
            }
        }
        return found
    }

    static let skipped: Set<String> = []

    @Test func everyCodeWrittenInTheSourcesIsRegistered() throws {
        let written = try Self.writtenCodes()
        #expect(written.count >= DiagnosticRegistry.all.count, "the source scan found too little: \(written.count)")
        for (code, place) in written {
            #expect(
                DiagnosticRegistry.code(code) != nil,
                "\(code) at \(place) is not in DiagnosticRegistry.all; declare it as a DiagnosticCode and add it to the list"
            )
        }
    }

    /// Each code is written once, in its declaration: emit sites use the declared value.
    @Test func everyCodeIsWrittenOnlyInItsDeclaration() throws {
        let places = Dictionary(grouping: try Self.writtenCodes(), by: \.code).mapValues { $0.map(\.place) }
        for code in DiagnosticRegistry.all {
            let found = places[code.code] ?? []
            #expect(
                found.count == 1,
                "\(code.code) is written at \(found); write it once, in its DiagnosticCode declaration, and emit through that"
            )
        }
    }

    /// The runtime reports one code without the tooling's `DiagnosticCode`: what it emits
    /// is what the registry declares.
    @Test func theRuntimesBundleCodeIsTheRegisteredOne() {
        let here = SourceLocation(file: "p.bundle", line: 1, column: 1)
        let emitted = Diagnostic.bundleRefused("not a bundle", at: here)
        #expect(emitted == DiagnosticCode.bundleRefused("not a bundle", at: here))
        #expect(DiagnosticRegistry.code(emitted.code)?.stage == .bundle)
    }

    @Test func theScanSeesStrayLiterals() {
        let line = #"        Diagnostic(code: "HP123", severity: .error, message: "x", at: .unknown)"#
        #expect(line.matches(of: /"(HP[0-9]{3})"/).map { String($0.1) } == ["HP123"])
    }
}

/// `Docs/checks.md` is generated from the registry; this test fails when it is stale.
/// `RECORD_GOLDEN=1` rewrites it (like the golden files), and still fails so a recording
/// is never silent.
@Suite struct DiagnosticRegistryDocsTests {
    static let path = packageRoot.appendingPathComponent("Docs/checks.md")

    @Test func checksPageIsFresh() throws {
        let expected = DiagnosticRegistry.markdown
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try expected.write(to: Self.path, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(Self.path.path); unset RECORD_GOLDEN and run again")
            return
        }
        let actual = try String(contentsOf: Self.path, encoding: .utf8)
        #expect(
            actual == expected,
            "Docs/checks.md is stale: run RECORD_GOLDEN=1 swift test --filter DiagnosticRegistryDocsTests")
    }

    @Test func everyCodeIsOnThePageWithItsNameAndSeverity() {
        let page = DiagnosticRegistry.markdown
        for code in DiagnosticRegistry.all {
            #expect(page.contains("| \(code.code) | \(code.severity.rawValue)"), "\(code.code)")
            #expect(page.contains("| `\(code.slug)` |"), "\(code.code)")
        }
    }

    @Test func everyLinkLeadsSomewhere() throws {
        let page = DiagnosticRegistry.markdown
        let headings = Set(
            page.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { $0.dropFirst(4).lowercased() })
        for match in page.matches(of: /\]\(#([a-z0-9]+)\)/) {
            #expect(headings.contains(String(match.1)), "no section for #\(match.1)")
        }
        let docs = packageRoot.appendingPathComponent("Docs")
        for match in page.matches(of: /\]\((\.\.\/[^)]+)\)/) {
            let target = docs.appendingPathComponent(String(match.1)).standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: target), "\(match.1) does not exist")
        }
    }

    @Test func everyWrittenOutExampleIsShown() {
        let page = DiagnosticRegistry.markdown
        for code in DiagnosticRegistry.all {
            if case .policy(.file, _) = code.example { continue }
            #expect(page.contains("[below](#\(code.code.lowercased()))"), "\(code.code)")
            #expect(page.contains("\n### \(code.code)\n"), "\(code.code)")
        }
    }
}
