/// The platform limits every stage checks against, defined once: the validator reports
/// them, the planner splits by them, the exporters refuse what breaks them.
public enum HapticLimits {
    /// Core Haptics' most control points in one parameter curve.
    public static let maxControlPoints = 16
    /// Core Haptics' longest continuous event, in seconds.
    public static let maxContinuousDuration = 30.0
}
