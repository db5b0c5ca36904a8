/**
 * Priority and interruption (`priority:` on a feedback; Docs/decision-order.md, the
 * `outranked` gate), ported from Sources/HapticPolicy/Evaluation/Session/PriorityGate.swift:
 * the one-shot patterns a session believes still play, what a play yields to and what it cuts.
 */
import type { PatternJSON } from "./content.js";
import type { PlayParameter } from "./decision.js";
import { evaluate } from "./expression.js";
import { numberText, roundHalfAway } from "./numberText.js";
import type { FeedbackPlan } from "./policyIndex.js";
import { reached } from "./sessionClock.js";

/** The priorities, lowest first. */
export const PRIORITIES = ["low", "normal", "high", "critical"] as const;
/** How much a feedback matters against what still plays. */
export type Priority = (typeof PRIORITIES)[number];

/** How long a pattern plays with `bindings`: the latest event end; 0 when one does not evaluate. */
export function patternLength(pattern: PatternJSON, bindings: ReadonlyMap<string, number>): number {
  let end = 0;
  for (const event of pattern.events) {
    const time = evaluate(event.time, bindings);
    if (time === null) return 0;
    let duration = 0;
    if (event.kind !== "transient" && event.duration !== undefined) {
      const value = evaluate(event.duration, bindings);
      if (value === null) return 0;
      duration = value;
    }
    const eventEnd = time + duration;
    if (Number.isFinite(eventEnd) && eventEnd > end) end = eventEnd;
  }
  return end;
}

/** A loop as the tracker needs it. */
export interface LoopLike { readonly feedbackIndex: number; readonly start: number }
/** Something a play cut: the feedback and whether it is a loop (`stop-loop`) or a pattern (`interrupt`). */
export interface Cut { readonly feedback: number; readonly loop: boolean }

interface Entry { feedback: number; rank: number; end: number }

/** A session's priority state; made only for a policy whose feedback are not all `normal`. */
export class PriorityTracker {
  private entries: Entry[] = [];
  private readonly ranks: readonly number[];
  private readonly lengths: readonly (number | null)[];

  private constructor(private readonly feedback: readonly FeedbackPlan[], lowered: readonly { rank: number; length?: number }[]) {
    this.ranks = lowered.map((p) => p.rank);
    this.lengths = lowered.map((p) => p.length ?? null);
  }

  /** The tracker of `feedback` with its lowered priorities (`decide.priorities`), or null when there are none. */
  static of(feedback: readonly FeedbackPlan[], lowered: readonly { rank: number; length?: number }[] | null): PriorityTracker | null {
    return lowered === null ? null : new PriorityTracker(feedback, lowered);
  }

  private prune(t: number): void {
    if (this.entries.length > 0) this.entries = this.entries.filter((e) => !reached(t, e.end));
  }

  /** The rank of feedback `f` (an index into `PRIORITIES`). */
  rankOf(f: number): number { return this.ranks[f]; }

  /** Forgets every pattern (the engine stopped on background). */
  clear(): void { this.entries = []; }

  /** The `outranked` note when something still playing at `t` outranks feedback `f`, or null. */
  outranking(f: number, t: number, loops: readonly LoopLike[]): string | null {
    const own = this.ranks[f];
    this.prune(t);
    let best = -1, bestRank = own, since = t;
    let bestEnd: number | null = null;
    for (const loop of loops) {
      const rank = this.ranks[loop.feedbackIndex];
      if (rank > own && (best < 0 || rank > bestRank)) { best = loop.feedbackIndex; bestRank = rank; bestEnd = null; since = loop.start; }
    }
    for (const entry of this.entries) {
      if (entry.rank <= own) continue;
      if (best < 0 || entry.rank > bestRank || (entry.rank === bestRank && bestEnd !== null && entry.end > bestEnd)) {
        best = entry.feedback; bestRank = entry.rank; bestEnd = entry.end;
      }
    }
    if (best < 0) return null;
    const head = `'${this.feedback[f].name}' (${PRIORITIES[own]}) yields to '${this.feedback[best].name}' (${PRIORITIES[bestRank]}), `;
    return bestEnd !== null
      ? head + `playing until ${numberText(roundHalfAway(bestEnd * 1000) / 1000)} s`
      : head + `looping since ${numberText(since)} s`;
  }

  /**
   * A play of `f` at `t` passed every gate: returns the loops (first, in the order they
   * started) and patterns of a lower priority it cuts, and the loops that go on; then
   * records a pattern that plays as itself and does not loop until `t` plus its length.
   */
  interrupt<L extends LoopLike>(f: number, t: number, asItself: boolean, parameters: readonly PlayParameter[], loops: readonly L[]): { cuts: Cut[]; loops: readonly L[] } {
    const own = this.ranks[f];
    const cuts: Cut[] = [];
    let kept = loops;
    if (own > 0) {
      for (const loop of loops) if (this.ranks[loop.feedbackIndex] < own) cuts.push({ feedback: loop.feedbackIndex, loop: true });
      if (cuts.length > 0) kept = loops.filter((l) => this.ranks[l.feedbackIndex] >= own);
      this.prune(t);
      for (const entry of this.entries) if (entry.rank < own) cuts.push({ feedback: entry.feedback, loop: false });
      this.entries = this.entries.filter((e) => e.rank >= own);
    }
    const body = this.feedback[f].json.body;
    if (asItself && body.kind === "pattern" && body.pattern.loop === undefined) {
      let length = this.lengths[f];
      if (length === null) {
        const bindings = new Map<string, number>();
        for (const p of body.pattern.parameters) bindings.set(p.name, p.defaultValue);
        for (const p of parameters) if (p.value !== null && typeof p.value === "number") bindings.set(p.name, p.value);
        length = patternLength(body.pattern, bindings);
      }
      if (length > 0) {
        this.entries = this.entries.filter((e) => e.feedback !== f);
        this.entries.push({ feedback: f, rank: own, end: t + length });
      }
    }
    return { cuts, loops: kept };
  }
}
