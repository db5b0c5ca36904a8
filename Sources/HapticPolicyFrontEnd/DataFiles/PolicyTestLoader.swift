import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import HapticPolicyYAML

// HP801 a number out of its range; HP803 a case or table row without an expectation.

/// What loading a test file produced.
public struct PolicyTestLoadResult: Sendable {
    /// The suite; nil when the file is unusable or has errors.
    public var suite: PolicyTestSuite?
    /// Every problem found, in source order.
    public var diagnostics: [Diagnostic]
    /// The file's text, for caret rendering.
    public var source: String?
    /// The suite as far as it could be decoded, errors or not, with every name it uses:
    /// `lint` checks those names in the same pass as the syntax, so all errors show at once.
    public var draft: PolicyTestSuite?
}

/// Loads policy test files (`*.tests.yaml`, see `Docs/testing.md`).
public enum PolicyTestLoader {
    static let topKeys = ["policy", "description", "device", "table", "cases"]
    static let expectationKeys = [
        "play", "silent", "stop", "render", "rule", "band", "directives", "parameters", "loop", "stops", "loops",
    ]
    static let tableKeys = ["name", "device"] + PolicyDecoder.eventFieldKeys + expectationKeys
    static let caseKeys = ["name", "device", "screen", "steps", "breaches", "note"]
    static let stepKeys = ["t"] + PolicyDecoder.eventFieldKeys + expectationKeys
    static let deviceKeys = ["lowPower", "supportsHaptics", "hapticsEnabled"]

    /// Parses a test file from bytes; `file` names it in diagnostics.
    public static func parse(_ bytes: [UInt8], file: String) -> PolicyTestLoadResult {
        let tree = YAMLDataFile.read(bytes, file: file)
        guard let root = tree.root else {
            return PolicyTestLoadResult(suite: nil, diagnostics: tree.diagnostics, source: tree.source)
        }
        var decoder = PolicyDecoder(file: file, source: tree.source ?? "")
        var suite = decoder.testSuite(root)
        suite?.names = names(in: root)
        let diagnostics = (tree.diagnostics + decoder.diagnostics).sorted { $0.location < $1.location }
        let usable = diagnostics.contains { $0.severity == .error } ? nil : suite
        return PolicyTestLoadResult(suite: usable, diagnostics: diagnostics, source: tree.source, draft: suite)
    }

    /// Every name the file uses, read from the tree (so also from rows the decoder could
    /// not read), each at the value's own line and column.
    static func names(in root: YAMLNode) -> [PolicyTestSuite.NameUse] {
        var uses: [PolicyTestSuite.NameUse] = []
        func add(_ kind: PolicyTestSuite.NameUse.Kind, _ node: YAMLNode?) {
            guard let node, let text = node.scalarText, !text.isEmpty else { return }
            uses.append(.init(kind, Located(text, at: node.location)))
        }
        /// A table row or a step: its event, screens, feedback and band level.
        func entry(_ node: YAMLNode) {
            guard let pairs = node.pairs else { return }
            func value(_ key: String) -> YAMLNode? { pairs.first { $0.key.scalarText == key }?.value }
            // A step that expects the name to be unknown (`silent: unknown-event`) uses it on purpose.
            let silent = value("silent")?.scalarText
            if silent != Reason.unknownEvent.rawValue { add(.event, value("event")) }
            if silent != Reason.unknownScreen.rawValue {
                add(.screen, value("screen"))
                if value("event")?.scalarText == StateEvent.screenEnter.rawValue { add(.screen, value("value")) }
            }
            add(.feedback, value("play"))
            // `stop: true` stops any loop; a name stops that feedback.
            if let stop = value("stop"), case .string? = CoreSchema.resolve(stop) { add(.feedback, stop) }
            add(.bandLevel, value("band"))
        }
        guard let top = root.pairs else { return [] }
        for pair in top {
            switch pair.key.scalarText {
            case "table":
                for row in pair.value.items ?? [] { entry(row) }
            case "cases":
                for item in pair.value.items ?? [] {
                    guard let fields = item.pairs else { continue }
                    for field in fields {
                        switch field.key.scalarText {
                        case "screen": add(.screen, field.value)
                        case "breaches":
                            for id in field.value.items ?? [] { add(.budget, id) }
                        case "steps":
                            for step in field.value.items ?? [] { entry(step) }
                        default: break
                        }
                    }
                }
            default:
                break
            }
        }
        return uses
    }
}

extension PolicyDecoder {
    mutating func testSuite(_ root: YAMLNode) -> PolicyTestSuite? {
        guard let top = fields(root, of: "the test file", keys: PolicyTestLoader.topKeys) else { return nil }
        var suite = PolicyTestSuite(file: file, cases: [])
        if let node = top["policy"] { suite.policy = text(node, for: "policy") }
        _ = note(top["description"], for: "description")
        var device = DeviceState()
        if let node = top["device"] { device = self.device(node, base: device) }
        if let node = top["table"], let rows = list(node, for: "table") {
            for row in rows {
                if let testCase = tableCase(row, device: device) { suite.cases.append(testCase) }
            }
        }
        if let node = top["cases"], let items = list(node, for: "cases") {
            for item in items {
                if let testCase = sequenceCase(item, device: device) { suite.cases.append(testCase) }
            }
        }
        if !top.has("table"), !top.has("cases") {
            missingOneOf(
                ["table", "cases"], of: top, in: "the test file", at: root.location, advice: "; add test cases")
        }
        return suite
    }

    private mutating func device(_ node: YAMLNode, base: DeviceState) -> DeviceState {
        var device = base
        guard let f = fields(node, of: "'device'", keys: PolicyTestLoader.deviceKeys, valueOf: "device") else {
            return device
        }
        if let n = f["lowPower"], let v = bool(n, for: "lowPower") { device.lowPower = v.value }
        if let n = f["supportsHaptics"], let v = bool(n, for: "supportsHaptics") { device.supportsHaptics = v.value }
        if let n = f["hapticsEnabled"], let v = bool(n, for: "hapticsEnabled") { device.hapticsEnabled = v.value }
        return device
    }

    /// A one-event case: enter `screen` at 0 s, the event at 1 s (the engine is warm).
    private mutating func tableCase(_ node: YAMLNode, device base: DeviceState) -> PolicyTestCase? {
        guard
            let f = fields(node, of: "a table row", keys: PolicyTestLoader.tableKeys, required: ["screen", "event"]),
            let screen = f["screen"].flatMap({ text($0, for: "screen") }),
            let name = f["event"].flatMap({ text($0, for: "event") })
        else { return nil }
        let device = f["device"].map { self.device($0, base: base) } ?? base
        var event = eventTemplate(name.value, f)
        event.screen = nil
        guard let expectation = expectation(f, required: true) else { return nil }
        var title = "\(screen.value) \(name.value)"
        if let value = event.value { title += " \(value)" }
        if let given = f["name"].flatMap({ text($0, for: "name") }) { title = given.value }
        return PolicyTestCase(
            name: title, device: device,
            steps: [
                .init(
                    event: TimedEvent(t: 0, name: StateEvent.screenEnter.rawValue, screen: screen.value),
                    location: screen.location),
                .init(event: TimedEvent(t: 1, event), expectation: expectation, location: node.location),
            ],
            location: node.location)
    }

    private mutating func sequenceCase(_ node: YAMLNode, device base: DeviceState) -> PolicyTestCase? {
        guard
            let f = fields(node, of: "a test case", keys: PolicyTestLoader.caseKeys, required: ["name", "steps"]),
            let name = f["name"].flatMap({ text($0, for: "name") })
        else { return nil }
        var testCase = PolicyTestCase(name: name.value, steps: [], location: node.location)
        testCase.device = f["device"].map { self.device($0, base: base) } ?? base
        _ = note(f["note"])
        if let n = f["screen"], let screen = text(n, for: "screen") {
            testCase.steps.append(
                .init(
                    event: TimedEvent(t: 0, name: StateEvent.screenEnter.rawValue, screen: screen.value),
                    location: screen.location))
        }
        if let n = f["breaches"], let ids = names(n, for: "breaches") { testCase.breaches = ids.map(\.value) }
        var time = 0.0
        var checked = 0
        if let n = f["steps"], let items = list(n, for: "steps") {
            for item in items {
                guard
                    let s = fields(item, of: "a test step", keys: PolicyTestLoader.stepKeys, required: ["event"]),
                    let eventName = s["event"].flatMap({ text($0, for: "event") })
                else { continue }
                if let n = s["t"], let t = nonNegative(n, for: "t") {
                    if t < time {
                        report(
                            DiagnosticCode.numberOutOfRange(
                                "'t' \(numberText(t)) is before the previous step at \(numberText(time)); events go forward in time",
                                at: n.location))
                    }
                    time = t
                } else {
                    time += 1
                }
                let expected = expectation(s, required: false)
                if expected != nil { checked += 1 }
                testCase.steps.append(
                    .init(
                        event: TimedEvent(t: time, eventTemplate(eventName.value, s)), expectation: expected,
                        location: item.location))
            }
        }
        if checked == 0, testCase.breaches == nil {
            report(
                DiagnosticCode.testChecksNothing(
                    "test case '\(name.value)' checks nothing; add 'play', 'silent' or 'stop' to a step, or 'breaches'",
                    at: name.location))
        }
        return testCase
    }

    /// `play` / `silent` / `stop` plus the optional detail keys; nil when none is given.
    private mutating func expectation(_ f: Fields, required: Bool) -> PolicyExpectation? {
        guard let entry = exclusive(f, ["play", "silent", "stop"]) else {
            if required {
                missingOneOf(
                    ["play", "silent", "stop"], of: f, in: "a table row", at: f.location,
                    advice: "; say what the decision must be")
            }
            for key in ["render", "rule", "band", "directives", "parameters", "loop", "stops", "loops"] {
                notAllowed(f, key, because: "give 'play', 'silent' or 'stop' first")
            }
            return nil
        }
        let outcome: PolicyExpectation.Outcome
        switch entry.name {
        case "play":
            guard let name = text(entry.value, for: "play") else { return nil }
            outcome = .play(name.value)
        case "silent":
            guard let reason = text(entry.value, for: "silent") else { return nil }
            outcome = .silent(reason.value)
        default:
            if case .bool(true)? = CoreSchema.resolve(entry.value) {
                outcome = .stop(nil)
            } else {
                guard let name = text(entry.value, for: "stop") else { return nil }
                outcome = .stop(name.value)
            }
        }
        var expectation = PolicyExpectation(outcome: outcome)
        if let n = f["render"] { expectation.render = text(n, for: "render")?.value }
        if let n = f["rule"] { expectation.rule = text(n, for: "rule")?.value }
        if let n = f["band"] { expectation.band = text(n, for: "band")?.value }
        if let n = f["directives"] {
            if let items = n.items, items.isEmpty {
                expectation.directives = []
            } else if let words = names(n, for: "directives") {
                var directives: [String] = []
                for word in words {
                    if Directive(rawValue: word.value) == nil {
                        report(
                            DiagnosticCode.unknownWord(
                                "unknown directive '\(word.value)'"
                                    + Suggestions.hint(for: word.value, in: Directive.allCases.map(\.rawValue)),
                                at: word.location))
                    }
                    directives.append(word.value)
                }
                expectation.directives = directives
            }
        }
        if let n = f["parameters"], let entries = namedEntries(n, for: "parameters") {
            var parameters: [String: Double] = [:]
            for entry in entries {
                if let value = number(entry.value, for: entry.name.value) { parameters[entry.name.value] = value.value }
            }
            expectation.parameters = parameters
        }
        if let n = f["loop"] { expectation.loop = positive(n, for: "loop") }
        if let n = f["stops"] { expectation.stops = text(n, for: "stops")?.value }
        if let n = f["loops"] { expectation.loops = text(n, for: "loops")?.value }
        return expectation
    }
}
