import HapticPolicy

/// What an event should decide, in the words of a `haptic-policy test` file (`play:`,
/// `silent:`, `stop:`, `render:`, `rule:`, `band:`, `note:`, `directives:`). Every field
/// given must hold; a field left nil is not checked.
public struct Expected: Sendable, Hashable {
    /// What the event should do.
    public enum Outcome: Sendable, Hashable {
        /// Play this feedback (the policy's name, before any fallback).
        case play(String)
        /// Stay silent, for this reason, or for any reason when nil.
        case silent(Reason?)
        /// Stop this loop, or whichever loop it stops when nil.
        case stop(String?)
    }

    /// The action, if checked.
    public var outcome: Outcome?
    /// What the device renders: `impact.light`, `pattern:pulse`, `sequence:breath`.
    public var render: String?
    /// The reason a play still plays with; `.some(nil)` checks it has none.
    public var playReason: Reason??
    /// The rule that decided: `camera/plant.found`, `settings/data.reset#2`, `H-4`.
    public var rule: String?
    /// The band level the event went to.
    public var band: String?
    /// The designer's note or the message, exactly.
    public var note: String?
    /// The lifecycle directives, in the policy's canonical order.
    public var directives: [Directive]?

    /// An expectation of any outcome; set the fields to check.
    public init(
        _ outcome: Outcome? = nil, render: String? = nil, playReason: Reason?? = nil, rule: String? = nil,
        band: String? = nil, note: String? = nil, directives: [Directive]? = nil
    ) {
        self.outcome = outcome
        self.render = render
        self.playReason = playReason
        self.rule = rule
        self.band = band
        self.note = note
        self.directives = directives
    }

    /// It plays `feedback`.
    public static func play(
        _ feedback: String, render: String? = nil, playReason: Reason?? = nil, rule: String? = nil,
        band: String? = nil, note: String? = nil, directives: [Directive]? = nil
    ) -> Expected {
        Expected(
            .play(feedback), render: render, playReason: playReason, rule: rule, band: band, note: note,
            directives: directives)
    }

    /// It stays silent, for `reason` (any reason when nil).
    public static func silent(
        _ reason: Reason? = nil, rule: String? = nil, band: String? = nil, note: String? = nil,
        directives: [Directive]? = nil
    ) -> Expected {
        Expected(.silent(reason), rule: rule, band: band, note: note, directives: directives)
    }

    /// It stops `feedback` (whichever loop when nil).
    public static func stop(_ feedback: String? = nil, rule: String? = nil, directives: [Directive]? = nil)
        -> Expected
    {
        Expected(.stop(feedback), rule: rule, directives: directives)
    }

    /// The names of the fields `decision` does not match, in a fixed order.
    func mismatches(_ decision: Decision) -> [String] {
        var wrong: [String] = []
        switch outcome {
        case .play(let feedback)?:
            if decision.action != .play || decision.feedback != feedback { wrong.append("play") }
        case .silent(let reason)?:
            if decision.action != .silent || (reason != nil && decision.reason != reason) { wrong.append("silent") }
        case .stop(let feedback)?:
            if decision.action != .stop || (feedback != nil && decision.feedback != feedback) { wrong.append("stop") }
        case nil: break
        }
        if let render, decision.render?.description != render { wrong.append("render") }
        if let playReason, decision.action != .play || decision.reason != playReason { wrong.append("reason") }
        if let rule, decision.rule?.id != rule { wrong.append("rule") }
        if let band, decision.band?.to != band { wrong.append("band") }
        if let note, decision.note != note { wrong.append("note") }
        if let directives, decision.directives.list != directives { wrong.append("directives") }
        return wrong
    }

    /// `to play pulse, render pattern:pulse`: the expectation in words.
    var text: String {
        var parts: [String] = []
        switch outcome {
        case .play(let feedback)?: parts.append("to play \(feedback)")
        case .silent(let reason)?: parts.append(reason.map { "to stay silent (\($0.rawValue))" } ?? "to stay silent")
        case .stop(let feedback)?: parts.append(feedback.map { "to stop \($0)" } ?? "to stop a loop")
        case nil: break
        }
        if let render { parts.append("render \(render)") }
        if let playReason { parts.append("reason \(playReason?.rawValue ?? "none")") }
        if let rule { parts.append("rule \(rule)") }
        if let band { parts.append("band \(band)") }
        if let note { parts.append("note \"\(note)\"") }
        if let directives { parts.append("directives [\(directives.map(\.rawValue).joined(separator: ", "))]") }
        return parts.isEmpty ? "anything" : parts.joined(separator: ", ")
    }
}
