import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyPlayer
import HapticPolicyYAML
import Testing

/// The repository's `Policies/` directory.
let policiesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Policies")

/// Loads `Policies/<name>.yaml`; fails the test with the diagnostics.
func loadDocument(_ name: String) throws -> PolicyDocument {
    let path = policiesDirectory.appendingPathComponent(name + ".yaml").path
    let result = PolicyLoader.load(path: path)
    let errors = result.diagnostics.filter { $0.severity == .error }
    guard let document = result.document, errors.isEmpty else {
        Issue.record("\(name).yaml does not load: \(errors.map(\.message))")
        throw CancellationError()
    }
    return document
}

/// Loads `Policies/<name>.yaml` and compiles it; fails the test with the diagnostics.
func loadPolicy(_ name: String) throws -> Policy {
    try Policy(compiling: loadDocument(name))
}

/// A session, a recording output and a player, fed events by name.
@MainActor
final class PlayerRig {
    let loaded: Policy
    var session: Session
    let output = RecordingOutput()
    let player: HapticPlayer
    var incidents: [String] = []
    /// Delays asked of the scheduler (fallback sequences); the steps run at once.
    var delays: [Double] { delayRecorder.delays }
    private let delayRecorder: DelayRecorder

    init(_ policy: String) throws {
        loaded = try loadPolicy(policy)
        session = Session(policy: loaded)
        let recorder = DelayRecorder()
        player = HapticPlayer(
            output: output,
            schedule: { seconds, body in
                recorder.delays.append(seconds)
                body()
            })
        delayRecorder = recorder
        player.onIncident = { [unowned self] text in incidents.append(text) }
    }

    /// Decides one event and hands the decision to the player; returns the decision.
    @discardableResult
    func send(
        _ t: Double, _ name: String, screen: String? = nil, subject: String? = nil,
        value: ScalarValue? = nil, speaks: Bool = false, params: [String: Double] = [:]
    ) -> Decision {
        let event = session.event(
            t: t, name: name, screen: screen, subject: subject, value: value, speaks: speaks,
            params: params.sorted { $0.key < $1.key }.map { Event.Parameter(name: $0.key, value: .number($0.value)) })
        let decision = session.decide(event)
        player.handle(decision)
        return decision
    }

    /// Enters a screen.
    func enter(_ t: Double, _ screen: String) {
        send(t, "screen.enter", value: .string(screen))
    }

    /// The calls recorded since the last `take()`.
    func take() -> [String] {
        defer { output.clear() }
        return output.calls
    }
}

@MainActor
final class DelayRecorder {
    var delays: [Double] = []
}
