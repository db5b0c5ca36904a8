/**
 * Approach bands and inclusive edges (language v3, Docs/decision-order.md "Approach
 * bands"): the consistency of `approach`/`inclusive` in a bundle, and the level a value
 * falls in when an edge may hold its own value. Only bands with `usesApproachStep` come here.
 */
import type { BandJSON } from "./content.js";
import type { CompiledBand } from "./policyIndex.js";
import { baseline, isPlausible, settle, type BandState, type BandStep } from "./bandTracker.js";

/** The parts of a compiled band the approach step reads. */
export interface ApproachBand {
  readonly name: string;
  readonly hysteresis: number;
  readonly levels: readonly { readonly name: string }[];
  /** Per edge, whether it is inclusive (`at-most:`). */
  readonly inclusive: readonly boolean[];
  /** The sign of the one level change an approach band allows (-1 falling, 1 rising); 0: both ways. */
  readonly approach: number;
}

/** Why a band's approach or inclusive edges are unusable, as the Swift reader says it. */
export function approachProblem(b: BandJSON): string | null {
  if (b.approach !== undefined && b.hysteresis !== 0) return `approach band '${b.name}' has a hysteresis`;
  if (b.levels[b.levels.length - 1]?.inclusive === true) return `the last level of band '${b.name}' has an inclusive edge`;
  return null;
}


function isPast(band: ApproachBand, value: number, index: number, edge: number): boolean {
  return band.inclusive[index] ? value > edge : value >= edge;
}

/** The level a value falls in, ignoring hysteresis, with inclusive edges. */
export function exactRawLevel(band: ApproachBand, value: number, edges: readonly number[], base: number, count: number): number {
  let level = 0;
  while (level < count && isPast(band, value, level, edges[base + level])) level++;
  return level;
}

/** The level after `value` arrives in `from`, with inclusive edges (an approach band's hysteresis is 0). */
export function exactNextLevel(band: ApproachBand, from: number, value: number, edges: readonly number[], base: number, count: number): number {
  let level = from;
  while (level < count && isPast(band, value, level, edges[base + level] + band.hysteresis)) level++;
  if (level !== from) return level;
  while (level > 0 && !isPast(band, value, level - 1, edges[base + level - 1] - band.hysteresis)) level--;
  return level;
}

/** The note of a `receding` sample: level `behind` is behind `level`. */
export function recedingNote(band: ApproachBand, level: number, behind: number): string {
  return `'${band.levels[behind].name}' is behind '${band.levels[level].name}': band '${band.name}' only ${band.approach < 0 ? "falls" : "rises"}, so the level stays`;
}

/**
 * The band step of a band with inclusive edges (`at-most:`) or an approach (Approach.swift):
 * plausible range → baseline → receding (an approach band's sample behind its level) → then
 * the tail every band step shares, `settle` (same band → dwell → moved).
 */
export function approachStep(band: CompiledBand, state: BandState, value: number, t: number, edges: readonly number[], base: number, count: number): BandStep {
  const previous = state.level;
  if (!isPlausible(band, value)) return { kind: "implausible", level: previous };
  if (previous < 0) return baseline(state, exactRawLevel(band, value, edges, base, count));
  const level = exactNextLevel(band, previous, value, edges, base, count);
  // Behind the level on an approach band: nothing changes, a pending dwell is kept.
  if (band.approach !== 0 && (level - previous) * band.approach < 0) return { kind: "receding", level: previous, behind: level };
  return settle(band, state, previous, level, t);
}
