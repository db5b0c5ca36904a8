/// Every code the validator reports, in code order, with its one-line summary: the source
/// of the checks reference in the documentation and of the example-fixture test.
///
/// Ranges: HP100-HP199 values, HP200-HP299 references, HP300-HP399 the table,
/// HP400-HP499 invariants, HP500-HP599 budgets.
package enum CheckCatalogue {
    /// All codes, sorted by code.
    package static let all: [CheckCode] = [
        .unsupportedVersion,
        .intensityOutOfRange, .sharpnessOutOfRange, .curveValueOutOfRange, .durationNotPositive, .negativeTime,
        .continuousTooLong, .tooManyControlPoints, .controlPointOutsideEvent, .controlPointsOutOfOrder,
        .curveOnNonContinuous, .durationOnTransient, .missingDuration, .silenceOverlap, .loopTooShort,
        .warmupOutOfRange, .bandEdgesNotAscending, .bandEdgeMisplaced, .tooFewBandLevels, .hysteresisOutOfRange,
        .levelPlayAndSilent, .parameterRangeInvalid, .notFinite, .intensityOnNonImpact, .parametersOnSilence,
        .emptyPattern,
        .unknownFeedback, .unknownBand, .unknownScreen, .unknownEvent, .unknownInvariant, .unknownParameter,
        .invalidFallback, .stopWithoutLoop, .duplicateInvariant, .stateEventDeclared,
        .unusedFeedback, .unusedBand, .unusedScreen, .unusedInvariant,
        .gap, .overlappingRows, .shadowedRow, .eventNotOnScreen, .emptySilenceReason, .rowActionCount,
        .bandWithoutNumber, .tickWithoutPlay, .incompleteCell,
        .bannedPreset, .layerMixing, .valueWithoutBand, .exceptionUnknownEvent,
        .noBudget, .budgetMaxTooSmall, .budgetWindowNotPositive, .budgetUnknownScreen, .duplicateBudget,
    ]

    /// The code with this identifier (`HP301`).
    package static func code(_ identifier: String) -> CheckCode? {
        all.first { $0.code == identifier }
    }
}
