/// The two feedback layers of the brief, never mixed.
public enum Layer: String, Sendable, Hashable, Codable, CaseIterable {
    /// Operation feedback from the system vocabulary: tap, tick, thud, caution.
    case ui
    /// The creature's own custom waveforms.
    case creature
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
public enum ValueKind: String, Sendable, Hashable, Codable, CaseIterable {
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
