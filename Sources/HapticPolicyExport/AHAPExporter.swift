import HapticPolicy

/// Writes a resolved pattern as an AHAP document (Core Haptics' JSON pattern format),
/// with Apple's keys exactly and a fixed key order, so the same pattern gives the same
/// bytes.
///
/// - Transient and continuous events become `Event`s; silences write no event (they are
///   listed in `Metadata` under `HapticPolicySilences` so an import gets them back).
/// - Curves become `ParameterCurve`s whose `Time` is the event start and whose control
///   points are relative to the curve. A curve of more than 16 points is split into
///   consecutive curves, each starting at the last point of the previous one.
/// - AHAP curves apply to every event playing at that time and keep their last value; a
///   curve that ends away from neutral (intensity 1, sharpness 0) before a later event is
///   followed by a one-point reset curve at the event's end.
/// - AHAP cannot loop: the loop period goes to `Metadata.HapticPolicyLoop`; the app's
///   advanced player loops (`loopEnabled`, `loopEnd`).
package enum AHAPExporter {
    /// Core Haptics' limit on control points per curve.
    package static let maxControlPoints = 16
    /// Core Haptics' limit on one continuous event, in seconds.
    package static let maxContinuousDuration = 30.0

    /// Keys allowed at each level: the documented AHAP key set (plus our documented
    /// `Metadata` extensions). Tests validate every export against it.
    package static let documentedKeys: [String: Set<String>] = [
        "root": ["Version", "Metadata", "Pattern"],
        "Metadata": ["Project", "Created", "Description", "Created By", "HapticPolicySilences", "HapticPolicyLoop"],
        "PatternEntry": ["Event", "ParameterCurve", "Parameter"],
        "Event": ["Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath", "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled"],
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
        var entries: [(time: Double, order: Int, node: JSONNode)] = []
        let sounding = pattern.events.filter { $0.kind != .silence }

        for event in pattern.events where event.kind == .continuous && event.duration > maxContinuousDuration {
            diagnostics.append(
                DiagnosticCode.exportContinuousTooLong(
                    "pattern '\(name)': a continuous event lasts \(numberText(event.duration)) s; Core Haptics plays at most 30 s, so split it into events of 30 s or less",
                    at: event.location == .unknown ? location : event.location))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }

        for event in sounding {
            var members: [(String, JSONNode)] = [
                ("Time", .number(event.time)),
                ("EventType", .string(event.kind == .transient ? "HapticTransient" : "HapticContinuous")),
            ]
            if event.kind == .continuous { members.append(("EventDuration", .number(event.duration))) }
            members.append(
                ("EventParameters", .array([
                    .object([("ParameterID", .string("HapticIntensity")), ("ParameterValue", .number(clamp(event.intensity)))]),
                    .object([("ParameterID", .string("HapticSharpness")), ("ParameterValue", .number(clamp(event.sharpness)))]),
                ])))
            entries.append((event.time, 0, .object([("Event", .object(members))])))

            for curve in event.curves where !curve.points.isEmpty {
                let id = curve.parameter == .intensity ? "HapticIntensityControl" : "HapticSharpnessControl"
                for chunk in split(curve.points) {
                    let start = chunk[0].time
                    let points = chunk.map { point in
                        JSONNode.object([("Time", .number(point.time - start)), ("ParameterValue", .number(point.value))])
                    }
                    entries.append(
                        (event.time + start, 1,
                         .object([("ParameterCurve", .object([
                            ("ParameterID", .string(id)), ("Time", .number(event.time + start)),
                            ("ParameterCurveControlPoints", .array(points)),
                         ]))])))
                }
                // Curves persist after their last point: reset before anything later plays.
                let neutral = curve.parameter == .intensity ? 1.0 : 0.0
                let curveEnd = event.time + (curve.points.last?.time ?? 0)
                let resetAt = max(event.end, curveEnd)
                if let last = curve.points.last, last.value != neutral,
                    sounding.contains(where: { $0.time >= resetAt && $0 != event })
                {
                    entries.append(
                        (resetAt, 1,
                         .object([("ParameterCurve", .object([
                            ("ParameterID", .string(id)), ("Time", .number(resetAt)),
                            ("ParameterCurveControlPoints", .array([
                                .object([("Time", .number(0)), ("ParameterValue", .number(neutral))]),
                            ])),
                         ]))])))
                }
                for other in sounding where other != event && other.time < resetAt && other.end > event.time
                    && other.time >= event.time
                {
                    diagnostics.append(
                        DiagnosticCode.exportCurveOverlapsEvent(
                            "pattern '\(name)': the \(curve.parameter.rawValue) curve of the event at \(numberText(event.time)) s also shapes the event at \(numberText(other.time)) s in AHAP (curves apply to every playing event); move that event outside the curve if it must keep its own \(curve.parameter.rawValue)",
                            at: other.location == .unknown ? location : other.location))
                }
            }
        }
        let ordered = entries.enumerated()
            .sorted { ($0.element.time, $0.element.order, $0.offset) < ($1.element.time, $1.element.order, $1.offset) }
            .map(\.element.node)

        var metadata: [(String, JSONNode)] = [("Project", .string(policy))]
        metadata.append(("Description", .string(note.map { "\(name): \($0)" } ?? name)))
        let silences = pattern.events.filter { $0.kind == .silence }
        if !silences.isEmpty {
            metadata.append(
                ("HapticPolicySilences", .array(silences.map { silence in
                    var members: [(String, JSONNode)] = [("Time", .number(silence.time)), ("Duration", .number(silence.duration))]
                    if let note = silence.note { members.append(("Note", .string(note))) }
                    return .object(members)
                })))
        }
        if let loop = pattern.loop { metadata.append(("HapticPolicyLoop", .number(loop))) }

        let document = JSONNode.object([
            ("Version", .number(1)),
            ("Metadata", .object(metadata)),
            ("Pattern", .array(ordered)),
        ])
        return (document, diagnostics)
    }

    /// Splits control points into runs of at most 16, each run starting with the last
    /// point of the previous run so the curves join without a jump.
    package static func split(_ points: [ResolvedPattern.Point]) -> [[ResolvedPattern.Point]] {
        guard points.count > maxControlPoints else { return [points] }
        var chunks: [[ResolvedPattern.Point]] = []
        var start = 0
        while start < points.count - 1 {
            let end = min(start + maxControlPoints, points.count)
            chunks.append(Array(points[start..<end]))
            start = end - 1
        }
        return chunks
    }

    private static func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
}
