import Foundation
import HapticPolicy
import HapticPolicyPlayer

/// What the Expo module does, without Expo: holds the app's `PolicyStore`, decides the
/// events JavaScript sends, plays every decision through `HapticPlayer` on the main actor
/// and tells JavaScript (`emit`) what was decided. The module (HapticPolicyModule.swift)
/// only wires this to the Expo Modules API and the Core Haptics output, so everything
/// here is tested on Linux against `RecordingOutput`.
///
/// The four production traps of a Core Haptics module are handled here and in the player:
/// the engine stopping on its own (the player restarts it per stop reason and resumes
/// loops), the first play after the foreground (`appState(foreground:)` decides
/// `app.state`, whose `restart-engine` starts the engine before anything plays), a device
/// without haptics and Low Power Mode (`device.supportsHaptics` at load, `device.lowPower`
/// at load and on every change: the policy then picks the feedback's fallback).
public final class HapticPolicyBridge: @unchecked Sendable {
    // `@unchecked`: `store` and `device` are read and written only with `lock` held; the
    // player lives on the main actor (`Playback`).
    private let lock = NSLock()
    private var store: PolicyStore?
    private var device: DeviceState
    private let emit: @Sendable (_ event: String, _ body: [String: Any?]) -> Void
    private let onMain: @Sendable (_ body: @escaping @MainActor @Sendable () -> Void) -> Void
    private let playback: Playback

    /// The events the module sends to JavaScript.
    public static let events = ["onDecision", "onIntegrationMistake", "onIncident"]

    /// Creates the bridge. `output` makes the player's output on the main actor when the
    /// first decision plays; `device` is what the device allows at launch; `emit` sends
    /// an event to JavaScript (`onDecision` with the package's `Decided` and the event's
    /// name, `onIntegrationMistake`, `onIncident`); `onMain` runs a body on the main actor
    /// (by default the main queue, in the order the decisions were made); fallback
    /// sequences are timed with `schedule`.
    public init(
        output: @escaping @MainActor @Sendable () -> any HapticOutput,
        device: DeviceState,
        emit: @escaping @Sendable (_ event: String, _ body: [String: Any?]) -> Void,
        onMain: @escaping @Sendable (_ body: @escaping @MainActor @Sendable () -> Void) -> Void =
            HapticPolicyBridge.mainQueue,
        schedule: @escaping @MainActor @Sendable (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> Void =
            { HapticPlayer.sleepThenRun($0, $1) }
    ) {
        self.device = device
        self.emit = emit
        self.onMain = onMain
        playback = Playback(makeOutput: output, schedule: schedule, emit: emit)
    }

    /// The default `onMain`: the main dispatch queue, first in first out.
    public static func mainQueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    /// Loads a compiled bundle (its JSON text). The first load creates the store with
    /// the device's state; a later one is a hot reload: a damaged bundle is refused and
    /// the policy in use stays. Returns `{policy, hash}` of the policy now deciding.
    @discardableResult
    public func load(bundle text: String) throws(ExpoArgumentError) -> [String: Any?] {
        let bytes = Array(text.utf8)
        lock.lock()
        defer { lock.unlock() }
        if let store {
            let result = store.reload(bundle: bytes, file: "bundle")
            guard result.applied else {
                let why = result.diagnostics.map(\.message).joined(separator: "; ")
                throw ExpoArgumentError("the bundle was refused (\(why)); the policy \(store.current.hash) stays")
            }
            return ["policy": store.current.name, "hash": store.current.hash]
        }
        do {
            let store = try PolicyStore(bundle: bytes, device: device)
            let emit = self.emit
            store.onIntegrationMistake = { emit("onIntegrationMistake", DecisionObject.mistake($0)) }
            self.store = store
            return ["policy": store.current.name, "hash": store.current.hash]
        } catch {
            throw ExpoArgumentError(
                "the bundle does not load (\(error.description)); compile the policy with "
                    + "`haptic-policy compile policy.yaml -o policy.bundle.json` and pass that file's text")
        }
    }

    /// Decides one event object from JavaScript, plays the decision (on the main actor)
    /// and tells `onDecision`; returns the package's `Decided`.
    public func decide(_ object: [String: Any]) throws(ExpoArgumentError) -> [String: Any?] {
        try decide(ExpoEvent(object))
    }

    /// Decides one event, plays the decision and tells `onDecision`.
    @discardableResult
    public func decide(_ event: ExpoEvent) throws(ExpoArgumentError) -> [String: Any?] {
        lock.lock()
        guard let store else {
            lock.unlock()
            throw ExpoArgumentError("no policy is loaded; call load(bundleText) before deciding '\(event.name)'")
        }
        let fields = event.data.sorted { $0.key < $1.key }.map { Event.Parameter(name: $0.key, value: $0.value) }
        let decided = store.decide(
            t: event.t, event: event.name, screen: event.screen, subject: event.subject, value: event.value,
            speaks: event.speaks, params: event.params, fields: fields)
        // Queued under the lock, so the main actor plays decisions in the order they were made.
        let playback = self.playback
        onMain { playback.handle(decided.decision) }
        lock.unlock()
        let body = DecisionObject.decided(decided)
        emit("onDecision", body.merging(["event": event.name]) { old, _ in old })
        return body
    }

    /// The app went to background (`false`) or came back (`true`): decides `app.state`,
    /// whose `restart-engine` warms the engine again so the first play after returning
    /// is not lost.
    public func appState(foreground: Bool) {
        deviceEvent("app.state", .string(foreground ? "foreground" : "background"))
    }

    /// Low Power Mode turned on or off: the policy plays the fallbacks while it is on.
    public func lowPower(_ on: Bool) {
        lock.lock()
        device.lowPower = on
        lock.unlock()
        deviceEvent("device.lowPower", .bool(on))
    }

    /// Whether the device can play custom patterns (`CHHapticEngine` capabilities).
    public func supportsHaptics(_ on: Bool) {
        lock.lock()
        device.supportsHaptics = on
        lock.unlock()
        deviceEvent("device.supportsHaptics", .bool(on))
    }

    /// What the device allows, as the bridge last heard.
    public var deviceState: DeviceState {
        lock.lock()
        defer { lock.unlock() }
        return device
    }

    /// A state event from the native side; before a policy is loaded only the device
    /// state is kept (the store starts with it).
    private func deviceEvent(_ name: String, _ value: ScalarValue) {
        lock.lock()
        let loaded = store != nil
        lock.unlock()
        guard loaded else { return }
        _ = try? decide(ExpoEvent(name: name, value: value))
    }
}

/// The player's side: made on the main actor when the first decision plays.
@MainActor
final class Playback {
    private let makeOutput: @MainActor @Sendable () -> any HapticOutput
    private let schedule: @MainActor @Sendable (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> Void
    private let emit: @Sendable (_ event: String, _ body: [String: Any?]) -> Void
    private var player: HapticPlayer?

    nonisolated init(
        makeOutput: @escaping @MainActor @Sendable () -> any HapticOutput,
        schedule: @escaping @MainActor @Sendable (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> Void,
        emit: @escaping @Sendable (_ event: String, _ body: [String: Any?]) -> Void
    ) {
        self.makeOutput = makeOutput
        self.schedule = schedule
        self.emit = emit
    }

    func handle(_ decision: Decision) {
        let player: HapticPlayer
        if let existing = self.player {
            player = existing
        } else {
            let schedule = self.schedule
            player = HapticPlayer(output: makeOutput(), schedule: { schedule($0, $1) })
            let emit = self.emit
            player.onIncident = { emit("onIncident", ["message": $0]) }
            self.player = player
        }
        player.handle(decision)
    }
}
