/** Decisions: what to play, or why not (Docs/event-log.md's JSONL contract, as values). */
import type { Directive } from "./policyIndex.js";
import type { Scalar } from "./content.js";

/** A reason id (Docs/event-log.md, *Reason ids*). */
export type Reason =
  | "designer" | "directive-only" | "baseline" | "same-band" | "dwelling" | "implausible" | "bad-value"
  | "no-speech" | "bad-params" | "background" | "haptics-disabled" | "no-fallback" | "unknown-event"
  | "undeclared" | "unknown-screen" | "no-screen" | "not-running" | "state" | "engine-cold"
  | "no-core-haptics" | "low-power" | "tick-outside-gesture" | "bad-state" | "over-budget" | "user-level";

/** A reason a play still plays with: a fallback taken (`background`: in background, kept by `background:`), or a tick outside its gesture. */
export type PlayReason = "engine-cold" | "no-core-haptics" | "low-power" | "tick-outside-gesture" | "background";

/** A band change (H-1). */
export interface BandTransition {
  /** The band set. */
  readonly name: string;
  /** The level left; null for a first sample. */
  readonly from: string | null;
  /** The level that counts now. */
  readonly to: string;
}

/** One template parameter a feedback plays with. */
export interface PlayParameter {
  readonly name: string;
  readonly value: Scalar | null;
}

interface DecisionFields {
  /** The screen the event was decided on. */
  readonly screen: string | null;
  /** The feedback the policy chose (before fallbacks), or the loop stopped. */
  readonly feedback: string | null;
  /** The layer of `feedback`. */
  readonly layer: string | null;
  /** The designer's text, or a message. */
  readonly note: string | null;
  /** What decided: a rule id (`camera/plant.found`, `H-4`, `builtin:app.state`). */
  readonly rule: string | null;
  /** Lifecycle directives for the player, in canonical order. */
  readonly directives: readonly Directive[];
  /** The band change when the event went through a band cell. */
  readonly band: BandTransition | null;
  /** The template parameters a pattern plays with (defaults filled in). */
  readonly params: readonly PlayParameter[] | null;
  /** Seconds between repetitions of the loop this play starts. */
  readonly loop: number | null;
  /** A row's other actions (stops, then plays, then the loop); empty for most rows. */
  readonly also: readonly Step[];
}

/** Something plays: `render` is a preset id, `pattern:<feedback>` or `sequence:<feedback>`. */
export interface PlayDecision extends DecisionFields {
  readonly action: "play";
  readonly render: string;
  readonly fallback: boolean;
  readonly reason: PlayReason | null;
}

/** Nothing plays; `reason` says why. */
export interface SilentDecision extends DecisionFields {
  readonly action: "silent";
  readonly render: null;
  readonly fallback: false;
  readonly reason: Reason;
}

/** A running loop stops (`stop-loop`). */
export interface StopDecision extends DecisionFields {
  readonly action: "stop";
  readonly render: null;
  readonly fallback: false;
  readonly reason: null;
}

/** The outcome of one event. */
export type Decision = PlayDecision | SilentDecision | StopDecision;
/** One of a row's other actions (`also`): a decision without a screen, rule or band of its own. */
export type Step = Decision;
