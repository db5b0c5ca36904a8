import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Writes a pattern as an AHAP document (Core Haptics' JSON pattern format), with
/// Apple's keys exactly and a fixed key order, so the same pattern gives the same bytes.
///
/// It serialises the core's `PatternPlan` (the same objects the player hands Core
/// Haptics): transient and continuous events become `Event`s; curves, already split into
/// runs of at most `HapticLimits.maxControlPoints` points with resets to neutral where a
/// later event would inherit them, become `ParameterCurve`s. Silences write no event
/// (they are listed in `Metadata` under `HapticPolicySilences` so an import gets them
/// back). AHAP cannot loop: the loop period goes to `Metadata.HapticPolicyLoop`; the
/// app's advanced player loops (`loopEnabled`, `loopEnd`).
package enum AHAPExporter {
    /// Keys allowed at each level: the documented AHAP key set (plus our documented
    /// `Metadata` extensions). Tests validate every export against it.
    package static let documentedKeys: [String: Set<String>] = [
        "root": ["Version", "Metadata", "Pattern"],
        "Metadata": ["Project", "Created", "Description", "Created By", "HapticPolicySilences", "HapticPolicyLoop"],
        "PatternEntry": ["Event", "ParameterCurve", "Parameter"],
        "Event": [
            "Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath",
            "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled",
        ],
        "EventParameter": ["ParameterID", "ParameterValue"],
        "ParameterCurve": ["ParameterID", "Time", "ParameterCurveControlPoints"],
        "ControlPoint": ["Time", "ParameterValue"],
        "Parameter": ["ParameterID", "Time", "ParameterValue"],
        "Silence": ["Time", "Duration", "Note"],
    ]

    /// The AHAP document for `pattern`, or nil when a limit makes it unplayable (the
    /// diagnostics say why).
    package static func document(
        for pattern: ResolvedPattern, name: String, policy: String, note: String? = nil,
        location: SourceLocation = .unknown
    ) -> (document: JSONNode?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        for event in pattern.events
        where event.kind == .continuous && event.duration > HapticLimits.maxContinuousDuration {
            diagnostics.append(
                DiagnosticCode.exportContinuousTooLong(
                    "pattern '\(name)': a continuous event lasts \(numberText(event.duration)) s; Core Haptics plays at most \(numberText(HapticLimits.maxContinuousDuration)) s, so split it into events of \(numberText(HapticLimits.maxContinuousDuration)) s or less",
                    at: event.location == .unknown ? location : event.location))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        diagnostics += overlapWarnings(pattern, name: name, location: location)

        let plan = PatternPlan(pattern)
        var entries: [(time: Double, order: Int, node: JSONNode)] = []
        for event in plan.events {
            if let audio = event.audio {
                entries.append((event.time, 0, .object([("Event", .object(Self.audioMembers(event, audio)))])))
                continue
            }
            var members: [(String, JSONNode)] = [
                ("Time", .number(event.time)),
                ("EventType", .string(event.isTransient ? "HapticTransient" : "HapticContinuous")),
            ]
            if !event.isTransient { members.append(("EventDuration", .number(event.duration))) }
            members.append(
                (
                    "EventParameters",
                    .array([
                        .object([
                            ("ParameterID", .string("HapticIntensity")), ("ParameterValue", .number(event.intensity)),
                        ]),
                        .object([
                            ("ParameterID", .string("HapticSharpness")), ("ParameterValue", .number(event.sharpness)),
                        ]),
                    ])
                ))
            entries.append((event.time, 0, .object([("Event", .object(members))])))
        }
        for curve in plan.curves {
            let id = curve.controlsIntensity ? "HapticIntensityControl" : "HapticSharpnessControl"
            let points = curve.points.map { point in
                JSONNode.object([("Time", .number(point.time)), ("ParameterValue", .number(point.value))])
            }
            entries.append(
                (
                    curve.time, 1,
                    .object([
                        (
                            "ParameterCurve",
                            .object([
                                ("ParameterID", .string(id)), ("Time", .number(curve.time)),
                                ("ParameterCurveControlPoints", .array(points)),
                            ])
                        )
                    ])
                ))
        }
        // Events before curves at the same time; each kind keeps the plan's order.
        let ordered = entries.enumerated()
            .sorted { ($0.element.time, $0.element.order, $0.offset) < ($1.element.time, $1.element.order, $1.offset) }
            .map(\.element.node)

        var metadata: [(String, JSONNode)] = [("Project", .string(policy))]
        metadata.append(("Description", .string(note.map { "\(name): \($0)" } ?? name)))
        let silences = pattern.events.filter { $0.kind == .silence }
        if !silences.isEmpty {
            metadata.append(
                (
                    "HapticPolicySilences",
                    .array(
                        silences.map { silence in
                            var members: [(String, JSONNode)] = [
                                ("Time", .number(silence.time)), ("Duration", .number(silence.duration)),
                            ]
                            if let note = silence.note { members.append(("Note", .string(note))) }
                            return .object(members)
                        })
                ))
        }
        if let loop = plan.loop { metadata.append(("HapticPolicyLoop", .number(loop))) }

        let document = JSONNode.object([
            ("Version", .number(1)),
            ("Metadata", .object(metadata)),
            ("Pattern", .array(ordered)),
        ])
        return (document, diagnostics)
    }

    /// A sound as Apple's AHAP keys write it: `AudioCustom` with its file in
    /// `EventWaveformPath` (a file of the app's bundle), or `AudioContinuous` with its
    /// duration; `AudioVolume` and `AudioPitch` as event parameters.
    private static func audioMembers(_ event: PatternPlan.Event, _ audio: ResolvedPattern.Audio) -> [(String, JSONNode)]
    {
        var members: [(String, JSONNode)] = [
            ("Time", .number(event.time)),
            ("EventType", .string(audio.sound == nil ? "AudioContinuous" : "AudioCustom")),
        ]
        if let sound = audio.sound { members.append(("EventWaveformPath", .string(sound))) }
        if event.duration > 0 { members.append(("EventDuration", .number(event.duration))) }
        members.append(
            (
                "EventParameters",
                .array([
                    .object([("ParameterID", .string("AudioVolume")), ("ParameterValue", .number(audio.volume))]),
                    .object([("ParameterID", .string("AudioPitch")), ("ParameterValue", .number(audio.pitch))]),
                ])
            ))
        return members
    }

    /// AHAP curves apply to every event playing at that time: a warning for each event a
    /// curve of another event would also shape.
    private static func overlapWarnings(
        _ pattern: ResolvedPattern, name: String, location: SourceLocation
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let sounding = pattern.events.filter { $0.kind.isHaptic }
        for event in sounding {
            for curve in event.curves where !curve.points.isEmpty {
                let resetAt = max(event.end, event.time + (curve.points.last?.time ?? 0))
                for other in sounding
                where other != event && other.time < resetAt && other.end > event.time
                    && other.time >= event.time
                {
                    diagnostics.append(
                        DiagnosticCode.exportCurveOverlapsEvent(
                            "pattern '\(name)': the \(curve.parameter.rawValue) curve of the event at \(numberText(event.time)) s also shapes the event at \(numberText(other.time)) s in AHAP (curves apply to every playing event); move that event outside the curve if it must keep its own \(curve.parameter.rawValue)",
                            at: other.location == .unknown ? location : other.location))
                }
            }
        }
        return diagnostics
    }
}
