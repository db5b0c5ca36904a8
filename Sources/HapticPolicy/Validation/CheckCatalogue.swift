/// Every code the validator reports, in code order, with its one-line summary: the source
/// of the checks reference in the documentation and of the example-fixture test.
///
/// Structural rules (required keys, keys that exclude each other or do not apply, the
/// language version) belong to the front end (HP0xx) and are not repeated here.
/// Codes removed during design (HP100, HP110-HP112, HP120, HP124, HP306) stay unused.
///
/// Ranges: HP100-HP199 values, HP200-HP299 references, HP300-HP399 the table,
/// HP400-HP499 invariants, HP500-HP599 budgets.
package enum CheckCatalogue {
    /// All codes, sorted by code.
    package static let all: [CheckCode] = [
        .intensityOutOfRange, .sharpnessOutOfRange, .curveValueOutOfRange, .durationNotPositive, .negativeTime,
        .continuousTooLong, .tooManyControlPoints, .controlPointOutsideEvent, .controlPointsOutOfOrder,
        .silenceOverlap, .loopTooShort,
        .warmupOutOfRange, .bandEdgesNotAscending, .bandEdgeMisplaced, .tooFewBandLevels, .hysteresisOutOfRange,
        .parameterRangeInvalid, .notFinite, .intensityOnNonImpact, .emptyPattern,
        .unknownFeedback, .unknownBand, .unknownScreen, .unknownEvent, .unknownInvariant, .unknownParameter,
        .invalidFallback, .stopWithoutLoop, .duplicateInvariant, .stateEventDeclared,
        .unusedFeedback, .unusedBand, .unusedScreen, .unusedInvariant, .feedbackNamedLikePreset, .stateEventInTable,
        .unusedParameter, .duplicateDeclaration,
        .gap, .overlappingRows, .shadowedRow, .eventNotOnScreen, .emptySilenceReason,
        .bandWithoutNumber, .tickWithoutPlay, .incompleteCell, .conditionValueMismatch, .unbalancedTicker,
        .coldEngine,
        .bannedPreset, .layerMixing, .valueWithoutBand, .exceptionUnknownEvent,
        .noBudget, .budgetMaxTooSmall, .budgetWindowNotPositive, .budgetUnknownScreen, .duplicateBudget, .budgetExceptionUnknownEvent,
    ]

    /// Codes only a document built in code can trigger (YAML cannot express the mistake),
    /// so they have no YAML example fixtures; `ValidatedPolicyTests` covers them.
    package static let apiOnly: Set<String> = ["HP218"]

    /// The code with this identifier (`HP301`).
    package static func code(_ identifier: String) -> CheckCode? {
        all.first { $0.code == identifier }
    }
}
