import HapticPolicy

// Codes of the exporters (HP701-HP710) and the AHAP and Meta Haptics Studio importers (HP720-HP734), emitted by the
// HapticPolicyExport module (and `import-ahap` for a file that is not UTF-8). They are
// declared here, in the core, so the registry can list them.

/// A lint-clean policy whose one feedback, `buzz`, plays the custom pattern `pattern`
/// (YAML lines under `pattern:`, indented by six spaces).
private func policy(pattern: String) -> String {
    """
    policy: example
    version: 1
    feedback:
      buzz:
        layer: ui
        pattern:
    \(pattern.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    events:
      button.tap: {layer: ui, screens: [home]}
    screens:
      home:
        enter: [prepare-engine]
        table:
          button.tap: {play: buzz}
    budgets:
      - {id: B-1, each: screen, max: 6, per: 10}

    """
}

/// An AHAP file with these entries under `Pattern`.
private func ahap(_ entries: String, version: String = "1.0") -> DiagnosticExample {
    .ahap("{\n  \"Version\": \(version),\n  \"Pattern\": [\n\(entries)\n  ]\n}\n")
}

extension DiagnosticCode {
    // MARK: Exporters

    /// A `--param` value outside the parameter's range (`ExportablePattern.swift`).
    package static let exportBadParameter = DiagnosticCode(
        "HP701", .error, "bad-parameter-value", "a `--param` value is outside the parameter's declared range",
        stage: .export,
        example: .export(
            policy: policy(
                pattern:
                    "params:\n  strength: {default: 0.5, min: 0, max: 1}\nevents:\n  - {type: transient, time: 0, intensity: strength}"
            ),
            target: "ahap", parameters: ["strength": 2]))
    /// A pattern that cannot be instantiated or exported at the given values (`ExportablePattern.swift`).
    package static let exportBadExpression = DiagnosticCode(
        "HP702", .error, "pattern-not-exportable",
        "at the export's parameter values an expression has no finite value, or an event starts before 0 s or ends after 600 s",
        stage: .export,
        example: .export(
            policy: policy(
                pattern:
                    "params:\n  gap: {default: 0.1}\nevents:\n  - {type: transient, time: 0}\n  - {type: transient, time: gap}"
            ),
            target: "ahap", parameters: ["gap": -1]))
    /// A continuous event over Core Haptics' 30 s at the given values (`AHAPExporter.swift`).
    package static let exportContinuousTooLong = DiagnosticCode(
        "HP703", .error, "export-continuous-too-long",
        "at the export's parameter values a continuous event lasts more than 30 s (the Core Haptics limit)",
        stage: .export,
        example: .export(
            policy: policy(
                pattern: "params:\n  length: {default: 1}\nevents:\n  - {type: continuous, time: 0, duration: length}"),
            target: "ahap", parameters: ["length": 40]))
    /// Sounds of a pattern that Android and the web cannot play (`DroppedSounds.swift`).
    package static let exportDropsSounds = DiagnosticCode(
        "HP704", .warning, "export-drops-sounds",
        "a pattern's sounds (`audio-custom`, `audio-continuous`) are left out of the Android or web export, which only vibrate",
        stage: .export,
        example: .export(
            policy: "engine: {haptics-only: false}\n"
                + policy(
                    pattern:
                        "events:\n  - {type: transient, time: 0}\n  - {type: audio-custom, time: 0, sound: click.caf}"),
            target: "android"))
    /// The web export cut to the browsers' 99 entries (`PolicyExporter.swift`).
    package static let exportWebTruncated = DiagnosticCode(
        "HP705", .warning, "web-export-truncated", "the web export was cut to the 99 entries browsers allow",
        stage: .export,
        example: .export(
            policy: policy(
                pattern: """
                    events:
                      - {type: continuous, time: 0, duration: 30, intensity: 0.5}
                      - {type: continuous, time: 30, duration: 30, intensity: 0.5}
                      - {type: continuous, time: 60, duration: 30, intensity: 0.5}
                    """),
            target: "web"))
    /// A curve that also shapes another event in AHAP (`AHAPExporter.swift`).
    package static let exportCurveOverlapsEvent = DiagnosticCode(
        "HP706", .warning, "curve-shapes-other-event",
        "an event starts under another event's curve, which in AHAP shapes every event playing",
        stage: .export,
        example: .export(
            policy: policy(
                pattern: """
                    events:
                      - {type: continuous, time: 0, duration: 1, curves: {intensity: [[0, 0.2], [1, 1]]}}
                      - {type: transient, time: 0.5}
                    """),
            target: "ahap"))
    /// An intensity or sharpness outside 0-1 at the given values, clamped (`ExportablePattern+Clamping.swift`).
    package static let exportValueClamped = DiagnosticCode(
        "HP707", .warning, "value-clamped",
        "at the export's parameter values an event's intensity or sharpness is outside 0-1, so the export clamps it",
        stage: .export,
        example: .export(
            policy: policy(
                pattern:
                    "params:\n  strength: {default: 0.5}\nevents:\n  - {type: transient, time: 0, intensity: strength}"),
            target: "ahap", parameters: ["strength": 1.5]))
    /// A `--param` no template takes (`ExportablePattern.swift`).
    package static let exportUnusedParameter = DiagnosticCode(
        "HP708", .error, "param-used-by-no-template",
        "a `--param` names a parameter no template of the policy declares",
        stage: .export,
        example: .export(
            policy: policy(pattern: "events:\n  - {type: transient, time: 0}"), target: "ahap", parameters: ["speed": 2]
        ))

    /// Two feedback whose exported files would have the same name (`ExportFileNames.swift`).
    package static let exportFileNameClash = DiagnosticCode(
        "HP709", .error, "export-file-name-clash",
        "two feedback would be exported to the same file name (`zone.up` and `zone_up` both make `ZoneUpHaptic.kt`), so nothing is written",
        stage: .export,
        example: .export(
            policy: """
                policy: example
                version: 1
                feedback:
                  zone.up:
                    layer: ui
                    pattern:
                      events:
                        - {type: transient, time: 0}
                  zone_up:
                    layer: ui
                    pattern:
                      events:
                        - {type: transient, time: 0.1}
                events:
                  button.tap: {layer: ui, screens: [home]}
                  button.hold: {layer: ui, screens: [home]}
                screens:
                  home:
                    enter: [prepare-engine]
                    table:
                      button.tap: {play: zone.up}
                      button.hold: {play: zone_up}
                budgets:
                  - {id: B-1, each: screen, max: 6, per: 10}

                """, target: "android"))

    /// Two feedback of different intensities exported to the same vibrate array
    /// (`PolicyExporter.swift`): browsers cannot set intensity.
    package static let exportWebIntensitiesMerged = DiagnosticCode(
        "HP710", .warning, "web-intensities-merged",
        "two feedback of different intensities export to the same `navigator.vibrate` array, so a browser plays them alike",
        stage: .export,
        example: .export(
            policy: """
                policy: example
                version: 1
                feedback:
                  turn.soon:
                    layer: ui
                    pattern:
                      events:
                        - {type: transient, time: 0, intensity: 0.45}
                  turn.now:
                    layer: ui
                    pattern:
                      events:
                        - {type: transient, time: 0, intensity: 0.7}
                events:
                  turn.near: {layer: ui, screens: [ride]}
                  turn.here: {layer: ui, screens: [ride]}
                screens:
                  ride:
                    enter: [prepare-engine]
                    table:
                      turn.near: {play: turn.soon}
                      turn.here: {play: turn.now}
                budgets:
                  - {id: B-1, each: screen, max: 6, per: 10}

                """, target: "web"))

    // MARK: AHAP import

    /// Not JSON, or not UTF-8 (`Import/AHAPImporter.swift`, `import-ahap`).
    package static let ahapJSONSyntax = DiagnosticCode(
        "HP720", .error, "ahap-json-syntax", "the AHAP file is not valid JSON (or not UTF-8 text)",
        stage: .export, example: .ahap("{\n  \"Version\": 1.0,\n  \"Pattern\": [\n}\n"))
    /// No top-level object, no `Pattern` or no haptic event (`Import/AHAPImporter.swift`).
    package static let ahapMissingPattern = DiagnosticCode(
        "HP721", .error, "ahap-missing-pattern",
        "the AHAP file has no top-level object, no `Pattern`, or no haptic event",
        stage: .export, example: .ahap("{\n  \"Version\": 1.0\n}\n"))
    /// A misspelt, unknown or repeated key (`Import/AHAPImporter.swift`).
    package static let ahapUnknownKey = DiagnosticCode(
        "HP722", .error, "ahap-unknown-key",
        "a misspelt AHAP key, which Core Haptics would ignore silently (a warning for a key like no AHAP key, ignored as Core Haptics ignores it, or a repeated one)",
        stage: .export,
        example: ahap("    {\"Event\": {\"Time\": 0, \"Type\": \"HapticTransient\"}}"), also: .warning)
    /// A value of the wrong JSON type (`Import/AHAPImporter.swift`).
    package static let ahapWrongType = DiagnosticCode(
        "HP723", .error, "ahap-wrong-type", "an AHAP value of the wrong JSON type (`\"Time\": \"0\"`)",
        stage: .export, example: ahap("    {\"Event\": {\"Time\": \"0\", \"EventType\": \"HapticTransient\"}}"))
    /// Events or control points out of time order (`Import/AHAPImporter.swift`).
    package static let ahapOutOfOrder = DiagnosticCode(
        "HP724", .warning, "ahap-out-of-order", "events or control points of an AHAP file out of time order",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 0.5, "EventType": "HapticTransient"}},
                {"Event": {"Time": 0, "EventType": "HapticTransient"}}
            """))
    /// A value out of range: clamped (warning) or unusable (error) (`Import/AHAPImporter.swift`).
    package static let ahapOutOfRange = DiagnosticCode(
        "HP725", .warning, "ahap-out-of-range",
        "an AHAP value out of range: clamped as Core Haptics would (a warning), or a negative time (an error)",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 0, "EventType": "HapticTransient",
                           "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.5}]}}
            """),
        also: .error)
    /// Control-point times that look absolute (`Import/AHAPImporter.swift`).
    package static let ahapAbsoluteCurveTimes = DiagnosticCode(
        "HP726", .warning, "ahap-absolute-curve-times",
        "control-point times of an AHAP curve that look absolute instead of relative to the curve, or a point past its event",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 1, "EventType": "HapticContinuous", "EventDuration": 0.5}},
                {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 1,
                                    "ParameterCurveControlPoints": [{"Time": 1, "ParameterValue": 0.2},
                                                                    {"Time": 1.5, "ParameterValue": 1}]}}
            """))
    /// An audio event (dropped) or an unknown event type (`Import/AHAPImporter.swift`).
    package static let ahapUnsupportedEventType = DiagnosticCode(
        "HP727", .warning, "ahap-unsupported-event-type",
        "an AHAP audio event, which is dropped (a warning), or an unknown `EventType` (an error)",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 0, "EventType": "HapticTransient"}},
                {"Event": {"Time": 0.2, "EventType": "AudioCustom", "EventWaveformPath": "chime.wav"}}
            """),
        also: .error)
    /// A required key missing (`Import/AHAPImporter.swift`).
    package static let ahapMissingKey = DiagnosticCode(
        "HP728", .error, "ahap-missing-key",
        "a required AHAP key is missing (`EventType`, `Time`, a continuous event's `EventDuration`, control-point fields)",
        stage: .export, example: ahap("    {\"Event\": {\"Time\": 0}}"))
    /// A parameter id with no equivalent (dropped) or unknown (`Import/AHAPImporter.swift`).
    package static let ahapUnknownParameterID = DiagnosticCode(
        "HP729", .warning, "ahap-unsupported-parameter",
        "an AHAP parameter id with no equivalent in the policy language, which is dropped (a warning), or an unknown one (an error)",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.5,
                           "EventParameters": [{"ParameterID": "AttackTime", "ParameterValue": 0.1}]}}
            """),
        also: .error)
    /// A curve inside no continuous event (`Import/AHAPImporter.swift`).
    package static let ahapStrayCurve = DiagnosticCode(
        "HP730", .warning, "ahap-stray-curve", "an AHAP curve that starts inside no continuous event, which is dropped",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 0, "EventType": "HapticTransient"}},
                {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
                                    "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.2},
                                                                    {"Time": 0.5, "ParameterValue": 0.8}]}}
            """))
    /// An unusual or missing `Version` (`Import/AHAPImporter.swift`).
    package static let ahapVersion = DiagnosticCode(
        "HP731", .warning, "ahap-unusual-version",
        "an unusual AHAP `Version` (Core Haptics files use 1.0), or none (read as 1.0)",
        stage: .export,
        example: ahap("    {\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}", version: "3"))
    /// A dynamic `Parameter` entry (`Import/AHAPImporter.swift`).
    package static let ahapDynamicParameter = DiagnosticCode(
        "HP732", .warning, "ahap-dynamic-parameter",
        "a dynamic AHAP `Parameter` entry, which the policy language cannot express and is dropped",
        stage: .export,
        example: ahap(
            """
                {"Event": {"Time": 0, "EventType": "HapticTransient"}},
                {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0.5}}
            """))
    /// A trailing comma, which Core Haptics reads (`Import/AHAPImporter.swift`).
    package static let ahapTrailingComma = DiagnosticCode(
        "HP733", .warning, "ahap-trailing-comma",
        "a comma before a closing bracket in an AHAP file: Core Haptics reads it, strict JSON readers refuse it",
        stage: .export, example: ahap("    {\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}},"))
    /// A Meta Haptics Studio clip that Meta's strict validation refuses (`Import/HapticClipImporter.swift`).
    package static let hapticClipInvalid = DiagnosticCode(
        "HP734", .error, "haptic-clip-invalid",
        "a Meta Haptics Studio clip (`.haptic`) that Meta's SDK refuses: a value outside 0...1, breakpoints out of order, fewer than two amplitude breakpoints, an emphasis below its breakpoint, a frequency breakpoint outside the amplitude envelope, a version other than 1",
        stage: .export,
        example: .hapticClip(
            """
            {
              "version": {"major": 1, "minor": 0, "patch": 0},
              "signals": {"continuous": {"envelopes": {"amplitude": [
                {"time": 0, "amplitude": 0.5},
                {"time": 0.2, "amplitude": 1.3}
              ]}}}
            }

            """))
}
