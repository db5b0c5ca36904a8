/**
 * The ticker gesture (Sources/HapticPolicy/Evaluation/Session/TickerGesture.swift): open
 * between a row's `ticker: begin` and `ticker: end`; a `tick` prepares the generator only
 * while it is open.
 */

/** What a row's ticker step did. */
export type TickerOutcome =
  /** No ticker step. */
  | "none"
  /** `prepare-ticker` (a begin, or a tick in a gesture). */
  | "prepare"
  /** `release-ticker` (an end of an open gesture). */
  | "release"
  /** A tick with no gesture open: its play says no generator was prepared. */
  | "tick-outside"
  /** An end with no gesture open: a note says so. */
  | "end-without-gesture";

export const TICK_OUTSIDE_NOTE = "a tick outside a selector gesture: no generator was prepared";
export const END_WITHOUT_GESTURE_NOTE = "no ticker gesture was open";

export class TickerGesture {
  /** Whether a gesture is open. */
  isOpen = false;

  /** Takes a row's ticker step (`begin`, `tick`, `end`, or none). */
  step(step: string | null | undefined): TickerOutcome {
    switch (step) {
      case "begin":
        this.isOpen = true;
        return "prepare";
      case "tick":
        return this.isOpen ? "prepare" : "tick-outside";
      case "end":
        if (!this.isOpen) return "end-without-gesture";
        this.isOpen = false;
        return "release";
      default:
        return "none";
    }
  }

  /** Closes an open gesture (a screen change, background); whether one was open. */
  close(): boolean {
    const was = this.isOpen;
    this.isOpen = false;
    return was;
  }
}
