/**
 * The band state machine of a session (Sources/HapticPolicy/Evaluation/Session/BandTracker.swift):
 * per (signal slot, subject) the level that counts and a new level still dwelling. One step
 * (`bandStep`) decides a sample in the documented order (Docs/decision-order.md):
 * plausible range → baseline → same band → dwell → moved. A band with inclusive edges or an
 * approach takes `approachStep` (approach.ts), which adds `receding`; both end in the one
 * tail `settle`.
 */
import type { CompiledBand } from "./policyIndex.js";
import { approachStep } from "./approach.js";
import { reached } from "./sessionClock.js";

/** The state of one signal for one subject. */
export interface BandState {
  /** The level that counts; -1 before the first sample. */
  level: number;
  /** The other level the value is in while it has not held for the dwell; -1: none. */
  pending: number;
  /** When the value entered `pending` (the event's `t`). */
  since: number;
}

/** What a sample did to its signal's level. */
export type BandStep =
  /** Outside the plausible range: the level (-1 before any) stays. */
  | { readonly kind: "implausible"; readonly level: number }
  /** The first sample: its level is the baseline. */
  | { readonly kind: "baseline"; readonly level: number }
  /** Still in the level that counts (within hysteresis). */
  | { readonly kind: "same"; readonly level: number }
  /** In another level, `pending`, that has not held for the dwell yet, for `held` seconds. */
  | { readonly kind: "dwelling"; readonly level: number; readonly pending: number; readonly held: number }
  /** The level changed from `from` to `to`. */
  | { readonly kind: "moved"; readonly from: number; readonly to: number }
  /** An approach band's sample in level `behind`, on the side the band moves away from: `level` stays. */
  | { readonly kind: "receding"; readonly level: number; readonly behind: number };

/** Whether `value` is within the band's plausible range. */
export function isPlausible(band: CompiledBand, value: number): boolean {
  return value >= band.plausibleMin && value <= band.plausibleMax;
}

/**
 * Decides one sample `value` at `t` of a band signal whose state is `state`; `edges` from
 * `base` (`count` of them) are the band's current edges.
 */
export function bandStep(band: CompiledBand, state: BandState, value: number, t: number, edges: readonly number[], base: number, count: number): BandStep {
  if (band.usesApproachStep) return approachStep(band, state, value, t, edges, base, count);
  const previous = state.level;
  if (!isPlausible(band, value)) return { kind: "implausible", level: previous };
  if (previous < 0) {
    let level = 0;
    while (level < count && value >= edges[base + level]) level++;
    return baseline(state, level);
  }
  let level = previous;
  while (level < count && value >= edges[base + level] + band.hysteresis) level++;
  if (level === previous) {
    while (level > 0 && value < edges[base + level - 1] - band.hysteresis) level--;
  }
  return settle(band, state, previous, level, t);
}

/** The first sample's level is the baseline. */
export function baseline(state: BandState, level: number): BandStep {
  state.level = level;
  state.pending = -1;
  state.since = 0;
  return { kind: "baseline", level };
}

/**
 * The tail of every band step, plain or approach: the sample is in `level`, the level that
 * counts is `previous`: same band → dwell → moved.
 */
export function settle(band: CompiledBand, state: BandState, previous: number, level: number, t: number): BandStep {
  if (level === previous) {
    state.pending = -1;
    return { kind: "same", level: previous };
  }
  if (band.dwell > 0) {
    if (state.pending !== level) {
      state.pending = level;
      state.since = t;
    }
    const held = t - state.since;
    // Held to sessionClock's tolerance: 12.3 - 9.3 is a hair under 3.
    if (!reached(held, band.dwell)) return { kind: "dwelling", level: previous, pending: level, held };
  }
  state.level = level;
  state.pending = -1;
  state.since = 0;
  return { kind: "moved", from: previous, to: level };
}
