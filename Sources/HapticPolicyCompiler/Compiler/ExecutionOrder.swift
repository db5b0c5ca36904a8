import HapticPolicy
import HapticPolicyDocument

/// The one definition of what a row with several actions does in which order
/// (Docs/decision-order.md §4): its `stop:`, then its `play:`, then its `loop:`. The row's
/// decision is its play's outcome, else its loop's, else its stop's; its `with:` goes to
/// its loop, else its play.
///
/// The compiler orders a row's `action` and `also` by it, the lowering writes
/// `decide.rows[][].steps`, `main` and `argumentsStep` from it (which every runtime only
/// reads), and the validator and the tools read a row's actions through it.
package enum ExecutionOrder {
    /// The kind of a step, in execution order.
    package enum Kind: Int, Sendable, Comparable {
        /// `stop:`.
        case stop
        /// `play:`.
        case play
        /// `loop:`.
        case loop

        /// Orders by execution.
        package static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The actions given, in execution order.
    package static func steps<Target>(stop: Target?, play: Target?, loop: Target?) -> [(kind: Kind, target: Target)] {
        [stop.map { (Kind.stop, $0) }, play.map { (.play, $0) }, loop.map { (.loop, $0) }].compactMap { $0 }
    }

    /// The index into `kinds` (in execution order) of the step whose outcome is the row's
    /// decision: its play, else its loop, else its first step.
    package static func main(_ kinds: [Kind]) -> Int {
        kinds.firstIndex(of: .play) ?? kinds.firstIndex(of: .loop) ?? 0
    }

    /// The index into `kinds` of the step `with:` goes to: the loop, else the play; nil
    /// when the row neither plays nor loops.
    package static func argumentsStep(_ kinds: [Kind]) -> Int? {
        kinds.firstIndex(of: .loop) ?? kinds.firstIndex(of: .play)
    }
}

extension PolicyContent.Row.Action {
    /// This action's kind of step, or nil for a band, a silence or nothing.
    package var executionKind: ExecutionOrder.Kind? {
        switch self {
        case .stop: .stop
        case .play: .play
        case .loop: .loop
        case .band, .silent, .none: nil
        }
    }
}

extension PolicyContent.Row {
    /// Every action of the row in execution order (`ExecutionOrder`); a row without
    /// `also` does its one action.
    package var steps: [Action] {
        guard let also, !also.isEmpty else { return [action] }
        let all = [action] + also
        func first(_ kind: ExecutionOrder.Kind) -> Action? { all.first { $0.executionKind == kind } }
        return ExecutionOrder.steps(stop: first(.stop), play: first(.play), loop: first(.loop)).map(\.target)
    }

    /// The feedback `arguments` go to (`ExecutionOrder.argumentsStep`), or nil.
    package var argumentsTarget: Int? {
        let steps = steps
        guard let index = ExecutionOrder.argumentsStep(steps.compactMap(\.executionKind)) else { return nil }
        switch steps.filter({ $0.executionKind != nil })[index] {
        case .play(let f), .loop(let f): return f
        case .stop, .band, .silent, .none: return nil
        }
    }
}

extension RowDecl {
    /// The feedback `with:` applies to (`ExecutionOrder.argumentsStep`): the `loop:` if any,
    /// else the `play:`.
    public var withTarget: Located<String>? {
        let steps = ExecutionOrder.steps(stop: nil, play: play, loop: loop)
        return ExecutionOrder.argumentsStep(steps.map(\.kind)).map { steps[$0].target }
    }
}
