/// One (screen, event) cell of the dense decision table: rows tried in order.
package struct CompiledCell: Sendable {
    package var rows: [CompiledRow]
}

/// A row ready to decide with: its condition as plain comparisons, what it does, and the
/// rule reference decisions cite. A class so deciding passes one reference around.
package final class CompiledRow: Sendable {
    /// What the row does.
    package enum Action: Sendable {
        /// Play a feedback (index into `Policy.feedback`).
        case play(Int)
        /// Go through a band set; `slot` identifies the (event, band) signal for state.
        case band(band: Int, slot: Int)
        /// Designer's silence.
        case silent(String)
        /// Stop a loop (feedback index) or all loops (nil).
        case stop(Int?)
        /// Directives only.
        case none
        /// Start or retempo a looping pattern (feedback index; `loop:`).
        case loop(Int)
    }

    /// What a row with several actions (or with `with:`) does besides `action`.
    package struct Several: Sendable {
        /// The other actions in execution order: stops (run before `action`), then the
        /// loop (run after it).
        package let also: [Action]
        /// The template parameters the row gives (`with:`); empty when none.
        package let arguments: [PolicyContent.Row.Argument]
        /// Whether `arguments` go to the row's loop (else to its play).
        package let argumentsOnLoop: Bool

        /// Creates one.
        package init(also: [Action], arguments: [PolicyContent.Row.Argument], argumentsOnLoop: Bool) {
            self.also = also
            self.arguments = arguments
            self.argumentsOnLoop = argumentsOnLoop
        }
    }

    package let speaks: Bool?
    package let value: ScalarValue?
    package let subject: SubjectID?
    package let action: Action
    package let ticker: TickerStep?
    package let directives: DirectiveSet
    package let rule: Decision.Rule
    /// For band rows: the rule cited when entering each level (`<cell>@<level>`).
    package let levelRules: [Decision.Rule]
    package let note: String?
    /// The row's place among the policy's rule slots (`Policy.ruleSlotIDs`), which user
    /// levels keep plays by; a band row's level rules take the next slots, one per level.
    package let keepSlot: Int
    /// The row's other actions and `with:` arguments; nil for a row that does one thing
    /// without arguments (every v1 row), so deciding it costs one branch.
    package let several: Several?
    /// A number range or a set the value must be in (`value: {below: 6}`, `{in: [...]}`);
    /// nil for v1 conditions, so their rows test nothing more.
    package let test: ValueTest?
    /// The run-time parameters the condition tests, each with its range; nil when none,
    /// so rows that test none never look at the session's parameters.
    package let parameterTests: [PolicyContent.ParameterTest]?
    /// `in-gesture:`: whether the ticker gesture must be open (true) or closed (false);
    /// nil for rows that do not test it, so they never look at the gesture.
    package let inGesture: Bool?
    /// The conditions on the event's data fields; nil when none, so rows of a policy
    /// without `data:` test nothing more.
    package let dataTests: [PolicyContent.DataTest]?
    /// For a band row with `with:` on the row or its levels: by level, the template
    /// parameters the level's play gets (the level's, then the row's); nil when none.
    package let bandArguments: [[PolicyContent.Row.Argument]]?

    /// A row condition's number range and set, as plain comparisons.
    package final class ValueTest: Sendable {
        /// The range a number value must be in, if any.
        package let range: NumberRange?
        /// The values the value must be one of, if any.
        package let oneOf: [ScalarValue]?

        /// Creates one.
        package init(range: NumberRange?, oneOf: [ScalarValue]?) {
            self.range = range
            self.oneOf = oneOf
        }

        /// Whether the event's value passes.
        package func matches(_ value: ScalarValue?) -> Bool {
            guard let value else { return false }
            if let range {
                guard case .number(let number) = value, range.contains(number) else { return false }
            }
            if let oneOf, !oneOf.contains(value) { return false }
            return true
        }
    }

    package init(
        speaks: Bool?, value: ScalarValue?, subject: SubjectID?, action: Action, ticker: TickerStep?,
        directives: DirectiveSet, rule: Decision.Rule, levelRules: [Decision.Rule] = [], note: String?,
        keepSlot: Int = 0, several: Several? = nil,
        test: ValueTest? = nil, parameterTests: [PolicyContent.ParameterTest]? = nil, inGesture: Bool? = nil,
        dataTests: [PolicyContent.DataTest]? = nil, bandArguments: [[PolicyContent.Row.Argument]]? = nil
    ) {
        self.inGesture = inGesture
        self.dataTests = dataTests
        self.bandArguments = bandArguments
        self.keepSlot = keepSlot
        self.several = several
        self.test = test
        self.parameterTests = parameterTests
        self.levelRules = levelRules
        self.speaks = speaks
        self.value = value
        self.subject = subject
        self.action = action
        self.ticker = ticker
        self.directives = directives
        self.rule = rule
        self.note = note
    }

    /// Whether the event satisfies the row's `when:`.
    @inline(__always)
    package func matches(_ event: Event) -> Bool {
        if let speaks, speaks != event.speaks { return false }
        if let subject, subject != event.subject { return false }
        if let value {
            guard let given = event.value, given == value else { return false }
        }
        if let test, !test.matches(event.value) { return false }
        if let dataTests { return Self.matches(dataTests, event) }
        return true
    }

    /// Whether the event's data fields pass `tests` (`when: {data: ...}`). Out of line, so
    /// that `matches` stays small enough to be inlined for rows that test no data.
    @inline(never)
    private static func matches(_ tests: [PolicyContent.DataTest], _ event: Event) -> Bool {
        for test in tests where !test.matches(event.dataValue(test.field)) { return false }
        return true
    }

    /// Whether the session's state satisfies the condition: its run-time parameter values
    /// the condition's tests, the ticker gesture its `in-gesture:` (true when it tests none).
    @inline(__always)
    package func matchesSession(_ values: [Double], gestureOpen: Bool) -> Bool {
        if let inGesture, inGesture != gestureOpen { return false }
        guard let parameterTests else { return true }
        for test in parameterTests where !test.range.contains(values[test.parameter]) { return false }
        return true
    }
}
