/**
 * Checking `content.decide`, the lowered tables, against the rest of a bundle's content
 * (Swift's PolicyContent+DecideChecks.swift, Kotlin's DecideChecks.kt).
 */
import type { Json } from "./bundleJSON.js";
import { Shape, field, object } from "./bundleCoding.js";

export const BUILT_IN_EVENTS = ["screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled"];

/** Refuses a key of `o` that is not in `known` (the documented fields, exactly). */
function only(o: Record<string, Json>, known: readonly string[], path: string): void {
  for (const key of Object.keys(o)) if (!known.includes(key)) new Shape(path).fail(`unknown field '${key}'`);
}

/** Checks `content.decide` fits the rest of the content (its shape only: it derives nothing). */
export function checkDecide(c: Record<string, Json>, screenCount: number, events: Json[], feedbackCount: number, bands: Json[], cells: Json[], parameterCount: number): void {
  const path = "content.decide";
  const d = object(field(c, "decide", "object", "content"), path);
  only(d, ["events", "stateEvents", "table", "subjects", "rows", "signals", "ruleSlots", "settings", "screenRules", "speech", "payloads", "budgets", "bandLevels", "edges", "userLevels", "startLevel", "endsSubject", "background", "bands", "priorities", "parameterBands"], path);
  const integer = (v: Json, min: number, count: number, at: string) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v >= count) new Shape(at).fail(`index ${String(v)} out of range (${min}..<${count})`);
  };
  const array = (o: Record<string, Json>, key: string, at: string) => field(o, key, "array", at) as Json[];
  const ruleRef = (v: Json, at: string) => {
    const o = object(v, at);
    only(o, ["id", "at"], at);
    field(o, "id", "string", at);
    field(o, "at", "array", at);
  };
  const length = (list: Json[], count: number, at: string, what: string) => {
    if (list.length !== count) new Shape(at).fail(`${list.length} entries, expected ${count} (${what})`);
  };
  const names = array(d, "events", path);
  const stateEvents = field(d, "stateEvents", "number", path) as number;
  const userLevels = c.userLevels as Record<string, Json> | undefined;
  const settingNames = [
    ...((c.parameters as Json[] | undefined) ?? []).map((p) => (p as Record<string, Json>).setBy),
    ...(userLevels ? [userLevels.setBy] : []),
  ];
  const expected = [...BUILT_IN_EVENTS, ...settingNames, ...events.map((e) => (e as Record<string, Json>).name)];
  if (stateEvents !== BUILT_IN_EVENTS.length + settingNames.length || JSON.stringify(names) !== JSON.stringify(expected)) {
    new Shape(`${path}.events`).fail("not the state, setting and catalogue events in order; recompile the policy");
  }
  const eventCount = names.length;
  const table = array(d, "table", path);
  length(table, screenCount * eventCount, `${path}.table`, "one per screen and event");
  table.forEach((v, i) => integer(v, -2, cells.length, `${path}.table[${i}]`));
  const subjects = array(d, "subjects", path);
  subjects.forEach((v, i) => { if (typeof v !== "string") new Shape(`${path}.subjects[${i}]`).fail("expected a string"); });
  const ruleSlots = array(d, "ruleSlots", path);
  ruleSlots.forEach((v, i) => { if (typeof v !== "string") new Shape(`${path}.ruleSlots[${i}]`).fail("expected a string"); });
  const signals = array(d, "signals", path);
  signals.forEach((v, i) => {
    const at = `${path}.signals[${i}]`;
    const o = object(v, at);
    only(o, ["event", "band"], at);
    integer(o.event, 0, eventCount, `${at}.event`);
    integer(o.band, 0, bands.length, `${at}.band`);
  });
  const rows = array(d, "rows", path);
  length(rows, cells.length, `${path}.rows`, "one per cell");
  rows.forEach((entry, k) => {
    const at = `${path}.rows[${k}]`;
    if (!Array.isArray(entry)) new Shape(at).fail("expected an array");
    const cellRows = entry as Json[];
    const source = (cells[k] as Record<string, Json>).rows as Json[];
    length(cellRows, source.length, at, "one per row of the cell");
    cellRows.forEach((row: Json, r: number) => {
      const rp = `${at}[${r}]`;
      const o = object(row, rp);
      only(o, ["subject", "signal", "rule", "steps", "main", "argumentsStep", "levelArguments"], rp);
      integer(o.rule, 0, ruleSlots.length, `${rp}.rule`);
      if (o.subject !== undefined) integer(o.subject, 0, subjects.length, `${rp}.subject`);
      const action = (source[r] as Record<string, Json>).action as Record<string, Json>;
      if (action.kind === "band") {
        integer(o.signal, 0, signals.length, `${rp}.signal`);
        const levels = ((bands[action.band as number] as Record<string, Json>).levels as Json[]).length;
        integer((o.rule as number) + levels, 0, ruleSlots.length, `${rp}.rule`);
      } else if (o.signal !== undefined) {
        new Shape(`${rp}.signal`).fail("a signal on a row that is not a band row");
      }
      checkSteps(o, source[r] as Record<string, Json>, action.kind === "band" ? ((bands[action.band as number] as Record<string, Json>).levels as Json[]).length : 0, feedbackCount, rp);
    });
  });
  const settings = array(d, "settings", path);
  length(settings, settingNames.length, `${path}.settings`, "one per setting event");
  settings.forEach((v, i) => {
    const at = `${path}.settings[${i}]`;
    const o = object(v, at);
    if (o.kind === "parameter") {
      only(o, ["kind", "parameter", "rule"], at);
      integer(o.parameter, 0, parameterCount, `${at}.parameter`);
    } else if (o.kind === "user-level") {
      only(o, ["kind", "rule"], at);
    } else {
      new Shape(`${at}.kind`).fail(`unknown kind '${String(o.kind)}' (known: parameter, user-level)`);
    }
    ruleRef(o.rule, `${at}.rule`);
  });
  const screenRules = array(d, "screenRules", path);
  length(screenRules, screenCount, `${path}.screenRules`, "one per screen");
  screenRules.forEach((v, i) => ruleRef(v, `${path}.screenRules[${i}]`));
  if (d.speech !== undefined) {
    const at = `${path}.speech`;
    const o = object(d.speech, at);
    only(o, ["rule", "exempt", "feedback"], at);
    ruleRef(o.rule, `${at}.rule`);
    array(o, "exempt", at).forEach((v, i) => integer(v, 0, eventCount, `${at}.exempt[${i}]`));
    array(o, "feedback", at).forEach((v, i) => integer(v, 0, feedbackCount, `${at}.feedback[${i}]`));
  }
  array(d, "payloads", path).forEach((v, i) => {
    const at = `${path}.payloads[${i}]`;
    const o = object(v, at);
    only(o, ["event", "rule"], at);
    integer(o.event, stateEvents, eventCount, `${at}.event`);
    ruleRef(o.rule, `${at}.rule`);
  });
  let ring = 0;
  array(d, "budgets", path).forEach((v, i) => {
    const at = `${path}.budgets[${i}]`;
    const o = object(v, at);
    only(o, ["scope", "rule", "max", "window", "screen", "perScreen", "counted", "excepted", "firstRing", "rings"], at);
    ruleRef(o.rule, `${at}.rule`);
    field(o, "max", "number", at);
    field(o, "window", "number", at);
    field(o, "perScreen", "boolean", at);
    if (o.screen !== undefined) integer(o.screen, -1, screenCount, `${at}.screen`);
    array(o, "counted", at).forEach((f, k) => integer(f, 0, feedbackCount, `${at}.counted[${k}]`));
    array(o, "excepted", at).forEach((e, k) => integer(e, 0, eventCount, `${at}.excepted[${k}]`));
    const rings = field(o, "rings", "number", at) as number;
    if (field(o, "firstRing", "number", at) !== ring || rings !== (o.perScreen === true ? screenCount : 1)) {
      new Shape(`${at}.firstRing`).fail("the budgets' rings are not consecutive");
    }
    ring += rings;
  });
  const bandLevels = array(d, "bandLevels", path);
  length(bandLevels, bands.length, `${path}.bandLevels`, "one per band");
  const edges = array(d, "edges", path);
  length(edges, bands.length, `${path}.edges`, "one per band");
  bands.forEach((band, b) => {
    const levels = (band as Record<string, Json>).levels as Json[];
    const at = `${path}.bandLevels[${b}]`;
    if (!Array.isArray(bandLevels[b])) new Shape(at).fail("expected an array");
    const entries = bandLevels[b] as Json[];
    length(entries, levels.length, at, "one per level");
    entries.forEach((entry, l) => {
      const lp = `${at}[${l}]`;
      const o = object(entry, lp);
      only(o, ["up", "down"], lp);
      for (const side of ["up", "down"]) {
        const so = object(o[side], `${lp}.${side}`);
        only(so, ["play", "silent"], `${lp}.${side}`);
        if (so.play !== undefined) integer(so.play, 0, feedbackCount, `${lp}.${side}.play`);
        if (so.silent !== undefined) field(so, "silent", "string", `${lp}.${side}`);
      }
    });
    const ep = `${path}.edges[${b}]`;
    if (!Array.isArray(edges[b])) new Shape(ep).fail("expected an array");
    const codes = edges[b] as Json[];
    if (codes.length !== 0) length(codes, levels.length - 1, ep, "one per edge, or none for a constant band");
    codes.forEach((code, k) => checkEdgeCode(code, parameterCount, `${ep}[${k}]`));
  });
  const loweredBands = array(d, "bands", path);
  length(loweredBands, bands.length, `${path}.bands`, "one per band");
  loweredBands.forEach((v, b) => {
    const at = `${path}.bands[${b}]`;
    const o = object(v, at);
    only(o, ["hysteresis", "dwell", "edges", "inclusive", "approach", "plausibleMin", "plausibleMax"], at);
    const levels = ((bands[b] as Record<string, Json>).levels as Json[]).length;
    length(array(o, "edges", at), levels - 1, `${at}.edges`, "one per edge");
    length(array(o, "inclusive", at), levels - 1, `${at}.inclusive`, "one per edge");
    integer(o.approach, -1, 2, `${at}.approach`);
    const min = (o.plausibleMin as number | undefined) ?? -Infinity, max = (o.plausibleMax as number | undefined) ?? Infinity;
    if (!((o.dwell as number) >= 0) || !((o.hysteresis as number) >= 0) || min > max) new Shape(at).fail("does not fit its band; recompile the policy");
  });
  if (d.priorities !== undefined) {
    const priorities = array(d, "priorities", path);
    length(priorities, feedbackCount, `${path}.priorities`, "one per feedback");
    priorities.forEach((v, i) => {
      const at = `${path}.priorities[${i}]`;
      const o = object(v, at);
      only(o, ["rank", "length"], at);
      integer(o.rank, 0, 4, `${at}.rank`);
      if (o.length !== undefined && !((o.length as number) >= 0)) new Shape(`${at}.length`).fail("a negative length");
    });
  }
  const parameterBands = array(d, "parameterBands", path);
  length(parameterBands, parameterCount, `${path}.parameterBands`, "one per parameter");
  parameterBands.forEach((v, p) => {
    const at = `${path}.parameterBands[${p}]`;
    if (!Array.isArray(v)) new Shape(at).fail("expected an array");
    (v as Json[]).forEach((b, k) => {
      integer(b, 0, bands.length, `${at}[${k}]`);
      if ((edges[b as number] as Json[]).length === 0) new Shape(`${at}[${k}]`).fail("a band whose edges read no parameter");
    });
  });
  const levels = (userLevels?.levels as Json[] | undefined) ?? [];
  const lowered = array(d, "userLevels", path);
  length(lowered, levels.length, `${path}.userLevels`, "one per user level");
  lowered.forEach((v, i) => {
    const at = `${path}.userLevels[${i}]`;
    const o = object(v, at);
    only(o, ["rule", "feedback", "ruleSlots"], at);
    ruleRef(o.rule, `${at}.rule`);
    array(o, "feedback", at).forEach((f, k) => integer(f, 0, feedbackCount, `${at}.feedback[${k}]`));
    array(o, "ruleSlots", at).forEach((r, k) => integer(r, 0, ruleSlots.length, `${at}.ruleSlots[${k}]`));
  });
  integer(d.startLevel, 0, Math.max(1, levels.length), `${path}.startLevel`);
  if (d.endsSubject !== undefined) {
    array(d, "endsSubject", path).forEach((e, k) => integer(e, stateEvents, eventCount, `${path}.endsSubject[${k}]`));
  }
  if ((d.background === undefined) !== (c.background === undefined)) {
    new Shape(`${path}.background`).fail("does not fit the policy's background; recompile the policy");
  }
  if (d.background !== undefined) {
    const at = `${path}.background`;
    const o = object(d.background, at);
    only(o, ["rule", "feedback", "ruleSlots"], at);
    ruleRef(o.rule, `${at}.rule`);
    array(o, "feedback", at).forEach((f, k) => integer(f, 0, feedbackCount, `${at}.feedback[${k}]`));
    array(o, "ruleSlots", at).forEach((r, k) => integer(r, 0, ruleSlots.length, `${at}.ruleSlots[${k}]`));
  }
}

/** Checks a lowered row's steps, main step, arguments step and level arguments (its band has `levels` levels, 0: no band row). */
function checkSteps(o: Record<string, Json>, source: Record<string, Json>, levels: number, feedbackCount: number, path: string): void {
  if (o.levelArguments !== undefined && (levels === 0 || (o.levelArguments as Json[]).length !== levels)) {
    new Shape(`${path}.levelArguments`).fail("not one list per level of its band");
  }
  if (o.steps === undefined) {
    if (levels === 0 && source.arguments !== undefined) new Shape(path).fail("arguments but no steps");
    if (o.main !== undefined || o.argumentsStep !== undefined) new Shape(path).fail("a main or arguments step but no steps");
    return;
  }
  const steps = o.steps as Record<string, Json>[];
  if (levels !== 0 || steps.length === 0) new Shape(`${path}.steps`).fail("steps on a band row, or none");
  integerIn(o.main, steps.length, `${path}.main`);
  steps.forEach((step, k) => {
    if (step.feedback === undefined ? step.action !== "stop" : !(typeof step.feedback === "number" && step.feedback >= 0 && step.feedback < feedbackCount)) {
      new Shape(`${path}.steps[${k}]`).fail("not a stop, play or loop of a feedback");
    }
  });
  if (o.argumentsStep !== undefined) {
    integerIn(o.argumentsStep, steps.length, `${path}.argumentsStep`);
    if (steps[o.argumentsStep as number].action === "stop" || source.arguments === undefined) new Shape(`${path}.argumentsStep`).fail("not the row's play or loop");
  } else if (source.arguments !== undefined) {
    new Shape(path).fail("arguments but no step they go to");
  }
}

function integerIn(v: Json, count: number, path: string): void {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= count) new Shape(path).fail(`index ${String(v)} out of range (0..<${count})`);
}

const EDGE_OPS = ["neg", "+", "-", "*", "/"];

function checkEdgeCode(code: Json, parameterCount: number, path: string): void {
  if (typeof code === "number") return;
  const o = object(code, path);
  if (o.param !== undefined) {
    only(o, ["param"], path);
    if (typeof o.param !== "number" || !Number.isInteger(o.param) || o.param < 0 || o.param >= parameterCount) new Shape(`${path}.param`).fail(`index ${String(o.param)} out of range (0..<${parameterCount})`);
    return;
  }
  only(o, ["op", "args"], path);
  if (!EDGE_OPS.includes(o.op as string)) new Shape(`${path}.op`).fail(`unknown op '${String(o.op)}' (known: ${EDGE_OPS.join(", ")})`);
  const args = field(o, "args", "array", path) as Json[];
  if (args.length !== (o.op === "neg" ? 1 : 2)) new Shape(`${path}.args`).fail(`'${String(o.op)}' takes ${o.op === "neg" ? 1 : 2} arguments`);
  args.forEach((a, k) => checkEdgeCode(a, parameterCount, `${path}.args[${k}]`));
}
