import HapticPolicy

/// Every diagnostic code of every stage, in code order, in one list: the source of
/// `Docs/checks.md`, of SARIF's rule descriptions and of the tests that run every code's
/// example and find every code written in the sources.
///
/// Tooling, not runtime: nothing on a device reads it. It lives in the core because the
/// core is the one module every stage depends on, so the declarations of the YAML front
/// end (HP0xx) and the exporters (HP7xx) were moved down here, and every module (and
/// every test target) sees the same list.
///
/// A code is never reused: the validator's codes removed during design (HP100,
/// HP110-HP112, HP120, HP124, HP306) stay unused.
package enum DiagnosticRegistry {
    /// All codes, sorted by code.
    package static let all: [DiagnosticCode] = [
        // HP0xx: the YAML front end.
        .unreadableFile, .emptyFile, .notUTF8, .fileTooLarge, .yamlSyntaxError, .duplicateKey, .nestingTooDeep,
        .aliasExpansionTooLarge, .multipleDocuments, .unsupportedTag, .wrongType, .unknownKey, .missingKey,
        .unknownWord, .expressionSyntax, .conflictingKeys, .keyNotApplicable, .numberNotFinite, .looseBoolean,
        .unsupportedVersion, .includeUnreadable, .includeOutsideFolder, .includeCycle, .includedTwice,
        .includeKeyNotAllowed, .includeLimit, .unknownConstant, .constantOrder, .constantNotWhole,
        // HP1xx: values.
        .intensityOutOfRange, .sharpnessOutOfRange, .curveValueOutOfRange, .durationNotPositive, .negativeTime,
        .continuousTooLong, .tooManyControlPoints, .controlPointOutsideEvent, .controlPointsOutOfOrder,
        .silenceOverlap, .loopTooShort, .warmupOutOfRange, .bandEdgesNotAscending, .bandEdgeMisplaced,
        .tooFewBandLevels, .hysteresisOutOfRange, .parameterRangeInvalid, .notFinite, .intensityOnNonImpact,
        .emptyPattern, .audioValueOutOfRange, .audioInHapticsOnlyEngine, .badSoundFile, .dwellOutOfRange,
        .plausibleRangeEmpty, .levelNotPlausible, .bandEntryUndecided, .bandDirectionImpossible,
        .parametricEdgesNotAscending, .parametricHysteresisTooWide, .parametricLevelNotPlausible, .edgeNotFinite,
        .parametricEdgesUnproven,
        // HP15x-HP19x: language v3 (approach bands, event data, priority, background, ending subjects).
        .approachHysteresis, .approachStartLevelPlays,
        .dataConditionKindMismatch, .dataConditionOutsideDeclaration, .withGivenTwice, .levelWithPlaysNothing,
        .priorityNoEffect, .loopOutranks, .priorityOnPlatform, .playAndLoopPriorities,
        .backgroundUnknownName, .backgroundKeepsNothing, .backgroundRowNeverPlays,
        .backgroundPatternWithoutFallback,
        .endingSubjectBand,
        // HP2xx: references.
        .unknownFeedback, .unknownBand, .unknownScreen, .unknownEvent, .unknownInvariant, .unknownParameter,
        .invalidFallback, .stopWithoutLoop, .duplicateInvariant, .stateEventDeclared,
        .unusedFeedback, .unusedBand, .unusedScreen, .unusedInvariant, .feedbackNamedLikePreset, .stateEventInTable,
        .unusedParameter, .duplicateDeclaration, .confusableNames, .unusedConstant, .constantShadowsParameter,
        .unknownEdgeName,
        .unusedRunTimeParameter, .bandRangeMismatch, .optionalBandValue, .userLevelUnknownName,
        .userLevelStartUnknown, .userLevelsEmpty, .runTimeParameterRange,
        .parameterDefaultOutsideRange, .settingEventClash, .settingEventInTable, .parameterNameUnusable,
        .parameterConditionNeverMatches,
        .dataFieldUndeclared,
        // HP3xx: the table.
        .gap, .overlappingRows, .shadowedRow, .eventNotOnScreen, .emptySilenceReason,
        .bandWithoutNumber, .tickWithoutPlay, .incompleteCell, .conditionValueMismatch, .unbalancedTicker,
        .coldEngine, .payloadRangeEmpty, .payloadChoicesEmpty, .payloadChoiceRepeated, .conditionOutsidePayload,
        .conditionNeverTrue, .overlappingValues, .paramNotANumber,
        .loopNotLooping, .withUnknownParameter, .withValueWithoutNumber, .withOutOfRange,
        .stopThenLoop, .sameFeedbackTwice, .stopNeverStarted, .withBadLoopPeriod,
        .otherwiseNotSilent, .otherwiseWithCondition, .otherwiseDecidesNothing, .gestureNeverOpens,
        .otherwiseRuleClash,
        // HP4xx: invariants.
        .bannedPreset, .layerMixing, .valueWithoutBand, .exceptionUnknownEvent, .layerPlays, .unusedLayer,
        .userLevelKeepsNothing, .userLevelsAlike, .keptRowNeverPlays,
        // HP5xx: budgets.
        .noBudget, .budgetMaxTooSmall, .budgetWindowNotPositive, .budgetUnknownScreen, .duplicateBudget,
        .budgetExceptionUnknownEvent, .enforcedBudgetSilencesTicks,
        .budgetUnknownEvent, .budgetEventExcepted, .budgetNoEvent, .budgetEventTwice, .budgetEventNeverRings,
        // HP6xx: acknowledgements.
        .acknowledgedError, .unknownAcknowledgedCode, .staleAcknowledgement, .acknowledgementWithoutReason,
        .acknowledgementNotOfLint,
        // HP70x: exporters; HP72x-HP73x: the AHAP and Meta Haptics Studio importers.
        .exportBadParameter, .exportBadExpression, .exportContinuousTooLong, .exportDropsSounds,
        .exportWebTruncated, .exportCurveOverlapsEvent, .exportValueClamped, .exportUnusedParameter,
        .exportFileNameClash, .exportWebIntensitiesMerged,
        .ahapJSONSyntax, .ahapMissingPattern, .ahapUnknownKey, .ahapWrongType, .ahapOutOfOrder, .ahapOutOfRange,
        .ahapAbsoluteCurveTimes, .ahapUnsupportedEventType, .ahapMissingKey, .ahapUnknownParameterID,
        .ahapStrayCurve, .ahapVersion, .ahapDynamicParameter, .ahapTrailingComma, .hapticClipInvalid,
        // HP8xx: test files, scenarios, event logs.
        .numberOutOfRange, .scenarioStepKind, .testChecksNothing, .testPolicyNotFound, .scenarioUnknownName,
        .testUnknownName, .scenarioTooManyEvents, .namedFileRefused, .logLineUnreadable,
        // HP9xx: compiled bundles.
        .bundleRefused,
    ]

    private static let byCode = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The code with this identifier (`HP301`), if registered.
    package static func code(_ identifier: String) -> DiagnosticCode? {
        byCode[identifier]
    }

    /// The codes of one stage, in code order.
    package static func codes(of stage: DiagnosticStage) -> [DiagnosticCode] {
        all.filter { $0.stage == stage }
    }
}
