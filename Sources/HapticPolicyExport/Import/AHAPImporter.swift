import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Reads an AHAP file (from Xcode's composer or another tool) into a pattern of our
/// language, with located errors and warnings for the mistakes Core Haptics forgives
/// silently: misspelled keys (`Type`, `Parameters`, `ParameterCurves`), control-point
/// times written as absolute, events out of time order, values out of range.
///
/// AHAP curves are pattern-wide; ours belong to a continuous event, so each curve is
/// attached to the continuous event it starts in (split curves are joined back, and the
/// one-point reset curves our exporter writes are recognised and dropped).
package enum AHAPImporter {
    /// The imported pattern (nil when an error prevents it) and every finding.
    package struct Result: Sendable {
        /// The pattern, with source locations pointing into the AHAP file.
        package var pattern: PatternDecl?
        /// Errors and warnings, in file order.
        package var diagnostics: [Diagnostic]
    }

    /// Imports AHAP text; `file` names it in locations.
    package static func importPattern(_ text: String, file: String) -> Result {
        var reader = Reader(file: file)
        let pattern = reader.read(text)
        let diagnostics = reader.diagnostics.sorted { $0.location < $1.location }
        return Result(pattern: diagnostics.contains { $0.severity == .error } ? nil : pattern, diagnostics: diagnostics)
    }
}

private struct Reader {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// The start times of events dropped because of an error already reported (nil when
    /// the time itself could not be read). A curve that may belong to one of them is not
    /// reported again as stray: that would be a follow-on of the first error.
    var droppedAfterError: [Double?] = []

    init(file: String) { self.file = file }

    struct Event {
        var kind: PatternEventDecl.Kind
        var time: Located<Double>
        var duration: Located<Double>?
        var intensity: Located<Double>?
        var sharpness: Located<Double>?
        var note: String?
        var location: SourceLocation
        var curves: [CurveDecl.Parameter: [(Double, Located<Double>, SourceLocation)]] = [:]
        var end: Double { time.value + (duration?.value ?? 0) }
    }

    struct Curve {
        var parameter: CurveDecl.Parameter
        var time: Located<Double>
        var points: [(time: Located<Double>, value: Located<Double>)]
        var location: SourceLocation
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(code(message, at: location, severity: .error))
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(code(message, at: location, severity: .warning))
    }

    /// Reports keys outside `allowed` (with a suggestion) and returns the members.
    mutating func members(of node: JSONNode, named what: String, allowed: [String], strict: Bool = true) -> [JSONNode
        .Member]?
    {
        guard let members = node.members else {
            error(
                .ahapWrongType, "\(what) must be an object, found \(node.kindName); write { \"key\": value, ... }",
                at: node.location)
            return nil
        }
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                warning(
                    .ahapUnknownKey,
                    "'\(member.key)' appears twice in \(what); only the last one counts, so remove the other",
                    at: member.keyLocation)
            }
            guard strict, !allowed.contains(member.key) else { continue }
            if let suggestion = AHAPKeys.suggestion(for: member.key, among: allowed) {
                error(
                    .ahapUnknownKey,
                    "unknown key '\(member.key)' in \(what); did you mean '\(suggestion)'? (Core Haptics ignores unknown keys silently)",
                    at: member.keyLocation)
            } else {
                // Like no key AHAP defines: Core Haptics ignores it, and so does the import.
                warning(
                    .ahapUnknownKey,
                    "unknown key '\(member.key)' in \(what), ignored as Core Haptics ignores it; remove it, or use one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))",
                    at: member.keyLocation)
            }
        }
        return members
    }

    mutating func number(_ node: JSONNode?, _ what: String) -> Located<Double>? {
        guard let node else { return nil }
        guard let value = node.numberValue else {
            error(
                .ahapWrongType,
                "\(what) must be a number, found \(node.kindName)\(node.stringValue.map { " \"\($0)\"; remove the quotes" } ?? "")",
                at: node.location)
            return nil
        }
        return Located(value, at: node.location)
    }

    mutating func ranged(_ value: Located<Double>?, _ what: String, _ range: ClosedRange<Double>) -> Located<Double>? {
        guard var value else { return nil }
        if !range.contains(value.value) {
            let clamped = min(range.upperBound, max(range.lowerBound, value.value))
            warning(
                .ahapOutOfRange,
                "\(what) \(numberText(value.value)) is outside \(numberText(range.lowerBound))...\(numberText(range.upperBound)); Core Haptics clamps it to \(numberText(clamped)), so write \(numberText(clamped))",
                at: value.location)
            value.value = clamped
        }
        return value
    }

    mutating func read(_ text: String) -> PatternDecl? {
        let root: JSONNode
        do {
            let parsed = try JSONParser.parseTakingTrailingCommas(text, file: file)
            root = parsed.node
            for comma in parsed.trailingCommas {
                warning(
                    .ahapTrailingComma,
                    "a comma before the closing bracket: Core Haptics reads it, strict JSON readers (and other tools) refuse it; remove the comma",
                    at: comma)
            }
        } catch {
            self.error(.ahapJSONSyntax, error.message, at: error.location)
            return nil
        }
        guard root.members != nil else {
            error(
                .ahapMissingPattern, "an AHAP file is an object with 'Version' and 'Pattern', found \(root.kindName)",
                at: root.location)
            return nil
        }
        _ = members(of: root, named: "the top level", allowed: ["Version", "Metadata", "Pattern"])
        if let version = number(root["Version"], "'Version'"), ![1.0, 2.0].contains(version.value) {
            warning(
                .ahapVersion, "'Version' \(numberText(version.value)) is unusual; Core Haptics files use 1.0",
                at: version.location)
        } else if root["Version"] == nil, root["Pattern"] != nil {
            warning(
                .ahapVersion, "no 'Version': Core Haptics reads the file as version 1.0; add \"Version\": 1.0",
                at: root.location)
        }
        guard let patternNode = root["Pattern"] else {
            let hint = root.members?.first { AHAPKeys.suggestion(for: $0.key, among: ["Pattern"]) != nil }
            if hint == nil {
                error(
                    .ahapMissingPattern,
                    "missing 'Pattern'; add \"Pattern\": [ { \"Event\": { ... } } ] at the top level", at: root.location
                )
            }
            return nil
        }
        guard let entries = patternNode.items else {
            error(
                .ahapWrongType, "'Pattern' must be an array of entries, found \(patternNode.kindName)",
                at: patternNode.location)
            return nil
        }

        var events: [Event] = []
        var curves: [Curve] = []
        var lastTime: Located<Double>? = nil
        for entry in entries {
            guard
                let fields = members(
                    of: entry, named: "a pattern entry", allowed: ["Event", "ParameterCurve", "Parameter"])
            else { continue }
            for field in fields {
                switch field.key {
                case "Event":
                    let errorsBefore = diagnostics.count { $0.severity == .error }
                    guard let event = readEvent(field.value) else {
                        if diagnostics.count(where: { $0.severity == .error }) > errorsBefore {
                            droppedAfterError.append(field.value["Time"]?.numberValue)
                        }
                        continue
                    }
                    if let lastTime, event.time.value < lastTime.value {
                        warning(
                            .ahapOutOfOrder,
                            "this event at \(numberText(event.time.value)) s comes after one at \(numberText(lastTime.value)) s; Core Haptics plays by time, but keep the file in time order so it reads as it plays",
                            at: event.time.location)
                    }
                    lastTime = event.time
                    events.append(event)
                case "ParameterCurve":
                    if let curve = readCurve(field.value) { curves.append(curve) }
                case "Parameter":
                    warning(
                        .ahapDynamicParameter,
                        "dynamic 'Parameter' entries are not part of the policy language and were dropped; use a 'ParameterCurve' (one point) instead",
                        at: field.keyLocation)
                default: break
                }
            }
        }

        for curve in curves { attach(curve, to: &events) }
        let metadata = readMetadata(root["Metadata"])
        for silence in metadata.silences { events.append(silence) }
        let ordered = events.enumerated().sorted {
            ($0.element.time.value, $0.offset) < ($1.element.time.value, $1.offset)
        }.map(\.element)
        guard !ordered.isEmpty else {
            if diagnostics.contains(where: { $0.severity == .error }) { return nil }
            error(
                .ahapMissingPattern,
                "'Pattern' has no haptic event; add at least one { \"Event\": { \"EventType\": \"HapticTransient\", ... } }",
                at: patternNode.location)
            return nil
        }
        return PatternDecl(events: ordered.map(declaration), loop: metadata.loop, location: patternNode.location)
    }

    func declaration(_ event: Event) -> PatternEventDecl {
        func expr(_ value: Located<Double>) -> Located<Expression> { Located(.number(value.value), at: value.location) }
        let curves = CurveDecl.Parameter.allCases.compactMap { parameter -> CurveDecl? in
            guard let points = event.curves[parameter], !points.isEmpty else { return nil }
            return CurveDecl(
                parameter: Located(parameter, at: points[0].2),
                points: points.map { ControlPointDecl(time: Located(.number($0.0), at: $0.2), value: expr($0.1)) },
                location: points[0].2)
        }
        return PatternEventDecl(
            kind: Located(event.kind, at: event.location), time: expr(event.time), duration: event.duration.map(expr),
            intensity: event.intensity.map(expr), sharpness: event.sharpness.map(expr), curves: curves,
            note: event.note,
            location: event.location)
    }

    mutating func readEvent(_ node: JSONNode) -> Event? {
        let allowed = [
            "Time", "EventType", "EventDuration", "EventParameters", "EventWaveformPath",
            "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled",
        ]
        guard members(of: node, named: "an event", allowed: allowed) != nil else { return nil }
        // A misspelled key has already been reported with its fix; do not say "missing" too.
        func misspelled(_ key: String) -> Bool {
            node.members?.contains { $0.key != key && AHAPKeys.suggestion(for: $0.key, among: allowed) == key } ?? false
        }
        guard let typeNode = node["EventType"] else {
            if misspelled("EventType") { return nil }
            error(
                .ahapMissingKey,
                "event without 'EventType'; add \"EventType\": \"HapticTransient\" or \"HapticContinuous\"",
                at: node.location)
            return nil
        }
        let kind: PatternEventDecl.Kind
        switch typeNode.stringValue {
        case "HapticTransient"?: kind = .transient
        case "HapticContinuous"?: kind = .continuous
        case "AudioCustom"?, "AudioContinuous"?:
            warning(
                .ahapUnsupportedEventType,
                "audio events are not part of a haptic policy (haptics only) and were dropped", at: typeNode.location)
            return nil
        case let other:
            let types = ["HapticTransient", "HapticContinuous", "AudioCustom", "AudioContinuous"]
            let hint =
                other.flatMap { AHAPKeys.suggestion(for: $0, among: types) }.map { "did you mean '\($0)'?" }
                ?? "use \"HapticTransient\" or \"HapticContinuous\""
            error(
                .ahapUnsupportedEventType, "unknown EventType \(other.map { "'\($0)'" } ?? typeNode.kindName); \(hint)",
                at: typeNode.location)
            return nil
        }
        guard let time = number(node["Time"], "'Time'") else {
            if node["Time"] == nil, !misspelled("Time") {
                error(
                    .ahapMissingKey, "event without 'Time'; add \"Time\": seconds from the pattern start",
                    at: node.location)
            }
            return nil
        }
        if time.value < 0 {
            error(
                .ahapOutOfRange, "'Time' \(numberText(time.value)) is negative; events start at 0 s or later",
                at: time.location)
            return nil
        }
        var event = Event(kind: kind, time: time, location: node.location)
        let duration = number(node["EventDuration"], "'EventDuration'")
        if kind == .continuous {
            guard let duration else {
                if node["EventDuration"] == nil, !misspelled("EventDuration") {
                    error(
                        .ahapMissingKey,
                        "continuous event without 'EventDuration'; add \"EventDuration\": seconds (at most 30)",
                        at: node.location)
                }
                return nil
            }
            if duration.value <= 0 {
                error(
                    .ahapOutOfRange, "'EventDuration' \(numberText(duration.value)) must be above 0 s",
                    at: duration.location)
                return nil
            }
            event.duration = ranged(duration, "'EventDuration'", 0...30)
        } else if let duration {
            warning(
                .ahapUnknownKey, "'EventDuration' has no effect on a transient event; remove it", at: duration.location)
        }
        if let parameters = node["EventParameters"] {
            guard let items = parameters.items else {
                error(
                    .ahapWrongType,
                    "'EventParameters' must be an array of { \"ParameterID\": ..., \"ParameterValue\": ... }, found \(parameters.kindName)",
                    at: parameters.location)
                return nil
            }
            for item in items {
                guard members(of: item, named: "an event parameter", allowed: ["ParameterID", "ParameterValue"]) != nil
                else { continue }
                guard let idNode = item["ParameterID"], let id = idNode.stringValue else {
                    error(
                        .ahapMissingKey,
                        "event parameter without a 'ParameterID' string; add \"ParameterID\": \"HapticIntensity\" or \"HapticSharpness\"",
                        at: item.location)
                    continue
                }
                guard let value = number(item["ParameterValue"], "'ParameterValue'") else {
                    if item["ParameterValue"] == nil {
                        error(
                            .ahapMissingKey, "event parameter '\(id)' without 'ParameterValue'; add a number",
                            at: item.location)
                    }
                    continue
                }
                switch id {
                case "HapticIntensity": event.intensity = ranged(value, "'HapticIntensity'", 0...1)
                case "HapticSharpness": event.sharpness = ranged(value, "'HapticSharpness'", 0...1)
                case "AttackTime", "DecayTime", "ReleaseTime", "Sustained":
                    warning(
                        .ahapUnknownParameterID,
                        "'\(id)' has no equivalent in the policy language and was dropped; shape the event with an intensity curve instead",
                        at: idNode.location)
                default:
                    let known = [
                        "HapticIntensity", "HapticSharpness", "AttackTime", "DecayTime", "ReleaseTime", "Sustained",
                    ]
                    let hint =
                        AHAPKeys.suggestion(for: id, among: known).map { "did you mean '\($0)'?" }
                        ?? "use 'HapticIntensity' or 'HapticSharpness'"
                    error(
                        .ahapUnknownParameterID, "unknown ParameterID '\(id)' for an event; \(hint)",
                        at: idNode.location)
                }
            }
        }
        return event
    }

    mutating func readCurve(_ node: JSONNode) -> Curve? {
        guard
            members(
                of: node, named: "a parameter curve", allowed: ["ParameterID", "Time", "ParameterCurveControlPoints"])
                != nil
        else { return nil }
        guard let idNode = node["ParameterID"], let id = idNode.stringValue else {
            error(
                .ahapMissingKey,
                "parameter curve without a 'ParameterID' string; add \"ParameterID\": \"HapticIntensityControl\"",
                at: node.location)
            return nil
        }
        let parameter: CurveDecl.Parameter
        switch id {
        case "HapticIntensityControl": parameter = .intensity
        case "HapticSharpnessControl": parameter = .sharpness
        case "HapticAttackTimeControl", "HapticDecayTimeControl", "HapticReleaseTimeControl":
            warning(
                .ahapUnknownParameterID, "'\(id)' curves have no equivalent in the policy language and were dropped",
                at: idNode.location)
            return nil
        default:
            if id.hasPrefix("Audio") {
                warning(
                    .ahapUnknownParameterID, "audio curve '\(id)' dropped: a haptic policy plays haptics only",
                    at: idNode.location)
                return nil
            }
            let known = ["HapticIntensityControl", "HapticSharpnessControl"]
            let hint =
                AHAPKeys.suggestion(for: id, among: known + ["HapticIntensity", "HapticSharpness"])
                .map { known.contains($0) ? $0 : $0 + "Control" }
                .map { "did you mean '\($0)'?" } ?? "use 'HapticIntensityControl' or 'HapticSharpnessControl'"
            error(.ahapUnknownParameterID, "unknown ParameterID '\(id)' for a curve; \(hint)", at: idNode.location)
            return nil
        }
        let time = number(node["Time"], "'Time'") ?? Located(0, at: node.location)
        guard let pointsNode = node["ParameterCurveControlPoints"] else {
            error(
                .ahapMissingKey,
                "parameter curve without 'ParameterCurveControlPoints'; add an array of { \"Time\": ..., \"ParameterValue\": ... }",
                at: node.location)
            return nil
        }
        guard let items = pointsNode.items else {
            error(
                .ahapWrongType, "'ParameterCurveControlPoints' must be an array, found \(pointsNode.kindName)",
                at: pointsNode.location)
            return nil
        }
        if items.count > HapticLimits.maxControlPoints {
            warning(
                .ahapOutOfRange,
                "this curve has \(items.count) control points; Core Haptics allows 16 per curve, so split it into consecutive curves",
                at: pointsNode.location)
        }
        let range: ClosedRange<Double> = parameter == .intensity ? 0...1 : -1...1
        var points: [(time: Located<Double>, value: Located<Double>)] = []
        for item in items {
            guard members(of: item, named: "a control point", allowed: ["Time", "ParameterValue"]) != nil else {
                continue
            }
            guard let t = number(item["Time"], "'Time'"), let v = number(item["ParameterValue"], "'ParameterValue'")
            else {
                if item["Time"] == nil || item["ParameterValue"] == nil {
                    error(.ahapMissingKey, "control point needs both 'Time' and 'ParameterValue'", at: item.location)
                }
                continue
            }
            if let previous = points.last, t.value < previous.time.value {
                warning(
                    .ahapOutOfOrder,
                    "control point at \(numberText(t.value)) s comes after one at \(numberText(previous.time.value)) s; put control points in time order",
                    at: t.location)
            }
            if t.value < 0 {
                error(
                    .ahapOutOfRange,
                    "control-point 'Time' \(numberText(t.value)) is negative; times are seconds from the curve's own 'Time'",
                    at: t.location)
                continue
            }
            points.append((t, ranged(v, "'\(id)' value", range) ?? v))
        }
        points.sort { $0.time.value < $1.time.value }
        guard !points.isEmpty else { return nil }
        return Curve(parameter: parameter, time: time, points: points, location: node.location)
    }

    mutating func attach(_ curve: Curve, to events: inout [Event]) {
        let epsilon = 1e-6
        let neutral = curve.parameter == .intensity ? 1.0 : 0.0
        let owner = events.indices.last { index in
            let event = events[index]
            return event.kind == .continuous && event.time.value <= curve.time.value + epsilon
                && curve.time.value < event.end - epsilon
        }
        guard let owner else {
            // The one-point neutral curve our exporter writes to reset a parameter.
            if curve.points.count == 1, abs(curve.points[0].value.value - neutral) < epsilon { return }
            // Its event was dropped for an error already reported (a misspelt key).
            if droppedAfterError.contains(where: { $0.map { $0 <= curve.time.value + epsilon } ?? true }) { return }
            warning(
                .ahapStrayCurve,
                "this curve at \(numberText(curve.time.value)) s starts inside no continuous event and was dropped; in the policy language curves belong to a continuous event, so start it at an event's 'Time'",
                at: curve.location)
            return
        }
        let event = events[owner]
        let offset = curve.time.value - event.time.value
        let span = event.end - curve.time.value
        var times = curve.points.map(\.time.value)
        if let last = times.last, last > span + epsilon {
            let first = times[0]
            let looksAbsolute =
                curve.time.value > epsilon && abs(first - curve.time.value) < epsilon
                && times.allSatisfy { $0 - curve.time.value <= span + epsilon }
            if looksAbsolute {
                warning(
                    .ahapAbsoluteCurveTimes,
                    "control-point times look absolute (the first is at \(numberText(first)) s, the curve's own 'Time'); Core Haptics reads them relative to the curve, so they would play \(numberText(curve.time.value)) s late; subtract \(numberText(curve.time.value)) from each (converted here)",
                    at: curve.points[0].time.location)
                times = times.map { $0 - curve.time.value }
            } else {
                warning(
                    .ahapAbsoluteCurveTimes,
                    "control point at \(numberText(last)) s lies past the end of its event (\(numberText(span)) s after the curve starts); control-point times are relative to the curve's 'Time', so check they are not absolute",
                    at: curve.points[curve.points.count - 1].time.location)
            }
        }
        var points = events[owner].curves[curve.parameter] ?? []
        for (time, point) in zip(times, curve.points) {
            let relative = ((offset + time) * 1e6).rounded() / 1e6
            if let previous = points.last, abs(previous.0 - relative) < epsilon,
                abs(previous.1.value - point.value.value) < epsilon
            {
                continue  // the joint between split curves
            }
            points.append((relative, point.value, point.time.location))
        }
        events[owner].curves[curve.parameter] = points
    }

    mutating func readMetadata(_ node: JSONNode?) -> (silences: [Event], loop: Located<Expression>?) {
        guard let node, node.members != nil else { return ([], nil) }
        var silences: [Event] = []
        if let list = node["HapticPolicySilences"]?.items {
            for item in list {
                guard members(of: item, named: "a silence", allowed: ["Time", "Duration", "Note"]) != nil,
                    let time = number(item["Time"], "'Time'"), let duration = number(item["Duration"], "'Duration'")
                else { continue }
                silences.append(
                    Event(
                        kind: .silence, time: time, duration: duration, note: item["Note"]?.stringValue,
                        location: item.location))
            }
        }
        let loop = number(node["HapticPolicyLoop"], "'HapticPolicyLoop'").map {
            Located(Expression.number($0.value), at: $0.location)
        }
        return (silences, loop)
    }
}
