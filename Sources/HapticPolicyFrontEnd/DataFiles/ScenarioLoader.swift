import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import HapticPolicyYAML

// HP801 a number out of its range; HP802 a step with no or several kinds; HP807 a scenario
// that would generate too many events.

/// What loading a scenario file produced.
public struct ScenarioLoadResult: Sendable {
    /// The scenario; nil when the file is unusable or has errors.
    public var scenario: Scenario?
    /// Every problem found, in source order.
    public var diagnostics: [Diagnostic]
    /// The file's text, for caret rendering.
    public var source: String?
    /// Every event name written (`event:`), where it is written, to check against a policy.
    public var eventNames: [Located<String>] = []
    /// Every screen name written (`screen:`, or the `value` of a `screen.enter`).
    public var screenNames: [Located<String>] = []
}

/// Loads mock-sensor scenarios (`Policies/scenarios/*.yaml`, see `Docs/testing.md`).
public enum ScenarioLoader {
    static let topKeys = ["scenario", "description", "duration", "steps"]
    static let stepKinds = ["event", "periodic", "signal", "repeat"]
    static let onceKeys = ["at"] + PolicyDecoder.eventFieldKeys
    static let periodicKeys = PolicyDecoder.eventFieldKeys + ["from", "every", "count", "until", "jitter"]
    static let signalKeys = [
        "event", "subject", "from", "until", "every", "start", "rate", "noise", "wander", "pull", "jumps", "glitches",
        "min",
        "max", "decimals", "data",
    ]
    static let repeatKeys = ["from", "every", "count", "steps"]

    /// Parses a scenario from bytes; `file` names it in diagnostics. `duration` is the
    /// length it will run for when not its own (`simulate --duration`): the scenario is
    /// refused (HP807, at the step that generates the most) when it would generate more
    /// than `ScenarioRunner.eventLimit` events in that time, so that it never runs for
    /// ever or is cut short.
    public static func parse(_ bytes: [UInt8], file: String, duration: Double? = nil) -> ScenarioLoadResult {
        let tree = YAMLDataFile.read(bytes, file: file)
        guard let root = tree.root else {
            return ScenarioLoadResult(scenario: nil, diagnostics: tree.diagnostics, source: tree.source)
        }
        var decoder = PolicyDecoder(file: file, source: tree.source ?? "")
        let scenario = decoder.scenario(root)
        var diagnostics = (tree.diagnostics + decoder.diagnostics).sorted { $0.location < $1.location }
        if let scenario, !diagnostics.contains(where: { $0.severity == .error }),
            let tooMany = plannedCountProblem(scenario, root: root, end: duration ?? scenario.duration)
        {
            diagnostics.append(tooMany)
            diagnostics.sort { $0.location < $1.location }
        }
        let usable = diagnostics.contains { $0.severity == .error } ? nil : scenario
        var result = ScenarioLoadResult(scenario: usable, diagnostics: diagnostics, source: tree.source)
        collectNames(root, into: &result)
        return result
    }

    /// HP807 when the steps would generate more than the runner's event limit, located at
    /// the top-level step that generates the most.
    private static func plannedCountProblem(_ scenario: Scenario, root: YAMLNode, end: Double) -> Diagnostic? {
        let planned = scenario.steps.map { ScenarioRunner.plannedCount($0, end: end) }
        let total = planned.reduce(0, +)
        guard total > Double(ScenarioRunner.eventLimit),
            let worst = planned.indices.max(by: { planned[$0] < planned[$1] })
        else { return nil }
        // Without errors every item of `steps:` was decoded into one step, in order.
        let items = root.pairs?.first { $0.key.scalarText == "steps" }?.value.items ?? []
        let location = worst < items.count ? items[worst].location : root.location
        func count(_ value: Double) -> String { value < 1e15 ? String(Int(value)) : numberText(value) }
        return DiagnosticCode.scenarioTooManyEvents(
            "this step would generate up to \(count(planned[worst])) events in \(numberText(end)) s "
                + "(the scenario up to \(count(total))), over the limit of \(ScenarioRunner.eventLimit); "
                + "raise 'every', give a 'count' or an 'until', or shorten the duration",
            at: location)
    }

    /// Finds the event and screen names in the tree, with their locations.
    private static func collectNames(_ node: YAMLNode, into result: inout ScenarioLoadResult) {
        switch node.content {
        case .scalar:
            return
        case .sequence(let items):
            for item in items { collectNames(item, into: &result) }
        case .mapping(let pairs):
            var isScreenEnter = false
            for pair in pairs {
                guard let key = pair.key.scalarText, let text = pair.value.scalarText else { continue }
                if key == "event" {
                    result.eventNames.append(Located(text, at: pair.value.location))
                    isScreenEnter = text == StateEvent.screenEnter.rawValue
                }
            }
            for pair in pairs {
                guard let key = pair.key.scalarText else { continue }
                if let text = pair.value.scalarText, key == "screen" || (key == "value" && isScreenEnter) {
                    result.screenNames.append(Located(text, at: pair.value.location))
                } else if key != "params" {
                    collectNames(pair.value, into: &result)
                }
            }
        }
    }
}

extension PolicyDecoder {
    /// An `every:` of at least `ScenarioRunner.minimumEvery` seconds (HP801 otherwise).
    private mutating func every(_ node: YAMLNode) -> Double? {
        guard let value = positive(node, for: "every") else { return nil }
        guard value >= ScenarioRunner.minimumEvery else {
            report(
                DiagnosticCode.numberOutOfRange(
                    "'every' must be at least \(numberText(ScenarioRunner.minimumEvery)) s (times are kept to the "
                        + "millisecond), found \(numberText(value)); give a longer period",
                    at: node.location))
            return nil
        }
        return value
    }

    mutating func scenario(_ root: YAMLNode) -> Scenario? {
        guard
            let top = fields(
                root, of: "the scenario file", keys: ScenarioLoader.topKeys,
                required: ["scenario", "duration", "steps"])
        else { return nil }
        var scenario = Scenario(name: "", duration: 0, steps: [])
        if let node = top["scenario"], let name = text(node, for: "scenario") { scenario.name = name.value }
        scenario.description = note(top["description"], for: "description")
        if let node = top["duration"], let duration = positive(node, for: "duration") { scenario.duration = duration }
        if let node = top["steps"] { scenario.steps = steps(node) }
        return scenario
    }

    private mutating func steps(_ node: YAMLNode) -> [Scenario.Step] {
        guard let items = list(node, for: "steps") else { return [] }
        var result: [Scenario.Step] = []
        for item in items {
            if let decoded = step(item) { result.append(decoded) }
        }
        return result
    }

    private mutating func step(_ node: YAMLNode) -> Scenario.Step? {
        guard let pairs = node.pairs else {
            report(Self.notAMapping("a scenario step", found: describe(node), at: node.location))
            return nil
        }
        let kinds = pairs.compactMap(\.key.scalarText).filter { ["periodic", "signal", "repeat"].contains($0) }
        let kind = kinds.first ?? (pairs.contains { ["event", "at"].contains($0.key.scalarText) } ? "event" : nil)
        switch kind {
        case "periodic"?:
            guard let all = fields(node, of: "a periodic step", keys: ["periodic"]),
                let inner = all["periodic"],
                let f = fields(
                    inner, of: "'periodic'", keys: ScenarioLoader.periodicKeys, required: ["event", "every"],
                    valueOf: "periodic"),
                let name = f["event"].flatMap({ text($0, for: "event") }),
                let every = f["every"].flatMap({ every($0) })
            else { return nil }
            var periodic = Scenario.Periodic(event: eventTemplate(name.value, f), every: every)
            if let n = f["from"], let v = nonNegative(n, for: "from") { periodic.from = v }
            if let n = f["until"], let v = nonNegative(n, for: "until") { periodic.until = v }
            if let n = f["jitter"], let v = nonNegative(n, for: "jitter") { periodic.jitter = v }
            if let n = f["count"], let v = integer(n, for: "count") { periodic.count = Swift.max(0, v.value) }
            return .periodic(periodic)
        case "signal"?:
            guard let all = fields(node, of: "a signal step", keys: ["signal"]),
                let inner = all["signal"],
                let f = fields(
                    inner, of: "'signal'", keys: ScenarioLoader.signalKeys, required: ["event", "start"],
                    valueOf: "signal"),
                let name = f["event"].flatMap({ text($0, for: "event") }),
                let start = f["start"].flatMap({ number($0, for: "start") })
            else { return nil }
            var signal = Scenario.Signal(event: name.value, start: start.value)
            if let n = f["subject"] { signal.subject = text(n, for: "subject")?.value }
            if let n = f["data"] { signal.data = dataFields(n) }
            if let n = f["from"], let v = nonNegative(n, for: "from") { signal.from = v }
            if let n = f["until"], let v = nonNegative(n, for: "until") { signal.until = v }
            if let n = f["every"], let v = every(n) { signal.every = v }
            if let n = f["rate"], let v = number(n, for: "rate") { signal.rate = v.value }
            if let n = f["noise"], let v = nonNegative(n, for: "noise") { signal.noise = v }
            if let n = f["wander"], let v = nonNegative(n, for: "wander") { signal.wander = v }
            if let n = f["pull"], let v = nonNegative(n, for: "pull") { signal.pull = v }
            if let n = f["min"], let v = number(n, for: "min") { signal.min = v.value }
            if let n = f["max"], let v = number(n, for: "max") { signal.max = v.value }
            if let n = f["decimals"], let v = integer(n, for: "decimals") {
                if (0...6).contains(v.value) {
                    signal.decimals = v.value
                } else {
                    report(
                        DiagnosticCode.numberOutOfRange(
                            "'decimals' must be 0 to 6, found \(v.value); give the sensor's resolution",
                            at: v.location))
                }
            }
            if signal.min > signal.max {
                report(
                    DiagnosticCode.numberOutOfRange(
                        "'min' \(numberText(signal.min)) is above 'max' \(numberText(signal.max)); swap them",
                        at: f.location))
            }
            if let n = f["jumps"], let items = list(n, for: "jumps") {
                for item in items {
                    guard let j = fields(item, of: "a jump", keys: ["at", "to"], required: ["at", "to"]),
                        let at = j["at"].flatMap({ nonNegative($0, for: "at") }),
                        let to = j["to"].flatMap({ number($0, for: "to") })
                    else { continue }
                    signal.jumps.append(.init(at: at, to: to.value))
                }
            }
            if let n = f["glitches"], let items = list(n, for: "glitches") {
                for item in items {
                    guard
                        let g = fields(
                            item, of: "a glitch", keys: ["at", "to", "count"], required: ["at", "to"]),
                        let at = g["at"].flatMap({ nonNegative($0, for: "at") }),
                        let to = g["to"].flatMap({ number($0, for: "to") })
                    else { continue }
                    var glitch = Scenario.Signal.Glitch(at: at, to: to.value)
                    if let n = g["count"], let v = integer(n, for: "count") {
                        guard v.value >= 1 else {
                            report(
                                DiagnosticCode.numberOutOfRange(
                                    "a glitch's 'count' is how many readings it replaces, at least 1, found "
                                        + "\(v.value); give 1 or more, or remove the glitch",
                                    at: v.location))
                            continue
                        }
                        glitch.count = v.value
                    }
                    signal.glitches.append(glitch)
                }
            }
            return .signal(signal)
        case "repeat"?:
            guard let f = fields(node, of: "a repeat step", keys: ["repeat", "steps"], required: ["steps"]),
                let inner = f["repeat"],
                let r = fields(
                    inner, of: "'repeat'", keys: ["from", "every", "count"], required: ["every"], valueOf: "repeat"),
                let every = r["every"].flatMap({ every($0) })
            else { return nil }
            var block = Scenario.Repeat(every: every, steps: [])
            if let n = r["from"], let v = nonNegative(n, for: "from") { block.from = v }
            if let n = r["count"], let v = integer(n, for: "count") { block.count = Swift.max(0, v.value) }
            if let n = f["steps"] { block.steps = steps(n) }
            return .repeated(block)
        case "event"?:
            guard let f = fields(node, of: "an event step", keys: ScenarioLoader.onceKeys, required: ["at", "event"]),
                let name = f["event"].flatMap({ text($0, for: "event") }),
                let at = f["at"].flatMap({ nonNegative($0, for: "at") })
            else { return nil }
            return .once(at: at, event: eventTemplate(name.value, f))
        default:
            report(
                DiagnosticCode.scenarioStepKind(
                    "a scenario step needs one of 'event' (with 'at'), 'periodic', 'signal' or 'repeat'",
                    at: node.location))
            return nil
        }
    }
}
