/**
 * The enforced budgets' windows of a session (Sources/HapticPolicy/Evaluation/Session/BudgetWindow.swift's
 * `EnforcedBudgets`): per ring (a budget, or a budget on one screen) the times of the last
 * `max` rings it counted, a ring buffer. The `enforced-budgets` play gate (`admit`) refuses a
 * play a full window would count, else records it in every window that counts it.
 */
import type { Draft } from "./draft.js";
import { numberText } from "./numberText.js";
import type { EnforcedBudget, PolicyIndex } from "./policyIndex.js";
import { reached } from "./sessionClock.js";

interface Ring { times: number[]; next: number }

export class EnforcedBudgets {
  private readonly rings: Ring[];

  constructor(private readonly p: PolicyIndex) {
    this.rings = Array.from({ length: p.budgetRingCount }, () => ({ times: [], next: 0 }));
  }

  /** The ring of `budget` that counts a play of `f` for event `e` on screen `s`, or null. */
  private ringIndex(budget: EnforcedBudget, f: number, e: number, s: number): number | null {
    if (!budget.counts[f] || budget.excepted[e]) return null;
    if (budget.perScreen) return budget.firstRing + s;
    if (budget.screen !== null && budget.screen !== s) return null;
    return budget.firstRing;
  }

  /** Whether a play at `t` fits every enforced budget (then recorded in each); when not, `decision` says which is full. */
  admit(f: number, e: number, s: number, t: number, decision: Draft): boolean {
    const budgets = this.p.enforcedBudgets;
    for (const budget of budgets) {
      const ring = this.ringIndex(budget, f, e, s);
      if (ring === null) continue;
      const buffer = this.rings[ring];
      if (!(buffer.times.length >= budget.max && !reached(t - buffer.times[buffer.next], budget.window))) continue;
      decision.reason = "over-budget";
      decision.rule = budget.rule;
      const scope = budget.scope ?? `screen ${this.p.screenNames[s]}`;
      decision.note = `${budget.json.id} already counts ${budget.max} ${budget.max === 1 ? "ring" : "rings"} on ${scope} within ${numberText(budget.window)} s (max ${budget.max})`;
      return false;
    }
    for (const budget of budgets) {
      const ring = this.ringIndex(budget, f, e, s);
      if (ring === null) continue;
      const buffer = this.rings[ring];
      if (buffer.times.length < budget.max) buffer.times.push(t);
      else {
        buffer.times[buffer.next] = t;
        buffer.next = (buffer.next + 1) % budget.max;
      }
    }
    return true;
  }

  /**
   * Takes over the rings of `previous` (a hot reload, `old` its policy's index) for every
   * enforced budget with the same id, scope, max and window; per screen by screen name.
   */
  carryOver(previous: EnforcedBudgets, old: PolicyIndex): void {
    const p = this.p;
    for (const budget of p.enforcedBudgets) {
      const was = old.enforcedBudgets.find(
        (b) => b.json.id === budget.json.id && JSON.stringify(b.json.scope) === JSON.stringify(budget.json.scope) && b.max === budget.max && b.window === budget.window,
      );
      if (!was) continue;
      const copy = (r: Ring) => ({ times: r.times.slice(), next: r.next });
      if (budget.perScreen) {
        p.screenNames.forEach((name, s) => {
          const o = old.screenIndex.get(name);
          if (o !== undefined) this.rings[budget.firstRing + s] = copy(previous.rings[was.firstRing + o]);
        });
      } else this.rings[budget.firstRing] = copy(previous.rings[was.firstRing]);
    }
  }
}
