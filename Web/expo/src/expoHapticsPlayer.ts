/**
 * Plays decisions with expo-haptics' presets, where no custom native code runs (Expo Go):
 * a preset plays as its expo-haptics call, a fallback sequence (`sequence:<feedback>`) as
 * its presets at the times the policy gives them (`at`, with the decision's parameters).
 * A custom pattern cannot play here; the store behind this player is told the device has
 * no Core Haptics, so the policy picks each feedback's fallback instead.
 */
import { evaluateExpression, type Decision, type Policy } from "haptic-policy";

/** The impact styles and notification types of expo-haptics, by their string values. */
export type ImpactStyle = "light" | "medium" | "heavy" | "soft" | "rigid";
export type NotificationType = "success" | "warning" | "error";

/** The three expo-haptics calls the player makes (index.ts passes the real module's). */
export interface HapticsCalls {
  impactAsync(style: ImpactStyle): Promise<void>;
  notificationAsync(type: NotificationType): Promise<void>;
  selectionAsync(): Promise<void>;
}

/** Timeouts for the steps of a sequence (`setTimeout`/`clearTimeout` by default). */
export interface Timeouts {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What one decision did on this device. */
export type PresetOutcome =
  | { readonly kind: "played"; readonly feedback: string | null; readonly presets: readonly TimedPreset[] }
  | { readonly kind: "stopped"; readonly feedback: string | null }
  | { readonly kind: "silent"; readonly reason: string | null }
  | { readonly kind: "cannot-play"; readonly feedback: string | null; readonly why: "custom-pattern" | "unknown-preset" };

/** A preset at a time from the decision (seconds). */
export interface TimedPreset {
  readonly at: number;
  readonly preset: string;
}

/** The expo-haptics call of each preset id of the policy language. */
export function presetCall(preset: string): ((haptics: HapticsCalls) => Promise<void>) | null {
  switch (preset) {
    case "impact.light": return (h) => h.impactAsync("light");
    case "impact.medium": return (h) => h.impactAsync("medium");
    case "impact.heavy": return (h) => h.impactAsync("heavy");
    case "impact.soft": return (h) => h.impactAsync("soft");
    case "impact.rigid": return (h) => h.impactAsync("rigid");
    case "selection": return (h) => h.selectionAsync();
    case "notification.success": return (h) => h.notificationAsync("success");
    case "notification.warning": return (h) => h.notificationAsync("warning");
    case "notification.error": return (h) => h.notificationAsync("error");
    default: return null;
  }
}

const globalTimeouts: Timeouts = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Plays decisions through expo-haptics' presets. */
export class ExpoHapticsPlayer {
  private readonly haptics: HapticsCalls;
  private readonly timeouts: Timeouts;
  private readonly pending = new Map<string, unknown[]>();
  /** Told when an expo-haptics call fails (it rejects on a device without haptics). */
  onError: ((error: unknown) => void) | null = null;

  constructor(haptics: HapticsCalls, timeouts: Timeouts = globalTimeouts) {
    this.haptics = haptics;
    this.timeouts = timeouts;
  }

  /** Carries out a decision of `policy`: its stops, then its play, then its other plays (`also`). */
  play(decision: Decision, policy: Policy): PresetOutcome[] {
    const isStop = (d: Decision) => d.action === "stop" || d.reason === "not-running";
    const steps = [...decision.also.filter(isStop), { ...decision, also: [] } as Decision, ...decision.also.filter((d) => !isStop(d))];
    return steps.map((step) => this.step(step, policy));
  }

  /** Cancels every sequence step not yet played. */
  stopAll(): void {
    for (const handles of this.pending.values()) for (const handle of handles) this.timeouts.clearTimeout(handle);
    this.pending.clear();
  }

  private step(d: Decision, policy: Policy): PresetOutcome {
    if (d.directives.includes("stop-loop")) {
      if (d.action === "stop" && d.feedback !== null) this.cancel(d.feedback);
      else this.stopAll();
    }
    if (d.action === "stop") return { kind: "stopped", feedback: d.feedback };
    // A stop with no loop running (a fallback sequence played instead): its taps not yet played end.
    if (d.reason === "not-running" && d.feedback !== null) this.cancel(d.feedback);
    if (d.action !== "play") return { kind: "silent", reason: d.reason };
    if (d.render.startsWith("pattern:")) return { kind: "cannot-play", feedback: d.feedback, why: "custom-pattern" };
    const presets = d.render.startsWith("sequence:") ? this.sequence(d, policy) : [{ at: 0, preset: d.render }];
    if (presets === null || presets.some((p) => presetCall(p.preset) === null)) {
      return { kind: "cannot-play", feedback: d.feedback, why: "unknown-preset" };
    }
    const feedback = d.feedback ?? "";
    this.cancel(feedback);
    const handles: unknown[] = [];
    for (const { at, preset } of presets) {
      const call = presetCall(preset)!;
      const fire = () => { call(this.haptics).catch((error) => this.onError?.(error)); };
      if (at <= 0) fire();
      else handles.push(this.timeouts.setTimeout(fire, Math.round(at * 1000)));
    }
    if (handles.length > 0) this.pending.set(feedback, handles);
    return { kind: "played", feedback: d.feedback, presets };
  }

  /** The fallback sequence's presets at their times, with the decision's parameters. */
  private sequence(d: Decision, policy: Policy): TimedPreset[] | null {
    const plan = policy.content.feedback.find((f) => f.name === d.feedback);
    if (plan?.fallback?.kind !== "sequence") return null;
    const bindings = new Map<string, number>();
    for (const p of d.params ?? []) if (typeof p.value === "number") bindings.set(p.name, p.value);
    const presets: TimedPreset[] = [];
    for (const step of plan.fallback.steps) {
      const at = evaluateExpression(step.at, bindings);
      if (at === null) return null;
      presets.push({ at, preset: step.preset });
    }
    return presets;
  }

  private cancel(feedback: string): void {
    for (const handle of this.pending.get(feedback) ?? []) this.timeouts.clearTimeout(handle);
    this.pending.delete(feedback);
  }
}
