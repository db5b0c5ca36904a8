/**
 * Carrying out a matching row (Sources/HapticPolicy/Evaluation/Session/SessionRows.swift):
 * its ticker step, its directives, then its action (a play, a loop, a stop, a band step, a
 * silent reason) or its several actions.
 */
import { bandStep } from "./bandTracker.js";
import type { PlayParameter } from "./decision.js";
import { Draft } from "./draft.js";
import { numberText, roundHalfAway, scalarText } from "./numberText.js";
import { recedingNote } from "./approach.js";
import { play } from "./playGate.js";
import { PREPARE_ENGINE, PREPARE_TICKER, RELEASE_TICKER, STOP_LOOP, plausibleText, type CompiledRow } from "./policyIndex.js";
import type { Scalar } from "./content.js";
import type { Event, SessionState } from "./session.js";
import { startEngine } from "./stateEvents.js";
import type { SubjectEntry } from "./subjectTable.js";
import { END_WITHOUT_GESTURE_NOTE, TICK_OUTSIDE_NOTE } from "./tickerGesture.js";

/** Carries out a matching row into `decision`; `subject` is the event's subject (null: none). */
export function apply(st: SessionState, row: CompiledRow, event: Event, params: PlayParameter[], subject: SubjectEntry | null, e: number, s: number, decision: Draft): void {
  let tickOutside = false;
  switch (st.ticker.step(row.ticker)) {
    case "prepare":
      decision.directives |= PREPARE_TICKER;
      break;
    case "release":
      decision.directives |= RELEASE_TICKER;
      break;
    case "tick-outside":
      tickOutside = true;
      break;
    case "end-without-gesture":
      decision.note = END_WITHOUT_GESTURE_NOTE;
      break;
    case "none":
      break;
  }
  if (row.directives & PREPARE_ENGINE && startEngine(st, event.t)) decision.directives |= PREPARE_ENGINE;
  if (row.several) {
    applySeveral(st, row, event, params, e, s, tickOutside, decision);
    return;
  }
  const action = row.action;
  switch (action.kind) {
    case "none":
      decision.reason = "directive-only";
      return;
    case "silent":
      decision.reason = "designer";
      decision.note = action.reason;
      return;
    case "stop":
      stop(st, action.feedback, decision);
      return;
    case "play":
    case "loop":
      play(st, action.feedback, event, params, e, s, row.keepSlot, decision);
      markTickOutside(tickOutside, decision);
      return;
    case "band":
      applyBand(st, row, action.band, action.slot, event, params, subject, e, s, decision);
      return;
  }
}

/** A play of a tick outside a selector gesture says no generator was prepared. */
function markTickOutside(tickOutside: boolean, decision: Draft): void {
  if (tickOutside && decision.action === "play" && decision.reason === null) {
    decision.reason = "tick-outside-gesture";
    decision.note = TICK_OUTSIDE_NOTE;
  }
}

/**
 * Carries out a band row: the sample's step in its signal (`bandStep`, bandTracker.ts), then
 * the entered level's play or silent reason when the level moved.
 */
function applyBand(
  st: SessionState, row: CompiledRow, b: number, slot: number, event: Event, params: PlayParameter[], subject: SubjectEntry | null, e: number, s: number,
  decision: Draft,
): void {
  const band = st.p.bands[b];
  const value = event.value;
  if (typeof value !== "number") {
    decision.reason = "bad-value";
    decision.note = `band '${band.name}' needs a number in 'value'`;
    return;
  }
  const state = st.subjects.levelsOf(subject ?? st.subjects.noSubject)[slot];
  const { edges, base, count } = st.parameters.edgesOf(band);
  const step = bandStep(band, state, value, event.t, edges, base, count);
  switch (step.kind) {
    case "implausible":
      if (step.level >= 0) {
        const level = band.levels[step.level].name;
        decision.band = { name: band.name, from: level, to: level };
      }
      decision.reason = "implausible";
      decision.note = `${numberText(value)} is outside the plausible range of band '${band.name}' (${plausibleText(band)}); the level stays`;
      return;
    case "baseline":
      decision.band = { name: band.name, from: null, to: band.levels[step.level].name };
      decision.reason = "baseline";
      return;
    case "receding": {
      const from = band.levels[step.level].name;
      decision.band = { name: band.name, from, to: from };
      decision.reason = "receding";
      decision.note = recedingNote(band, step.level, step.behind);
      return;
    }
    case "same": {
      const from = band.levels[step.level].name;
      decision.band = { name: band.name, from, to: from };
      decision.reason = "same-band";
      return;
    }
    case "dwelling": {
      const from = band.levels[step.level].name;
      decision.band = { name: band.name, from, to: from };
      decision.reason = "dwelling";
      decision.note = `'${band.levels[step.pending].name}' has held ${numberText(roundHalfAway(Math.max(0, step.held) * 1000) / 1000)} s of the ${numberText(band.dwell)} s dwell`;
      return;
    }
    case "moved": {
      const previous = step.from;
      const level = step.to;
      decision.band = { name: band.name, from: band.levels[previous].name, to: band.levels[level].name };
      const entered = band.levels[level];
      const f = level > previous ? entered.play : entered.downPlay;
      if (f !== null) {
        decision.rule = row.levelRules[level];
        const args = row.bandArguments?.[level];
        if (args !== undefined && args.length > 0) playArguments(st, f, args, event, params, e, s, row.keepSlot + 1 + level, decision);
        else play(st, f, event, params, e, s, row.keepSlot + 1 + level, decision);
      } else {
        decision.reason = "designer";
        decision.note = level > previous ? entered.silent : entered.downSilent;
      }
      return;
    }
  }
}

/**
 * Carries out a row with several actions or `with:` arguments: its stops, then its action,
 * then its loop, each decided on its own; the others go in `decision.also`.
 */
function applySeveral(st: SessionState, row: CompiledRow, event: Event, params: PlayParameter[], e: number, s: number, tickOutside: boolean, decision: Draft): void {
  const several = row.several!;
  const also: Draft[] = [];
  for (const action of several.also) {
    if (action.kind !== "stop") continue;
    const step = new Draft({ screen: decision.screen, rule: row.rule });
    stop(st, action.feedback, step);
    // `stop: all` beside a play or a loop that stopped nothing is left out (Docs/decision-order.md).
    if (action.feedback === null && step.reason === "not-running") continue;
    also.push(step);
  }
  const action = row.action;
  switch (action.kind) {
    case "play":
      playWith(st, action.feedback, false, row, event, params, e, s, row.keepSlot, decision);
      markTickOutside(tickOutside, decision);
      break;
    case "loop":
      playWith(st, action.feedback, true, row, event, params, e, s, row.keepSlot, decision);
      break;
    case "stop":
      stop(st, action.feedback, decision);
      break;
    default:
      break;
  }
  for (const a of several.also) {
    if (a.kind !== "play" && a.kind !== "loop") continue;
    const step = new Draft({ screen: decision.screen, rule: row.rule });
    playWith(st, a.feedback, a.kind === "loop", row, event, params, e, s, row.keepSlot, step);
    also.push(step);
  }
  decision.also = also;
}

function playWith(st: SessionState, f: number, onLoop: boolean, row: CompiledRow, event: Event, params: PlayParameter[], e: number, s: number, rule: number, decision: Draft): void {
  const several = row.several!;
  if (onLoop !== several.argumentsOnLoop || several.arguments.length === 0) {
    play(st, f, event, params, e, s, rule, decision);
    return;
  }
  playArguments(st, f, several.arguments, event, params, e, s, rule, decision);
}

/** Plays `f` with `with:` arguments (a row's, or a band level's and its row's) over the event's params. */
function playArguments(
  st: SessionState, f: number, args: readonly { name: string; number?: number }[], event: Event, params: PlayParameter[], e: number, s: number, rule: number,
  decision: Draft,
): void {
  let given = params.slice();
  let missing: string | null = null;
  for (const argument of args) {
    let value: Scalar | null = null;
    if (argument.number !== undefined) value = argument.number;
    else if (typeof event.value === "number") value = event.value;
    else missing = missing ?? argument.name;
    given = given.filter((x) => x.name !== argument.name);
    given.push({ name: argument.name, value });
  }
  play(st, f, event, given, e, s, rule, decision);
  if (missing !== null && decision.reason === "bad-params" && decision.note?.startsWith(`parameter '${missing}' must be a number`)) {
    const found = event.value !== undefined && event.value !== null ? `it is ${scalarText(event.value)}` : "it has none";
    decision.note = `'with: {${missing}: value}' gives '${missing}' the event's value, which must be a number (${found}); send the number in 'value'`;
  }
}

/** Stops the loop of feedback `target` (null: every loop). */
function stop(st: SessionState, target: number | null, decision: Draft): void {
  if (target !== null) decision.plan = st.p.feedback[target];
  if (st.loops.stop(target)) {
    decision.action = "stop";
    decision.directives |= STOP_LOOP;
  } else {
    decision.reason = "not-running";
  }
}
