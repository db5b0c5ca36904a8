/**
 * Decoding a bundle's content (Docs/bundle-format.md, format 6): its shape, field by field,
 * as Swift's BundleCoding.swift and the content's Codable conformances and Kotlin's
 * BundleCoding.kt read it, with each refusal at its path and byte offset.
 */
import { BundleError, type BundleRefusalCode } from "./policyBundle.js";
import { hasOwn, type Json, type Parsed } from "./bundleJSON.js";

/** The content being checked, and where its values stand (parsed again on a refusal). */
export let places: { readonly parsed: Parsed; readonly locate: () => Parsed } | null = null;

/** Sets the content being checked (null when done). */
export function setPlaces(content: { readonly parsed: Parsed; readonly locate: () => Parsed } | null): void {
  places = content;
}

/** Whether the content's shape is being checked (its refusals are decoding ones) or its consistency. */
let checkingShape = false;

export class Shape {
  constructor(readonly path: string) {}
  /**
   * Refuses the content at this path; the code follows from the words every runtime uses.
   * `place` is the path the refusal names when it is not this one (an unknown field's own path).
   */
  fail(what: string, code: BundleRefusalCode = shapeCode(what), place = this.path): never {
    const message = `the content cannot be decoded: at ${this.path}: ${what}`;
    const where = places?.locate();
    if (code === "inconsistent") throw BundleError.damaged(message, code, "content", where?.offsets.get("content") ?? null);
    const offset = code === "unknown-field" ? where?.keyOffsets.get(place) : where?.offsets.get(place);
    throw BundleError.damaged(message, code, place, offset ?? null);
  }
}

/** The code of a refusal from its words: `missing field 'x'`, `unknown field 'x'`, `expected …`, `unknown …`. */
function shapeCode(what: string): BundleRefusalCode {
  if (!checkingShape) return "inconsistent";
  if (what.startsWith("missing field") || what.startsWith("the field '")) return "missing-field";
  if (what.startsWith("unknown field")) return "unknown-field";
  if (what.startsWith("expected an integer")) return "not-integer";
  if (what.startsWith("expected ")) return "wrong-type";
  if (what.startsWith("unknown ")) return "unknown-tag";
  return "invalid-value";
}

/** How a JSON value is named in messages: "an object", "a string", "null". */
function kindName(value: Json): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "object": return "an object";
    case "string": return "a string";
    case "number": return "a number";
    case "boolean": return "a boolean";
    default: return typeof value;
  }
}

export function object(value: Json, path: string): Record<string, Json> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) new Shape(path).fail(`expected an object, found ${kindName(value)}`);
  return value as Record<string, Json>;
}

// The whole content's shape, field by field, as the Swift and Kotlin readers decode it
// (Android/.../BundleCoding.kt, ContentDecoder): every object is closed (an unknown field is
// refused), every field has its type, and tags, presets and directives are the known
// ones. A key ending in "?" is optional; messages are "at <path>: <what>".
type Spec =
  | "string" | "number" | "int" | "bool" | "position" | "expr" | "edge" | "scalar" | "range" | "preset" | "directive"
  | { readonly fields: Readonly<Record<string, Spec>>; readonly check?: (o: Record<string, Json>, path: string) => void }
  | { readonly list: Spec }
  | { readonly oneOf: readonly string[] }
  | { readonly tag: string; readonly variants: Readonly<Record<string, Readonly<Record<string, Spec>>>> };

const PRESETS = ["impact.light", "impact.medium", "impact.heavy", "impact.rigid", "impact.soft", "selection", "notification.success", "notification.warning", "notification.error"];
const DIRECTIVE_IDS = ["prepare-engine", "restart-engine", "prepare-ticker", "release-ticker", "stop-loop"];
const EXPR_OPS = ["neg", "+", "-", "*", "/"];

const list = (spec: Spec): Spec => ({ list: spec });
const TIMED: Spec = { fields: { at: "expr", name: "string", preset: "preset", "intensity?": "number" } };
const PATTERN: Spec = {
  fields: {
    parameters: list({ fields: { name: "string", defaultValue: "number", "minimum?": "number", "maximum?": "number", "unit?": "string" } }),
    events: list({
      fields: {
        kind: { oneOf: ["transient", "continuous", "silence", "audio-custom", "audio-continuous"] }, time: "expr", "duration?": "expr",
        "intensity?": "expr", "sharpness?": "expr",
        curves: list({ fields: { parameter: { oneOf: ["intensity", "sharpness"] }, points: list({ fields: { time: "expr", value: "expr" } }) } }),
        "sound?": "string", "volume?": "expr", "pitch?": "expr",
      },
    }),
    "loop?": "expr",
  },
};
const FEEDBACK_FIELDS: Record<string, Spec> = {
  name: "string", layer: "string",
  body: { tag: "kind", variants: { preset: { preset: "preset", "intensity?": "number" }, pattern: { pattern: PATTERN } } },
  "fallback?": { tag: "kind", variants: { none: {}, preset: { step: TIMED }, sequence: { steps: list(TIMED) } } },
  "priority?": { oneOf: ["low", "normal", "high", "critical"] },
};
const PLATFORM_PLAN: Spec = {
  fields: FEEDBACK_FIELDS,
  check: (o, path) => { if (o.platforms !== undefined) new Shape(path).fail("a platform plan has no platforms itself"); },
};
const FEEDBACK: Spec = { fields: { ...FEEDBACK_FIELDS, "platforms?": { fields: { "android?": PLATFORM_PLAN, "web?": PLATFORM_PLAN } } } };
const PAYLOAD_FIELD: Spec = {
  fields: { name: "string", kind: { oneOf: ["number", "bool", "string"] }, "min?": "number", "max?": "number", "oneOf?": list("string"), required: "bool" },
};
const ACTION: Spec = {
  tag: "kind",
  variants: { play: { feedback: "int" }, loop: { feedback: "int" }, stop: { "feedback?": "int" }, band: { band: "int" }, silent: { reason: "string" }, none: {} },
};
const ROW: Spec = {
  fields: {
    rule: "string", "levelRules?": list("string"),
    "condition?": {
      fields: {
        "speaks?": "bool", "value?": "scalar", "subject?": "string", "range?": "range", "oneOf?": list("scalar"),
        "parameters?": list({ fields: { parameter: "int", range: "range" } }), "inGesture?": "bool",
        "data?": list({ fields: { field: "string", "value?": "scalar", "range?": "range", "oneOf?": list("scalar") } }),
      },
    },
    action: ACTION, "also?": list(ACTION), "arguments?": list({ fields: { name: "string", "number?": "number" } }),
    "ticker?": { oneOf: ["begin", "tick", "end"] }, directives: list("directive"), cites: list("string"), "note?": "string", location: "position",
  },
};
const LEVEL_ENTRY: Spec = { fields: { "play?": "int", "silent?": "string" } };
/** What a budget counts, as the budget declares it (`decide.budgets[].scope`). */
const BUDGET_SCOPE: Spec = {
  tag: "kind", variants: { "each-screen": {}, screen: { screen: "string" }, layer: { layer: "string" }, events: { events: list("string") } },
};
const RULE_REF: Spec = { fields: { id: "string", at: "position" } };
const DECIDE: Spec = {
  fields: {
    events: list("string"), stateEvents: "int", table: list("int"), subjects: list("string"),
    rows: list(list({
      fields: {
        "subject?": "int", "signal?": "int", rule: "int",
        "steps?": list({ fields: { action: { oneOf: ["stop", "play", "loop"] }, "feedback?": "int" } }), "main?": "int",
        "argumentsStep?": "int", "levelArguments?": list(list({ fields: { name: "string", "number?": "number" } })),
      },
    })),
    signals: list({ fields: { event: "int", band: "int" } }), ruleSlots: list("string"),
    settings: list({ tag: "kind", variants: { parameter: { parameter: "int", rule: RULE_REF }, "user-level": { rule: RULE_REF } } }),
    screenRules: list(RULE_REF), "speech?": { fields: { rule: RULE_REF, exempt: list("int"), feedback: list("int") } },
    payloads: list({ fields: { event: "int", rule: RULE_REF } }),
    budgets: list({
      fields: {
        scope: BUDGET_SCOPE, rule: RULE_REF, max: "int", window: "number", "screen?": "int", perScreen: "bool", counted: list("int"),
        excepted: list("int"), firstRing: "int", rings: "int",
      },
    }),
    bandLevels: list(list({ fields: { up: LEVEL_ENTRY, down: LEVEL_ENTRY } })), edges: list(list("edge")),
    userLevels: list({ fields: { rule: RULE_REF, feedback: list("int"), ruleSlots: list("int") } }), startLevel: "int",
    "endsSubject?": list("int"),
    "background?": { fields: { rule: RULE_REF, feedback: list("int"), ruleSlots: list("int") } },
    bands: list({
      fields: {
        hysteresis: "number", dwell: "number", edges: list("number"), inclusive: list("bool"), approach: "int",
        "plausibleMin?": "number", "plausibleMax?": "number",
      },
    }),
    "priorities?": list({ fields: { rank: "int", "length?": "number" } }), parameterBands: list(list("int")),
  },
};
const CONTENT: Spec = {
  fields: {
    name: "string", source: "string", warmup: "number", hapticsOnly: "bool",
    "layers?": list({ fields: { name: "string", "plays?": "string" } }),
    screens: list({ fields: { name: "string", enter: list("directive") } }),
    events: list({
      fields: {
        "payload?": { fields: { "value?": PAYLOAD_FIELD, "params?": list(PAYLOAD_FIELD), "data?": list(PAYLOAD_FIELD) } }, name: "string", layer: "string",
        "screens?": list("int"), "value?": { oneOf: ["number", "bool", "string"] },
        "endsSubject?": "bool",
      },
    }),
    feedback: list(FEEDBACK),
    bands: list({
      fields: {
        "plausible?": { fields: { "min?": "number", "max?": "number" } }, name: "string", "unit?": "string", hysteresis: "number",
        "dwell?": "number",
        levels: list({
          fields: {
            name: "string", "below?": "number", "edge?": "expr", "play?": "int", "silent?": "string", "fromBelow?": LEVEL_ENTRY,
            "fromAbove?": LEVEL_ENTRY, location: "position", "inclusive?": "bool", "arguments?": list({ fields: { name: "string", "number?": "number" } }),
          },
        }),
        "approach?": { oneOf: ["falling", "rising"] },
      },
    }),
    cells: list({ fields: { event: "int", "screen?": "int", rows: list(ROW), "otherwise?": "bool" } }),
    "parameters?": list({
      fields: {
        name: "string", setBy: "string", min: "number", max: "number", defaultValue: "number", "unit?": "string",
      },
    }),
    "userLevels?": {
      fields: {
        setBy: "string", start: "string",
        levels: list({
          fields: {
            name: "string", keeps: { fields: { all: "bool", feedback: list("string"), layers: list("string"), rows: list("string") } },
          },
        }),
      },
    },
    "files?": list("string"), decide: DECIDE,
    "background?": {
      fields: {
        keeps: { fields: { all: "bool", feedback: list("string"), layers: list("string"), rows: list("string") } },
      },
    },
  },
};

function expectType(value: Json, type: "string" | "number" | "boolean", path: string): void {
  if (typeof value !== type) new Shape(path).fail(`expected ${type === "boolean" ? "a boolean" : "a " + type}, found ${kindName(value)}`);
}

/** Checks `fields` of the object `o` at `path`, then refuses any other field. */
function checkFields(o: Record<string, Json>, fields: Readonly<Record<string, Spec>>, path: string, extra: readonly string[] = []): void {
  const known: string[] = [...extra];
  for (const [key, spec] of Object.entries(fields)) {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    known.push(name);
    const value = o[name];
    if (value === undefined) {
      if (!optional) new Shape(path).fail(`missing field '${name}'`);
      continue;
    }
    checkShape(value, spec, `${path}.${name}`);
  }
  for (const key of Object.keys(o)) if (!known.includes(key)) new Shape(path).fail(`unknown field '${key}'`, "unknown-field", `${path}.${key}`);
}

/** Refuses `value` unless it has the shape `spec` (the first problem, by its path). */
function checkShape(value: Json, spec: Spec, path: string): void {
  if (typeof spec === "string") {
    switch (spec) {
      case "string": expectType(value, "string", path); return;
      case "number": expectType(value, "number", path); return;
      case "bool": expectType(value, "boolean", path); return;
      case "int":
        expectType(value, "number", path);
        const nonInteger = !Number.isInteger(value) || (value as number) < -2147483648 || (value as number) > 2147483647 || places?.parsed.nonIntegers.has(path) === true;
        if (nonInteger) new Shape(path).fail(`expected an integer, found ${String(value)}`);
        return;
      case "preset":
        expectType(value, "string", path);
        if (!PRESETS.includes(value as string)) new Shape(path).fail(`unknown preset '${String(value)}' (known: ${PRESETS.join(", ")})`);
        return;
      case "directive":
        expectType(value, "string", path);
        if (!DIRECTIVE_IDS.includes(value as string)) new Shape(path).fail(`unknown directive '${String(value)}' (known: ${DIRECTIVE_IDS.join(", ")})`);
        return;
      case "scalar":
        if (typeof value !== "number" && typeof value !== "boolean" && typeof value !== "string") {
          new Shape(path).fail(`expected a number, boolean or string, found ${kindName(value)}`);
        }
        return;
      case "position": {
        if (!Array.isArray(value)) new Shape(path).fail(`expected an array, found ${kindName(value)}`);
        const items = value as Json[];
        if (items.length !== 2 && items.length !== 3) new Shape(path).fail("a position is [line, column] or [line, column, file]");
        items.forEach((item, i) => checkShape(item, "int", `${path}[${i}]`));
        return;
      }
      case "range": {
        const o = object(value, path);
        checkFields(o, { "above?": "number", "at-least?": "number", "below?": "number", "at-most?": "number" }, path);
        if ((o.above !== undefined && o["at-least"] !== undefined) || (o.below !== undefined && o["at-most"] !== undefined)) {
          new Shape(path).fail("a range has at most one bound on each side");
        }
        return;
      }
      case "expr":
      case "edge": {
        if (typeof value === "number") return;
        if (value === null || typeof value !== "object" || Array.isArray(value)) {
          new Shape(path).fail(`expected ${spec === "edge" ? "an edge expression" : "an expression"}, found ${kindName(value)}`);
        }
        const o = value as Record<string, Json>;
        if (o.param !== undefined) {
          checkFields(o, { param: spec === "edge" ? "int" : "string" }, path);
          return;
        }
        if (o.op === undefined) new Shape(path).fail("missing field 'op'");
        checkShape(o.op, "string", `${path}.op`);
        if (!EXPR_OPS.includes(o.op as string)) new Shape(path).fail(`unknown op '${String(o.op)}' (known: ${EXPR_OPS.join(", ")})`, "unknown-tag", `${path}.op`);
        checkFields(o, { op: "string", args: list(spec) }, path);
        const count = o.op === "neg" ? 1 : 2;
        if ((o.args as Json[]).length !== count) new Shape(path).fail(`'${String(o.op)}' takes ${count === 1 ? "one argument" : "two arguments"}`);
        return;
      }
    }
  }
  if ("list" in spec) {
    if (!Array.isArray(value)) new Shape(path).fail(`expected an array, found ${kindName(value)}`);
    (value as Json[]).forEach((item, i) => checkShape(item, spec.list, `${path}[${i}]`));
    return;
  }
  if ("oneOf" in spec) {
    expectType(value, "string", path);
    if (!spec.oneOf.includes(value as string)) new Shape(path).fail(`unknown value '${String(value)}' (known: ${spec.oneOf.join(", ")})`);
    return;
  }
  const o = object(value, path);
  if ("tag" in spec) {
    const tag = o[spec.tag];
    if (tag === undefined) new Shape(path).fail(`missing field '${spec.tag}'`);
    expectType(tag, "string", `${path}.${spec.tag}`);
    if (!hasOwn(spec.variants, tag as string)) new Shape(path).fail(`unknown ${spec.tag} '${String(tag)}' (known: ${Object.keys(spec.variants).join(", ")})`, "unknown-tag", `${path}.${spec.tag}`);
    const variant = spec.variants[tag as string];
    checkFields(o, variant, path, [spec.tag]);
    return;
  }
  spec.check?.(o, path);
  checkFields(o, spec.fields, path);
}

/** Checks the whole content's shape; its refusals are decoding ones. */
export function checkContentShape(value: Json): void {
  checkingShape = true;
  try {
    checkShape(value, CONTENT, "content");
  } finally {
    checkingShape = false;
  }
}

export function field(o: Record<string, Json>, key: string, kind: "string" | "number" | "boolean" | "array" | "object", path: string, optional = false): Json {
  const value = o[key];
  if (value === undefined) {
    if (optional) return undefined;
    new Shape(path).fail(`missing field '${key}'`);
  }
  const ok =
    kind === "array" ? Array.isArray(value) : kind === "object" ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === kind;
  if (!ok) new Shape(`${path}.${key}`).fail(`expected ${kind === "array" || kind === "object" ? "an" : "a"} ${kind}, found ${kindName(value)}`);
  return value;
}
