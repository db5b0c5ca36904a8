// iOS (and Mac Catalyst) only: tvOS and visionOS have Core Haptics and UIKit but mark the
// `UI…FeedbackGenerator` classes unavailable, and watchOS has neither. Linux builds it
// against the SDK stand-ins so CI type-checks it. `AppleGuardTests` evaluates this line
// for every platform.
#if canImport(CoreHaptics) && canImport(UIKit) && (os(iOS) || os(Linux))
import CoreHaptics
import Foundation
import HapticPolicy
import UIKit

/// The real output on iOS: Core Haptics for custom patterns and loops, UIKit feedback
/// generators for presets and the ticker. Thin on purpose: every decision about *what*
/// to do lives in `HapticPlayer`, which is tested on Linux against `RecordingOutput`;
/// CI type-checks this file against the SDK stand-ins in `Sources/AppleSDKStandIns`.
@MainActor
public final class CoreHapticsOutput: HapticOutput {
    private var engine: CHHapticEngine?
    private var loops: [String: any CHHapticAdvancedPatternPlayer] = [:]
    /// The last one-shot player of each pattern, so a play of a higher priority can cut it.
    private var oneShots: [String: any CHHapticPatternPlayer] = [:]
    private var ticker: UISelectionFeedbackGenerator?
    /// Whether the engine plays sounds too (`Policy.playsAudio`).
    private let playsAudio: Bool
    /// Where a pattern's sound file is (`click.caf`).
    private let soundURL: @MainActor (String) -> URL?
    /// Sound files registered with the current engine; gone with it.
    private var sounds: [String: CHHapticAudioResourceID] = [:]

    /// Set by the player; receives the engine's stopped and reset handlers on the main actor.
    public var onEngineNotice: (@MainActor (EngineNotice) -> Void)?

    /// Creates the output; the engine is created on the first `prepare-engine`. With
    /// `playsAudio` (pass `Policy.playsAudio`) the engine plays the patterns' sounds,
    /// found by `soundURL` (by default the file of that name in the app's main bundle).
    public init(
        playsAudio: Bool = false,
        soundURL: @escaping @MainActor (String) -> URL? = { Bundle.main.url(forResource: $0, withExtension: nil) }
    ) {
        self.playsAudio = playsAudio
        self.soundURL = soundURL
    }

    /// Whether this device can play custom patterns at all.
    public static var supportsCustomPatterns: Bool {
        CHHapticEngine.capabilitiesForHardware().supportsHaptics
    }

    /// Creates the engine: haptics only (no audio session) unless the policy plays sounds,
    /// handlers wired to the player.
    public func prepareEngine() throws {
        guard engine == nil else { return }
        let engine = try CHHapticEngine()
        engine.playsHapticsOnly = !playsAudio
        sounds.removeAll()
        // Core Haptics calls these on its own queue: hop to the main actor.
        engine.stoppedHandler = { @Sendable [weak self] reason in
            let stop = Self.stopReason(reason)
            Task { @MainActor in self?.engineStopped(stop) }
        }
        engine.resetHandler = { @Sendable [weak self] in
            Task { @MainActor in self?.engineReset() }
        }
        self.engine = engine
    }

    /// Starts the engine (synchronously, so a failure reaches the player's fallback).
    public func startEngine() throws {
        try prepareEngine()
        try engine?.start()
    }

    /// Stops the engine; its loops end with it.
    public func stopEngine() {
        loops.removeAll()
        oneShots.removeAll()
        engine?.stop(completionHandler: nil)
    }

    /// Plays a preset with a fresh generator (the ticker keeps its own).
    public func playPreset(_ preset: Preset, intensity: Double?) {
        switch preset {
        case .selection:
            UISelectionFeedbackGenerator().selectionChanged()
        case .notificationSuccess, .notificationWarning, .notificationError:
            UINotificationFeedbackGenerator().notificationOccurred(Self.notificationType(preset))
        case .impactLight, .impactMedium, .impactHeavy, .impactRigid, .impactSoft:
            let generator = UIImpactFeedbackGenerator(style: Self.impactStyle(preset))
            if let intensity {
                generator.impactOccurred(intensity: CGFloat(intensity))
            } else {
                generator.impactOccurred()
            }
        }
    }

    /// Plays a pattern once with a plain pattern player.
    public func playPattern(_ name: String, pattern: PatternPlan) throws {
        guard let engine else { throw OutputError.noEngine }
        let player = try engine.makePlayer(with: Self.pattern(pattern, sound: sound))
        try player.start(atTime: CHHapticTimeImmediate)
        oneShots[name] = player
    }

    /// Stops the last one-shot player of the pattern `name` (nothing when it has ended).
    public func stopPattern(_ name: String) {
        try? oneShots.removeValue(forKey: name)?.stop(atTime: CHHapticTimeImmediate)
    }

    /// Loops a pattern with the advanced player (`loopEnabled`, `loopEnd` = the period).
    public func startLoop(_ name: String, pattern: PatternPlan) throws {
        guard let engine else { throw OutputError.noEngine }
        stopLoop(name)
        let player = try engine.makeAdvancedPlayer(with: Self.pattern(pattern, sound: sound))
        player.loopEnabled = true
        player.loopEnd = pattern.loop ?? 0
        try player.start(atTime: CHHapticTimeImmediate)
        loops[name] = player
    }

    /// Stops one loop.
    public func stopLoop(_ name: String) {
        try? loops.removeValue(forKey: name)?.stop(atTime: CHHapticTimeImmediate)
    }

    /// One selection generator for the whole gesture.
    public func makeTicker() { ticker = UISelectionFeedbackGenerator() }
    /// Keeps the Taptic Engine ready for the next tick (about a second).
    public func prepareTicker() { ticker?.prepare() }
    /// Ticks.
    public func tick() { ticker?.selectionChanged() }
    /// Lets the generator go when the finger lifts.
    public func releaseTicker() { ticker = nil }

    private func engineStopped(_ reason: EngineStopReason) {
        loops.removeAll()
        // A destroyed engine cannot start again: the next `prepareEngine` makes a new one.
        if reason.needsNewEngine {
            engine = nil
            sounds.removeAll()
        }
        onEngineNotice?(.stopped(reason))
    }

    /// Core Haptics' reason as the player's platform-neutral one, case for case.
    nonisolated static func stopReason(_ reason: CHHapticEngine.StoppedReason) -> EngineStopReason {
        switch reason {
        case .audioSessionInterrupt: .audioSessionInterrupt
        case .applicationSuspended: .applicationSuspended
        case .idleTimeout: .idleTimeout
        case .notifyWhenFinished: .notifyWhenFinished
        case .engineDestroyed: .engineDestroyed
        case .gameControllerDisconnect: .gameControllerDisconnect
        case .systemError: .systemError
        @unknown default: .unknown
        }
    }

    private func engineReset() {
        loops.removeAll()
        sounds.removeAll()
        onEngineNotice?(.reset)
    }

    /// Why a pattern call failed before reaching Core Haptics.
    public enum OutputError: Error, Sendable {
        /// No engine: `prepare-engine` never ran.
        case noEngine
        /// A pattern plays a sound, but the output was made without `playsAudio`.
        case audioOff
        /// A pattern's sound file is not where `soundURL` looked.
        case missingSound(String)
    }

    /// The engine's resource for a sound file, registered on first use.
    private func sound(_ name: String) throws -> CHHapticAudioResourceID {
        guard playsAudio else { throw OutputError.audioOff }
        guard let engine else { throw OutputError.noEngine }
        if let id = sounds[name] { return id }
        guard let url = soundURL(name) else { throw OutputError.missingSound(name) }
        let id = try engine.registerAudioResource(url)
        sounds[name] = id
        return id
    }

    /// The `CHHapticPattern` of a plan: one `CHHapticEvent` per event, one
    /// `CHHapticParameterCurve` per curve, exactly as the AHAP export writes them; a
    /// sound file's resource comes from `sound`.
    static func pattern(
        _ plan: PatternPlan, sound: (String) throws -> CHHapticAudioResourceID
    ) throws -> CHHapticPattern {
        let events = try plan.events.map { event in
            if let audio = event.audio {
                let parameters = [
                    CHHapticEventParameter(parameterID: .audioVolume, value: Float(audio.volume)),
                    CHHapticEventParameter(parameterID: .audioPitch, value: Float(audio.pitch)),
                ]
                guard let file = audio.sound else {
                    return CHHapticEvent(
                        eventType: .audioContinuous, parameters: parameters, relativeTime: event.time,
                        duration: event.duration)
                }
                let id = try sound(file)
                return event.duration > 0
                    ? CHHapticEvent(
                        audioResourceID: id, parameters: parameters, relativeTime: event.time, duration: event.duration)
                    : CHHapticEvent(audioResourceID: id, parameters: parameters, relativeTime: event.time)
            }
            let parameters = [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: Float(event.intensity)),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: Float(event.sharpness)),
            ]
            return event.isTransient
                ? CHHapticEvent(eventType: .hapticTransient, parameters: parameters, relativeTime: event.time)
                : CHHapticEvent(
                    eventType: .hapticContinuous, parameters: parameters, relativeTime: event.time,
                    duration: event.duration)
        }
        let curves = plan.curves.map { curve in
            CHHapticParameterCurve(
                parameterID: curve.controlsIntensity ? .hapticIntensityControl : .hapticSharpnessControl,
                controlPoints: curve.points.map {
                    CHHapticParameterCurve.ControlPoint(relativeTime: $0.time, value: Float($0.value))
                },
                relativeTime: curve.time)
        }
        return try CHHapticPattern(events: events, parameterCurves: curves)
    }

    private static func impactStyle(_ preset: Preset) -> UIImpactFeedbackGenerator.FeedbackStyle {
        switch preset {
        case .impactLight: .light
        case .impactHeavy: .heavy
        case .impactRigid: .rigid
        case .impactSoft: .soft
        default: .medium
        }
    }

    private static func notificationType(_ preset: Preset) -> UINotificationFeedbackGenerator.FeedbackType {
        switch preset {
        case .notificationSuccess: .success
        case .notificationError: .error
        default: .warning
        }
    }
}
#endif
