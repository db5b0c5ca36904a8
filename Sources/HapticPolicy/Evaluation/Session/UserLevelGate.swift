/// The current user level (`user-levels:`) and whether it keeps a play.
struct UserLevelGate: Sendable {
    /// The level, by index: the `start:` level until its setting event picks another; 0
    /// and unused when the policy has none.
    var level: Int

    init(policy: Policy) {
        level = policy.startLevel
    }

    /// The level's name, or nil when the policy has no user levels.
    func name(in policy: Policy) -> String? {
        policy.userLevels.map { $0.levels[level].name }
    }

    /// Whether the level keeps feedback `f` played by rule slot `slot` (always true
    /// without user levels).
    @inline(__always)
    func keeps(_ f: Int, slot: Int, in policy: Policy) -> Bool {
        !policy.hasUserLevels || policy.keeps(level: level, feedback: f, slot: slot)
    }

    /// The silent decision's fields when the level does not keep feedback `f`: the level's
    /// rule and the note (formatted when read, so refusing a play allocates nothing).
    func refusal(of f: Int, in policy: Policy) -> (rule: Decision.Rule, note: Decision.Note) {
        (policy.userLevelRules[level], .userLevelRefusal(policy, level: level, feedback: f))
    }
}
