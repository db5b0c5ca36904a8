import HapticPolicy

/// The test kit for app teams: drive a store with an app flow's events and assert what
/// plays, what stays silent and why (Docs/app-tests.md). A failed expectation throws
/// `HapticExpectationError`, which Swift Testing and XCTest both report as the test's
/// failure with its message: the event, what was expected, what the policy decided, the
/// rule that decided with where it is written, and the flow so far. The same kit exists
/// for TypeScript (`haptic-policy/testing`) and Kotlin (`io.hapticpolicy.testing`).
///
/// A flow keeps its own clock, starting at 0 s: events are decided at its time, and only
/// `wait(_:)` moves it, so budgets, dwells and the engine's warm-up are tested exactly.
public final class HapticFlow {
    /// One decided event of a flow.
    public struct Step: Sendable {
        /// Seconds since the flow began.
        public var t: Double
        /// The event's name.
        public var event: String
        /// The screen it was sent with, if any.
        public var screen: String?
        /// What the policy decided.
        public var decision: Decision
    }

    /// The store every event goes through.
    public let store: PolicyStore
    /// Seconds since the flow began.
    public private(set) var time: Double = 0
    /// Every event decided so far, oldest first.
    public private(set) var history: [Step] = []

    /// A flow through an app's own store.
    public init(_ store: PolicyStore) {
        self.store = store
    }

    /// A flow over a compiled bundle's bytes, on `device` (by default a capable phone,
    /// haptics on). Throws what `PolicyStore(bundle:)` throws for a bundle it refuses.
    public convenience init(bundle: [UInt8], device: DeviceState = DeviceState()) throws {
        self.init(try PolicyStore(bundle: bundle, device: device))
    }

    /// Moves the clock on by `seconds` (finite, 0 or more).
    @discardableResult
    public func wait(_ seconds: Double) -> HapticFlow {
        precondition(seconds.isFinite && seconds >= 0, "wait(\(seconds)): give a finite number of seconds, 0 or more")
        time += seconds
        return self
    }

    /// Enters `screen` (`screen.enter`), as the app does when it shows it.
    @discardableResult
    public func enter(_ screen: String) -> Decision {
        send("screen.enter", screen: screen)
    }

    /// Sends one event at the flow's time and returns what the policy decided, asserting nothing.
    @discardableResult
    public func send(
        _ event: String, screen: String? = nil, subject: String? = nil, value: ScalarValue? = nil,
        speaks: Bool = false, params: [String: Double] = [:], data: [String: ScalarValue] = [:]
    ) -> Decision {
        let decision = store.decide(
            t: time, event: event, screen: screen, subject: subject, value: value, speaks: speaks, params: params,
            data: data
        ).decision
        history.append(Step(t: time, event: event, screen: screen, decision: decision))
        return decision
    }

    /// Sends one event and checks its decision against `expected`; throws
    /// `HapticExpectationError` when it differs.
    @discardableResult
    public func expect(
        _ event: String, screen: String? = nil, subject: String? = nil, value: ScalarValue? = nil,
        speaks: Bool = false, params: [String: Double] = [:], data: [String: ScalarValue] = [:],
        _ expected: Expected
    ) throws(HapticExpectationError) -> Decision {
        let decision = send(
            event, screen: screen, subject: subject, value: value, speaks: speaks, params: params, data: data)
        let wrong = expected.mismatches(decision)
        guard wrong.isEmpty else {
            throw HapticExpectationError(message: explain(decision, expected, wrong), decision: decision)
        }
        return decision
    }

    private func explain(_ decision: Decision, _ expected: Expected, _ wrong: [String]) -> String {
        let last = history[history.count - 1]
        var lines = [
            "\(last.event) on \(decision.screen ?? "no screen") at \(Self.seconds(last.t)): expected \(expected.text), "
                + "but it \(Self.describe(decision))",
            "  differs in: \(wrong.joined(separator: ", "))",
        ]
        if let rule = decision.rule {
            let written = rule.location.line > 0 ? " (\(rule.location))" : ""
            lines.append("  decided by: \(rule.id)\(written)")
        }
        if let note = decision.note { lines.append("  note: \(note)") }
        lines.append("  the flow so far:")
        for step in history.suffix(8) {
            let on = step.event == "screen.enter" ? " \(step.screen ?? "")" : ""
            let rule = step.decision.rule.map { " (\($0.id))" } ?? ""
            lines.append("    \(Self.seconds(step.t))  \(step.event)\(on) → \(Self.short(step.decision))\(rule)")
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ decision: Decision) -> String {
        let band = decision.band.map { ", band \($0.to)" } ?? ""
        let list = decision.directives.list
        let directives = list.isEmpty ? "" : ", directives [\(list.map(\.rawValue).joined(separator: ", "))]"
        switch decision.action {
        case .play:
            let why = decision.reason.map { ", reason \($0.rawValue)" } ?? ""
            let render = decision.render?.description ?? "nothing"
            return "played \(decision.feedback ?? "?") (render \(render)\(why)\(band)\(directives))"
        case .silent:
            return "stayed silent (\(decision.reason?.rawValue ?? "no reason")\(band)\(directives))"
        case .stop:
            return "stopped \(decision.feedback ?? "every loop")\(directives)"
        }
    }

    private static func short(_ decision: Decision) -> String {
        switch decision.action {
        case .play: "play \(decision.feedback ?? "?") (\(decision.render?.description ?? "nothing"))"
        case .silent: "silent \(decision.reason?.rawValue ?? "")"
        case .stop: "stop \(decision.feedback ?? "all")"
        }
    }

    /// `1 s`, `0.35 s`: a time as the other kits print it.
    private static func seconds(_ t: Double) -> String {
        let rounded = (t * 1e6).rounded() / 1e6
        return (rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)) + " s"
    }
}

/// A failed expectation of a `HapticFlow`: `description` says everything a reader needs.
public struct HapticExpectationError: Error, CustomStringConvertible, Sendable {
    /// The whole message: the event, the expectation, the decision, its rule and the flow so far.
    public var message: String
    /// The decision the policy made.
    public var decision: Decision

    /// The message.
    public var description: String { message }
}
