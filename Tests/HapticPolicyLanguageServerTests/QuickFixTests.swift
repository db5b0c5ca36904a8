import Foundation
import HapticPolicy
import Testing

@testable import HapticPolicyLanguageServer

/// The quick fix a "did you mean" finding offers, read from the message the front end and
/// the validator write.
@Suite struct QuickFixTests {
    @Test func theSuggestionTheValidatorWritesIsReadBack() throws {
        // The message as `didYouMean` ends it, so the two cannot drift apart.
        let message = "unknown feedback 'gaol' in camera/plant.found" + didYouMean("gaol", among: ["goal", "pulse"])
        let fix = try #require(QuickFix(message: message, underlined: "gaol"))
        #expect(fix.title == "Change 'gaol' to 'goal'" && fix.replacement == "goal")
        #expect(fix.offset == 0 && fix.length == 4)
    }

    @Test func aNameInsideTheUnderlinedTextIsReplacedWhereItIsWritten() throws {
        // A quoted scalar, after an emoji (two UTF-16 units): the offset counts UTF-16.
        let fix = try #require(
            QuickFix(message: "unknown key 'intensty'; did you mean 'intensity'?", underlined: "🌱 intensty\""))
        #expect(fix.offset == 3 && fix.length == 8 && fix.replacement == "intensity")
    }

    @Test func noFixWithoutASuggestionOrWhenTheNameIsNotUnderlined() {
        #expect(QuickFix(message: "unknown feedback 'gaol'; use one of a, b", underlined: "gaol") == nil)
        #expect(QuickFix(message: "unknown feedback 'gaol'; did you mean 'goal'?", underlined: "pulse") == nil)
        // Written twice in the underlined text: which one is meant is not known.
        #expect(QuickFix(message: "unknown word 'ab'; did you mean 'abc'?", underlined: "ab ab") == nil)
    }
}

/// Where the server looks for the policy that includes a file opened on its own.
@Suite struct IncludingPoliciesTests {
    @Test func theFoldersAboveAFileStopAtTheWorkspaceFolder() {
        #expect(
            IncludingPolicies.folders(above: "/w/app/Policies/stride/workout.yaml", roots: ["/w/app", "/w"])
                == ["/w/app/Policies/stride", "/w/app/Policies", "/w/app"])
        #expect(
            IncludingPolicies.folders(above: "/elsewhere/a/b.yaml", roots: ["/w/app"]) == [
                "/elsewhere/a", "/elsewhere", "/",
            ])
    }

    @Test func aPolicyOnDiskIsFoundAndForgottenWhenItNoLongerIncludesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("including-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = folder.appendingPathComponent("parts/feedback.yaml").path
        try "feedback:\n  tap: {layer: ui, preset: impact.light}\n".write(
            toFile: part, atomically: true, encoding: .utf8)
        let main = folder.appendingPathComponent("main.yaml").path
        try "policy: main\nversion: 1\ninclude: [parts/feedback.yaml]\n".write(
            toFile: main, atomically: true, encoding: .utf8)
        // A YAML file that names the file, and is no policy.
        try "name: ci\nsteps: [parts/feedback.yaml]\n".write(
            toFile: folder.appendingPathComponent("ci.yml").path, atomically: true, encoding: .utf8)
        let finder = IncludingPolicies()
        let files = WorkspaceFiles(folders: [folder.path])
        #expect(finder.policies(including: part, files: files, open: [:]) == [main])
        // The editor's unsaved text of the policy counts, not the file.
        let edited = Array("policy: main\nversion: 1\n".utf8)
        #expect(finder.policies(including: part, files: files, open: [main: edited]).isEmpty)
        try "policy: main\nversion: 1\n".write(toFile: main, atomically: true, encoding: .utf8)
        finder.invalidate()
        #expect(finder.policies(including: part, files: files, open: [:]).isEmpty)
    }
}
