import HapticPolicy

extension DecisionTable {
    /// A rate budget (`budgets:`) as the table shows it: what it counts, how many rings
    /// per how many seconds, whether it decides (`enforce: true`) or is only reported,
    /// the events it does not count with the designer's reasons, and the warnings the
    /// designer acknowledged on it (`acknowledge:`).
    public struct Budget: Sendable, Hashable {
        /// What a budget counts.
        public enum Scope: Sendable, Hashable {
            /// Each screen separately (`each: screen`).
            case eachScreen
            /// One screen (`screen: search`).
            case screen(String)
            /// One layer, across screens (`layer: creature`).
            case layer(Layer)
            /// The rings of these events, on any screen (`event: off.route`, `events: [...]`).
            case events([String])

            /// `each screen`, `screen search`, `layer creature`, `event off.route`,
            /// `events hazard.ahead, route.recalculating`.
            public var text: String {
                switch self {
                case .eachScreen: "each screen"
                case .screen(let name): "screen " + name
                case .layer(let layer): "layer " + layer.rawValue
                case .events(let names): PolicyContent.Budget.Scope.eventsText(names)
                }
            }

            /// `each-screen`, `screen`, `layer` or `events`: the kind of scope, for tools.
            public var kind: String {
                switch self {
                case .eachScreen: "each-screen"
                case .screen: "screen"
                case .layer: "layer"
                case .events: "events"
                }
            }
        }

        /// An event the budget does not count (`except:`).
        public struct Exception: Sendable, Hashable {
            /// The event.
            public var event: String
            /// The designer's reason; nil when the table is built from a bundle, which
            /// keeps the event only.
            public var reason: String?

            /// `picker.tick: the picker's ticks are the control`, or the event alone.
            public var text: String { event + (reason.map { ": " + $0 } ?? "") }
        }

        /// A warning acknowledged on the budget (`acknowledge: {HP507: ...}`).
        public struct Acknowledged: Sendable, Hashable {
            /// The code (`HP507`).
            public var code: String
            /// Why the warning is intended.
            public var reason: String

            /// `HP507: the picker's ticks are the control`.
            public var text: String { code + ": " + reason }
        }

        /// The id (`B-1`).
        public var id: String
        /// What it counts.
        public var scope: Scope
        /// The most rings in one window.
        public var max: Int
        /// The window, seconds.
        public var per: Double
        /// Whether a ring over it is decided silent (`over-budget`) rather than only reported.
        public var enforced: Bool
        /// The events it does not count, in source order.
        public var exceptions: [Exception]
        /// The warnings acknowledged on it, in source order; empty when none (or when the
        /// table is built from a bundle, which keeps no acknowledgement).
        public var acknowledged: [Acknowledged]
        /// Where it is declared.
        public var location: SourceLocation

        /// `6 per 10 s`.
        public var limitText: String { "\(max) per \(perText)" }

        /// The window for people: `10 s`, `0.5 s`.
        public var perText: String { EventLogWriter.decimalText(per, decimals: 3) + " s" }

        /// `enforce (over it: silent, over-budget)` or `warn (reported, never decides)`.
        public var decisionText: String {
            enforced ? "enforce (over it: silent, over-budget)" : "warn (reported, never decides)"
        }
    }

    /// The budgets of `policy` in source order; `document` (the policy's source, when the
    /// table is built from YAML) adds the reasons of the excepted events, and
    /// `acknowledgements` (every `acknowledge:` entry the loader read) the acknowledged
    /// warnings: the compiled policy keeps neither.
    static func budgets(
        _ policy: Policy, document: PolicyDocument?, acknowledgements: [Acknowledgement]
    ) -> [Budget] {
        policy.content.budgets.map { budget in
            let declared = document?.budgets.first { $0.id.value == budget.id }
            let reasons = Dictionary(
                (declared?.exceptions ?? []).map { ($0.event.value, $0.reason.value) }, uniquingKeysWith: { a, _ in a })
            let scope: Budget.Scope
            switch budget.scope {
            case .eachScreen: scope = .eachScreen
            case .screen(let name): scope = .screen(name)
            case .layer(let layer): scope = .layer(layer)
            case .events(let names): scope = .events(names)
            }
            let acknowledged = acknowledgements.filter { $0.owner == "budget '\(budget.id)'" }.map {
                Budget.Acknowledged(code: $0.code.value, reason: $0.reason.value)
            }
            return Budget(
                id: budget.id, scope: scope, max: budget.max, per: budget.window, enforced: budget.enforced,
                exceptions: budget.exceptions.map { Budget.Exception(event: $0, reason: reasons[$0]) },
                acknowledged: acknowledged, location: policy.location(budget.location))
        }
    }
}
