import HapticPolicy

/// Decisions as the JavaScript objects the `haptic-policy` package's types describe
/// (`Decision`, `Decided`, `IntegrationMistake` in Web/src): the same keys and values as
/// the JSONL decision contract of `eval` (Docs/event-log.md), so an app's code reads a
/// native decision and a JavaScript one alike. `nil` is JavaScript's `null`.
public enum DecisionObject {
    /// `{decision, policyHash}`: the package's `Decided`.
    public static func decided(_ decided: PolicyStore.Decided) -> [String: Any?] {
        ["decision": decision(decided.decision), "policyHash": decided.policyHash]
    }

    /// The package's `Decision`: `action`, `screen`, `feedback`, `layer`, `render`,
    /// `fallback`, `reason`, `note`, `rule`, `directives`, `band`, `params`, `loop`, `also`.
    public static func decision(_ d: Decision) -> [String: Any?] {
        var band: [String: Any?]?
        if let transition = d.band { band = ["name": transition.band, "from": transition.from, "to": transition.to] }
        let params: [[String: Any?]]? = d.parameters?.map { ["name": $0.name, "value": $0.value.map(scalar)] }
        return [
            "action": d.action.rawValue,
            "screen": d.screen,
            "feedback": d.feedback,
            "layer": d.layer?.rawValue,
            "render": d.render?.description,
            "fallback": d.fallback,
            "reason": d.reason?.rawValue,
            "note": d.note,
            "rule": d.rule?.id,
            "directives": d.directives.list.map(\.rawValue),
            "band": band,
            "params": params,
            "loop": d.loopPeriod,
            "also": d.also.map(decision),
        ]
    }

    /// The package's `IntegrationMistake`: `kind`, `name`, `suggestion`, `detail`, `message`.
    public static func mistake(_ mistake: IntegrationMistake) -> [String: Any?] {
        [
            "kind": mistake.kind.rawValue, "name": mistake.name, "suggestion": mistake.suggestion,
            "detail": mistake.detail, "message": mistake.description,
        ]
    }

    /// A scalar as JavaScript has it.
    public static func scalar(_ value: ScalarValue) -> Any {
        switch value {
        case .number(let n): n
        case .bool(let b): b
        case .string(let s): s
        }
    }
}
