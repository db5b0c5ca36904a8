/**
 * The built-in state events (Sources/HapticPolicy/Evaluation/Session/StateEvents.swift):
 * `screen.enter`, `app.state` and the `device.*` switches, and the engine they start, stop
 * and warm.
 */
import { Draft } from "./draft.js";
import { PREPARE_ENGINE, RELEASE_TICKER, RESTART_ENGINE, STATE_EVENTS, STOP_LOOP } from "./policyIndex.js";
import type { Event, SessionState } from "./session.js";

/** The haptic engine's state. */
export type Engine = { state: "cold" } | { state: "warming"; until: number } | { state: "ready" } | { state: "stopped" };

/** Starts the engine (a `prepare-engine` directive at `t`); whether the directive is given (in foreground). */
export function startEngine(st: SessionState, t: number): boolean {
  st.engineEverStarted = true;
  if (!st.foreground) return false;
  if (st.engine.state === "cold" || st.engine.state === "stopped") warm(st, t);
  return true;
}

function warm(st: SessionState, t: number): void {
  st.engine = st.policy.warmup > 0 ? { state: "warming", until: t + st.policy.warmup } : { state: "ready" };
}

/** Decides built-in state event `index` (an index of `STATE_EVENTS`). */
export function decideState(st: SessionState, index: number, event: Event): Draft {
  const p = st.p;
  const state = STATE_EVENTS[index];
  const decision = new Draft({ reason: "state", rule: "builtin:" + state });
  switch (state) {
    case "screen.enter": {
      let target: string | null = event.screen ?? null;
      if (target === null && typeof event.value === "string") target = event.value;
      if (target === null) {
        decision.reason = "bad-state";
        decision.note = "screen.enter needs the screen in 'screen' or 'value'";
        decision.screen = st.currentScreenName(event.screen);
        return decision;
      }
      if (st.ticker.close()) decision.directives |= RELEASE_TICKER;
      const id = p.screenIndex.get(target);
      st.screen = id ?? -1;
      st.unknownScreenName = id === undefined ? target : null;
      decision.screen = st.screenName;
      if (id !== undefined) {
        decision.rule = p.screenRules[id];
        if (p.screenEnter[id] & PREPARE_ENGINE && startEngine(st, event.t)) decision.directives |= PREPARE_ENGINE;
        if (p.screenEnter[id] & STOP_LOOP && st.loops.stop(null)) decision.directives |= STOP_LOOP;
      } else {
        decision.reason = "unknown-screen";
      }
      return decision;
    }
    case "app.state": {
      decision.screen = st.currentScreenName(event.screen);
      const value = event.value;
      if (value !== "foreground" && value !== "background") {
        decision.reason = "bad-state";
        decision.note = `app.state needs "foreground" or "background" in 'value'`;
        return decision;
      }
      if (value === "background" && st.foreground) {
        st.foreground = false;
        if (st.engine.state !== "cold") st.engine = { state: "stopped" };
        if (st.loops.stop(null)) decision.directives |= STOP_LOOP;
        st.priority?.clear();
        if (st.ticker.close()) decision.directives |= RELEASE_TICKER;
      } else if (value === "foreground" && !st.foreground) {
        st.foreground = true;
        if (st.engineEverStarted) {
          warm(st, event.t);
          decision.directives |= RESTART_ENGINE;
        }
      }
      return decision;
    }
    default: {
      decision.screen = st.currentScreenName(event.screen);
      const on = event.value;
      if (typeof on !== "boolean") {
        decision.reason = "bad-state";
        decision.note = `${state} needs true or false in 'value'`;
        return decision;
      }
      if (state === "device.lowPower") st.device.lowPower = on;
      else if (state === "device.supportsHaptics") st.device.supportsHaptics = on;
      else st.device.hapticsEnabled = on;
      return decision;
    }
  }
}
