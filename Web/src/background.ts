// `background:`: what the app in background still plays (Docs/decision-order.md, the
// `background` and `device-fallback` gates).

import type { DecideKeepsJSON } from "./content.js";

/** `decide.background` indexed: whether a play passes the background gate while the app is in background. */
export class BackgroundKeeps {
  private readonly feedback: boolean[];
  private readonly rules: boolean[];

  constructor(keeps: DecideKeepsJSON, feedbackCount: number, ruleSlotCount: number) {
    this.feedback = new Array<boolean>(feedbackCount).fill(false);
    this.rules = new Array<boolean>(ruleSlotCount).fill(false);
    for (const f of keeps.feedback) this.feedback[f] = true;
    for (const slot of keeps.ruleSlots) this.rules[slot] = true;
  }

  /** Whether background keeps a play of feedback `f` by the rule in `slot` (below 0: no rule). */
  keeps(f: number, slot: number): boolean {
    return this.feedback[f] || (slot >= 0 && this.rules[slot]);
  }
}
