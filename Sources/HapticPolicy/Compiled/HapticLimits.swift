/// The platform limits every stage checks against, defined once: the validator reports
/// them, the planner splits by them, the exporters refuse what breaks them.
package enum HapticLimits {
    /// Core Haptics' most control points in one parameter curve.
    package static let maxControlPoints = 16
    /// Core Haptics' longest continuous event, in seconds.
    package static let maxContinuousDuration = 30.0
}
