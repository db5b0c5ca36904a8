/// A feedback ready to decide with: what it renders, its fallback, its loop and its
/// template parameters with ranges.
final class CompiledFeedback: Sendable {
    /// A template parameter with its allowed range.
    struct Parameter: Sendable {
        var name: String
        var defaultValue: Double
        var minimum: Double?
        var maximum: Double?
    }

    let name: String
    let layer: Layer
    /// `pattern:<name>` for patterns, the preset for presets.
    let render: Render
    let isPattern: Bool
    /// What a pattern renders when it cannot play; nil for `none` or no fallback declared.
    let fallback: Render?
    /// Loop expression (`loop:`), evaluated with the event's parameters.
    let loop: Expression?
    let parameters: [Parameter]
    let location: SourceLocation

    init(
        name: String, layer: Layer, render: Render, isPattern: Bool, fallback: Render?, loop: Expression?,
        parameters: [Parameter], location: SourceLocation
    ) {
        self.name = name
        self.layer = layer
        self.render = render
        self.isPattern = isPattern
        self.fallback = fallback
        self.loop = loop
        self.parameters = parameters
        self.location = location
    }
}
