/**
 * Checking a bundle's content once read: its shape (bundleCoding.ts), the indices decisions
 * follow, the consistency checks of Docs/bundle-format.md ("What a reader must check", 4;
 * Swift's PolicyContent+Consistency.swift), then `content.decide` (decideChecks.ts).
 */
import type { BundleContent, ExpressionJSON } from "./content.js";
import { evaluate } from "./expression.js";
import { approachProblem } from "./approach.js";
import { BundleError } from "./policyBundle.js";
import type { Json } from "./bundleJSON.js";
import { Shape, checkContentShape, field, object, places } from "./bundleCoding.js";
import { BUILT_IN_EVENTS, checkDecide } from "./decideChecks.js";

const ACTION_KINDS = ["play", "loop", "stop", "band", "silent", "none"];

/** Checks the shapes decisions read and the indices they follow; refuses anything else. */
export function checkContent(value: Json): BundleContent {
  checkContentShape(value);
  const c = object(value, "content");
  field(c, "name", "string", "content");
  const warmup = field(c, "warmup", "number", "content") as number;
  if (!(Number.isFinite(warmup) && warmup >= 0)) new Shape("content.warmup").fail("the engine warm-up is not a finite number of seconds");
  const screens = field(c, "screens", "array", "content") as Json[];
  const events = field(c, "events", "array", "content") as Json[];
  const feedback = field(c, "feedback", "array", "content") as Json[];
  const bands = field(c, "bands", "array", "content") as Json[];
  const cells = field(c, "cells", "array", "content") as Json[];
  const parameters = (field(c, "parameters", "array", "content", true) as Json[] | undefined) ?? [];
  screens.forEach((s, i) => {
    const o = object(s, `content.screens[${i}]`);
    field(o, "name", "string", `content.screens[${i}]`);
    field(o, "enter", "array", `content.screens[${i}]`);
  });
  const index = (v: Json, count: number, path: string) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= count) new Shape(path).fail(`index ${String(v)} out of range (0..<${count})`);
  };
  events.forEach((e, i) => {
    const o = object(e, `content.events[${i}]`);
    field(o, "name", "string", `content.events[${i}]`);
    const on = field(o, "screens", "array", `content.events[${i}]`, true) as Json[] | undefined;
    on?.forEach((s, k) => index(s, screens.length, `content.events[${i}].screens[${k}]`));
  });
  feedback.forEach((f, i) => {
    const o = object(f, `content.feedback[${i}]`);
    field(o, "name", "string", `content.feedback[${i}]`);
    field(o, "layer", "string", `content.feedback[${i}]`);
    const body = object(o.body, `content.feedback[${i}].body`);
    if (body.kind !== "preset" && body.kind !== "pattern") new Shape(`content.feedback[${i}].body.kind`).fail(`unknown kind '${String(body.kind)}' (known: preset, pattern)`);
  });
  bands.forEach((b, i) => {
    const o = object(b, `content.bands[${i}]`);
    const levels = field(o, "levels", "array", `content.bands[${i}]`) as Json[];
    if (levels.length < 2) new Shape(`content.bands[${i}]`).fail("a band needs at least two levels");
  });
  cells.forEach((cell, i) => {
    const path = `content.cells[${i}]`;
    const o = object(cell, path);
    index(o.event, events.length, `${path}.event`);
    if (o.screen !== undefined) index(o.screen, screens.length, `${path}.screen`);
    (field(o, "rows", "array", path) as Json[]).forEach((row, r) => {
      const rp = `${path}.rows[${r}]`;
      const ro = object(row, rp);
      field(ro, "rule", "string", rp);
      const actions = [ro.action, ...((ro.also as Json[] | undefined) ?? [])];
      actions.forEach((a, k) => {
        const ap = k === 0 ? `${rp}.action` : `${rp}.also[${k - 1}]`;
        const ao = object(a, ap);
        if (!ACTION_KINDS.includes(ao.kind as string)) new Shape(`${ap}.kind`).fail(`unknown kind '${String(ao.kind)}' (known: ${ACTION_KINDS.join(", ")})`);
        if (ao.feedback !== undefined) index(ao.feedback, feedback.length, `${ap}.feedback`);
        if ((ao.kind === "play" || ao.kind === "loop") && ao.feedback === undefined) new Shape(ap).fail("the field 'feedback' is missing");
        if (ao.kind === "band") index(ao.band, bands.length, `${ap}.band`);
      });
      const tests = (ro.condition as Record<string, Json> | undefined)?.parameters as Json[] | undefined;
      tests?.forEach((t, k) => index((t as Record<string, Json>).parameter, parameters.length, `${rp}.condition.parameters[${k}].parameter`));
    });
  });
  const problem = consistencyProblem(c as unknown as BundleContent);
  if (problem !== null) throw BundleError.damaged(problem, "inconsistent", "content", places?.locate().offsets.get("content") ?? null);
  checkDecide(c, screens.length, events, feedback.length, bands, cells, parameters.length);
  return c as unknown as BundleContent;
}

/** The parameter names an expression reads. */
function parametersOf(e: ExpressionJSON, into: string[] = []): string[] {
  if (typeof e === "number") return into;
  if ("param" in e) into.push(e.param);
  else for (const a of e.args) parametersOf(a, into);
  return into;
}

/**
 * The consistency checks of Docs/bundle-format.md ("What a reader must check", 4) over a
 * content of the right shape, in the Kotlin reader's order and words (Consistency in
 * Android/.../Consistency.kt); null when it is consistent. `content.decide` is checked after.
 */
function consistencyProblem(c: BundleContent): string | null {
  const duplicate = (names: readonly string[], what: string): string | null => {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n)) return `${what} '${n}' is declared twice`;
      seen.add(n);
    }
    return null;
  };
  const parameters = c.parameters ?? [];
  const settingEvents = [...parameters.map((p) => p.setBy), ...(c.userLevels ? [c.userLevels.setBy] : [])];
  const first =
    duplicate(c.screens.map((x) => x.name), "screen") ??
    duplicate([...BUILT_IN_EVENTS, ...settingEvents, ...c.events.map((e) => e.name)], "event") ??
    duplicate(parameters.map((x) => x.name), "parameter") ??
    duplicate(c.feedback.map((x) => x.name), "feedback") ??
    duplicate(c.bands.map((x) => x.name), "band") ??
    duplicate(c.files ?? [], "included file") ??
    (c.layers ? duplicate(c.layers.map((x) => x.name), "layer") : null);
  if (first !== null) return first;
  const layers = c.layers?.map((x) => x.name) ?? ["ui", "creature"];
  for (const p of parameters) {
    if (!(Number.isFinite(p.min) && Number.isFinite(p.max) && p.min < p.max && p.defaultValue >= p.min && p.defaultValue <= p.max)) {
      return `parameter '${p.name}' has no usable range and default`;
    }
  }
  for (const f of c.feedback) {
    if (!layers.includes(f.layer)) return `feedback '${f.name}' is on undeclared layer '${f.layer}'`;
    for (const plan of [f.platforms?.android, f.platforms?.web]) {
      if (plan && (plan.name !== f.name || plan.layer !== f.layer)) return `a platform plan of '${f.name}' changes its name or layer`;
      if (plan && (plan.priority ?? "normal") !== (f.priority ?? "normal")) return `a platform plan of '${f.name}' changes its priority`;
    }
    // What Swift's FeedbackPlan.inconsistency refuses, for the plan and its platform plans.
    for (const plan of [f, f.platforms?.android, f.platforms?.web]) {
      if (!plan) continue;
      const body = plan.body;
      if (body.kind === "preset" && body.intensity !== undefined && !(body.intensity >= 0 && body.intensity <= 1)) return `feedback '${plan.name}' has an intensity outside 0-1`;
      if (body.kind === "pattern" && body.pattern.events.length === 0) return `pattern '${plan.name}' has no events`;
    }
  }
  for (const e of c.events) {
    if (!layers.includes(e.layer)) return `event '${e.name}' is on undeclared layer '${e.layer}'`;
    for (const s of e.screens ?? []) if (!(s >= 0 && s < c.screens.length)) return `event '${e.name}' names screen ${s}, out of range`;
  }
  const feedbackIn = (i: number) => i >= 0 && i < c.feedback.length;
  const defaults = new Map(parameters.map((p) => [p.name, p.defaultValue]));
  for (const b of c.bands) {
    if (b.levels.length < 2) return `band '${b.name}' has fewer than two levels`;
    const approach = approachProblem(b);
    if (approach !== null) return approach;
    if (!(b.hysteresis >= 0 && Number.isFinite(b.hysteresis))) return `band '${b.name}' has a bad hysteresis`;
    if (b.dwell !== undefined && !(b.dwell >= 0 && Number.isFinite(b.dwell))) return `band '${b.name}' has a bad dwell`;
    const min = b.plausible?.min;
    const max = b.plausible?.max;
    if (min !== undefined && max !== undefined && min > max) return `band '${b.name}' has a bad plausible range`;
    const levelDuplicate = duplicate(b.levels.map((l) => l.name), `level of band '${b.name}'`);
    if (levelDuplicate !== null) return levelDuplicate;
    let last = -Infinity;
    for (let i = 0; i < b.levels.length; i++) {
      const level = b.levels[i];
      for (const entry of [level.play, level.fromBelow?.play, level.fromAbove?.play]) {
        if (entry !== undefined && !feedbackIn(entry)) return `band '${b.name}' plays feedback ${entry}, out of range`;
      }
      if (i === b.levels.length - 1) {
        if (level.below !== undefined) return `the last level of band '${b.name}' has an upper edge`;
        break;
      }
      const below = level.below;
      if (below === undefined) return `level '${level.name}' of band '${b.name}' has no upper edge`;
      if (!Number.isFinite(below) || below <= last) return `the edges of band '${b.name}' are not finite and ascending`;
      last = below;
      if (level.edge !== undefined) {
        if (parametersOf(level.edge).some((name) => !defaults.has(name))) return `an edge of band '${b.name}' reads an undeclared parameter`;
        if (evaluate(level.edge, defaults) !== below) return `an edge of band '${b.name}' does not evaluate to its 'below' at the defaults`;
      }
    }
  }
  const rules = new Set<string>();
  const decided = new Set<string>();
  const otherwiseRules = new Set<string>();
  const everywhere = new Set(c.cells.filter((cell) => cell.screen === undefined).map((cell) => cell.event));
  const actionProblem = (a: RowJSONAction): string | null => {
    switch (a.kind) {
      case "play": return feedbackIn(a.feedback) ? null : `a row plays feedback ${a.feedback}, out of range`;
      case "loop": return feedbackIn(a.feedback) ? null : `a row loops feedback ${a.feedback}, out of range`;
      case "stop": return a.feedback === undefined || feedbackIn(a.feedback) ? null : `a row stops feedback ${a.feedback}, out of range`;
      case "band": return a.band >= 0 && a.band < c.bands.length ? null : `a row names band ${a.band}, out of range`;
      default: return null;
    }
  };
  const single = (a: RowJSONAction) => a.kind === "band" || a.kind === "silent" || a.kind === "none";
  for (const cell of c.cells) {
    if (!(cell.event >= 0 && cell.event < c.events.length)) return `a cell names event ${cell.event}, out of range`;
    if (cell.screen !== undefined && !(cell.screen >= 0 && cell.screen < c.screens.length)) return `a cell names screen ${cell.screen}, out of range`;
    const key = `${cell.screen ?? ""}/${cell.event}`;
    if (decided.has(key)) return `event '${c.events[cell.event].name}' is decided twice on one screen`;
    decided.add(key);
    if (cell.otherwise === true) {
      // A screen's `otherwise:` cells all cite its one rule, `<screen>/otherwise`.
      const only = cell.rows.length === 1 ? cell.rows[0] : undefined;
      if (cell.screen === undefined || only === undefined || only.action.kind !== "silent" || only.condition !== undefined || only.rule !== `${c.screens[cell.screen].name}/otherwise`) {
        return "an otherwise cell is not one silent row of a screen citing '<screen>/otherwise'";
      }
      // It decides only an event that can occur on its screen and that everywhere: leaves out.
      const event = c.events[cell.event];
      const screenName = c.screens[cell.screen].name;
      if (event.screens !== undefined && !event.screens.includes(cell.screen)) {
        return `the otherwise cell of screen '${screenName}' decides '${event.name}', which cannot occur on it`;
      }
      if (everywhere.has(cell.event)) return `the otherwise cell of screen '${screenName}' decides '${event.name}', which everywhere: decides`;
      if (otherwiseRules.has(only.rule)) rules.delete(only.rule);
      otherwiseRules.add(only.rule);
    }
    for (const row of cell.rows) {
      if (rules.has(row.rule)) return `rule id '${row.rule}' is given twice`;
      rules.add(row.rule);
      const problem = actionProblem(row.action);
      if (problem !== null) return problem;
      for (const a of row.also ?? []) {
        const also = actionProblem(a);
        if (also !== null) return also;
        if (single(a) || single(row.action)) return "a row combines a band, a silence or nothing with other actions";
      }
      for (const t of row.condition?.parameters ?? []) {
        if (!(t.parameter >= 0 && t.parameter < parameters.length)) return `a row tests parameter ${t.parameter}, out of range`;
      }
      if (row.action.kind === "band") {
        const levelRules = row.levelRules;
        if (levelRules === undefined || levelRules.length !== c.bands[row.action.band].levels.length) {
          return `row '${row.rule}' does not give one level rule per level of its band`;
        }
        for (const r of levelRules) {
          if (rules.has(r)) return `rule id '${r}' is given twice`;
          rules.add(r);
        }
      } else if (row.levelRules !== undefined) {
        return `row '${row.rule}' gives level rules but is no band row`;
      }
    }
  }
  const u = c.userLevels;
  if (u) {
    if (u.levels.length === 0) return "user-levels declares no level";
    const levelDuplicate = duplicate(u.levels.map((l) => l.name), "user level");
    if (levelDuplicate !== null) return levelDuplicate;
    if (!u.levels.some((l) => l.name === u.start)) return `user-levels starts at undeclared level '${u.start}'`;
    const names = new Set(c.feedback.map((f) => f.name));
    for (const l of u.levels) for (const k of l.keeps.feedback) if (!names.has(k)) return `user level '${l.name}' keeps undeclared feedback '${k}'`;
  }
  if (c.background) {
    const names = new Set(c.feedback.map((f) => f.name));
    for (const k of c.background.keeps.feedback) if (!names.has(k)) return `background keeps undeclared feedback '${k}'`;
  }
  return null;
}

type RowJSONAction = BundleContent["cells"][number]["rows"][number]["action"];
