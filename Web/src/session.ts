/**
 * The state of one running app under a policy, and `decide` for every event. Ported from
 * the Swift runtime (Sources/HapticPolicy/Evaluation/Session/Session.swift) part by part,
 * each in the file of the Swift part's name (Conformance/README.md maps them):
 * `BandTracker` (bandTracker.ts, approach.ts), `EnforcedBudgets` (budgetWindow.ts),
 * `LoopSet`, `TickerGesture`, `UserLevelGate`, `ParameterState`, `SubjectTable`, the rows
 * (sessionRows.ts), the state and setting events (stateEvents.ts, settingEvents.ts), the
 * subject's end (subjectEnd.ts) and hot reload (sessionMigration.ts). A play runs the gates
 * of `PLAY_GATES` in their order (playGate.ts, Docs/decision-order.md): background →
 * haptics setting → user level → speech → template parameters → priority → device and
 * engine fallbacks → enforced budgets.
 *
 * Names (events, screens, subjects) are looked up once, at the edge (`decide`); the parts
 * decide by ids.
 */
import type { Scalar } from "./content.js";
import type { Decision, PlayParameter } from "./decision.js";
import { Draft } from "./draft.js";
import { EnforcedBudgets } from "./budgetWindow.js";
import { LoopSet } from "./loopSet.js";
import { ParameterState } from "./parameterState.js";
import { payloadProblem } from "./payload.js";
import type { Policy } from "./policy.js";
import { OFF_SCREEN, STATE_EVENTS, type CompiledRow, type DataTest, type PolicyIndex } from "./policyIndex.js";
import { PriorityTracker } from "./priority.js";
import { addCuts } from "./priorityGate.js";
import { apply } from "./sessionRows.js";
import { carryOver } from "./sessionMigration.js";
import { decideSetting } from "./settingEvents.js";
import { decideState, type Engine } from "./stateEvents.js";
import { endSubject } from "./subjectEnd.js";
import { SubjectTable } from "./subjectTable.js";
import { TickerGesture } from "./tickerGesture.js";
import { UserLevelGate } from "./userLevelGate.js";
import { reached } from "./sessionClock.js";

export { scalarText } from "./numberText.js";
export { MINIMUM_LOOP_PERIOD } from "./templateParameters.js";
export { SUBJECT_NAME_BYTE_LIMIT } from "./subjectTable.js";

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

/** The most subjects a session holds unless told otherwise. */
export const DEFAULT_SUBJECT_LIMIT = 1 << 16;

/** Options of a new session. */
export interface SessionOptions {
  /** The device state the session starts with (default: a capable phone, haptics on). */
  device?: Partial<DeviceState>;
  /** The most subjects held (default 65,536); the least recently seen are forgotten. */
  subjectLimit?: number;
}

/**
 * What a session holds (the Swift `Session`'s stored state), one part per concern; the
 * parts' files read and update it. Not part of the package's API.
 */
export class SessionState {
  readonly p: PolicyIndex;
  screen: number | null = null; // -1: an unknown screen named `unknownScreenName`
  unknownScreenName: string | null = null;
  foreground = true;
  engine: Engine = { state: "cold" };
  engineEverStarted = false;
  readonly ticker = new TickerGesture();
  readonly loops = new LoopSet();
  /** The one-shot patterns still playing; null when every feedback is `normal`. */
  readonly priority: PriorityTracker | null;
  /** The stop entries of what this event's plays cut, moved into the decision's `also` (`addCuts`). */
  cuts: Draft[] = [];
  readonly parameters: ParameterState;
  readonly userLevels: UserLevelGate;
  readonly subjects: SubjectTable;
  readonly budgets: EnforcedBudgets;

  constructor(readonly policy: Policy, private readonly owner: { readonly device: DeviceState }, subjectLimit: number) {
    const p = policy.index;
    this.p = p;
    this.priority = PriorityTracker.of(p.feedback, p.priorities);
    this.subjects = new SubjectTable(p.subjectNames, subjectLimit, p.bandSlots.length);
    this.budgets = new EnforcedBudgets(p);
    this.parameters = new ParameterState(p);
    this.userLevels = new UserLevelGate(p);
  }

  /** What the device allows (the session's `device`). */
  get device(): DeviceState { return this.owner.device; }

  /** The current screen's name (an undeclared one included), or null before any. */
  get screenName(): string | null {
    if (this.screen === null) return null;
    return this.screen < 0 ? this.unknownScreenName : this.p.screenNames[this.screen];
  }

  /** The screen name a decision names: the event's own screen, else the current one. */
  currentScreenName(screen: string | null | undefined): string | null {
    if (screen !== undefined && screen !== null) return screen;
    return this.screenName;
  }
}

/** One running app under a policy: `decide(event)` for every event; state carries over between calls. */
export class Session {
  /** The policy this session decides with. */
  readonly policy: Policy;
  /** What the device allows; changing it is what the `device.*` state events do. */
  device: DeviceState;
  private readonly st: SessionState;

  /** Starts a session: app in foreground, engine cold, no screen yet. */
  constructor(policy: Policy, options: SessionOptions = {}) {
    this.policy = policy;
    this.device = { ...defaultDevice(), ...(options.device ?? {}) };
    this.st = new SessionState(policy, this, options.subjectLimit ?? DEFAULT_SUBJECT_LIMIT);
  }

  /** The current screen's name (an undeclared one included), or null before any. */
  get screenName(): string | null { return this.st.screenName; }
  /** Whether the app is in foreground. */
  get isForeground(): boolean { return this.st.foreground; }
  /** The name of the current user level, or null when the policy has none. */
  get userLevelName(): string | null { return this.st.userLevels.name; }
  /** The current value of a run-time parameter, or null when there is none of that name. */
  parameter(name: string): number | null {
    const i = this.st.p.parameterNames.indexOf(name);
    return i < 0 ? null : this.st.parameters.values[i];
  }
  /** The names of the loops playing now. */
  get loops(): readonly string[] { return this.st.loops.list.map((l) => l.feedback); }
  /** Subjects held now, and forgotten so far to stay within the limit. */
  get subjectCount(): number { return this.st.subjects.count; }
  /** Subjects forgotten so far (a forgotten subject's next sample is a new baseline). */
  get forgottenSubjectCount(): number { return this.st.subjects.forgotten; }
  /** Subjects ended so far by events that end their subject. */
  get endedSubjectCount(): number { return this.st.subjects.ended; }

  /** The current level of a band signal for a subject, or null before its first sample. */
  bandLevel(band: string, event: string, subject: string | null = null): string | null {
    const p = this.st.p;
    const b = p.bands.findIndex((x) => x.name === band);
    const e = p.eventIndex.get(event);
    const slot = p.bandSlots.findIndex((s) => s.event === e && s.band === b);
    if (b < 0 || slot < 0) return null;
    const levels = subject === null ? this.st.subjects.noSubject.levels : this.st.subjects.find(subject)?.levels;
    const level = levels ? levels[slot].level : -1;
    return level < 0 ? null : p.bands[b].levels[level].name;
  }

  /**
   * Decides one event and updates the state. Never throws. An event that ends its subject
   * (`ends-subject: true`) forgets it once decided, whatever the decision.
   */
  decide(event: Event): Decision {
    const e = this.st.p.eventIndex.get(event.event);
    if (!this.st.p.endsSubjects) return this.decideDraft(e, event).finish();
    const draft = this.decideDraft(e, event);
    if (e !== undefined) endSubject(this.st, e, event);
    return draft.finish();
  }

  /** Decides event `e` (its name's id; undefined: the policy has no such event). */
  private decideDraft(e: number | undefined, event: Event): Draft {
    const st = this.st;
    const p = st.p;
    const subjectName = event.subject ?? null;
    const subject = subjectName === null ? null : st.subjects.touch(subjectName);
    if (st.engine.state === "warming" && reached(event.t, st.engine.until)) st.engine = { state: "ready" };
    if (e === undefined) return new Draft({ screen: st.currentScreenName(event.screen), reason: "unknown-event" });
    if (e < p.stateEventCount) {
      if (e < STATE_EVENTS.length) return decideState(st, e, event);
      return decideSetting(st, e - STATE_EVENTS.length, event);
    }
    let s: number;
    let screenName: string;
    if (event.screen !== undefined && event.screen !== null) {
      const id = p.screenIndex.get(event.screen);
      if (id === undefined) return new Draft({ screen: event.screen, reason: "unknown-screen" });
      s = id;
      screenName = event.screen;
    } else {
      if (st.screen === null) return new Draft({ reason: "no-screen" });
      if (st.screen < 0) return new Draft({ screen: st.unknownScreenName, reason: "unknown-screen" });
      s = st.screen;
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
      if (!matches(row, event, subjectName) || !this.matchesSession(row) || (row.dataTests && !matchesData(row.dataTests, event))) continue;
      const decision = new Draft({ screen: screenName, note: row.note, rule: row.rule });
      apply(st, row, event, params, subject, e, s, decision);
      addCuts(st, decision);
      return decision;
    }
    return new Draft({ screen: screenName, reason: "undeclared", note: "no row of the cell matches this event", rule: rows.length > 0 ? rows[0].rule : null });
  }

  /** Whether a row's tests of the session (the ticker gesture, run-time parameters) hold. */
  private matchesSession(row: CompiledRow): boolean {
    if (row.inGesture !== undefined && row.inGesture !== this.st.ticker.isOpen) return false;
    if (!row.parameterTests) return true;
    for (const test of row.parameterTests) if (!test.range.contains(this.st.parameters.values[test.parameter])) return false;
    return true;
  }

  /**
   * A session for `policy` that continues `previous` (hot reload, sessionMigration.ts):
   * device, foreground, engine, subjects, the screen, the ticker, loops whose feedback still
   * loops, parameters still in range, the user level by name, band levels by name, enforced
   * budgets unchanged.
   */
  static continuing(policy: Policy, previous: Session): Session {
    const next = new Session(policy, { device: { ...previous.device }, subjectLimit: previous.st.subjects.limit });
    carryOver(next.st, previous.st);
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
