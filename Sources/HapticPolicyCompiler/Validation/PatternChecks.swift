import Foundation
import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let intensityOutOfRange = DiagnosticCode.check(
        "HP101", .error, "intensity-out-of-range", "an intensity (pattern event or preset) outside 0-1")
    static let sharpnessOutOfRange = DiagnosticCode.check(
        "HP102", .error, "sharpness-out-of-range", "a pattern event's sharpness outside 0-1")
    static let curveValueOutOfRange = DiagnosticCode.check(
        "HP103", .error, "curve-value-out-of-range",
        "an intensity curve value outside 0-1 or a sharpness curve value outside -1...1")
    static let durationNotPositive = DiagnosticCode.check(
        "HP104", .error, "duration-not-positive", "a pattern event's duration is 0 or negative")
    static let negativeTime = DiagnosticCode.check(
        "HP105", .error, "negative-time", "a pattern event or fallback step starts before the pattern")
    static let continuousTooLong = DiagnosticCode.check(
        "HP106", .error, "continuous-too-long", "a continuous event lasts more than 30 s (the Core Haptics limit)")
    static let tooManyControlPoints = DiagnosticCode.check(
        "HP107", .error, "too-many-control-points",
        "a curve has more than 16 control points (the Core Haptics limit); an error: split the event, the exporter does not"
    )
    static let controlPointOutsideEvent = DiagnosticCode.check(
        "HP108", .error, "control-point-outside-event", "a control point's time is outside 0...its event's duration")
    static let controlPointsOutOfOrder = DiagnosticCode.check(
        "HP109", .error, "control-points-out-of-order", "control point times are not strictly ascending")
    static let silenceOverlap = DiagnosticCode.check(
        "HP113", .error, "silence-overlap", "a silence overlaps an event that plays")
    static let loopTooShort = DiagnosticCode.check(
        "HP114", .error, "loop-too-short", "a loop period is not positive or shorter than the pattern it repeats")
    static let parameterRangeInvalid = DiagnosticCode.check(
        "HP121", .error, "parameter-range-invalid",
        "a template parameter's min is above its max, or its default is outside them")
    static let notFinite = DiagnosticCode.check(
        "HP122", .error, "not-finite", "an expression divides by zero (or overflows) at some parameter values")
    static let emptyPattern = DiagnosticCode.check("HP125", .error, "empty-pattern", "a pattern has no events")
    static let audioInHapticsOnlyEngine = DiagnosticCode.check(
        "HP127", .error, "audio-in-haptics-only-engine",
        "a pattern plays a sound while the engine is haptics-only (the default)")
    static let badSoundFile = DiagnosticCode.check(
        "HP128", .error, "bad-sound-file", "a sound is not a plain audio file name of the app's bundle (`click.caf`)")
    static let audioValueOutOfRange = DiagnosticCode.check(
        "HP126", .error, "audio-value-out-of-range", "an audio event's volume outside 0-1 or pitch outside -1...1")
}

/// One range finding in a pattern, before it is worded for the parameter values it occurs at.
struct PatternFinding {
    var code: DiagnosticCode
    /// Identity within the pattern (`event 2 duration`), so a finding is reported once
    /// however many scenarios show it.
    var site: String
    var location: SourceLocation
    /// What is wrong, lowercase: "the continuous event lasts 32 s; Core Haptics allows 30 s".
    var problem: String
    /// The fix when no template parameter is involved.
    var fix: String
    /// The fix besides narrowing a parameter's range ("split the event").
    var otherFix: String

    var key: String { code.code + " " + site }
}

/// Range and shape checks of custom patterns (HP101-HP109, HP113, HP114, HP121, HP122, HP125).
/// Which keys an event kind takes (a transient's duration, curves on a transient, a
/// silence's intensity, a missing duration) is the front end's check (HP013, HP017);
/// here a misplaced key is simply not evaluated.
/// Template-aware: expressions are evaluated at the defaults and at the corners of the
/// parameter ranges (`TemplateSpace`), and a violation names the values that cause it.
enum PatternChecks {
    /// Core Haptics limits.
    static let maxContinuousDuration = HapticLimits.maxContinuousDuration
    static let maxControlPoints = HapticLimits.maxControlPoints
    /// Template findings explained with causes and bounds: each costs ~70 evaluations of
    /// the whole pattern, so huge patterns get fewer (the rest name every parameter at its end).
    static func explainedFindingsLimit(events: Int) -> Int { min(20, 20_000 / max(1, events)) }

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        context.document.feedback.flatMap(check) + audioFindings(context.document)
    }

    /// Sounds need an engine that plays audio (`engine: {haptics-only: false}`), and a
    /// sound is a file name of the app's bundle (HP127, HP128).
    static func audioFindings(_ document: PolicyDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for feedback in document.feedback {
            guard case .pattern(let pattern) = feedback.body else { continue }
            for event in pattern.events where event.kind.value.isAudio {
                if document.engine.hapticsOnly.value {
                    out.append(
                        DiagnosticCode.audioInHapticsOnlyEngine(
                            "'\(feedback.name.value)' plays a sound (\(event.kind.value.rawValue)), but the engine is haptics-only, so Core Haptics would refuse the pattern: set `engine: {haptics-only: false}` or remove the sound",
                            at: event.kind.location))
                }
                if let sound = event.sound, let problem = soundFileProblem(sound.value) {
                    out.append(
                        DiagnosticCode.badSoundFile(
                            "sound '\(sound.value)' \(problem): name a file of the app's bundle, such as click.caf",
                            at: sound.location))
                }
            }
        }
        return out
    }

    /// Why `name` is not a plain audio file name, or nil.
    static func soundFileProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.contains("/") || name.contains("\\") { return "names a folder; only a file name is allowed" }
        if name.hasPrefix(".") { return "starts with a dot" }
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) != name.endIndex else {
            return "has no file extension"
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard audioFileExtensions.contains(ext) else {
            return "is not an audio file Core Haptics plays (\(audioFileExtensions.joined(separator: ", ")))"
        }
        return nil
    }

    /// File types Core Haptics' `registerAudioResource` reads.
    static let audioFileExtensions = ["caf", "wav", "aif", "aiff", "m4a", "mp3"]

    static func check(_ feedback: FeedbackDecl) -> [Diagnostic] {
        guard case .pattern(let pattern) = feedback.body else { return [] }
        var diagnostics = shapeFindings(pattern)
        let steps: [SequenceStep]
        if case .sequence(let list, _) = feedback.fallback { steps = list } else { steps = [] }
        let space = TemplateSpace(pattern)
        let evaluate = { (values: [String: Double]) in rangeFindings(pattern, steps: steps, values: values) }
        var reported = Set<String>()
        var explained = 0
        for scenario in space.scenarios {
            for finding in evaluate(scenario.values) where reported.insert(finding.key).inserted {
                if scenario.ends.isEmpty {
                    diagnostics.append(finding.code("\(finding.problem): \(finding.fix)", at: finding.location))
                } else {
                    explained += 1
                    diagnostics.append(
                        word(
                            finding, at: scenario, in: space,
                            explain: explained <= explainedFindingsLimit(events: pattern.events.count),
                            evaluate: evaluate))
                }
            }
        }
        return diagnostics
    }

    // MARK: Findings that do not depend on parameter values

    static func shapeFindings(_ pattern: PatternDecl) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if pattern.events.isEmpty {
            out.append(
                DiagnosticCode.emptyPattern(
                    "the pattern has no events: add at least one under `events:` or use a preset", at: pattern.location)
            )
        }
        for parameter in pattern.parameters {
            out += parameterFindings(parameter)
        }
        for event in pattern.events where event.kind.value == .continuous {
            for curve in event.curves {
                if curve.points.count > maxControlPoints {
                    out.append(
                        DiagnosticCode.tooManyControlPoints(
                            "the \(curve.parameter.value.rawValue) curve has \(curve.points.count) control points; Core Haptics allows \(maxControlPoints): remove points or split the event into several events, each with its own curve",
                            at: curve.location))
                }
            }
        }
        return out
    }

    static func parameterFindings(_ parameter: TemplateParameter) -> [Diagnostic] {
        let name = parameter.name.value
        var out: [Diagnostic] = []
        for (key, value) in [
            ("default", Optional(parameter.defaultValue)), ("min", parameter.minimum), ("max", parameter.maximum),
        ] {
            if let value, !value.value.isFinite {
                out.append(
                    DiagnosticCode.parameterRangeInvalid(
                        "'\(key)' of parameter '\(name)' is \(show(value.value)): write a finite number",
                        at: value.location))
            }
        }
        guard out.isEmpty else { return out }
        let value = parameter.defaultValue.value
        if let minimum = parameter.minimum, let maximum = parameter.maximum, minimum.value > maximum.value {
            out.append(
                DiagnosticCode.parameterRangeInvalid(
                    "'min' \(show(minimum.value)) of parameter '\(name)' is above its 'max' \(show(maximum.value)): swap them",
                    at: minimum.location))
            return out
        }
        if let minimum = parameter.minimum, value < minimum.value {
            out.append(
                DiagnosticCode.parameterRangeInvalid(
                    "the default \(show(value)) of parameter '\(name)' is below its 'min' \(show(minimum.value)): raise the default or lower 'min'",
                    at: parameter.defaultValue.location))
        } else if let maximum = parameter.maximum, value > maximum.value {
            out.append(
                DiagnosticCode.parameterRangeInvalid(
                    "the default \(show(value)) of parameter '\(name)' is above its 'max' \(show(maximum.value)): lower the default or raise 'max'",
                    at: parameter.defaultValue.location))
        }
        return out
    }

    // MARK: Findings at given parameter values

    private struct Span {
        var index: Int
        var kind: PatternEventDecl.Kind
        var start: Double
        var end: Double
    }

    /// Every range finding of the pattern with the parameters bound to `values`.
    static func rangeFindings(_ pattern: PatternDecl, steps: [SequenceStep], values: [String: Double])
        -> [PatternFinding]
    {
        var out: [PatternFinding] = []
        func number(_ expression: Located<HapticPolicy.Expression>, _ site: String) -> Double? {
            do {
                return try expression.value.evaluate(values)
            } catch {
                switch error {
                case .unboundParameter:
                    return nil  // an unknown parameter is a reference error (HP206), reported once
                case .notFinite:
                    out.append(
                        PatternFinding(
                            code: .notFinite, site: site, location: expression.location,
                            problem: "'\(expression.value)' has no finite value (a division by zero or an overflow)",
                            fix: "change the expression so its divisor cannot be 0",
                            otherFix: "change the expression so its divisor cannot be 0"))
                    return nil
                }
            }
        }
        var spans: [Span] = []
        for (index, event) in pattern.events.enumerated() {
            let kind = event.kind.value
            let label = "event \(index + 1)"
            let start = number(event.time, "\(label) time")
            if let start, !(start >= 0) {
                out.append(
                    PatternFinding(
                        code: .negativeTime, site: "\(label) time", location: event.time.location,
                        problem: "the \(kind.rawValue) event starts at \(show(start)) s, before the pattern starts",
                        fix: "start it at 0 s or later", otherFix: "start it later"))
            }
            var duration: Double?
            if kind != .transient, let expression = event.duration, let value = number(expression, "\(label) duration")
            {
                if value > 0 {
                    duration = value
                } else {
                    out.append(
                        PatternFinding(
                            code: .durationNotPositive, site: "\(label) duration", location: expression.location,
                            problem: "the \(kind.rawValue) event lasts \(show(value)) s",
                            fix: "give it a duration above 0 s", otherFix: "change the duration expression"))
                }
                if kind == .continuous || kind == .audioContinuous, value > maxContinuousDuration {
                    out.append(
                        PatternFinding(
                            code: .continuousTooLong, site: "\(label) duration", location: expression.location,
                            problem:
                                "the \(kind.rawValue) event lasts \(show(value)) s; Core Haptics allows \(show(maxContinuousDuration)) s",
                            fix:
                                "shorten it or split it into several events of at most \(show(maxContinuousDuration)) s",
                            otherFix: "split the event"))
                }
            }
            // One range check for every per-event value: a tap's intensity and sharpness,
            // a sound's volume and pitch.
            typealias Ranged = (
                code: DiagnosticCode, name: String, expression: Located<HapticPolicy.Expression>?, low: Double,
                high: Double,
                fix: String
            )
            var ranged: [Ranged] = []
            if kind.isHaptic {
                ranged.append((.intensityOutOfRange, "intensity", event.intensity, 0, 1, "use a value from 0 to 1"))
                ranged.append((.sharpnessOutOfRange, "sharpness", event.sharpness, 0, 1, "use a value from 0 to 1"))
            }
            if kind.isAudio {
                ranged.append(
                    (.audioValueOutOfRange, "volume", event.volume, 0, 1, "use a value from 0 (silent) to 1"))
                ranged.append(
                    (
                        .audioValueOutOfRange, "pitch", event.pitch, -1, 1,
                        "use a value from -1 (lowest) to 1 (highest)"
                    ))
            }
            for check in ranged {
                guard let expression = check.expression, let value = number(expression, "\(label) \(check.name)"),
                    !(value >= check.low && value <= check.high)
                else { continue }
                out.append(
                    PatternFinding(
                        code: check.code, site: "\(label) \(check.name)", location: expression.location,
                        problem: "the \(check.name) is \(show(value))", fix: check.fix,
                        otherFix: "change the \(check.name) expression"))
            }
            if kind == .continuous {
                for curve in event.curves {
                    out += curveFindings(curve, label: label, duration: duration, number: number)
                }
            }
            if let start, start >= 0 {
                if kind == .transient {
                    spans.append(Span(index: index, kind: kind, start: start, end: start))
                } else if let duration {
                    spans.append(Span(index: index, kind: kind, start: start, end: start + duration))
                }
            }
        }
        out += overlapFindings(spans, pattern)
        let length = spans.map(\.end).max() ?? 0
        if let loop = pattern.loop, let period = number(loop, "loop") {
            if !(period > 0) {
                out.append(
                    PatternFinding(
                        code: .loopTooShort, site: "loop", location: loop.location,
                        problem: "the loop period is \(show(period)) s", fix: "make it greater than 0 s",
                        otherFix: "change the loop expression"))
            } else if period < length - 1e-9 {
                out.append(
                    PatternFinding(
                        code: .loopTooShort, site: "loop", location: loop.location,
                        problem:
                            "the loop repeats every \(show(period)) s but the pattern lasts \(show(length)) s, so each repeat overlaps the last",
                        fix: "make the period at least \(show(length)) s or shorten the pattern",
                        otherFix: "shorten the pattern"))
            }
        }
        for (index, step) in steps.enumerated() {
            if let at = number(step.at, "step \(index + 1)"), !(at >= 0) {
                out.append(
                    PatternFinding(
                        code: .negativeTime, site: "step \(index + 1)", location: step.at.location,
                        problem: "the fallback step plays at \(show(at)) s, before the pattern starts",
                        fix: "play it at 0 s or later", otherFix: "play it later"))
            }
        }
        return out
    }

    private static func curveFindings(
        _ curve: CurveDecl, label: String, duration: Double?,
        number: (Located<HapticPolicy.Expression>, String) -> Double?
    ) -> [PatternFinding] {
        var out: [PatternFinding] = []
        let parameter = curve.parameter.value
        var previous: Double?
        for (index, point) in curve.points.enumerated() {
            let site = "\(label) \(parameter.rawValue) curve point \(index + 1)"
            if let time = number(point.time, "\(site) time") {
                if !(time >= 0) || (duration.map { time > $0 + 1e-9 } ?? false) {
                    let span = duration.map { "0 to \(show($0)) s" } ?? "0 s or later"
                    out.append(
                        PatternFinding(
                            code: .controlPointOutsideEvent, site: "\(site) time", location: point.time.location,
                            problem:
                                "the control point at \(show(time)) s is outside its event (times are relative to the event start)",
                            fix: "move it to \(span)", otherFix: "change the point's time expression"))
                }
                if let previous, !(time > previous) {
                    out.append(
                        PatternFinding(
                            code: .controlPointsOutOfOrder, site: "\(site) order", location: point.time.location,
                            problem:
                                "the control point at \(show(time)) s does not come after the previous one at \(show(previous)) s",
                            fix: "list control points in strictly ascending time", otherFix: "reorder the points"))
                }
                previous = time
            }
            if let value = number(point.value, "\(site) value") {
                let (low, high) = parameter == .intensity ? (0.0, 1.0) : (-1.0, 1.0)
                if !(value >= low && value <= high) {
                    out.append(
                        PatternFinding(
                            code: .curveValueOutOfRange, site: "\(site) value", location: point.value.location,
                            problem: "the \(parameter.rawValue) curve value is \(show(value))",
                            fix: "use a value from \(show(low)) to \(show(high))"
                                + (parameter == .intensity
                                    ? " (it multiplies the event intensity)" : " (it offsets the event sharpness)"),
                            otherFix: "change the value expression"))
                }
            }
        }
        return out
    }

    /// A silence overlaps an event that plays when that event starts inside it or starts
    /// before it and is still playing. Sorted starts keep this O(n log n).
    private static func overlapFindings(_ spans: [Span], _ pattern: PatternDecl) -> [PatternFinding] {
        let playing = spans.filter { $0.kind.isHaptic }.sorted { $0.start < $1.start }
        guard !playing.isEmpty else { return [] }
        // longest[i]: the playing span reaching furthest among playing[0...i].
        var longest: [Int] = []
        for i in playing.indices {
            if let last = longest.last, playing[last].end >= playing[i].end {
                longest.append(last)
            } else {
                longest.append(i)
            }
        }
        var out: [PatternFinding] = []
        for silence in spans where silence.kind == .silence {
            // First playing span starting at or after the silence start.
            var low = 0
            var high = playing.count
            while low < high {
                let mid = (low + high) / 2
                if playing[mid].start < silence.start { low = mid + 1 } else { high = mid }
            }
            var culprit: Span?
            if low < playing.count, playing[low].start < silence.end { culprit = playing[low] }
            if culprit == nil, low > 0, playing[longest[low - 1]].end > silence.start {
                culprit = playing[longest[low - 1]]
            }
            guard let culprit else { continue }
            let event = pattern.events[silence.index]
            out.append(
                PatternFinding(
                    code: .silenceOverlap, site: "event \(silence.index + 1) overlap", location: event.location,
                    problem:
                        "the silence from \(show(silence.start)) s to \(show(silence.end)) s overlaps event \(culprit.index + 1) (\(culprit.kind.rawValue) at \(show(culprit.start)) s)",
                    fix: "move one of them so the silence is a real gap",
                    otherFix: "move one of them"))
        }
        return out
    }

    // MARK: Wording at template corners

    static func word(
        _ finding: PatternFinding, at scenario: TemplateScenario, in space: TemplateSpace, explain: Bool,
        evaluate: ([String: Double]) -> [PatternFinding]
    ) -> Diagnostic {
        let order = space.parameters.map(\.name.value).filter { scenario.ends[$0] != nil }
        func present(_ values: [String: Double]) -> Bool { evaluate(values).contains { $0.key == finding.key } }
        var causes = order
        if explain {
            let single = order.filter { name in
                var values = scenario.values
                values[name] = space.defaults[name]
                return !present(values)
            }
            if !single.isEmpty { causes = single }
        }
        let at = causes.map { name in
            let end = scenario.ends[name] == .max ? "max" : "min"
            return "\(name) = \(show(scenario.values[name] ?? 0)) (its \(end))"
        }.joined(separator: " and ")
        let narrowing: String
        if explain, causes.count == 1, let name = causes.first, let end = scenario.ends[name] {
            narrowing = bound(name, end: end, scenario: scenario, space: space, present: present)
        } else {
            narrowing =
                causes.count == 1
                ? "narrow the range of \(quotedList(causes))" : "narrow the ranges of \(quotedList(causes))"
        }
        return finding.code("at \(at) \(finding.problem): \(narrowing) or \(finding.otherFix)", at: finding.location)
    }

    /// "lower 'max' of 'exhale' to 18": the roundest value between the default and the
    /// failing end at which the finding disappears, found by bisection.
    static func bound(
        _ name: String, end: TemplateScenario.End, scenario: TemplateScenario, space: TemplateSpace,
        present: ([String: Double]) -> Bool
    ) -> String {
        let start = space.defaults[name] ?? 0
        let failing = scenario.values[name] ?? 0
        func fails(_ value: Double) -> Bool {
            var values = scenario.values
            values[name] = value
            return present(values)
        }
        let key = end == .max ? "max" : "min"
        let verb = end == .max ? "lower" : "raise"
        guard !fails(start) else { return "narrow the range of '\(name)'" }
        var good = start
        var bad = failing
        for _ in 0..<64 {
            let mid = good + (bad - good) / 2
            if mid == good || mid == bad { break }
            if fails(mid) { bad = mid } else { good = mid }
        }
        let direction: Double = failing > start ? 1 : -1
        for decimals in 0...3 {
            let scale = pow(10, Double(decimals))
            // A grid step must be small against the range, or 0.8 would round to 1.
            guard 1 / scale <= abs(failing - start) / 4 || decimals == 3 else { continue }
            let candidate = (good * scale).rounded() / scale
            guard (candidate - start) * direction >= 0, (failing - candidate) * direction > 0, !fails(candidate) else {
                continue
            }
            let next = candidate + direction / scale
            if (failing - next) * direction <= 0 || fails(next) {
                return "\(verb) '\(key)' of '\(name)' to \(show(candidate))"
            }
        }
        return "\(verb) '\(key)' of '\(name)' \(end == .max ? "below" : "above") \(show(bad))"
    }
}
