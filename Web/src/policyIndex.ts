/**
 * Every index the runtime builds over a bundle's content, in one place. The tables come
 * lowered in `content.decide` (Docs/bundle-format.md, "What a reader builds"): this only
 * copies them and builds name dictionaries and bitmaps over their index lists; it derives
 * no rule id, slot, default or fill (the Swift reference: Policy.swift, Policy+Tables.swift).
 */
import type {
  ActionJSON, BandJSON, BudgetScopeJSON, BundleContent, ConditionJSON, FeedbackJSON, ParameterJSON, PayloadFieldJSON,
  RangeJSON, Scalar, TemplateParameterJSON, UserLevelsJSON, ExpressionJSON, FallbackJSON,
} from "./content.js";
import { BackgroundKeeps } from "./background.js";
import { compileEdgeCode, type EdgeCode } from "./expression.js";
import { numberText } from "./numberText.js";

/** The built-in state events, in id order. */
export const STATE_EVENTS = ["screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled"] as const;
/** Lifecycle directives, in their canonical order (bit i is directive i). */
export const DIRECTIVES = ["prepare-engine", "restart-engine", "prepare-ticker", "release-ticker", "stop-loop", "interrupt"] as const;
/** One lifecycle directive for the player. */
export type Directive = (typeof DIRECTIVES)[number];

export const PREPARE_ENGINE = 1, RESTART_ENGINE = 2, PREPARE_TICKER = 4, RELEASE_TICKER = 8, STOP_LOOP = 16, INTERRUPT = 32;

export function directiveBits(names: readonly string[]): number {
  let bits = 0;
  for (const name of names) {
    const i = (DIRECTIVES as readonly string[]).indexOf(name);
    if (i >= 0) bits |= 1 << i;
  }
  return bits;
}

/** A number range as plain comparisons. */
export class NumberRange {
  readonly lower?: number;
  readonly lowerInclusive: boolean;
  readonly upper?: number;
  readonly upperInclusive: boolean;
  constructor(json: RangeJSON) {
    this.lower = json.above ?? json["at-least"];
    this.lowerInclusive = json["at-least"] !== undefined;
    this.upper = json.below ?? json["at-most"];
    this.upperInclusive = json["at-most"] !== undefined;
  }
  contains(n: number): boolean {
    if (this.lower !== undefined && !(this.lowerInclusive ? n >= this.lower : n > this.lower)) return false;
    if (this.upper !== undefined && !(this.upperInclusive ? n <= this.upper : n < this.upper)) return false;
    return !Number.isNaN(n);
  }
}

/** A feedback as decisions use it. */
export interface FeedbackPlan {
  readonly index: number;
  readonly name: string;
  readonly layer: string;
  readonly json: FeedbackJSON;
  readonly isPattern: boolean;
  /** What plays itself: a preset id or `pattern:<name>`. */
  readonly render: string;
  /** What plays when the pattern falls back: a preset id, `sequence:<name>`, or null. */
  readonly fallbackRender: string | null;
  readonly parameters: readonly TemplateParameterJSON[];
  readonly loop: ExpressionJSON | null;
  readonly fallback: FallbackJSON | null;
}

/** A row's action, resolved. */
export type RowAction =
  | { kind: "play"; feedback: number }
  | { kind: "loop"; feedback: number }
  | { kind: "stop"; feedback: number | null }
  | { kind: "band"; band: number; slot: number }
  | { kind: "silent"; reason: string }
  | { kind: "none" };

export interface CompiledRow {
  readonly speaks?: boolean;
  readonly value?: Scalar;
  readonly subject?: string;
  readonly range?: NumberRange;
  readonly oneOf?: readonly Scalar[];
  readonly hasTest: boolean;
  readonly parameterTests?: readonly { parameter: number; range: NumberRange }[];
  /** `in-gesture:`: whether a ticker gesture must be open (true) or closed (false); undefined when not tested. */
  readonly inGesture?: boolean;
  /** Conditions on the event's data fields; absent when none. */
  readonly dataTests?: readonly DataTest[];
  /** A band row with `with:` on it or its levels: by level, the arguments its play gets. */
  readonly bandArguments?: readonly (readonly { name: string; number?: number }[])[];
  readonly action: RowAction;
  readonly ticker?: "begin" | "tick" | "end";
  readonly directives: number;
  readonly rule: string;
  readonly levelRules: readonly string[];
  readonly note: string | null;
  readonly keepSlot: number;
  readonly several: null | {
    readonly also: readonly RowAction[];
    readonly arguments: readonly { name: string; number?: number }[];
    readonly argumentsOnLoop: boolean;
  };
}

/** A condition on one data field: a literal, a range and/or a set. */
export interface DataTest {
  readonly field: string;
  readonly value?: Scalar;
  readonly range?: NumberRange;
  readonly oneOf?: readonly Scalar[];
}

export interface CompiledLevel {
  readonly name: string;
  readonly play: number | null;
  readonly silent: string | null;
  readonly downPlay: number | null;
  readonly downSilent: string | null;
}

export interface CompiledBand {
  readonly name: string;
  readonly edges: readonly number[];
  readonly hysteresis: number;
  readonly dwell: number;
  readonly plausibleMin: number;
  readonly plausibleMax: number;
  readonly levels: readonly CompiledLevel[];
  readonly isParametric: boolean;
  readonly edgeCode: readonly EdgeCode[];
  readonly edgeBase: number;
  readonly json: BandJSON;
  /** Per edge, whether it is inclusive (`at-most:`). */
  readonly inclusive: readonly boolean[];
  /** The sign of the one level change an approach band allows (-1 falling, 1 rising); 0: both ways. */
  readonly approach: number;
  /** Whether a sample takes the approach step (approach.ts): an inclusive edge or an approach. */
  readonly usesApproachStep: boolean;
}

export interface EnforcedBudget {
  readonly rule: string;
  readonly max: number;
  readonly window: number;
  readonly json: { id: string; scope: BudgetScopeJSON };
  readonly screen: number | null;
  readonly perScreen: boolean;
  readonly counts: readonly boolean[];
  readonly excepted: readonly boolean[];
  readonly firstRing: number;
  readonly layer: string | null;
  /** What a note calls the counted scope when it is not a screen: `layer ui`, `event off.route`. */
  readonly scope: string | null;
}

export interface PayloadCheck {
  readonly rule: string;
  readonly event: string;
  readonly value?: PayloadFieldJSON;
  readonly params?: readonly PayloadFieldJSON[];
  readonly data?: readonly PayloadFieldJSON[];
}

export type SettingEvent = { kind: "parameter"; index: number } | { kind: "user-level" };

export const UNDECLARED_HERE = -1;
export const OFF_SCREEN = -2;

/** The indexed policy: what `Session` reads. */
export class PolicyIndex {
  readonly content: BundleContent;
  readonly screenNames: readonly string[];
  readonly screenIndex = new Map<string, number>();
  readonly eventNames: readonly string[];
  readonly eventIndex = new Map<string, number>();
  readonly feedbackIndex = new Map<string, number>();
  readonly stateEventCount: number;
  readonly settingEvents: readonly SettingEvent[];
  readonly settingRules: readonly string[];
  readonly parameters: readonly ParameterJSON[];
  readonly parameterNames: readonly string[];
  readonly screenEnter: readonly number[];
  readonly screenRules: readonly string[];
  readonly speechRule: string | null;
  readonly speechExempt: readonly boolean[];
  readonly needsSpeech: readonly boolean[];
  readonly payloadChecks: readonly (PayloadCheck | null)[];
  readonly checksPayloads: boolean;
  readonly enforcedBudgets: readonly EnforcedBudget[];
  readonly budgetRingCount: number;
  /** By event id: whether deciding the event ends its subject (`decide.endsSubject`). */
  readonly endsSubject: readonly boolean[];
  /** Whether some event ends its subject: the one test a decision makes. */
  readonly endsSubjects: boolean;
  readonly feedback: readonly FeedbackPlan[];
  readonly bands: readonly CompiledBand[];
  readonly parametricEdgeCount: number;
  readonly parametricBands: readonly number[];
  /** By run-time parameter: the bands whose edges read it (`decide.parameterBands`). */
  readonly parameterBands: readonly (readonly number[])[];
  /** By feedback: its priority rank and one-shot length (`decide.priorities`); null when every one is `normal`. */
  readonly priorities: readonly { rank: number; length?: number }[] | null;
  readonly subjectNames: readonly string[];
  readonly table: Int32Array;
  readonly cells: readonly (readonly CompiledRow[])[];
  readonly bandSlots: readonly { event: number; band: number }[];
  readonly ruleSlotIDs: readonly string[];
  readonly userLevels: UserLevelsJSON | null;
  readonly userLevelRules: readonly string[];
  readonly startLevel: number;
  /** What `background:` keeps, or null when it keeps nothing. */
  readonly backgroundKeeps: BackgroundKeeps | null;
  readonly levelKeepsFeedback: readonly boolean[];
  readonly levelKeepsRule: readonly boolean[];

  constructor(content: BundleContent) {
    this.content = content;
    const d = content.decide;
    const parameters = content.parameters ?? [];
    this.parameters = parameters;
    this.parameterNames = parameters.map((p) => p.name);
    this.settingEvents = d.settings.map((s): SettingEvent => (s.kind === "parameter" ? { kind: "parameter", index: s.parameter } : { kind: "user-level" }));
    this.settingRules = d.settings.map((s) => s.rule.id);
    this.stateEventCount = d.stateEvents;
    this.screenNames = content.screens.map((s) => s.name);
    this.eventNames = d.events;
    this.screenNames.forEach((n, i) => { if (!this.screenIndex.has(n)) this.screenIndex.set(n, i); });
    this.eventNames.forEach((n, i) => { if (!this.eventIndex.has(n)) this.eventIndex.set(n, i); });
    content.feedback.forEach((f, i) => { if (!this.feedbackIndex.has(f.name)) this.feedbackIndex.set(f.name, i); });
    this.screenEnter = content.screens.map((s) => directiveBits(s.enter));
    this.screenRules = d.screenRules.map((r) => r.id);

    const bitmap = (count: number, indices: readonly number[]) => {
      const bits = new Array<boolean>(count).fill(false);
      for (const i of indices) bits[i] = true;
      return bits;
    };
    this.speechRule = d.speech?.rule.id ?? null;
    this.speechExempt = bitmap(this.eventNames.length, d.speech?.exempt ?? []);
    this.needsSpeech = bitmap(content.feedback.length, d.speech?.feedback ?? []);
    const payloadChecks = new Array<PayloadCheck | null>(this.eventNames.length).fill(null);
    for (const { event, rule } of d.payloads) {
      const payload = content.events[event - d.stateEvents].payload;
      payloadChecks[event] = { rule: rule.id, event: this.eventNames[event], value: payload?.value, params: payload?.params, data: payload?.data };
    }
    this.payloadChecks = payloadChecks;
    this.checksPayloads = d.payloads.length > 0;
    this.feedback = content.feedback.map((f, index) => plan(f, index));

    let rings = 0;
    this.enforcedBudgets = d.budgets.map((b) => {
      const json = { id: b.rule.id, scope: b.scope };
      rings = Math.max(rings, b.firstRing + b.rings);
      return {
        rule: b.rule.id, max: b.max, window: b.window, json, screen: b.screen ?? null, perScreen: b.perScreen,
        counts: bitmap(content.feedback.length, b.counted), excepted: bitmap(this.eventNames.length, b.excepted),
        firstRing: b.firstRing, layer: json.scope.kind === "layer" ? json.scope.layer : null,
        scope: json.scope.kind === "layer" ? `layer ${json.scope.layer}`
          : json.scope.kind === "events" ? (json.scope.events.length === 1 ? "event " : "events ") + json.scope.events.join(", ")
          : null,
      };
    });
    this.budgetRingCount = rings;
    this.endsSubject = bitmap(this.eventNames.length, d.endsSubject ?? []);
    this.endsSubjects = (d.endsSubject ?? []).length > 0;

    let edgeCount = 0;
    this.bands = content.bands.map((band, b) => {
      const code = d.edges[b].map(compileEdgeCode);
      const isParametric = code.length > 0;
      const lowered = d.bands[b];
      const edgeBase = edgeCount;
      edgeCount += code.length;
      return {
        name: band.name, edges: lowered.edges, hysteresis: lowered.hysteresis, dwell: lowered.dwell,
        plausibleMin: lowered.plausibleMin ?? -Infinity, plausibleMax: lowered.plausibleMax ?? Infinity,
        levels: band.levels.map((l, i) => {
          const { up, down } = d.bandLevels[b][i];
          return { name: l.name, play: up.play ?? null, silent: up.silent ?? null, downPlay: down.play ?? null, downSilent: down.silent ?? null };
        }),
        isParametric, edgeCode: code, edgeBase, json: band,
        inclusive: lowered.inclusive, approach: lowered.approach,
        usesApproachStep: lowered.approach !== 0 || lowered.inclusive.includes(true),
      };
    });
    this.parameterBands = d.parameterBands;
    this.priorities = d.priorities ?? null;
    this.parametricEdgeCount = edgeCount;
    this.parametricBands = this.bands.map((b, i) => (b.isParametric ? i : -1)).filter((i) => i >= 0);

    this.subjectNames = d.subjects;
    this.table = Int32Array.from(d.table);
    this.bandSlots = d.signals;
    this.ruleSlotIDs = d.ruleSlots;
    this.cells = content.cells.map((cell, c) =>
      cell.rows.map((row, r): CompiledRow => {
        const lowered = d.rows[c][r];
        let action: RowAction;
        let levelRules: string[] = [];
        if (row.action.kind === "band") {
          const count = content.bands[row.action.band].levels.length;
          action = { kind: "band", band: row.action.band, slot: lowered.signal! };
          levelRules = d.ruleSlots.slice(lowered.rule + 1, lowered.rule + 1 + count);
        } else {
          action = resolveAction(row.action);
        }
        let several: CompiledRow["several"] = null;
        const bandArguments: CompiledRow["bandArguments"] = lowered.levelArguments;
        if (lowered.steps !== undefined) {
          const steps = lowered.steps.map((s): RowAction =>
            s.action === "stop" ? { kind: "stop", feedback: s.feedback ?? null } : { kind: s.action, feedback: s.feedback ?? 0 });
          const main = lowered.main ?? 0;
          action = steps[main];
          const at = lowered.argumentsStep;
          several = {
            also: steps.filter((_, i) => i !== main), arguments: at === undefined ? [] : row.arguments ?? [],
            argumentsOnLoop: at !== undefined && steps[at].kind === "loop",
          };
        }
        const condition: ConditionJSON | undefined = row.condition;
        return {
          speaks: condition?.speaks, value: condition?.value,
          subject: lowered.subject !== undefined ? d.subjects[lowered.subject] : undefined,
          range: condition?.range ? new NumberRange(condition.range) : undefined,
          oneOf: condition?.oneOf,
          hasTest: condition?.range !== undefined || condition?.oneOf !== undefined,
          parameterTests: condition?.parameters?.map((t) => ({ parameter: t.parameter, range: new NumberRange(t.range) })),
          inGesture: condition?.inGesture,
          dataTests: condition?.data?.map((t) => ({ field: t.field, value: t.value, range: t.range ? new NumberRange(t.range) : undefined, oneOf: t.oneOf })),
          bandArguments,
          action, ticker: row.ticker, directives: directiveBits(row.directives), rule: d.ruleSlots[lowered.rule], levelRules,
          note: row.note ?? null, keepSlot: lowered.rule, several,
        };
      }),
    );

    this.userLevels = content.userLevels ?? null;
    this.userLevelRules = d.userLevels.map((l) => l.rule.id);
    this.startLevel = d.startLevel;
    const feedbackCount = content.feedback.length;
    const slotCount = d.ruleSlots.length;
    const keepsFeedback = new Array<boolean>(d.userLevels.length * feedbackCount).fill(false);
    const keepsRule = new Array<boolean>(d.userLevels.length * slotCount).fill(false);
    d.userLevels.forEach((level, l) => {
      for (const f of level.feedback) keepsFeedback[l * feedbackCount + f] = true;
      for (const slot of level.ruleSlots) keepsRule[l * slotCount + slot] = true;
    });
    this.levelKeepsFeedback = keepsFeedback;
    this.levelKeepsRule = keepsRule;
    this.backgroundKeeps = d.background ? new BackgroundKeeps(d.background, feedbackCount, slotCount) : null;
  }

  /** Whether user level `level` keeps a play of feedback `f` by the rule in `slot`. */
  keeps(level: number, f: number, slot: number): boolean {
    if (this.levelKeepsFeedback[level * this.feedback.length + f]) return true;
    return slot >= 0 && this.levelKeepsRule[level * this.ruleSlotIDs.length + slot];
  }

  userLevelIndex(name: string): number | null {
    const index = this.userLevels?.levels.findIndex((l) => l.name === name) ?? -1;
    return index < 0 ? null : index;
  }
}

function resolveAction(a: ActionJSON): RowAction {
  switch (a.kind) {
    case "play": return { kind: "play", feedback: a.feedback };
    case "loop": return { kind: "loop", feedback: a.feedback };
    case "stop": return { kind: "stop", feedback: a.feedback ?? null };
    case "silent": return { kind: "silent", reason: a.reason };
    case "band": return { kind: "band", band: a.band, slot: -1 };
    default: return { kind: "none" };
  }
}

function plan(f: FeedbackJSON, index: number): FeedbackPlan {
  const isPattern = f.body.kind === "pattern";
  const fallback = f.fallback ?? null;
  return {
    index, name: f.name, layer: f.layer, json: f, isPattern,
    render: f.body.kind === "preset" ? f.body.preset : "pattern:" + f.name,
    fallbackRender: fallback?.kind === "preset" ? fallback.step.preset : fallback?.kind === "sequence" ? "sequence:" + f.name : null,
    parameters: f.body.kind === "pattern" ? f.body.pattern.parameters : [],
    loop: f.body.kind === "pattern" ? f.body.pattern.loop ?? null : null,
    fallback,
  };
}

/** `2.5 to 20`, `at least 30`, `at most 250`. */
export function plausibleText(band: CompiledBand): string {
  const low = Number.isFinite(band.plausibleMin);
  const high = Number.isFinite(band.plausibleMax);
  if (low && high) return `${numberText(band.plausibleMin)} to ${numberText(band.plausibleMax)}`;
  if (low) return `at least ${numberText(band.plausibleMin)}`;
  return `at most ${numberText(band.plausibleMax)}`;
}
