/// What the app's player actually renders after fallbacks.
public enum Render: Sendable, Hashable, CustomStringConvertible {
    /// A system preset (`impact.light`, `selection`, `notification.warning`, ...).
    case preset(Preset)
    /// A custom pattern by feedback name, rendered with Core Haptics (`pattern:pulse`).
    case pattern(String)
    /// The timed preset sequence declared as a pattern's fallback (`sequence:breath`).
    case sequence(String)

    /// The log form: `impact.rigid`, `pattern:pulse`, `sequence:breath`.
    public var description: String {
        switch self {
        case .preset(let preset): preset.rawValue
        case .pattern(let name): "pattern:" + name
        case .sequence(let name): "sequence:" + name
        }
    }
}
