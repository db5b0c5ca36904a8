/**
 * The state of one running app under a policy, and `decide` for every event. Ported
 * from Sources/HapticPolicy/Evaluation/Session.swift: the same checks in the same order
 * (band → background → haptics setting → user level → speech → template parameters →
 * priority → device and engine fallbacks → enforced budgets).
 */
import type { Scalar } from "./content.js";
import type { BandTransition, Decision, PlayParameter, Reason } from "./decision.js";
import { evaluate } from "./expression.js";
import { numberText, roundHalfAway } from "./numberText.js";
import { exactNextLevel, exactRawLevel, recedingNote } from "./approach.js";
import type { Policy } from "./policy.js";
import {
  DIRECTIVES, INTERRUPT, OFF_SCREEN, PREPARE_ENGINE, PREPARE_TICKER, RELEASE_TICKER, RESTART_ENGINE, STATE_EVENTS, STOP_LOOP,
  plausibleText, type CompiledRow, type EnforcedBudget, type FeedbackPlan, type PayloadCheck, type PolicyIndex,
  type Directive, type DataTest,
} from "./policyIndex.js";
import type { PayloadFieldJSON, TemplateParameterJSON } from "./content.js";
import { PRIORITIES, PriorityTracker, type Cut } from "./priority.js";

/** What the device allows. */
export interface DeviceState {
  /** Core Haptics (or the platform's pattern player) is available. */
  supportsHaptics: boolean;
  /** Low Power Mode is on. */
  lowPower: boolean;
  /** The user's haptics setting is on. */
  hapticsEnabled: boolean;
}

/** A capable phone with haptics on. */
export function defaultDevice(): DeviceState {
  return { supportsHaptics: true, lowPower: false, hapticsEnabled: true };
}

/** One app event. */
export interface Event {
  /** Seconds since the session began; non-decreasing. */
  readonly t: number;
  /** The event name: the catalogue's, or a built-in state event. */
  readonly event: string;
  /** The screen it happened on; absent: the last `screen.enter`. */
  readonly screen?: string | null;
  /** What it is about (bands are tracked per subject). */
  readonly subject?: string | null;
  /** The carried value. */
  readonly value?: Scalar | null;
  /** The creature speaks with this event. */
  readonly speaks?: boolean;
  /** Template parameters, in the order given (`{"bpm": 120}` or `[{name, value}]`). */
  readonly params?: readonly PlayParameter[] | Readonly<Record<string, Scalar | null>>;
  /** The event's data fields besides its value (`{"direction": "left"}` or `[{name, value}]`). */
  readonly data?: readonly PlayParameter[] | Readonly<Record<string, Scalar | null>>;
}

type Engine = { state: "cold" } | { state: "warming"; until: number } | { state: "ready" } | { state: "stopped" };

interface RunningLoop {
  feedback: string;
  parameters: PlayParameter[];
  period: number;
  start: number;
  feedbackIndex: number;
  ruleSlot: number;
}

interface BandState { level: number; pending: number; since: number }

class Draft {
  action: "play" | "silent" | "stop" = "silent";
  screen: string | null = null;
  plan: FeedbackPlan | null = null;
  render: string | null = null;
  fallback = false;
  reason: Reason | null = null;
  note: string | null = null;
  rule: string | null = null;
  directives = 0;
  band: BandTransition | null = null;
  parameters: PlayParameter[] | null = null;
  loopPeriod: number | null = null;
  also: Draft[] = [];

  constructor(init?: Partial<Pick<Draft, "screen" | "reason" | "note" | "rule">>) {
    if (init) Object.assign(this, init);
  }

  finish(): Decision {
    return {
      action: this.action, screen: this.screen, feedback: this.plan?.name ?? null, layer: this.plan?.layer ?? null,
      render: this.render, fallback: this.fallback, reason: this.reason, note: this.note, rule: this.rule,
      directives: DIRECTIVE_LISTS[this.directives],
      band: this.band, params: this.parameters, loop: this.loopPeriod,
      also: this.also.length === 0 ? NO_STEPS : this.also.map((d) => d.finish()),
    } as Decision;
  }
}

/** The directive list of each set of directive bits, made once (decisions share them). */
const DIRECTIVE_LISTS: readonly (readonly Directive[])[] = Array.from({ length: 1 << DIRECTIVES.length }, (_, bits) =>
  Object.freeze(DIRECTIVES.filter((_, i) => bits & (1 << i))),
);
const NO_STEPS: readonly Decision[] = Object.freeze([]);

/** The most subjects a session holds unless told otherwise. */
export const DEFAULT_SUBJECT_LIMIT = 1 << 16;
/** The most bytes of subject names a session holds (UTF-8). */
export const SUBJECT_NAME_BYTE_LIMIT = 16 << 20;
/** The shortest loop period a play starts (seconds). */
export const MINIMUM_LOOP_PERIOD = 0.001;
const DWELL_TOLERANCE = 1e-6;

function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/** `ScalarValue.description`: numbers as `numberText`, strings in quotes. */
export function scalarText(value: Scalar): string {
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return String(value);
  return `"${value}"`;
}

/** Options of a new session. */
export interface SessionOptions {
  /** The device state the session starts with (default: a capable phone, haptics on). */
  device?: Partial<DeviceState>;
  /** The most subjects held (default 65,536); the least recently seen are forgotten. */
  subjectLimit?: number;
}

/** One running app under a policy: `decide(event)` for every event; state carries over between calls. */
export class Session {
  /** The policy this session decides with. */
  readonly policy: Policy;
  /** What the device allows; changing it is what the `device.*` state events do. */
  device: DeviceState;
  private readonly p: PolicyIndex;
  private screen: number | null = null; // -1: an unknown screen named `unknownScreenName`
  private unknownScreenName: string | null = null;
  private foreground = true;
  private engine: Engine = { state: "cold" };
  private engineEverStarted = false;
  private tickerOpen = false;
  private runningLoops: RunningLoop[] = [];
  /** The one-shot patterns still playing; null when every feedback is `normal`. */
  private readonly priority: PriorityTracker | null;
  /** The stop entries of what this event's plays cut, moved into the decision's `also`. */
  private cuts: Draft[] = [];
  private parameterValues: number[];
  private bandEdges: number[] = [];
  private userLevel: number;
  private readonly slotCount: number;
  private noSubjectLevels: BandState[];
  private readonly subjects = new Map<string, BandState[] | null>();
  private readonly pinned: ReadonlySet<string>;
  private readonly subjectLimit: number;
  private subjectBytes = 0;
  private forgotten = 0;
  private budgetRings: { times: number[]; next: number }[];

  /** Starts a session: app in foreground, engine cold, no screen yet. */
  constructor(policy: Policy, options: SessionOptions = {}) {
    this.policy = policy;
    const p = policy.index;
    this.p = p;
    this.priority = PriorityTracker.of(p.feedback, p.priorities);
    this.device = { ...defaultDevice(), ...(options.device ?? {}) };
    this.slotCount = p.bandSlots.length;
    this.noSubjectLevels = this.freshLevels();
    this.pinned = new Set(p.subjectNames);
    for (const name of p.subjectNames) {
      this.subjects.set(name, null);
      this.subjectBytes += utf8Length(name);
    }
    this.subjectLimit = Math.max(options.subjectLimit ?? DEFAULT_SUBJECT_LIMIT, p.subjectNames.length + 1);
    this.budgetRings = Array.from({ length: p.budgetRingCount }, () => ({ times: [], next: 0 }));
    this.parameterValues = p.parameters.map((x) => x.defaultValue);
    this.userLevel = p.startLevel;
    if (p.parametricEdgeCount > 0) {
      this.bandEdges = new Array<number>(p.parametricEdgeCount).fill(0);
      for (const b of p.parametricBands) {
        const band = p.bands[b];
        for (let i = 0; i < band.edgeCode.length; i++) this.bandEdges[band.edgeBase + i] = band.edges[i];
      }
      this.updateBandEdges();
    }
  }

  private freshLevels(): BandState[] {
    return Array.from({ length: this.slotCount }, () => ({ level: -1, pending: -1, since: 0 }));
  }

  /** The current screen's name (an undeclared one included), or null before any. */
  get screenName(): string | null {
    if (this.screen === null) return null;
    return this.screen < 0 ? this.unknownScreenName : this.p.screenNames[this.screen];
  }
  /** Whether the app is in foreground. */
  get isForeground(): boolean { return this.foreground; }
  /** The name of the current user level, or null when the policy has none. */
  get userLevelName(): string | null { return this.p.userLevels ? this.p.userLevels.levels[this.userLevel].name : null; }
  /** The current value of a run-time parameter, or null when there is none of that name. */
  parameter(name: string): number | null {
    const i = this.p.parameterNames.indexOf(name);
    return i < 0 ? null : this.parameterValues[i];
  }
  /** The names of the loops playing now. */
  get loops(): readonly string[] { return this.runningLoops.map((l) => l.feedback); }
  /** Subjects held now, and forgotten so far to stay within the limit. */
  get subjectCount(): number { return this.subjects.size; }
  /** Subjects forgotten so far (a forgotten subject's next sample is a new baseline). */
  get forgottenSubjectCount(): number { return this.forgotten; }

  /** The current level of a band signal for a subject, or null before its first sample. */
  bandLevel(band: string, event: string, subject: string | null = null): string | null {
    const b = this.p.bands.findIndex((x) => x.name === band);
    const e = this.p.eventIndex.get(event);
    const slot = this.p.bandSlots.findIndex((s) => s.event === e && s.band === b);
    if (b < 0 || slot < 0) return null;
    const levels = subject === null ? this.noSubjectLevels : this.subjects.get(subject);
    const level = levels ? levels[slot].level : -1;
    return level < 0 ? null : this.p.bands[b].levels[level].name;
  }

  private updateBandEdges(): void {
    for (const b of this.p.parametricBands) {
      const band = this.p.bands[b];
      band.edgeCode.forEach((code, i) => {
        const value = code(this.parameterValues);
        if (Number.isFinite(value)) this.bandEdges[band.edgeBase + i] = value;
      });
    }
  }

  /** Interns and marks a subject seen, forgetting the least recently seen past the limits. */
  private touchSubject(name: string): void {
    if (this.subjects.has(name)) {
      if (!this.pinned.has(name)) {
        const levels = this.subjects.get(name)!;
        this.subjects.delete(name);
        this.subjects.set(name, levels);
      }
      return;
    }
    const bytes = utf8Length(name);
    const over = () => this.subjects.size >= this.subjectLimit || this.subjectBytes + bytes > SUBJECT_NAME_BYTE_LIMIT;
    if (over()) {
      for (const old of this.subjects.keys()) {
        if (!over()) break;
        if (this.pinned.has(old)) continue;
        this.subjects.delete(old);
        this.subjectBytes -= utf8Length(old);
        this.forgotten++;
      }
    }
    this.subjects.set(name, null);
    this.subjectBytes += bytes;
  }

  private levelsOf(subject: string | null): BandState[] {
    if (subject === null) return this.noSubjectLevels;
    let levels = this.subjects.get(subject);
    if (!levels) {
      levels = this.freshLevels();
      this.subjects.set(subject, levels);
    }
    return levels;
  }

  /**
   * Decides one event and updates the state. Never throws. An event that ends its subject
   * (`ends-subject: true`) forgets it once decided, whatever the decision.
   */
  decide(event: Event): Decision {
    if (!this.p.endsSubjects) return this.decideDraft(event).finish();
    const draft = this.decideDraft(event);
    this.endSubject(event);
    return draft.finish();
  }

  /** Subjects ended so far by events that end their subject. */
  get endedSubjectCount(): number { return this.ended; }
  private ended = 0;

  /**
   * Forgets the subject of an event that ends its subject: its band levels and dwell
   * clocks, and its place among the subjects held (a subject the policy names keeps its
   * place and loses its band state only). Its next event is a new subject.
   */
  private endSubject(event: Event): void {
    const name = event.subject ?? null;
    const e = this.p.eventIndex.get(event.event);
    if (name === null || e === undefined || !this.p.endsSubject[e] || !this.subjects.has(name)) return;
    if (this.pinned.has(name)) {
      this.subjects.set(name, null);
      return;
    }
    this.subjects.delete(name);
    this.subjectBytes -= utf8Length(name);
    this.ended++;
  }

  private currentScreenName(screen: string | null | undefined): string | null {
    if (screen !== undefined && screen !== null) return screen;
    return this.screenName;
  }

  private decideDraft(event: Event): Draft {
    const p = this.p;
    const subject = event.subject ?? null;
    if (subject !== null) this.touchSubject(subject);
    if (this.engine.state === "warming" && event.t >= this.engine.until) this.engine = { state: "ready" };
    const e = p.eventIndex.get(event.event);
    if (e === undefined) return new Draft({ screen: this.currentScreenName(event.screen), reason: "unknown-event" });
    if (e < p.stateEventCount) {
      if (e < STATE_EVENTS.length) return this.decideState(e, event);
      return this.decideSetting(e - STATE_EVENTS.length, event);
    }
    let s: number;
    let screenName: string;
    if (event.screen !== undefined && event.screen !== null) {
      const id = p.screenIndex.get(event.screen);
      if (id === undefined) return new Draft({ screen: event.screen, reason: "unknown-screen" });
      s = id;
      screenName = event.screen;
    } else {
      if (this.screen === null) return new Draft({ reason: "no-screen" });
      if (this.screen < 0) return new Draft({ screen: this.unknownScreenName, reason: "unknown-screen" });
      s = this.screen;
      screenName = p.screenNames[s];
    }
    const eventCount = p.eventNames.length;
    const entry = p.table[s * eventCount + e];
    if (entry < 0) {
      const note =
        entry === OFF_SCREEN
          ? `'${p.eventNames[e]}' is not declared to occur on '${screenName}'`
          : `no cell decides '${p.eventNames[e]}' on '${screenName}'`;
      return new Draft({ screen: screenName, reason: "undeclared", note });
    }
    const params = normalizeParams(event.params);
    if (p.checksPayloads) {
      const check = p.payloadChecks[e];
      const problem = check ? payloadProblem(check, event.value ?? null, params, check.data ? normalizeParams(event.data) : []) : null;
      if (check && problem !== null) return new Draft({ screen: screenName, reason: "bad-value", note: problem, rule: check.rule });
    }
    const rows = p.cells[entry];
    for (const row of rows) {
      if (!matches(row, event, subject) || !this.matchesParameters(row) || (row.dataTests && !matchesData(row.dataTests, event))) continue;
      const decision = new Draft({ screen: screenName, note: row.note, rule: row.rule });
      this.apply(row, event, params, subject, e, s, decision);
      if (this.cuts.length > 0) {
        const also = decision.also;
        let at = also.findIndex((d) => !(d.action === "stop" || d.reason === "not-running"));
        if (at < 0) at = also.length;
        decision.also = [...also.slice(0, at), ...this.cuts, ...also.slice(at)];
        this.cuts = [];
      }
      return decision;
    }
    return new Draft({ screen: screenName, reason: "undeclared", note: "no row of the cell matches this event", rule: rows.length > 0 ? rows[0].rule : null });
  }

  private matchesParameters(row: CompiledRow): boolean {
    if (row.inGesture !== undefined && row.inGesture !== this.tickerOpen) return false;
    if (!row.parameterTests) return true;
    for (const test of row.parameterTests) if (!test.range.contains(this.parameterValues[test.parameter])) return false;
    return true;
  }

  private apply(row: CompiledRow, event: Event, params: PlayParameter[], subject: string | null, e: number, s: number, decision: Draft): void {
    let tickOutside = false;
    switch (row.ticker) {
      case "begin":
        this.tickerOpen = true;
        decision.directives |= PREPARE_TICKER;
        break;
      case "tick":
        if (this.tickerOpen) decision.directives |= PREPARE_TICKER;
        else tickOutside = true;
        break;
      case "end":
        if (this.tickerOpen) {
          this.tickerOpen = false;
          decision.directives |= RELEASE_TICKER;
        } else decision.note = "no ticker gesture was open";
        break;
      default:
        break;
    }
    if (row.directives & PREPARE_ENGINE && this.startEngine(event.t)) decision.directives |= PREPARE_ENGINE;
    if (row.several) {
      this.applySeveral(row, event, params, e, s, tickOutside, decision);
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
        this.stop(action.feedback, decision);
        return;
      case "play":
      case "loop":
        this.play(action.feedback, event, params, e, s, row.keepSlot, decision);
        if (tickOutside && decision.action === "play" && decision.reason === null) {
          decision.reason = "tick-outside-gesture";
          decision.note = "a tick outside a selector gesture: no generator was prepared";
        }
        return;
      case "band":
        this.applyBand(row, action.band, action.slot, event, params, subject, e, s, decision);
        return;
    }
  }

  private applyBand(row: CompiledRow, b: number, slot: number, event: Event, params: PlayParameter[], subject: string | null, e: number, s: number, decision: Draft): void {
    const band = this.p.bands[b];
    const value = event.value;
    if (typeof value !== "number") {
      decision.reason = "bad-value";
      decision.note = `band '${band.name}' needs a number in 'value'`;
      return;
    }
    const state = this.levelsOf(subject)[slot];
    const previous = state.level;
    if (!(value >= band.plausibleMin && value <= band.plausibleMax)) {
      if (previous >= 0) {
        const level = band.levels[previous].name;
        decision.band = { name: band.name, from: level, to: level };
      }
      decision.reason = "implausible";
      decision.note = `${numberText(value)} is outside the plausible range of band '${band.name}' (${plausibleText(band)}); the level stays`;
      return;
    }
    const edges = band.isParametric ? this.bandEdges : band.edges;
    const base = band.isParametric ? band.edgeBase : 0;
    const count = band.isParametric ? band.edgeCode.length : band.edges.length;
    if (previous < 0) {
      let level = 0;
      if (band.usesApproachStep) level = exactRawLevel(band, value, edges, base, count);
      else while (level < count && value >= edges[base + level]) level++;
      state.level = level;
      state.pending = -1;
      state.since = 0;
      decision.band = { name: band.name, from: null, to: band.levels[level].name };
      decision.reason = "baseline";
      return;
    }
    let level = previous;
    if (band.usesApproachStep) {
      level = exactNextLevel(band, previous, value, edges, base, count);
    } else {
      while (level < count && value >= edges[base + level] + band.hysteresis) level++;
      if (level === previous) {
        while (level > 0 && value < edges[base + level - 1] - band.hysteresis) level--;
      }
    }
    const from = band.levels[previous].name;
    if (band.approach !== 0 && (level - previous) * band.approach < 0) {
      // Behind the level on an approach band: nothing changes, a pending dwell is kept.
      decision.band = { name: band.name, from, to: from };
      decision.reason = "receding";
      decision.note = recedingNote(band, previous, level);
      return;
    }
    if (level === previous) {
      state.pending = -1;
      decision.band = { name: band.name, from, to: from };
      decision.reason = "same-band";
      return;
    }
    if (band.dwell > 0) {
      if (state.pending !== level) {
        state.pending = level;
        state.since = event.t;
      }
      const held = event.t - state.since;
      if (!(held + DWELL_TOLERANCE >= band.dwell)) {
        decision.band = { name: band.name, from, to: from };
        decision.reason = "dwelling";
        decision.note = `'${band.levels[level].name}' has held ${numberText(roundHalfAway(Math.max(0, held) * 1000) / 1000)} s of the ${numberText(band.dwell)} s dwell`;
        return;
      }
    }
    state.level = level;
    state.pending = -1;
    state.since = 0;
    decision.band = { name: band.name, from, to: band.levels[level].name };
    const entered = band.levels[level];
    const f = level > previous ? entered.play : entered.downPlay;
    if (f !== null) {
      decision.rule = row.levelRules[level];
      const args = row.bandArguments?.[level];
      if (args !== undefined && args.length > 0) this.playArguments(f, args, event, params, e, s, row.keepSlot + 1 + level, decision);
      else this.play(f, event, params, e, s, row.keepSlot + 1 + level, decision);
    } else {
      decision.reason = "designer";
      decision.note = level > previous ? entered.silent : entered.downSilent;
    }
  }

  private applySeveral(row: CompiledRow, event: Event, params: PlayParameter[], e: number, s: number, tickOutside: boolean, decision: Draft): void {
    const several = row.several!;
    const also: Draft[] = [];
    for (const action of several.also) {
      if (action.kind !== "stop") continue;
      const step = new Draft({ screen: decision.screen, rule: row.rule });
      this.stop(action.feedback, step);
      // `stop: all` beside a play or a loop that stopped nothing is left out (Docs/decision-order.md).
      if (action.feedback === null && step.reason === "not-running") continue;
      also.push(step);
    }
    const action = row.action;
    switch (action.kind) {
      case "play":
        this.playWith(action.feedback, false, row, event, params, e, s, row.keepSlot, decision);
        if (tickOutside && decision.action === "play" && decision.reason === null) {
          decision.reason = "tick-outside-gesture";
          decision.note = "a tick outside a selector gesture: no generator was prepared";
        }
        break;
      case "loop":
        this.playWith(action.feedback, true, row, event, params, e, s, row.keepSlot, decision);
        break;
      case "stop":
        this.stop(action.feedback, decision);
        break;
      default:
        break;
    }
    for (const a of several.also) {
      if (a.kind !== "play" && a.kind !== "loop") continue;
      const step = new Draft({ screen: decision.screen, rule: row.rule });
      this.playWith(a.feedback, a.kind === "loop", row, event, params, e, s, row.keepSlot, step);
      also.push(step);
    }
    decision.also = also;
  }

  private playWith(f: number, onLoop: boolean, row: CompiledRow, event: Event, params: PlayParameter[], e: number, s: number, rule: number, decision: Draft): void {
    const several = row.several!;
    if (onLoop !== several.argumentsOnLoop || several.arguments.length === 0) {
      this.play(f, event, params, e, s, rule, decision);
      return;
    }
    this.playArguments(f, several.arguments, event, params, e, s, rule, decision);
  }

  /** Plays `f` with `with:` arguments (a row's, or a band level's and its row's) over the event's params. */
  private playArguments(f: number, args: readonly { name: string; number?: number }[], event: Event, params: PlayParameter[], e: number, s: number, rule: number, decision: Draft): void {
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
    this.play(f, event, given, e, s, rule, decision);
    if (missing !== null && decision.reason === "bad-params" && decision.note?.startsWith(`parameter '${missing}' must be a number`)) {
      const found = event.value !== undefined && event.value !== null ? `it is ${scalarText(event.value)}` : "it has none";
      decision.note = `'with: {${missing}: value}' gives '${missing}' the event's value, which must be a number (${found}); send the number in 'value'`;
    }
  }

  private stop(target: number | null, decision: Draft): void {
    const before = this.runningLoops.length;
    if (target !== null) {
      decision.plan = this.p.feedback[target];
      this.runningLoops = this.runningLoops.filter((l) => l.feedbackIndex !== target);
    } else {
      this.runningLoops = [];
    }
    if (this.runningLoops.length < before) {
      decision.action = "stop";
      decision.directives |= STOP_LOOP;
    } else {
      decision.reason = "not-running";
    }
  }

  private play(f: number, event: Event, params: PlayParameter[], e: number, s: number, rule: number, decision: Draft): void {
    const p = this.p;
    const feedback = p.feedback[f];
    decision.plan = feedback;
    // `background:` keeps some plays; a kept pattern meets the stopped engine below and plays its fallback.
    if (!this.foreground && p.backgroundKeeps?.keeps(f, rule) !== true) {
      decision.reason = "background";
      return;
    }
    if (!this.device.hapticsEnabled) {
      decision.reason = "haptics-disabled";
      return;
    }
    if (p.userLevels && !p.keeps(this.userLevel, f, rule)) {
      decision.reason = "user-level";
      decision.rule = p.userLevelRules[this.userLevel];
      decision.note = `the haptics level '${p.userLevels.levels[this.userLevel].name}' does not keep '${feedback.name}'`;
      return;
    }
    if (p.needsSpeech[f] && p.speechRule !== null && !p.speechExempt[e] && event.speaks !== true) {
      decision.reason = "no-speech";
      decision.rule = p.speechRule;
      return;
    }
    let parameters: PlayParameter[] = [];
    let period: number | null = null;
    if (params.length > 0 || feedback.loop !== null || feedback.parameters.length > 0) {
      const bound = bind(params, feedback);
      if (typeof bound === "string") {
        decision.reason = "bad-params";
        decision.note = bound;
        return;
      }
      parameters = bound.parameters;
      period = bound.period;
    }
    if (this.priority !== null) {
      const note = this.priority.outranking(f, event.t, this.runningLoops);
      if (note !== null) {
        decision.reason = "outranked";
        decision.note = note;
        return;
      }
    }
    if (feedback.isPattern) {
      const problem: Reason | null = !this.foreground
        ? "background"
        : !this.device.supportsHaptics
        ? "no-core-haptics"
        : this.device.lowPower
          ? "low-power"
          : this.engine.state !== "ready"
            ? "engine-cold"
            : null;
      if (problem !== null) {
        if (feedback.fallbackRender === null) {
          decision.reason = "no-fallback";
          decision.note = `'${feedback.name}' cannot play (${problem}) and has no fallback`;
          return;
        }
        if (p.enforcedBudgets.length > 0 && !this.admit(f, e, s, event.t, decision)) return;
        this.interrupt(f, event.t, false, parameters, decision);
        decision.action = "play";
        decision.render = feedback.fallbackRender;
        decision.fallback = true;
        decision.reason = problem;
        if (feedback.parameters.length > 0) decision.parameters = parameters;
        return;
      }
    }
    if (p.enforcedBudgets.length > 0 && !this.admit(f, e, s, event.t, decision)) return;
    this.interrupt(f, event.t, true, parameters, decision);
    decision.action = "play";
    decision.render = feedback.render;
    if (feedback.parameters.length > 0) decision.parameters = parameters;
    decision.loopPeriod = period;
    if (period !== null) {
      this.runningLoops = this.runningLoops.filter((l) => l.feedbackIndex !== f);
      this.runningLoops.push({ feedback: feedback.name, parameters, period, start: event.t, feedbackIndex: f, ruleSlot: rule });
    }
  }

  /** A play that passed every gate cuts what plays at a lower priority (`also` stop entries). */
  private interrupt(f: number, t: number, asItself: boolean, parameters: PlayParameter[], decision: Draft): void {
    if (this.priority === null) return;
    const { cuts, loops } = this.priority.interrupt(f, t, asItself, parameters, this.runningLoops);
    if (cuts.length === 0 && loops === this.runningLoops) return;
    this.runningLoops = [...loops];
    const by = this.p.feedback[f];
    const rank = PRIORITIES[this.priority.rankOf(f)];
    for (const cut of cuts as Cut[]) {
      const entry = new Draft({ screen: decision.screen, note: `cut by '${by.name}' (${rank})`, rule: decision.rule });
      entry.action = "stop";
      entry.plan = this.p.feedback[cut.feedback];
      entry.directives = cut.loop ? STOP_LOOP : INTERRUPT;
      this.cuts.push(entry);
    }
  }

  private ringIndex(budget: EnforcedBudget, f: number, e: number, s: number): number | null {
    if (!budget.counts[f] || budget.excepted[e]) return null;
    if (budget.perScreen) return budget.firstRing + s;
    if (budget.screen !== null && budget.screen !== s) return null;
    return budget.firstRing;
  }

  private admit(f: number, e: number, s: number, t: number, decision: Draft): boolean {
    const budgets = this.p.enforcedBudgets;
    for (const budget of budgets) {
      const ring = this.ringIndex(budget, f, e, s);
      if (ring === null) continue;
      const buffer = this.budgetRings[ring];
      if (!(buffer.times.length >= budget.max && buffer.times[buffer.next] > t - budget.window)) continue;
      decision.reason = "over-budget";
      decision.rule = budget.rule;
      const scope = budget.scope ?? `screen ${this.p.screenNames[s]}`;
      decision.note = `${budget.json.id} already counts ${budget.max} ${budget.max === 1 ? "ring" : "rings"} on ${scope} within ${numberText(budget.window)} s (max ${budget.max})`;
      return false;
    }
    for (const budget of budgets) {
      const ring = this.ringIndex(budget, f, e, s);
      if (ring === null) continue;
      const buffer = this.budgetRings[ring];
      if (buffer.times.length < budget.max) buffer.times.push(t);
      else {
        buffer.times[buffer.next] = t;
        buffer.next = (buffer.next + 1) % budget.max;
      }
    }
    return true;
  }

  private startEngine(t: number): boolean {
    this.engineEverStarted = true;
    if (!this.foreground) return false;
    if (this.engine.state === "cold" || this.engine.state === "stopped") {
      this.engine = this.policy.warmup > 0 ? { state: "warming", until: t + this.policy.warmup } : { state: "ready" };
    }
    return true;
  }

  private decideState(index: number, event: Event): Draft {
    const p = this.p;
    const state = STATE_EVENTS[index];
    const decision = new Draft({ reason: "state", rule: "builtin:" + state });
    switch (state) {
      case "screen.enter": {
        let target: string | null = event.screen ?? null;
        if (target === null && typeof event.value === "string") target = event.value;
        if (target === null) {
          decision.reason = "bad-state";
          decision.note = "screen.enter needs the screen in 'screen' or 'value'";
          decision.screen = this.currentScreenName(event.screen);
          return decision;
        }
        if (this.tickerOpen) {
          this.tickerOpen = false;
          decision.directives |= RELEASE_TICKER;
        }
        const id = p.screenIndex.get(target);
        this.screen = id ?? -1;
        this.unknownScreenName = id === undefined ? target : null;
        decision.screen = this.screenName;
        if (id !== undefined) {
          decision.rule = p.screenRules[id];
          if (p.screenEnter[id] & PREPARE_ENGINE && this.startEngine(event.t)) decision.directives |= PREPARE_ENGINE;
          if (p.screenEnter[id] & STOP_LOOP && this.runningLoops.length > 0) {
            this.runningLoops = [];
            decision.directives |= STOP_LOOP;
          }
        } else {
          decision.reason = "unknown-screen";
        }
        return decision;
      }
      case "app.state": {
        decision.screen = this.currentScreenName(event.screen);
        const value = event.value;
        if (value !== "foreground" && value !== "background") {
          decision.reason = "bad-state";
          decision.note = `app.state needs "foreground" or "background" in 'value'`;
          return decision;
        }
        if (value === "background" && this.foreground) {
          this.foreground = false;
          if (this.engine.state !== "cold") this.engine = { state: "stopped" };
          if (this.runningLoops.length > 0) {
            this.runningLoops = [];
            decision.directives |= STOP_LOOP;
          }
          this.priority?.clear();
          if (this.tickerOpen) {
            this.tickerOpen = false;
            decision.directives |= RELEASE_TICKER;
          }
        } else if (value === "foreground" && !this.foreground) {
          this.foreground = true;
          if (this.engineEverStarted) {
            this.engine = this.policy.warmup > 0 ? { state: "warming", until: event.t + this.policy.warmup } : { state: "ready" };
            decision.directives |= RESTART_ENGINE;
          }
        }
        return decision;
      }
      default: {
        decision.screen = this.currentScreenName(event.screen);
        const on = event.value;
        if (typeof on !== "boolean") {
          decision.reason = "bad-state";
          decision.note = `${state} needs true or false in 'value'`;
          return decision;
        }
        if (state === "device.lowPower") this.device.lowPower = on;
        else if (state === "device.supportsHaptics") this.device.supportsHaptics = on;
        else this.device.hapticsEnabled = on;
        return decision;
      }
    }
  }

  private decideSetting(index: number, event: Event): Draft {
    const p = this.p;
    const decision = new Draft({ screen: this.currentScreenName(event.screen), reason: "state", rule: p.settingRules[index] });
    const setting = p.settingEvents[index];
    const value = event.value ?? null;
    const got = value !== null ? `got ${scalarText(value)}` : "it has no value";
    if (setting.kind === "parameter") {
      const parameter = p.parameters[setting.index];
      if (typeof value !== "number" || !Number.isFinite(value) || value < parameter.min || value > parameter.max) {
        decision.reason = "bad-state";
        decision.note =
          `${parameter.setBy} needs a number from ${numberText(parameter.min)} to ${numberText(parameter.max)} in 'value' ` +
          `(parameters.${parameter.name}); ${got}, so ${parameter.name} stays ${numberText(this.parameterValues[setting.index])}`;
        return decision;
      }
      this.parameterValues[setting.index] = value;
      decision.note = `${parameter.name} is now ${numberText(value)}`;
      if (p.parametricBands.length > 0) {
        this.updateBandEdges();
        decision.note += this.edgesNote(parameter.name);
      }
      return decision;
    }
    const levels = p.userLevels!.levels;
    const level = typeof value === "string" ? p.userLevelIndex(value) : null;
    if (level === null) {
      const names = levels.map((l) => `'${l.name}'`).join(", ");
      decision.reason = "bad-state";
      decision.note =
        `${p.eventNames[STATE_EVENTS.length + index]} needs one of ${names} in 'value' ` +
        `(user-levels); ${got}, so the haptics level stays '${levels[this.userLevel].name}'`;
      return decision;
    }
    this.userLevel = level;
    decision.note = `the haptics level is now ${value as string}`;
    const before = this.runningLoops.length;
    this.runningLoops = this.runningLoops.filter((l) => p.keeps(level, l.feedbackIndex, l.ruleSlot));
    if (this.runningLoops.length < before) decision.directives |= STOP_LOOP;
    return decision;
  }

  private edgesNote(name: string): string {
    let out = "";
    for (const b of this.p.parametricBands) {
      const band = this.p.bands[b];
      const reads = this.p.parameterBands[this.p.parameterNames.indexOf(name)].includes(b);
      if (!reads) continue;
      const texts = this.bandEdges.slice(band.edgeBase, band.edgeBase + band.edgeCode.length).map((x) => numberText(roundHalfAway(x * 1e6) / 1e6));
      out += `; band '${band.name}' edges now ` + texts.join(", ");
    }
    return out;
  }

  /**
   * A session for `policy` that continues `previous` (hot reload): device, foreground,
   * engine, subjects, the screen, the ticker, loops whose feedback still loops, parameters
   * still in range, the user level by name, band levels by name, enforced budgets unchanged.
   */
  static continuing(policy: Policy, previous: Session): Session {
    const next = new Session(policy, { device: { ...previous.device }, subjectLimit: previous.subjectLimit });
    const p = next.p;
    const old = previous.p;
    next.foreground = previous.foreground;
    p.parameters.forEach((parameter, i) => {
      const o = old.parameterNames.indexOf(parameter.name);
      if (o < 0) return;
      const value = previous.parameterValues[o];
      if (value >= parameter.min && value <= parameter.max) next.parameterValues[i] = value;
    });
    if (p.parametricEdgeCount > 0) next.updateBandEdges();
    const levelName = previous.userLevelName;
    if (levelName !== null) {
      const level = p.userLevelIndex(levelName);
      if (level !== null) next.userLevel = level;
    }
    next.engine = { ...previous.engine } as Engine;
    next.engineEverStarted = previous.engineEverStarted;
    for (const name of previous.subjects.keys()) next.touchSubject(name);
    if (previous.screen !== null) {
      const name = previous.screenName;
      const id = name === null ? undefined : p.screenIndex.get(name);
      if (id !== undefined) {
        next.screen = id;
        next.tickerOpen = previous.tickerOpen;
      } else {
        next.screen = -1;
        next.unknownScreenName = name;
      }
    }
    for (const loop of previous.runningLoops) {
      const f = p.feedback.findIndex((x) => x.name === loop.feedback);
      if (f < 0 || p.feedback[f].loop === null) continue;
      const oldRule = loop.ruleSlot >= 0 && loop.ruleSlot < old.ruleSlotIDs.length ? old.ruleSlotIDs[loop.ruleSlot] : null;
      const slot = oldRule === null ? -1 : p.ruleSlotIDs.indexOf(oldRule);
      if (p.userLevels && !p.keeps(next.userLevel, f, slot)) continue;
      next.runningLoops.push({ ...loop, feedbackIndex: f, ruleSlot: slot });
    }
    for (const budget of p.enforcedBudgets) {
      const was = old.enforcedBudgets.find(
        (b) => b.json.id === budget.json.id && JSON.stringify(b.json.scope) === JSON.stringify(budget.json.scope) && b.max === budget.max && b.window === budget.window,
      );
      if (!was) continue;
      const copy = (r: { times: number[]; next: number }) => ({ times: r.times.slice(), next: r.next });
      if (budget.perScreen) {
        p.screenNames.forEach((name, s) => {
          const o = old.screenIndex.get(name);
          if (o !== undefined) next.budgetRings[budget.firstRing + s] = copy(previous.budgetRings[was.firstRing + o]);
        });
      } else next.budgetRings[budget.firstRing] = copy(previous.budgetRings[was.firstRing]);
    }
    old.bandSlots.forEach((oldSlot, o) => {
      const band = old.bands[oldSlot.band];
      const newEvent = p.eventIndex.get(old.eventNames[oldSlot.event]);
      const newBand = p.bands.findIndex((x) => x.name === band.name);
      const newSlot = p.bandSlots.findIndex((x) => x.event === newEvent && x.band === newBand);
      if (newEvent === undefined || newBand < 0 || newSlot < 0) return;
      const carry = (from: BandState[] | null | undefined, subject: string | null) => {
        if (!from || from[o].level < 0) return;
        const levelName = band.levels[from[o].level].name;
        const level = p.bands[newBand].levels.findIndex((x) => x.name === levelName);
        if (level < 0) return;
        const into = next.levelsOf(subject)[newSlot];
        into.level = level;
        into.pending = -1;
        into.since = 0;
      };
      carry(previous.noSubjectLevels, null);
      for (const [name, levels] of previous.subjects) carry(levels, name);
    });
    return next;
  }
}

function normalizeParams(params: Event["params"]): PlayParameter[] {
  if (params === undefined || params === null) return [];
  if (Array.isArray(params)) return params as PlayParameter[];
  return Object.entries(params as Record<string, Scalar | null>).map(([name, value]) => ({ name, value }));
}

function matches(row: CompiledRow, event: Event, subject: string | null): boolean {
  if (row.speaks !== undefined && row.speaks !== (event.speaks === true)) return false;
  if (row.subject !== undefined && row.subject !== subject) return false;
  const value = event.value ?? null;
  if (row.value !== undefined && (value === null || value !== row.value)) return false;
  if (row.hasTest) {
    if (value === null) return false;
    if (row.range && (typeof value !== "number" || !row.range.contains(value))) return false;
    if (row.oneOf && !row.oneOf.includes(value)) return false;
  }
  return true;
}

function matchesData(tests: readonly DataTest[], event: Event): boolean {
  const data = normalizeParams(event.data);
  for (const test of tests) {
    const found = data.find((x) => x.name === test.field);
    const value = found?.value ?? null;
    if (value === null || value === undefined) return false;
    if (test.value !== undefined && value !== test.value) return false;
    if (test.range && (typeof value !== "number" || !test.range.contains(value))) return false;
    if (test.oneOf && !test.oneOf.includes(value)) return false;
  }
  return true;
}

function accepts(field: PayloadFieldJSON, value: Scalar): boolean {
  switch (field.kind) {
    case "bool": return typeof value === "boolean";
    case "string": return typeof value === "string" && (field.oneOf ? field.oneOf.includes(value) : true);
    default:
      if (typeof value !== "number" || !Number.isFinite(value)) return false;
      if (field.min !== undefined && value < field.min) return false;
      if (field.max !== undefined && value > field.max) return false;
      return true;
  }
}

function expectation(field: PayloadFieldJSON): string {
  switch (field.kind) {
    case "bool": return "true or false";
    case "string": return field.oneOf ? "one of " + field.oneOf.join(", ") : "text";
    default:
      if (field.min !== undefined && field.max !== undefined) return `a number from ${numberText(field.min)} to ${numberText(field.max)}`;
      if (field.min !== undefined) return `a number of at least ${numberText(field.min)}`;
      if (field.max !== undefined) return `a number of at most ${numberText(field.max)}`;
      return "a finite number";
  }
}

function payloadProblem(check: PayloadCheck, value: Scalar | null, params: PlayParameter[], data: PlayParameter[]): string | null {
  const note = (field: PayloadFieldJSON, isValue: boolean, got: string) => {
    const what = isValue ? "'value'" : `param '${field.name}'`;
    const place = isValue ? `events.${check.event}` : `events.${check.event}.params.${field.name}`;
    return `'${check.event}' needs ${what} to be ${expectation(field)} (${place}); got ${got}`;
  };
  const problem = valueAndParamsProblem(check, value, params, note);
  if (problem !== null || !check.data) return problem;
  const dataNote = (field: PayloadFieldJSON, got: string) =>
    `'${check.event}' needs data '${field.name}' to be ${expectation(field)} (events.${check.event}.data.${field.name}); got ${got}`;
  for (const given of data) {
    const field = check.data.find((x) => x.name === given.name);
    if (!field) {
      const known = check.data.map((x) => x.name);
      return `'${check.event}' has no data field '${given.name}' (events.${check.event}.data declares ` + (known.length === 0 ? "none" : known.join(", ")) + "); remove it";
    }
    if (given.value === null || given.value === undefined) return dataNote(field, "no value");
    if (!accepts(field, given.value)) return dataNote(field, scalarText(given.value));
  }
  for (const field of check.data) {
    if (field.required && !data.some((x) => x.name === field.name)) return dataNote(field, "no value");
  }
  return null;
}

function valueAndParamsProblem(
  check: PayloadCheck, value: Scalar | null, params: PlayParameter[], note: (field: PayloadFieldJSON, isValue: boolean, got: string) => string,
): string | null {
  if (check.value) {
    if (value !== null) {
      if (!accepts(check.value, value)) return note(check.value, true, scalarText(value));
    } else if (check.value.required) return note(check.value, true, "no value");
  }
  if (!check.params) return null;
  for (const parameter of params) {
    const field = check.params.find((x) => x.name === parameter.name);
    if (!field) {
      const known = check.params.map((x) => x.name);
      return `'${check.event}' has no param '${parameter.name}' (events.${check.event} declares ` + (known.length === 0 ? "none" : known.join(", ")) + "); remove it";
    }
    if (parameter.value === null || parameter.value === undefined) return note(field, false, "no value");
    if (!accepts(field, parameter.value)) return note(field, false, scalarText(parameter.value));
  }
  for (const field of check.params) {
    if (field.required && !params.some((x) => x.name === field.name)) return note(field, false, "no value");
  }
  return null;
}

function rangeText(spec: TemplateParameterJSON): string {
  if (spec.minimum !== undefined && spec.maximum !== undefined) return `; use ${numberText(spec.minimum)} to ${numberText(spec.maximum)}`;
  if (spec.minimum !== undefined) return `; use at least ${numberText(spec.minimum)}`;
  if (spec.maximum !== undefined) return `; use at most ${numberText(spec.maximum)}`;
  return "";
}

/** Checks the event's parameters against the template and evaluates the loop period; a string is the problem. */
function bind(given: PlayParameter[], feedback: FeedbackPlan): string | { parameters: PlayParameter[]; period: number | null } {
  const values = new Map<string, number>();
  for (const parameter of feedback.parameters) values.set(parameter.name, parameter.defaultValue);
  for (const parameter of given) {
    const spec = feedback.parameters.find((x) => x.name === parameter.name);
    if (!spec) {
      const known = feedback.parameters.map((x) => x.name).join(", ");
      return feedback.parameters.length === 0
        ? `'${feedback.name}' takes no parameters; remove '${parameter.name}'`
        : `'${feedback.name}' has no parameter '${parameter.name}'; use ${known}`;
    }
    const number = parameter.value;
    if (typeof number !== "number" || !Number.isFinite(number)) return `parameter '${parameter.name}' must be a number` + rangeText(spec);
    if (spec.minimum !== undefined && number < spec.minimum) return `${parameter.name} ${numberText(number)} is below the minimum ${numberText(spec.minimum)}` + rangeText(spec);
    if (spec.maximum !== undefined && number > spec.maximum) return `${parameter.name} ${numberText(number)} is above the maximum ${numberText(spec.maximum)}` + rangeText(spec);
    values.set(parameter.name, number);
  }
  let period: number | null = null;
  if (feedback.loop !== null) {
    const seconds = evaluate(feedback.loop, values);
    if (seconds === null || !(seconds > 0)) return `the loop period of '${feedback.name}' is not a positive number with these parameters`;
    if (seconds < MINIMUM_LOOP_PERIOD) {
      return `the loop period of '${feedback.name}' is ${numberText(seconds)} s with these parameters, under the ${numberText(MINIMUM_LOOP_PERIOD)} s a player can loop at; change the parameters`;
    }
    period = seconds;
  }
  return { parameters: feedback.parameters.map((x) => ({ name: x.name, value: values.get(x.name) ?? null })), period };
}
