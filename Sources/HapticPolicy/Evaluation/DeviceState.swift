/// What the device allows: Core Haptics support, Low Power Mode and the user's system
/// haptics setting. Changed by `device.*` state events or set up front (`--device`).
public struct DeviceState: Sendable, Hashable {
    /// Whether the device supports Core Haptics (custom patterns); else they fall back.
    public var supportsHaptics: Bool
    /// Whether Low Power Mode is on; custom patterns then fall back.
    public var lowPower: Bool
    /// Whether the user's system haptics setting is on; when off, nothing plays.
    public var hapticsEnabled: Bool

    /// Creates a device state; the default is a capable phone with haptics on.
    public init(supportsHaptics: Bool = true, lowPower: Bool = false, hapticsEnabled: Bool = true) {
        self.supportsHaptics = supportsHaptics
        self.lowPower = lowPower
        self.hapticsEnabled = hapticsEnabled
    }
}
