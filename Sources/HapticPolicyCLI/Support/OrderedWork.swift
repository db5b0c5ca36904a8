import Dispatch
import Foundation

/// Runs independent pieces of work on several threads and hands their results back in
/// input order, on the calling thread, as soon as each one's turn comes: a bounded
/// reorder buffer (at most `window` results computed ahead of the next one handed back),
/// not "collect all, then print". `eval` and `diff` replay many logs with it.
package enum OrderedWork {
    /// For i in 0..<count: `prepare(i)` on the calling thread (opening a file, which needs
    /// the command's context), `work` on one of `jobs` threads, then `emit(i, result)` on
    /// the calling thread in index order. With one job everything runs on the calling
    /// thread, one piece after another.
    package static func run<Input, Result: Sendable>(
        count: Int, jobs: Int, prepare: (Int) -> Input, work: @escaping @Sendable (Input) -> Result,
        emit: (Int, Result) -> Void
    ) {
        guard jobs > 1, count > 1 else {
            for index in 0..<count { emit(index, work(prepare(index))) }
            return
        }
        let window = jobs * 2
        let slots = Slots<Result>()
        let running = DispatchSemaphore(value: jobs)
        let queue = DispatchQueue(label: "haptic-policy.ordered-work", attributes: .concurrent)
        var submitted = 0
        for next in 0..<count {
            while submitted < count, submitted - next < window {
                let input = Handover(prepare(submitted))
                let index = submitted
                queue.async {
                    running.wait()
                    let result = work(input.take())
                    running.signal()
                    slots.put(result, at: index)
                }
                submitted += 1
            }
            emit(next, slots.take(next))
        }
    }

    /// Results waiting for their turn.
    private final class Slots<Result: Sendable>: @unchecked Sendable {
        // Guarded by `condition`.
        private let condition = NSCondition()
        private var done: [Int: Result] = [:]

        func put(_ result: Result, at index: Int) {
            condition.lock()
            done[index] = result
            condition.broadcast()
            condition.unlock()
        }

        func take(_ index: Int) -> Result {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let result = done.removeValue(forKey: index) { return result }
                condition.wait()
            }
        }
    }

    /// A value moved to exactly one worker (an open file), never shared.
    private final class Handover<Value>: @unchecked Sendable {
        private var value: Value?

        init(_ value: Value) {
            self.value = value
        }

        func take() -> Value {
            defer { value = nil }
            guard let value else { preconditionFailure("a handed-over value is taken once") }
            return value
        }
    }
}
