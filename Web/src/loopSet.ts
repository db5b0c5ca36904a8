/** The loops a session believes are playing (Sources/HapticPolicy/Evaluation/Session/LoopSet.swift), at most one per feedback. */
import type { PlayParameter } from "./decision.js";

/** A loop playing. */
export interface RunningLoop {
  feedback: string;
  parameters: PlayParameter[];
  period: number;
  start: number;
  feedbackIndex: number;
  ruleSlot: number;
}

export class LoopSet {
  /** The loops, in the order they started (replaced, never changed in place). */
  list: readonly RunningLoop[] = [];

  /** Stops the loop of feedback `target` (null: every loop); whether one stopped. */
  stop(target: number | null): boolean {
    const before = this.list.length;
    this.list = target === null ? [] : this.list.filter((l) => l.feedbackIndex !== target);
    return this.list.length < before;
  }

  /** Keeps only the loops `keep` keeps; whether one stopped. */
  keep(keep: (loop: RunningLoop) => boolean): boolean {
    const before = this.list.length;
    this.list = this.list.filter(keep);
    return this.list.length < before;
  }

  /** Starts `loop`, replacing a loop of the same feedback. */
  start(loop: RunningLoop): void {
    this.list = [...this.list.filter((l) => l.feedbackIndex !== loop.feedbackIndex), loop];
  }
}
