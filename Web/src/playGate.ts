/**
 * The checks a play goes through, in this order (`PLAY_GATES`): the first that refuses
 * decides the play silent with its reason (or, for `device-fallback`, makes it a fallback).
 * This order is the semantics (Sources/HapticPolicy/Evaluation/Session/PlayGate.swift's
 * `PlayGate.allCases`, Kotlin's `PlayGate.values()`): Docs/decision-order.md lists it, a
 * test (Web/test/playGate.test.mjs) checks the two agree, and `play` runs the list.
 */
import type { PlayParameter, Reason } from "./decision.js";
import type { Draft } from "./draft.js";
import type { FeedbackPlan } from "./policyIndex.js";
import { interrupt, outranking } from "./priorityGate.js";
import type { Event, SessionState } from "./session.js";
import { bind } from "./templateParameters.js";

/** The play gates in the order a play runs them (the ids of Docs/decision-order.md's "Play gates"). */
export const PLAY_GATES = [
  /** The app is in background and `background:` does not keep the play: `background`. */
  "background",
  /** The user turned haptics off (`device.hapticsEnabled`): `haptics-disabled`. */
  "haptics-setting",
  /** The current user level does not keep the play: `user-level`, citing the level. */
  "user-level",
  /** Speech feedback for an event that does not speak: `no-speech`, citing the invariant. */
  "speech",
  /** The event's `params` do not fit the template, or the loop period is not usable: `bad-params`. */
  "template-parameters",
  /** Something still playing has a higher priority (`priority:`): `outranked`, naming both. */
  "outranked",
  /**
   * A pattern the device or engine cannot play now plays its fallback, with reason
   * `background`, `no-core-haptics`, `low-power` or `engine-cold` (in that order); without
   * a fallback it is silent: `no-fallback`.
   */
  "device-fallback",
  /** An enforced budget already holds `max` rings in its window: `over-budget`, citing it. */
  "enforced-budgets",
] as const;

/** A play gate. */
export type PlayGate = (typeof PLAY_GATES)[number];

/** The reasons each gate gives, the first one for a silent decision. */
export const PLAY_GATE_REASONS: { readonly [G in PlayGate]: readonly Reason[] } = {
  "background": ["background"],
  "haptics-setting": ["haptics-disabled"],
  "user-level": ["user-level"],
  "speech": ["no-speech"],
  "template-parameters": ["bad-params"],
  "outranked": ["outranked"],
  "device-fallback": ["no-fallback", "background", "no-core-haptics", "low-power", "engine-cold"],
  "enforced-budgets": ["over-budget"],
};

/**
 * What the gates found out about a play on the way: the bound parameters and loop period
 * (`template-parameters`) and the fallback's reason (`device-fallback`).
 */
interface PlayContext {
  parameters: PlayParameter[];
  period: number | null;
  fallback: Reason | null;
}

/**
 * Plays feedback `f` for a row with the event's `params`; `rule` is its rule slot (which
 * user levels and `background:` may keep it by). Runs `PLAY_GATES` in order; a gate that
 * refuses has written its reason into `decision`.
 */
export function play(st: SessionState, f: number, event: Event, params: PlayParameter[], e: number, s: number, rule: number, decision: Draft): void {
  const feedback = st.p.feedback[f];
  decision.plan = feedback;
  const context: PlayContext = { parameters: [], period: null, fallback: null };
  for (const gate of PLAY_GATES) {
    if (!pass(st, gate, f, feedback, event, params, e, s, rule, context, decision)) return;
  }
  interrupt(st, f, event.t, context.fallback === null, context.parameters, decision);
  decision.action = "play";
  if (context.fallback !== null) {
    decision.render = feedback.fallbackRender;
    decision.fallback = true;
    decision.reason = context.fallback;
    if (feedback.parameters.length > 0) decision.parameters = context.parameters;
    return;
  }
  decision.render = feedback.render;
  if (feedback.parameters.length > 0) decision.parameters = context.parameters;
  decision.loopPeriod = context.period;
  if (context.period !== null) {
    st.loops.start({ feedback: feedback.name, parameters: context.parameters, period: context.period, start: event.t, feedbackIndex: f, ruleSlot: rule });
  }
}

/** Whether the play of `feedback` passes `gate`; when not, the gate's reason (and rule and note) is in `decision`. */
function pass(
  st: SessionState, gate: PlayGate, f: number, feedback: FeedbackPlan, event: Event, params: PlayParameter[], e: number, s: number, rule: number,
  context: PlayContext, decision: Draft,
): boolean {
  const p = st.p;
  switch (gate) {
    case "background":
      // `background:` keeps some plays; a kept pattern meets the stopped engine at `device-fallback` and plays its fallback.
      if (!st.foreground && p.backgroundKeeps?.keeps(f, rule) !== true) {
        decision.reason = "background";
        return false;
      }
      return true;
    case "haptics-setting":
      if (!st.device.hapticsEnabled) {
        decision.reason = "haptics-disabled";
        return false;
      }
      return true;
    case "user-level":
      if (!st.userLevels.keeps(f, rule)) {
        st.userLevels.refuse(feedback, decision);
        return false;
      }
      return true;
    case "speech":
      if (p.needsSpeech[f] && p.speechRule !== null && !p.speechExempt[e] && event.speaks !== true) {
        decision.reason = "no-speech";
        decision.rule = p.speechRule;
        return false;
      }
      return true;
    case "template-parameters": {
      if (!(params.length > 0 || feedback.loop !== null || feedback.parameters.length > 0)) return true;
      const bound = bind(params, feedback);
      if (typeof bound === "string") {
        decision.reason = "bad-params";
        decision.note = bound;
        return false;
      }
      context.parameters = bound.parameters;
      context.period = bound.period;
      return true;
    }
    case "outranked": {
      const note = outranking(st, f, event.t);
      if (note !== null) {
        decision.reason = "outranked";
        decision.note = note;
        return false;
      }
      return true;
    }
    case "device-fallback": {
      if (!feedback.isPattern) return true;
      // In background (a play `background:` keeps) the engine is stopped.
      const problem: Reason | null = !st.foreground
        ? "background"
        : !st.device.supportsHaptics
          ? "no-core-haptics"
          : st.device.lowPower
            ? "low-power"
            : st.engine.state !== "ready"
              ? "engine-cold"
              : null;
      if (problem === null) return true;
      if (feedback.fallbackRender === null) {
        decision.reason = "no-fallback";
        decision.note = `'${feedback.name}' cannot play (${problem}) and has no fallback`;
        return false;
      }
      context.fallback = problem;
      return true;
    }
    case "enforced-budgets":
      return p.enforcedBudgets.length === 0 || st.budgets.admit(f, e, s, event.t, decision);
  }
}
