/**
 * The current user level (`user-levels:`) and the `user-level` play gate
 * (Sources/HapticPolicy/Evaluation/Session/UserLevelGate.swift): the `start:` level until
 * its setting event picks another; 0 and unused when the policy has none.
 */
import type { Draft } from "./draft.js";
import type { FeedbackPlan, PolicyIndex } from "./policyIndex.js";

export class UserLevelGate {
  /** The current level, by index. */
  level: number;

  constructor(private readonly p: PolicyIndex) {
    this.level = p.startLevel;
  }

  /** The current level's name, or null when the policy has none. */
  get name(): string | null { return this.p.userLevels ? this.p.userLevels.levels[this.level].name : null; }

  /** Whether the current level keeps feedback `f` played by rule slot `slot` (every play without user levels). */
  keeps(f: number, slot: number): boolean {
    return !this.p.userLevels || this.p.keeps(this.level, f, slot);
  }

  /** Writes the refusal of a play of `feedback` into `decision`: the level's rule and note. */
  refuse(feedback: FeedbackPlan, decision: Draft): void {
    decision.reason = "user-level";
    decision.rule = this.p.userLevelRules[this.level];
    decision.note = `the haptics level '${this.p.userLevels!.levels[this.level].name}' does not keep '${feedback.name}'`;
  }
}
