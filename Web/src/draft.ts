/**
 * A decision being built (the Swift runtime writes its `Decision` in place; Kotlin's
 * `Draft`): every part of a session writes into it, `finish` makes the `Decision`.
 */
import type { BandTransition, Decision, PlayParameter, Reason } from "./decision.js";
import { DIRECTIVES, type Directive, type FeedbackPlan } from "./policyIndex.js";

export class Draft {
  action: "play" | "silent" | "stop" = "silent";
  screen: string | null = null;
  plan: FeedbackPlan | null = null;
  render: string | null = null;
  fallback = false;
  reason: Reason | null = null;
  note: string | null = null;
  rule: string | null = null;
  directives = 0;
  band: BandTransition | null = null;
  parameters: PlayParameter[] | null = null;
  loopPeriod: number | null = null;
  also: Draft[] = [];

  constructor(init?: Partial<Pick<Draft, "screen" | "reason" | "note" | "rule">>) {
    if (init) Object.assign(this, init);
  }

  finish(): Decision {
    return {
      action: this.action, screen: this.screen, feedback: this.plan?.name ?? null, layer: this.plan?.layer ?? null,
      render: this.render, fallback: this.fallback, reason: this.reason, note: this.note, rule: this.rule,
      directives: DIRECTIVE_LISTS[this.directives],
      band: this.band, params: this.parameters, loop: this.loopPeriod,
      also: this.also.length === 0 ? NO_STEPS : this.also.map((d) => d.finish()),
    } as Decision;
  }
}

/** The directive list of each set of directive bits, made once (decisions share them). */
const DIRECTIVE_LISTS: readonly (readonly Directive[])[] = Array.from({ length: 1 << DIRECTIVES.length }, (_, bits) =>
  Object.freeze(DIRECTIVES.filter((_, i) => bits & (1 << i))),
);
const NO_STEPS: readonly Decision[] = Object.freeze([]);
