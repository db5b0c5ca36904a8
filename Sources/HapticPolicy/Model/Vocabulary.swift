/// A feedback layer: a name the policy declares under `layers:` (plavo: `ui` and
/// `creature`; another app may say `ui` and `coach`). A policy that declares none has the
/// two layers of the brief, `ui` and `creature`. `no-layer-mixing` never lets an event of
/// one layer play feedback of another. Encoded as its name.
public struct Layer: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The layer's name, as written in the policy.
    public var rawValue: String

    /// The layer named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The layer named `name`.
    public init(_ name: String) {
        self.rawValue = name
    }

    /// Operation feedback from the system vocabulary: tap, tick, thud, caution.
    public static let ui = Layer("ui")
    /// The creature's own custom waveforms.
    public static let creature = Layer("creature")
    /// The layers of a policy that declares none under `layers:`, in this order.
    public static let implicit: [Layer] = [.ui, .creature]

    /// The name.
    public var description: String { rawValue }
}

/// What the feedback of a declared layer may be (`plays:` of a layer).
package enum LayerPlays: String, Sendable, Hashable, Codable, CaseIterable {
    /// Only system presets (`preset:`).
    case presets
    /// Only custom waveforms (`pattern:`).
    case patterns
    /// Either; the default.
    case either
}

/// The system haptic vocabulary (UIFeedbackGenerator on iOS).
public enum Preset: String, Sendable, Hashable, Codable, CaseIterable {
    /// `UIImpactFeedbackGenerator(style: .light)`.
    case impactLight = "impact.light"
    /// `UIImpactFeedbackGenerator(style: .medium)`.
    case impactMedium = "impact.medium"
    /// `UIImpactFeedbackGenerator(style: .heavy)`.
    case impactHeavy = "impact.heavy"
    /// `UIImpactFeedbackGenerator(style: .rigid)`.
    case impactRigid = "impact.rigid"
    /// `UIImpactFeedbackGenerator(style: .soft)`.
    case impactSoft = "impact.soft"
    /// `UISelectionFeedbackGenerator`.
    case selection
    /// `UINotificationFeedbackGenerator` `.success`.
    case notificationSuccess = "notification.success"
    /// `UINotificationFeedbackGenerator` `.warning`.
    case notificationWarning = "notification.warning"
    /// `UINotificationFeedbackGenerator` `.error`.
    case notificationError = "notification.error"

    /// Whether the preset accepts an intensity (impacts only).
    public var acceptsIntensity: Bool { rawValue.hasPrefix("impact.") }
}

/// The kind of value an event carries in its `value` field.
package enum ValueKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A continuous number; must be mapped through bands (H-1).
    case number
    /// `true` or `false`.
    case bool
    /// A string.
    case string
}

/// The built-in state events the evaluator handles itself; they need no table rows.
public enum StateEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user opened a screen (`screen` or `value` names it).
    case screenEnter = "screen.enter"
    /// `"foreground"` or `"background"` in `value`.
    case appState = "app.state"
    /// Low Power Mode on or off (`value` boolean).
    case lowPower = "device.lowPower"
    /// Whether the device supports Core Haptics (`value` boolean).
    case supportsHaptics = "device.supportsHaptics"
    /// The user's system haptics setting (`value` boolean).
    case hapticsEnabled = "device.hapticsEnabled"
}

/// The gesture step of a ticker row (`ticker:`).
package enum TickerStep: String, Sendable, Hashable, Codable, CaseIterable {
    /// The gesture begins: create and prepare the generator.
    case begin
    /// One tick: play, then re-prepare.
    case tick
    /// The gesture ends: release the generator.
    case end
}

/// What the invariant enforces.
package enum InvariantKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Never play the listed presets, anywhere, fallbacks included.
    case bannedPresets = "banned-presets"
    /// Creature feedback plays only when the event says the creature speaks.
    case creatureNeedsSpeech = "creature-needs-speech"
    /// UI events never play creature feedback; creature events never play presets.
    case noLayerMixing = "no-layer-mixing"
    /// Events carrying a number are decided only through bands (ring on change).
    case bandsOnly = "bands-only"
    /// A principle rows cite (for example the utility principle); not machine-checked.
    case guideline
}

/// The kind of one event of a pattern.
package enum PatternEventKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A tap (Core Haptics `HapticTransient`).
    case transient
    /// A sustained vibration up to 30 s (`HapticContinuous`).
    case continuous
    /// A deliberate gap: nothing plays; shown in reports, checked for overlaps.
    case silence
    /// A sound file of the app played with the haptics (Core Haptics `AudioCustom`):
    /// the metronome's click. Needs an engine that is not haptics-only.
    case audioCustom = "audio-custom"
    /// A generated tone for a duration (Core Haptics `AudioContinuous`). Needs an engine
    /// that is not haptics-only.
    case audioContinuous = "audio-continuous"

    /// Whether the event is sound, not vibration: Android and the web drop it.
    package var isAudio: Bool { self == .audioCustom || self == .audioContinuous }
    /// Whether the event vibrates (a transient or a continuous event).
    package var isHaptic: Bool { self == .transient || self == .continuous }
}

/// A platform whose exports a feedback can override (`platforms:`). The feedback itself
/// is what Core Haptics and the player play; Android and the web may play something else.
package enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    /// Android's `VibrationEffect` (the Android export).
    case android
    /// The web's `navigator.vibrate` (the web export).
    case web
}

/// The parameter a pattern curve controls.
package enum CurveParameter: String, Sendable, Hashable, Codable, CaseIterable {
    /// Multiplies the event intensity (`HapticIntensityControl`).
    case intensity
    /// Offsets the event sharpness (`HapticSharpnessControl`).
    case sharpness
}
