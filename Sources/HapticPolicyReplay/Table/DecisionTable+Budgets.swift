import HapticPolicy
import HapticPolicyCompiler

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

            /// Creates one.
            public init(code: String, reason: String) {
                self.code = code
                self.reason = reason
            }

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
        public var perText: String { decimalText(per, decimals: 3) + " s" }

        /// What the source says of a budget that the compiled policy does not keep: the
        /// designer's reason for each excepted event, and the warnings acknowledged on it.
        /// Built from the policy's source by the front end (`PolicyDocument.budgetNotes`);
        /// a bundle has none.
        public struct Notes: Sendable, Hashable {
            /// Excepted event → the designer's reason.
            public var reasons: [String: String]
            /// The warnings acknowledged on the budget, in source order.
            public var acknowledged: [Acknowledged]

            /// Creates notes.
            public init(reasons: [String: String] = [:], acknowledged: [Acknowledged] = []) {
                self.reasons = reasons
                self.acknowledged = acknowledged
            }
        }

        /// `enforce (over it: silent, over-budget)` or `warn (reported, never decides)`.
        public var decisionText: String {
            enforced ? "enforce (over it: silent, over-budget)" : "warn (reported, never decides)"
        }
    }

    /// The budgets of `policy` in source order, with `notes` by budget id (the reasons of
    /// the excepted events and the acknowledged warnings, which the compiled policy does
    /// not keep).
    static func budgets(_ policy: Policy, notes: [String: Budget.Notes]) -> [Budget] {
        policy.content.budgets.map { budget in
            let note = notes[budget.id]
            let scope: Budget.Scope
            switch budget.scope {
            case .eachScreen: scope = .eachScreen
            case .screen(let name): scope = .screen(name)
            case .layer(let layer): scope = .layer(layer)
            case .events(let names): scope = .events(names)
            }
            return Budget(
                id: budget.id, scope: scope, max: budget.max, per: budget.window, enforced: budget.enforced,
                exceptions: budget.exceptions.map { Budget.Exception(event: $0, reason: note?.reasons[$0]) },
                acknowledged: note?.acknowledged ?? [], location: policy.location(budget.location))
        }
    }
}
