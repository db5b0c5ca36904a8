import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument
@testable import HapticPolicyExport

/// Feedback names that make the same file name are refused before anything is written;
/// names in other scripts make readable, distinct names.
@Suite struct ExportFileNameTests {
    private static func tap(_ name: String) -> FeedbackDecl { Fixtures.feedback(name, Fixtures.pulse) }

    @Test func namesThatMakeTheSameFileAreRefusedNamingBoth() throws {
        let document = Fixtures.policy(["zone.up", "zone-up", "zone_up", "zone up"].map(Self.tap))
        let (files, diagnostics) = PolicyExporter.export(document, to: ExportTarget.allCases)
        #expect(files.isEmpty, "\(files.map(\.name))")
        let clashes = diagnostics.filter { $0.code == DiagnosticCode.exportFileNameClash.code }
        #expect(clashes.allSatisfy { $0.severity == .error })
        let messages = clashes.map(\.message)
        #expect(
            messages.contains(
                "feedback 'zone-up' and feedback 'zone.up' would both be written as 'ZoneUpHaptic.kt'; rename one of them (nothing was exported)"
            ), "\(messages)")
        #expect(
            messages.contains(
                "feedback 'zone up' and feedback 'zone_up' would both be written as 'zone_up.ahap'; rename one of them (nothing was exported)"
            ), "\(messages)")
        // One error per pair of feedback, however many of their files clash.
        #expect(Set(messages).count == messages.count)
    }

    @Test func namesDifferingOnlyInCaseClashOnACaseInsensitiveFileSystem() throws {
        let (files, diagnostics) = PolicyExporter.export(
            Fixtures.policy([Self.tap("tap"), Self.tap("Tap")]), to: [.ahap])
        #expect(files.isEmpty)
        let message = try #require(diagnostics.first { $0.code == DiagnosticCode.exportFileNameClash.code }).message
        #expect(message.contains("'tap.ahap' and 'Tap.ahap'"), "\(message)")
        #expect(message.contains("ignores case"), "\(message)")
    }

    @Test func aFeedbackNamedPresetsClashesWithThePresetTable() throws {
        let (files, diagnostics) = PolicyExporter.export(Fixtures.policy([Self.tap("presets")]), to: [.web])
        #expect(files.isEmpty)
        let message = try #require(diagnostics.first { $0.code == DiagnosticCode.exportFileNameClash.code }).message
        #expect(message.hasPrefix("the preset table and feedback 'presets'"), "\(message)")
    }

    @Test func distinctNamesInAnyScriptExportSideBySide() throws {
        let names = ["ゾーン上", "ゾーン下", "💥", "🔥", "café"]
        let (files, diagnostics) = PolicyExporter.export(Fixtures.policy(names.map(Self.tap)), to: [.ahap, .android])
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        let written = Set(files.map(\.name))
        for name in [
            "ゾーン上.ahap", "ゾーン下.ahap", "u1F4A5.ahap", "u1F525.ahap", "café.ahap", "ゾーン上Haptic.kt", "U1F4A5Haptic.kt",
            "CaféHaptic.kt",
        ] {
            #expect(written.contains(name), "\(name) not in \(written.sorted())")
        }
        #expect(written.count == files.count, "no two files share a name")
    }

    @Test func fileNamesNeverLeaveTheOutputFolder() {
        for name in ["../x", ".hidden", "a/b", "..", ""] {
            let file = safeFileName(name)
            #expect(!file.hasPrefix("."), "\(name) → \(file)")
            #expect(!file.contains("/"), "\(name) → \(file)")
        }
    }
}
