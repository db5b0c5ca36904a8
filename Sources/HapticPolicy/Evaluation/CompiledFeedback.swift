/// A feedback ready to decide with: what it renders, its fallback, its loop and its
/// template parameters with ranges.
struct CompiledFeedback: Sendable {
    /// A template parameter with its allowed range.
    struct Parameter: Sendable {
        var name: String
        var defaultValue: Double
        var minimum: Double?
        var maximum: Double?
    }

    var name: String
    var layer: Layer
    /// `pattern:<name>` for patterns, the preset for presets.
    var render: Render
    var isPattern: Bool
    /// What a pattern renders when it cannot play; nil for `none` or no fallback declared.
    var fallback: Render?
    /// Loop expression (`loop:`), evaluated with the event's parameters.
    var loop: Expression?
    var parameters: [Parameter]
    var location: SourceLocation
}
