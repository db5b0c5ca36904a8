import Foundation
import Testing

/// scripts/build-artifactbundle lays out and zips the prebuilt `haptic-policy` that a
/// `binaryTarget` of HapticPolicyPlugin uses, and scripts/validate-artifactbundle.py checks
/// its info.json against the artifact bundle format (SE-0305). The tests never run the
/// release build: `HAPTIC_POLICY_ARTIFACTBUNDLE_BINARY` hands the script this build's tool.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ArtifactBundleTests {
    @Test func theBundleHasOneVariantATripleSetAndItsChecksumIsTheZipsSHA256() throws {
        let output = try temporaryDirectory("artifactbundle")
        defer { try? FileManager.default.removeItem(at: output) }
        let tool = builtToolURL().path
        let run = try runExternal(
            "scripts/build-artifactbundle", ["arm64-apple-macosx,x86_64-apple-macosx=\(tool)"],
            environment: [
                "HAPTIC_POLICY_ARTIFACTBUNDLE_BINARY": tool, "HAPTIC_POLICY_ARTIFACTBUNDLE_OUTPUT": output.path,
            ])
        try #require(run.status == 0, "\(run.output)")
        let bundle = output.appendingPathComponent("haptic-policy.artifactbundle")
        let info = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("info.json")))
                as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifact = try #require((info["artifacts"] as? [String: Any])?["haptic-policy"] as? [String: Any])
        let version = try runExternal(tool, ["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(artifact["version"] as? String == version)
        #expect(artifact["type"] as? String == "executable")
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        let host = try runExternal("swift", ["-print-target-info"]).output
        let triple = try #require(host.firstMatch(of: /"unversionedTriple": "([^"]+)"/)?.1)
        #expect(
            variants.map { $0["supportedTriples"] as? [String] ?? [] } == [
                [String(triple)], ["arm64-apple-macosx", "x86_64-apple-macosx"],
            ])
        for variant in variants {
            let path = try #require(variant["path"] as? String)
            let copy = bundle.appendingPathComponent(path)
            #expect(FileManager.default.isExecutableFile(atPath: copy.path), "\(path)")
            #expect(FileManager.default.contentsEqual(atPath: copy.path, andPath: tool), "\(path)")
        }
        let zip = output.appendingPathComponent("haptic-policy.artifactbundle.zip")
        let sha = try runExternal("sha256sum", [zip.path]).output.prefix(64)
        #expect(run.output.contains("checksum: \(sha)\n"), "\(run.output)")
        #expect(run.output.contains(#"checksum: "\#(sha)""#), "\(run.output)")
        let listing = try runExternal("unzip", ["-Z1", zip.path]).output
        #expect(listing.split(separator: "\n").contains("haptic-policy.artifactbundle/info.json"), "\(listing)")
    }

    @Test func aVariantThatIsNotTripleEqualsBinaryIsAClearError() throws {
        let run = try runExternal(
            "scripts/build-artifactbundle", ["haptic-policy"],
            environment: ["HAPTIC_POLICY_ARTIFACTBUNDLE_BINARY": builtToolURL().path])
        #expect(run.status == 2)
        #expect(run.output.contains("'haptic-policy' is not TRIPLE[,TRIPLE]=BINARY"), "\(run.output)")
    }

    @Test(arguments: [
        (#"{"schemaVersion": "2.0", "artifacts": {}}"#, "schemaVersion is '2.0', not \"1.0\""),
        (
            #"{"schemaVersion": "1.0", "artifacts": {"haptic-policy": {"version": "1", "type": "executable", "variants": [{"path": "bin/haptic-policy"}]}}}"#,
            "artifact 'haptic-policy' variant 0 has no 'supportedTriples'"
        ),
        (
            #"{"schemaVersion": "1.0", "artifacts": {"haptic-policy": {"version": "1", "type": "executable", "variant": []}}}"#,
            "artifact 'haptic-policy' has 'variant', which the format does not define"
        ),
        (
            #"{"schemaVersion": "1.0", "artifacts": {"haptic-policy": {"version": "1", "type": "executable", "variants": [{"path": "bin/missing", "supportedTriples": ["x86_64-unknown-linux-gnu"]}]}}}"#,
            "bin/missing is not an executable file in the bundle"
        ),
        (
            #"{"schemaVersion": "1.0", "artifacts": {"haptic-policy": {"version": "1", "type": "executable", "variants": [{"path": "bin/haptic-policy", "supportedTriples": ["linux"]}]}}}"#,
            "'linux' is not a target triple"
        ),
    ])
    func theValidatorNamesWhatIsWrongInInfoJSON(info: String, message: String) throws {
        let bundle = try temporaryDirectory("bad.artifactbundle")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let bin = bundle.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: builtToolURL(), to: bin.appendingPathComponent("haptic-policy"))
        try info.write(to: bundle.appendingPathComponent("info.json"), atomically: true, encoding: .utf8)
        let run = try runExternal("python3", ["scripts/validate-artifactbundle.py", bundle.path])
        #expect(run.status == 1)
        #expect(run.output.contains(message), "\(run.output)")
    }
}
