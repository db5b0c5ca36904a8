/**
 * The session's side of priorities (Sources/HapticPolicy/Evaluation/Session/PriorityGate.swift):
 * the `outranked` gate, the cuts a play makes, and their place in the decision's `also`.
 * What plays at which priority is `PriorityTracker` (priority.ts); a session has one only
 * when some feedback is not `normal`.
 */
import type { PlayParameter } from "./decision.js";
import { Draft } from "./draft.js";
import { INTERRUPT, STOP_LOOP } from "./policyIndex.js";
import { PRIORITIES, type Cut } from "./priority.js";
import type { SessionState } from "./session.js";

/** The note of what outranks a play of `f` at `t`, or null (no priorities: nothing does). */
export function outranking(st: SessionState, f: number, t: number): string | null {
  return st.priority === null ? null : st.priority.outranking(f, t, st.loops.list);
}

/**
 * A play of `f` (itself, or its fallback when not `asItself`) that passed every gate cuts
 * what plays at a lower priority (`also` stop entries, kept for `addCuts`).
 */
export function interrupt(st: SessionState, f: number, t: number, asItself: boolean, parameters: PlayParameter[], decision: Draft): void {
  if (st.priority === null) return;
  const { cuts, loops } = st.priority.interrupt(f, t, asItself, parameters, st.loops.list);
  if (cuts.length === 0 && loops === st.loops.list) return;
  st.loops.list = [...loops];
  const by = st.p.feedback[f];
  const rank = PRIORITIES[st.priority.rankOf(f)];
  for (const cut of cuts as Cut[]) {
    const entry = new Draft({ screen: decision.screen, note: `cut by '${by.name}' (${rank})`, rule: decision.rule });
    entry.action = "stop";
    entry.plan = st.p.feedback[cut.feedback];
    entry.directives = cut.loop ? STOP_LOOP : INTERRUPT;
    st.cuts.push(entry);
  }
}

/** Moves this event's cuts into the decision's `also`, after the row's own stops. */
export function addCuts(st: SessionState, decision: Draft): void {
  if (st.cuts.length === 0) return;
  const also = decision.also;
  let at = also.findIndex((d) => !(d.action === "stop" || d.reason === "not-running"));
  if (at < 0) at = also.length;
  decision.also = [...also.slice(0, at), ...st.cuts, ...also.slice(at)];
  st.cuts = [];
}
