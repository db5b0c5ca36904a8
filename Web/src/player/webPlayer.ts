/**
 * A player for the web: plays decisions through the Vibration API
 * (`navigator.vibrate`) with the arrays `haptic-policy export --to web` writes
 * (`<name>.web.json`, `presets.web.json`; Docs/exports.md), which already hold each
 * feedback's `platforms: {web: …}` override. Where `navigator.vibrate` does not exist
 * (Safari, iOS) it says it cannot play; decisions keep their reasons either way.
 */
import type { Decision } from "../decision.js";
import type { Policy } from "../policy.js";

/** One `<name>.web.json` of the web export. */
export interface WebPatternExport {
  readonly name: string;
  /** Alternating vibrate/pause milliseconds, starting with a vibration. */
  readonly pattern: readonly number[];
  /** For a loop: call `vibrate` again every this many milliseconds; else null. */
  readonly loopPeriodMs: number | null;
  /** The pattern's fallback sequence as one vibrate array, when it has one. */
  readonly fallback?: readonly number[];
}

/** What the player plays from: the web export of the policy. */
export interface WebExport {
  /** `presets.web.json`: each preset feedback's array, by feedback name. */
  readonly presets: Readonly<Record<string, readonly number[]>>;
  /** Each `<name>.web.json`, by feedback name. */
  readonly patterns: Readonly<Record<string, WebPatternExport>>;
}

/** The part of `navigator` the player uses. */
export interface VibrationNavigator {
  vibrate?: (pattern: number | number[]) => boolean;
}

/** Timers for loops (`setInterval`/`clearInterval` by default). */
export interface Timers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** What one decision did on this device. */
export type PlayOutcome =
  | { readonly kind: "vibrated"; readonly feedback: string; readonly pattern: readonly number[]; readonly loopMs: number | null }
  | { readonly kind: "stopped"; readonly feedback: string | null }
  | { readonly kind: "silent"; readonly reason: string | null }
  | { readonly kind: "cannot-play"; readonly why: "no-vibration-api" | "no-web-array" | "refused"; readonly feedback: string | null };

/** The `navigator.vibrate` array of each preset (Docs/exports.md, *Preset mappings*). */
export const PRESET_VIBRATIONS: Readonly<Record<string, readonly number[]>> = {
  "impact.light": [10],
  "impact.medium": [20],
  "impact.heavy": [35],
  "impact.rigid": [15],
  "impact.soft": [25],
  selection: [8],
  "notification.success": [20, 80, 30],
  "notification.warning": [30, 100, 20],
  "notification.error": [30, 60, 30, 60, 40],
};

/** A preset's array with an intensity (impacts only): pulses scaled, never under 5 ms. */
export function presetVibration(preset: string, intensity?: number): number[] | null {
  const base = PRESET_VIBRATIONS[preset];
  if (!base) return null;
  if (intensity === undefined || !preset.startsWith("impact.")) return base.slice();
  const k = Math.min(1, Math.max(0, intensity));
  return base.map((ms, i) => (i % 2 === 0 ? Math.max(5, Math.round(ms * k)) : ms));
}

/** Where the player vibrates and times loops. */
export interface WebPlayerOptions {
  /** Defaults to `globalThis.navigator`. */
  navigator?: VibrationNavigator | null;
  timers?: Timers;
  /** The policy, for the intensity of fallback presets (else the presets' own arrays). */
  policy?: Policy;
}

/** Plays decisions with `navigator.vibrate` and the web export's arrays. */
export class WebPlayer {
  private readonly exported: WebExport;
  private readonly navigator: VibrationNavigator | null;
  private readonly timers: Timers;
  private readonly policy: Policy | null;
  private readonly loops = new Map<string, unknown>();

  /** A player over the web export of the policy. */
  constructor(exported: WebExport, options: WebPlayerOptions = {}) {
    this.exported = exported;
    const global = globalThis as { navigator?: VibrationNavigator; setInterval?: Timers["setInterval"]; clearInterval?: Timers["clearInterval"] };
    this.navigator = options.navigator !== undefined ? options.navigator : global.navigator ?? null;
    this.timers = options.timers ?? {
      setInterval: (callback, ms) => global.setInterval!(callback, ms),
      clearInterval: (handle) => global.clearInterval!(handle),
    };
    this.policy = options.policy ?? null;
  }

  /** Whether this browser has the Vibration API. */
  get canPlay(): boolean {
    return typeof this.navigator?.vibrate === "function";
  }

  /** Feedback names of the loops repeating now. */
  get loopsRunning(): readonly string[] {
    return [...this.loops.keys()];
  }

  /** Carries out a decision: its stops, then its play, then its other plays (`also`). */
  play(decision: Decision): PlayOutcome[] {
    const stops = decision.also.filter((d) => d.action === "stop" || d.reason === "not-running");
    const rest = decision.also.filter((d) => !(d.action === "stop" || d.reason === "not-running"));
    return [...stops, { ...decision, also: [] } as Decision, ...rest].map((step) => this.step(step));
  }

  /** Stops every loop and any vibration. */
  stopAll(): void {
    for (const handle of this.loops.values()) this.timers.clearInterval(handle);
    this.loops.clear();
    if (this.canPlay) this.navigator!.vibrate!(0);
  }

  private step(d: Decision): PlayOutcome {
    if (d.directives.includes("stop-loop")) {
      if (d.action === "stop" && d.feedback !== null) this.stopLoop(d.feedback);
      else this.stopAll();
    }
    // A play of a higher priority cut a one-shot pattern still vibrating: stop it before
    // the play (stops come first), which then vibrates on its own.
    if (d.directives.includes("interrupt") && this.canPlay) this.navigator!.vibrate!(0);
    if (d.action === "stop") return { kind: "stopped", feedback: d.feedback };
    if (d.action !== "play") return { kind: "silent", reason: d.reason };
    const feedback = d.feedback ?? "";
    if (!this.canPlay) return { kind: "cannot-play", why: "no-vibration-api", feedback };
    const array = this.arrayFor(d);
    if (array === null) return { kind: "cannot-play", why: "no-web-array", feedback };
    const loopMs = d.loop !== null ? Math.round(d.loop * 1000) : null;
    const vibrate = this.navigator!.vibrate!.bind(this.navigator);
    if (!vibrate(array.slice())) return { kind: "cannot-play", why: "refused", feedback };
    if (loopMs !== null) {
      this.stopLoop(feedback);
      this.loops.set(feedback, this.timers.setInterval(() => vibrate(array.slice()), loopMs));
    }
    return { kind: "vibrated", feedback, pattern: array, loopMs };
  }

  private stopLoop(feedback: string): void {
    const handle = this.loops.get(feedback);
    if (handle === undefined) return;
    this.timers.clearInterval(handle);
    this.loops.delete(feedback);
    if (this.canPlay) this.navigator!.vibrate!(0);
  }

  /** The vibrate array of a play: the web export's (overrides included), else the preset table. */
  private arrayFor(d: Decision & { action: "play" }): readonly number[] | null {
    const name = d.feedback ?? "";
    const render = d.render;
    if (render.startsWith("pattern:")) {
      return this.exported.patterns[name]?.pattern ?? this.exported.presets[name] ?? null;
    }
    if (render.startsWith("sequence:")) return this.exported.patterns[name]?.fallback ?? null;
    if (!d.fallback && this.exported.presets[name]) return this.exported.presets[name];
    let intensity: number | undefined;
    const plan = this.policy?.content.feedback.find((f) => f.name === name);
    const web = plan?.platforms?.web ?? plan;
    if (d.fallback && web?.fallback?.kind === "preset") intensity = web.fallback.step.intensity;
    else if (!d.fallback && web?.body.kind === "preset") intensity = web.body.intensity;
    return presetVibration(render, intensity);
  }
}
