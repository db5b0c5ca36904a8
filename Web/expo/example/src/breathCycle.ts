/**
 * The breathing guide's logic, apart from React: the 4-7-8 cycle (breathe in 4 s, hold 7 s,
 * breathe out 8 s), the circle's size at any moment of it, and the events the screen sends.
 * The haptics are the policy's (Policies/breathing.yaml): the guide sends what happened
 * (the screen opened, the breath started or stopped, a button was tapped) and the policy
 * decides; the circle follows the same seconds, so sight and touch stay in phase.
 */
import type { Decided } from "haptic-policy";
import { typed, type BreathingDecider, type BreathingStore } from "./breathingPolicy";

/** One breath's seconds: the template parameters of the policy's `breath` pattern. */
export interface Breath {
  readonly inhale: number;
  readonly hold: number;
  readonly exhale: number;
}

/** The 4-7-8 breath (also the policy's defaults). */
export const FOUR_SEVEN_EIGHT: Breath = { inhale: 4, hold: 7, exhale: 8 };

/** A phase of the breath. */
export type PhaseName = "inhale" | "hold" | "exhale";

/** Where in the breath a moment is, and how big the circle is then (0.6 to 1). */
export interface Moment {
  readonly phase: PhaseName;
  /** 0 at the phase's start, 1 at its end. */
  readonly progress: number;
  readonly scale: number;
}

/** The smallest and largest circle. */
export const SMALL = 0.6;
export const LARGE = 1;

/** Seconds of one whole breath. */
export function cycleSeconds(breath: Breath): number {
  return breath.inhale + breath.hold + breath.exhale;
}

/** The moment `seconds` after the breath began (breaths repeat). */
export function momentAt(breath: Breath, seconds: number): Moment {
  const t = ((seconds % cycleSeconds(breath)) + cycleSeconds(breath)) % cycleSeconds(breath);
  if (t < breath.inhale) {
    const progress = t / breath.inhale;
    return { phase: "inhale", progress, scale: SMALL + (LARGE - SMALL) * progress };
  }
  if (t < breath.inhale + breath.hold) return { phase: "hold", progress: (t - breath.inhale) / breath.hold, scale: LARGE };
  const progress = (t - breath.inhale - breath.hold) / breath.exhale;
  return { phase: "exhale", progress, scale: LARGE - (LARGE - SMALL) * progress };
}

/** The screen's events, typed to the policy: a misspelt event does not compile. */
export class BreathingGuide {
  private readonly policy: BreathingStore<Decided>;
  private breathing: Breath | null = null;

  constructor(policy: BreathingDecider<Decided>) {
    this.policy = typed(policy);
  }

  /** The guide opened: the engine warms so the first inhale starts on time. */
  open(): Decided {
    return this.policy.decide({ event: "screen.enter", value: "guide" });
  }

  /**
   * The user starts breathing. Returns the decision and the seconds the circle repeats
   * after: the policy's loop period when the breath itself plays, else the breath's.
   */
  start(breath: Breath = FOUR_SEVEN_EIGHT): { decided: Decided; period: number } {
    this.breathing = breath;
    const decided = this.policy.decide({ event: "breath.start", params: { ...breath } });
    return { decided, period: decided.decision.loop ?? cycleSeconds(breath) };
  }

  /** The user stops, or leaves the guide. */
  stop(): Decided {
    this.breathing = null;
    return this.policy.decide({ event: "breath.stop" });
  }

  /** A button of the guide was tapped (the policy keeps it silent: the breath is the only feedback). */
  tap(): Decided {
    return this.policy.decide({ event: "button.tap" });
  }

  /** The breath in progress, if any. */
  get current(): Breath | null {
    return this.breathing;
  }
}
