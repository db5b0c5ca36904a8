import HapticPolicy

/// Stable diagnostic codes of the exporters and the AHAP importer (HP700-HP799).
/// Never reuse a code for another meaning.
package enum ExportCode {
    /// A `--param` value is outside the parameter's range or names no parameter.
    package static let badParameter = "HP701"
    /// An expression in a pattern cannot be evaluated.
    package static let badExpression = "HP702"
    /// A continuous event longer than Core Haptics' 30 s limit.
    package static let continuousTooLong = "HP703"
    /// The web export had to be truncated to fit the browsers' limits.
    package static let webTruncated = "HP705"
    /// A transient overlaps a continuous event's curve; AHAP curves apply to every event.
    package static let curveOverlapsEvent = "HP706"
    /// An event's intensity or sharpness is outside 0-1 at the export's parameter values; it was clamped.
    package static let valueClamped = "HP707"
    /// A `--param` given for no pattern of the policy.
    package static let unusedParameter = "HP708"

    /// The AHAP text is not valid JSON.
    package static let jsonSyntax = "HP720"
    /// The top level lacks `Pattern` (or is not an object).
    package static let missingPattern = "HP721"
    /// An unknown or misspelled AHAP key.
    package static let unknownKey = "HP722"
    /// A value of the wrong JSON type.
    package static let wrongType = "HP723"
    /// Events or curves not in time order.
    package static let outOfOrder = "HP724"
    /// A value outside its documented range.
    package static let outOfRange = "HP725"
    /// Control-point times that look absolute instead of relative to the curve.
    package static let absoluteCurveTimes = "HP726"
    /// An event type we cannot represent (audio events).
    package static let unsupportedEventType = "HP727"
    /// A required key is missing.
    package static let missingKey = "HP728"
    /// An unknown or unsupported parameter id.
    package static let unknownParameterID = "HP729"
    /// A curve that falls within no continuous event.
    package static let strayCurve = "HP730"
    /// An unexpected `Version`.
    package static let version = "HP731"
    /// A dynamic `Parameter` entry, which our language cannot express.
    package static let dynamicParameter = "HP732"
}
