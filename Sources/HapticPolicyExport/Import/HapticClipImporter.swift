import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Reads a Meta Haptics Studio clip (`.haptic`, version 1) into a pattern of our language,
/// converted as Meta's own converter turns a clip into AHAP (`core/haptic_data/src/ahap.rs`
/// of facebook/meta-haptics-sdk, read for the mapping): the amplitude envelope becomes an
/// intensity curve of `√amplitude` (ducked by a fifth at a breakpoint with emphasis, so the
/// transient it carries is felt over the continuous signal), the frequency envelope a
/// sharpness curve of `√frequency`, each emphasis a transient of intensity `√amplitude` and
/// sharpness `frequency`, over continuous events of intensity 1 and sharpness 0 that run
/// from 0 s to the last amplitude breakpoint.
///
/// Those events are cut where Core Haptics needs it: at most 30 s each, as Meta cuts
/// them, and at most 16 control points in each curve of an event (our curves belong to
/// their event; a cut repeats the curve's value there, interpolated, so the feel does not
/// change). A clip Meta's strict validation refuses is refused with a located error
/// (HP734), and one that is not a clip at all with the AHAP import's codes.
package enum HapticClipImporter {
    /// Imports a clip's text; `file` names it in locations.
    package static func importPattern(_ text: String, file: String) -> AHAPImporter.Result {
        var reader = ClipReader(file: file)
        let pattern = reader.read(text)
        let diagnostics = reader.diagnostics.sorted { $0.location < $1.location }
        return AHAPImporter.Result(
            pattern: diagnostics.contains { $0.severity == .error } ? nil : pattern, diagnostics: diagnostics)
    }

    /// The longest continuous event, in seconds (Core Haptics' limit, and Meta's cut).
    static let longestEvent = 30.0
    /// The most control points of one curve (Core Haptics' limit).
    static let pointsPerCurve = 16
    /// How much a breakpoint with emphasis lowers the continuous intensity (Meta's ducking).
    static let ducking = 0.2
}

/// One breakpoint of an envelope, where it was written.
private struct Breakpoint {
    var time: Double
    var value: Double
    var location: SourceLocation
}

private struct ClipReader {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(code(message, at: location, severity: .error))
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(code(message, at: location, severity: .warning))
    }

    /// The object's members, with keys outside `known` reported (Meta's reader ignores them).
    mutating func object(_ node: JSONNode?, _ what: String, known: [String], at parent: SourceLocation) -> JSONNode? {
        guard let node else {
            error(.ahapMissingKey, "missing \(what); a Meta Haptics Studio clip has it", at: parent)
            return nil
        }
        guard let members = node.members else {
            error(.ahapWrongType, "\(what) must be an object, found \(node.kindName)", at: node.location)
            return nil
        }
        for member in members where !known.contains(member.key) {
            let hint = AHAPKeys.suggestion(for: member.key, among: known).map { "; did you mean '\($0)'?" } ?? ""
            warning(
                .ahapUnknownKey,
                "unknown key '\(member.key)' in \(what), ignored as Meta's SDK ignores it\(hint)",
                at: member.keyLocation)
        }
        return node
    }

    mutating func number(_ node: JSONNode?, _ what: String, at parent: SourceLocation) -> Located<Double>? {
        guard let node else {
            error(.ahapMissingKey, "missing \(what)", at: parent)
            return nil
        }
        guard let value = node.numberValue else {
            error(.ahapWrongType, "\(what) must be a number, found \(node.kindName)", at: node.location)
            return nil
        }
        return Located(value, at: node.location)
    }

    /// Meta's strict validation: a value outside 0...1 refuses the clip.
    mutating func unit(_ value: Located<Double>, _ what: String, at time: Double) -> Bool {
        guard (0...1).contains(value.value) else {
            error(
                .hapticClipInvalid,
                "\(what) \(numberText(value.value)) at \(numberText(time)) s is outside 0...1, which Meta's SDK refuses; write a value from 0 to 1",
                at: value.location)
            return false
        }
        return true
    }

    mutating func read(_ text: String) -> PatternDecl? {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text, file: file)
        } catch {
            self.error(.ahapJSONSyntax, error.message, at: error.location)
            return nil
        }
        let start = root.location
        guard let root = object(root, "the clip", known: ["version", "metadata", "signals"], at: start) else {
            return nil
        }
        guard readVersion(root["version"], at: start) else { return nil }
        if let metadata = root["metadata"] {
            _ = object(
                metadata, "'metadata'", known: ["editor", "author", "source", "project", "tags", "description"],
                at: start)
        }
        guard let signals = object(root["signals"], "'signals'", known: ["continuous"], at: start),
            let continuous = object(
                signals["continuous"], "'signals.continuous'", known: ["envelopes"], at: signals.location),
            let envelopes = object(
                continuous["envelopes"], "'signals.continuous.envelopes'", known: ["amplitude", "frequency"],
                at: continuous.location)
        else { return nil }
        guard let (amplitude, emphasis) = readAmplitude(envelopes["amplitude"], at: envelopes.location) else {
            return nil
        }
        var frequency: [Breakpoint]? = nil
        if let node = envelopes["frequency"] {
            guard let read = readFrequency(node, within: amplitude) else { return nil }
            frequency = read
        }
        return pattern(amplitude: amplitude, emphasis: emphasis, frequency: frequency, at: envelopes.location)
    }

    /// `{"major": 1, "minor": 0, "patch": 0}`: version 1 only.
    mutating func readVersion(_ node: JSONNode?, at parent: SourceLocation) -> Bool {
        guard let version = object(node, "'version'", known: ["major", "minor", "patch"], at: parent),
            let major = number(version["major"], "'version.major'", at: version.location),
            number(version["minor"], "'version.minor'", at: version.location) != nil,
            number(version["patch"], "'version.patch'", at: version.location) != nil
        else { return false }
        guard major.value == 1 else {
            error(
                .hapticClipInvalid,
                "a version \(numberText(major.value)) clip; this import reads Meta Haptics Studio's version 1 clips, so export it as version 1",
                at: major.location)
            return false
        }
        return true
    }

    /// The amplitude envelope, checked as Meta's strict validation checks it, and each
    /// emphasis (intensity, sharpness) by breakpoint index.
    mutating func readAmplitude(_ node: JSONNode?, at parent: SourceLocation) -> (
        [Breakpoint], [Int: (amplitude: Double, frequency: Double, location: SourceLocation)]
    )? {
        guard let node else {
            error(.ahapMissingKey, "missing 'amplitude'; a clip's envelopes have an amplitude envelope", at: parent)
            return nil
        }
        guard let items = node.items else {
            error(
                .ahapWrongType, "'amplitude' must be an array of breakpoints, found \(node.kindName)", at: node.location
            )
            return nil
        }
        var points: [Breakpoint] = []
        var emphasis: [Int: (amplitude: Double, frequency: Double, location: SourceLocation)] = [:]
        var ok = true
        for item in items {
            guard
                object(item, "an amplitude breakpoint", known: ["time", "amplitude", "emphasis"], at: item.location)
                    != nil,
                let time = number(item["time"], "'time'", at: item.location),
                let amplitude = number(item["amplitude"], "'amplitude'", at: item.location)
            else {
                ok = false
                continue
            }
            ok = unit(amplitude, "amplitude", at: time.value) && ok
            if let previous = points.last, time.value < previous.time || time.value < 0 {
                error(
                    .hapticClipInvalid,
                    "this breakpoint at \(numberText(time.value)) s comes after one at \(numberText(previous.time)) s; Meta's SDK refuses breakpoints out of time order",
                    at: time.location)
                ok = false
            } else if points.isEmpty, time.value < 0 {
                error(
                    .hapticClipInvalid, "a breakpoint at \(numberText(time.value)) s; times start at 0",
                    at: time.location)
                ok = false
            }
            if let node = item["emphasis"],
                let fields = object(node, "an emphasis", known: ["amplitude", "frequency"], at: item.location),
                let strength = number(fields["amplitude"], "the emphasis 'amplitude'", at: node.location),
                let sharpness = number(fields["frequency"], "the emphasis 'frequency'", at: node.location)
            {
                ok = unit(strength, "emphasis amplitude", at: time.value) && ok
                ok = unit(sharpness, "emphasis frequency", at: time.value) && ok
                if strength.value < amplitude.value {
                    error(
                        .hapticClipInvalid,
                        "the emphasis amplitude \(numberText(strength.value)) at \(numberText(time.value)) s is below its breakpoint's \(numberText(amplitude.value)), which Meta's SDK refuses; an emphasis stands out of the envelope",
                        at: strength.location)
                    ok = false
                }
                emphasis[points.count] = (strength.value, sharpness.value, node.location)
            } else if item["emphasis"] != nil {
                ok = false
            }
            points.append(Breakpoint(time: time.value, value: amplitude.value, location: item.location))
        }
        guard ok else { return nil }
        guard points.count >= 2 else {
            error(
                .hapticClipInvalid,
                "the amplitude envelope has \(points.count == 0 ? "no breakpoint" : "one breakpoint"); Meta's SDK needs at least two, so a clip has a length",
                at: node.location)
            return nil
        }
        guard points[points.count - 1].time > points[0].time else {
            error(
                .hapticClipInvalid,
                "the amplitude envelope lasts 0 s (every breakpoint at \(numberText(points[0].time)) s), which Meta's SDK refuses",
                at: node.location)
            return nil
        }
        return (points, emphasis)
    }

    /// The frequency envelope: in range, in order, and inside the amplitude envelope.
    mutating func readFrequency(_ node: JSONNode, within amplitude: [Breakpoint]) -> [Breakpoint]? {
        guard let items = node.items else {
            error(
                .ahapWrongType, "'frequency' must be an array of breakpoints, found \(node.kindName)", at: node.location
            )
            return nil
        }
        let span = amplitude[0].time...amplitude[amplitude.count - 1].time
        var points: [Breakpoint] = []
        var ok = true
        for item in items {
            guard object(item, "a frequency breakpoint", known: ["time", "frequency"], at: item.location) != nil,
                let time = number(item["time"], "'time'", at: item.location),
                let frequency = number(item["frequency"], "'frequency'", at: item.location)
            else {
                ok = false
                continue
            }
            ok = unit(frequency, "frequency", at: time.value) && ok
            if let previous = points.last, time.value < previous.time {
                error(
                    .hapticClipInvalid,
                    "this breakpoint at \(numberText(time.value)) s comes after one at \(numberText(previous.time)) s; Meta's SDK refuses breakpoints out of time order",
                    at: time.location)
                ok = false
            }
            if !span.contains(time.value) {
                error(
                    .hapticClipInvalid,
                    "a frequency breakpoint at \(numberText(time.value)) s, outside the amplitude envelope (\(numberText(span.lowerBound)) to \(numberText(span.upperBound)) s), which Meta's SDK refuses",
                    at: time.location)
                ok = false
            }
            points.append(Breakpoint(time: time.value, value: frequency.value, location: item.location))
        }
        return ok ? points : nil
    }

    /// The converted pattern: continuous events cut at 30 s and at 16 points a curve, then
    /// the emphasis transients, in time order.
    func pattern(
        amplitude: [Breakpoint], emphasis: [Int: (amplitude: Double, frequency: Double, location: SourceLocation)],
        frequency: [Breakpoint]?, at location: SourceLocation
    ) -> PatternDecl {
        let intensity = distinctTimes(
            amplitude.enumerated().map { index, point in
                Breakpoint(
                    time: point.time,
                    value: point.value.squareRoot() * (emphasis[index] == nil ? 1 : 1 - HapticClipImporter.ducking),
                    location: point.location)
            })
        let sharpness = frequency.map { points in
            distinctTimes(points.map { Breakpoint(time: $0.time, value: $0.value.squareRoot(), location: $0.location) })
        }
        let end = amplitude[amplitude.count - 1].time
        var events: [PatternEventDecl] = []
        for (from, to) in cuts(end: end, curves: [intensity] + (sharpness.map { [$0] } ?? [])) {
            var curves = [curve(.intensity, intensity, from: from, to: to)].compactMap { $0 }
            if let sharpness, let part = curve(.sharpness, sharpness, from: from, to: to) { curves.append(part) }
            events.append(
                PatternEventDecl(
                    kind: Located(.continuous, at: location), time: constant(from, location),
                    duration: constant(to - from, location), intensity: constant(1, location),
                    sharpness: constant(0, location), curves: curves, location: location))
        }
        for (index, mark) in emphasis.sorted(by: { $0.key < $1.key }) {
            events.append(
                PatternEventDecl(
                    kind: Located(.transient, at: mark.location), time: constant(amplitude[index].time, mark.location),
                    intensity: constant(mark.amplitude.squareRoot(), mark.location),
                    sharpness: constant(mark.frequency, mark.location), location: mark.location))
        }
        let ordered = events.enumerated().sorted {
            (constantValue($0.element.time), $0.offset) < (constantValue($1.element.time), $1.offset)
        }.map(\.element)
        return PatternDecl(events: ordered, location: location)
    }

    /// The spans of the continuous events: from 0 s to `end`, each at most 30 s long and
    /// holding at most 16 points of each curve, counting the interpolated points a cut adds.
    func cuts(end: Double, curves: [[Breakpoint]]) -> [(Double, Double)] {
        let limit = HapticClipImporter.pointsPerCurve
        var spans: [(Double, Double)] = []
        var from = 0.0
        while from < end {
            var to = min(end, from + HapticClipImporter.longestEvent)
            // Times where a cut may fall: the curves' own times inside (from, to).
            let candidates = Set(curves.flatMap { $0.map(\.time) }.filter { $0 > from && $0 < to }).sorted()
            func fits(_ to: Double) -> Bool {
                curves.allSatisfy { points(of: $0, from: from, to: to) <= limit }
            }
            if !fits(to) {
                // The latest of the curves' times that keeps every curve within the limit.
                to = candidates.last { fits($0) } ?? candidates.first ?? to
            }
            spans.append((from, to))
            from = to
        }
        return spans
    }

    /// How many points `curve` has over `from...to`: its own, and one at each end that
    /// falls between two of them.
    func points(of curve: [Breakpoint], from: Double, to: Double) -> Int {
        let inside = curve.filter { $0.time >= from && $0.time <= to }.count
        let startAdded = curve.contains { $0.time < from } && !curve.contains { $0.time == from } ? 1 : 0
        let endAdded = curve.contains { $0.time > to } && !curve.contains { $0.time == to } ? 1 : 0
        return inside + startAdded + endAdded
    }

    /// The part of a curve over `from...to`, times relative to `from`, with its value
    /// interpolated at a cut; nil when the curve has no point there.
    func curve(_ parameter: CurveDecl.Parameter, _ curve: [Breakpoint], from: Double, to: Double) -> CurveDecl? {
        var points: [(Double, Double, SourceLocation)] = []
        if let before = curve.last(where: { $0.time < from }), let after = curve.first(where: { $0.time >= from }),
            after.time > from
        {
            points.append((from, interpolate(before, after, at: from), before.location))
        }
        for point in curve where point.time >= from && point.time <= to {
            points.append((point.time, point.value, point.location))
        }
        if let after = curve.first(where: { $0.time > to }), let before = curve.last(where: { $0.time <= to }),
            before.time < to
        {
            points.append((to, interpolate(before, after, at: to), after.location))
        }
        guard let first = points.first else { return nil }
        return CurveDecl(
            parameter: Located(parameter, at: first.2),
            points: points.map {
                ControlPointDecl(time: constant($0.0 - from, $0.2), value: constant($0.1, $0.2))
            },
            location: first.2)
    }

    /// Two breakpoints at one time (a step, which Meta's SDK allows) become the later one:
    /// a curve's times rise strictly (HP109), and Core Haptics jumps to the later value there.
    func distinctTimes(_ points: [Breakpoint]) -> [Breakpoint] {
        var out: [Breakpoint] = []
        for point in points {
            if let last = out.last, last.time == point.time { out.removeLast() }
            out.append(point)
        }
        return out
    }

    func interpolate(_ a: Breakpoint, _ b: Breakpoint, at time: Double) -> Double {
        a.value + (b.value - a.value) * (time - a.time) / (b.time - a.time)
    }

    func constant(_ value: Double, _ location: SourceLocation) -> Located<Expression> {
        Located(.number(value), at: location)
    }

    func constantValue(_ value: Located<Expression>) -> Double { value.value.constant ?? 0 }
}
