/**
 * Decides a setting event (Sources/HapticPolicy/Evaluation/Session/SettingEvents.swift): a
 * run-time parameter's `set-by:` event (`ParameterState.set`) or the user level's
 * (`UserLevelGate`), whose new level stops the loops it does not keep.
 */
import { Draft } from "./draft.js";
import { numberText, scalarText } from "./numberText.js";
import { STATE_EVENTS, STOP_LOOP } from "./policyIndex.js";
import type { Event, SessionState } from "./session.js";

/** Decides setting event `index` (an index of the policy's setting events). */
export function decideSetting(st: SessionState, index: number, event: Event): Draft {
  const p = st.p;
  const decision = new Draft({ screen: st.currentScreenName(event.screen), reason: "state", rule: p.settingRules[index] });
  const setting = p.settingEvents[index];
  const value = event.value ?? null;
  const got = value !== null ? `got ${scalarText(value)}` : "it has no value";
  if (setting.kind === "parameter") {
    const parameter = p.parameters[setting.index];
    if (typeof value !== "number" || !Number.isFinite(value) || value < parameter.min || value > parameter.max) {
      decision.reason = "bad-state";
      decision.note =
        `${parameter.setBy} needs a number from ${numberText(parameter.min)} to ${numberText(parameter.max)} in 'value' ` +
        `(parameters.${parameter.name}); ${got}, so ${parameter.name} stays ${numberText(st.parameters.values[setting.index])}`;
      return decision;
    }
    decision.note = st.parameters.set(setting.index, value);
    return decision;
  }
  const levels = p.userLevels!.levels;
  const level = typeof value === "string" ? p.userLevelIndex(value) : null;
  if (level === null) {
    const names = levels.map((l) => `'${l.name}'`).join(", ");
    decision.reason = "bad-state";
    decision.note =
      `${p.eventNames[STATE_EVENTS.length + index]} needs one of ${names} in 'value' ` +
      `(user-levels); ${got}, so the haptics level stays '${levels[st.userLevels.level].name}'`;
    return decision;
  }
  st.userLevels.level = level;
  decision.note = `the haptics level is now ${value as string}`;
  if (st.loops.keep((l) => p.keeps(level, l.feedbackIndex, l.ruleSlot))) decision.directives |= STOP_LOOP;
  return decision;
}
