extension Policy {
    /// What `background:` keeps, indexed: whether a play passes the `background` gate
    /// while the app is in background.
    package struct BackgroundKeeps: Sendable {
        /// By feedback index: whether background keeps every play of it.
        let feedback: [Bool]
        /// By rule slot: whether background keeps the plays of the rule.
        let rules: [Bool]

        init(_ keeps: PolicyContent.Decide.UserLevel, feedbackCount: Int, ruleSlotCount: Int) {
            var feedback = Array(repeating: false, count: feedbackCount)
            for f in keeps.feedback { feedback[f] = true }
            var rules = Array(repeating: false, count: ruleSlotCount)
            for slot in keeps.ruleSlots { rules[slot] = true }
            self.feedback = feedback
            self.rules = rules
        }

        /// Whether background keeps a play of feedback `f` by the rule in `slot` (below 0: no rule).
        @inline(__always)
        func keeps(_ f: Int, slot: Int) -> Bool {
            feedback[f] || (slot >= 0 && rules[slot])
        }
    }

    /// Whether the app in background still plays feedback `f` played by rule slot `slot`.
    @inline(__always)
    package func keepsInBackground(_ f: Int, slot: Int) -> Bool {
        backgroundKeeps?.keeps(f, slot: slot) ?? false
    }
}
