/**
 * Reading a bundle (Docs/bundle-format.md, format 6): the envelope, the hash over the
 * content's exact bytes, and the content's shape. Nothing half-loaded ever decides.
 */
import { sha256Hex } from "./sha256.js";
import { utf8DecodeStrict, utf8Encode } from "./utf8.js";
import type { BundleContent, ExpressionJSON } from "./content.js";
import { evaluate } from "./expression.js";
import { approachProblem } from "./approach.js";

/** The bundle format version this library reads. */
export const BUNDLE_FORMAT_VERSION = 6;
/** The `format` every bundle names. */
export const BUNDLE_FORMAT_NAME = "haptic-policy-bundle";

/** Why a bundle was refused; `message` says what to do. */
export type BundleErrorKind = "not-a-bundle" | "unsupported-version" | "hash-mismatch" | "damaged";

/**
 * What a refusal is, as a stable code every runtime reports alike (Docs/bundle-format.md,
 * "What a reader must refuse").
 */
export type BundleRefusalCode =
  | "not-a-bundle" | "unsupported-version" | "hash-mismatch" | "truncated" | "syntax" | "invalid-utf8"
  | "lone-surrogate" | "duplicate-key" | "too-deep" | "number-out-of-range" | "unknown-field" | "missing-field"
  | "wrong-type" | "not-integer" | "unknown-tag" | "invalid-value" | "inconsistent" | "too-large";

/** The deepest nesting of arrays and objects a bundle may have, the envelope counted. */
export const BUNDLE_MAX_DEPTH = 512;
/** The largest bundle every runtime reads: 8 MiB (Docs/bundle-format.md, "Size"). */
export const BUNDLE_MAX_BYTES = 8 << 20;

/** A bundle this library refuses to decide with. */
export class BundleError extends Error {
  /** What is wrong. */
  readonly kind: BundleErrorKind;
  /** For `unsupported-version`: the version found. */
  readonly foundVersion?: number;
  /** The stable code of the refusal, the same in every runtime. */
  readonly code: BundleRefusalCode;
  /** The JSON path of the refused place (`content.cells[2].rows[0].action.kind`; `""` for the envelope). */
  readonly path: string;
  /** The byte offset of the refused place in the file, when one place is wrong. */
  readonly offset: number | null;
  /** Creates one; `message` is the full text shown to people. */
  constructor(
    kind: BundleErrorKind, message: string, foundVersion?: number,
    place?: { code: BundleRefusalCode; path: string; offset: number | null },
  ) {
    super(message);
    this.name = "BundleError";
    this.kind = kind;
    this.foundVersion = foundVersion;
    const defaults: Record<BundleErrorKind, { code: BundleRefusalCode; path: string; offset: number | null }> = {
      "not-a-bundle": { code: "not-a-bundle", path: "", offset: 0 },
      "unsupported-version": { code: "unsupported-version", path: "formatVersion", offset: null },
      "hash-mismatch": { code: "hash-mismatch", path: "hash", offset: null },
      damaged: { code: "inconsistent", path: "content", offset: null },
    };
    const where = place ?? defaults[kind];
    this.code = where.code;
    this.path = where.path;
    this.offset = where.offset;
  }

  /** The input is no bundle. */
  static notABundle(why: string): BundleError {
    return new BundleError(
      "not-a-bundle",
      `not a haptic-policy bundle (${why}); build one with 'haptic-policy compile <policy> -o <bundle.json>'`,
    );
  }

  /** A bundle of another format version, older or newer. */
  static unsupportedVersion(found: number): BundleError {
    const supported = BUNDLE_FORMAT_VERSION;
    const message =
      found < supported
        ? `bundle format version ${found} is older than the version ${supported} this library reads; recompile the policy with this haptic-policy ('haptic-policy compile <policy> -o <bundle.json>')`
        : `bundle format version ${found} is newer than the version ${supported} this library reads; update the library, or compile the policy with the haptic-policy that matches it`;
    return new BundleError("unsupported-version", message, found);
  }

  /** A bundle that ends early or whose content does not decode: what, its code, path and byte offset. */
  static damaged(why: string, code: BundleRefusalCode = "inconsistent", path = "content", offset: number | null = null): BundleError {
    return new BundleError("damaged", `bundle is truncated or damaged (${why}); recompile it`, undefined, { code, path, offset });
  }
}

/** A bundle's checked content and its `sha256:` hash. */
export interface LoadedBundle {
  /** The content, checked. */
  readonly content: BundleContent;
  /** `sha256:<hex>` of the content's bytes. */
  readonly hash: string;
}

const MARKER = utf8Encode(',"content":');
const DOCUMENT_MARKER = utf8Encode(',"document":');

function find(needle: Uint8Array, haystack: Uint8Array, limit: number): number {
  const last = Math.min(haystack.length - needle.length, limit);
  outer: for (let start = 0; start <= last; start++) {
    for (let k = 0; k < needle.length; k++) if (haystack[start + k] !== needle[k]) continue outer;
    return start;
  }
  return -1;
}

/** Reads a bundle's bytes (or its text): checks envelope, version and hash, then the content. */
export function readBundle(input: Uint8Array | string): LoadedBundle {
  const bytes = typeof input === "string" ? utf8Encode(input) : input;
  if (bytes.length > BUNDLE_MAX_BYTES) {
    throw BundleError.damaged(`the bundle is ${bytes.length} bytes, over the ${BUNDLE_MAX_BYTES}-byte limit every runtime reads`, "too-large", "", BUNDLE_MAX_BYTES);
  }
  const markerStart = find(MARKER, bytes, 4096);
  if (markerStart < 0) {
    if (find(DOCUMENT_MARKER, bytes, 4096) >= 0) throw BundleError.unsupportedVersion(1);
    throw BundleError.notABundle("no bundle header found");
  }
  if (bytes[0] !== 0x7b) throw BundleError.notABundle("the file does not start with '{'");
  const headerBytes = new Uint8Array(markerStart + 1);
  headerBytes.set(bytes.subarray(0, markerStart));
  headerBytes[markerStart] = 0x7d;
  let header: Record<string, Json>;
  let spelledAsInteger = true;
  try {
    const parsedHeader = parseStrict(headerBytes, 0, headerBytes.length, "", 0);
    header = parsedHeader.value as Record<string, Json>;
    spelledAsInteger = !parsedHeader.nonIntegers.has("formatVersion");
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    throw BundleError.notABundle(`the header is not strict JSON: ${error.message}`);
  }
  const h = header;
  if (h.format !== BUNDLE_FORMAT_NAME) throw BundleError.notABundle(`'format' is not "${BUNDLE_FORMAT_NAME}"`);
  const version = h.formatVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || !spelledAsInteger) throw BundleError.notABundle("'formatVersion' is missing");
  if (version !== BUNDLE_FORMAT_VERSION) throw BundleError.unsupportedVersion(version);
  const expected = h.hash;
  if (typeof expected !== "string") throw BundleError.notABundle("'hash' is missing");
  if (typeof h.policy !== "string") throw BundleError.notABundle("'policy' is missing");
  for (const key of Object.keys(h)) {
    if (!["format", "formatVersion", "policy", "hash"].includes(key)) throw BundleError.notABundle(`the header has an unknown field '${key}'`);
  }
  let end = bytes.length;
  while (end > markerStart && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end--;
  if (!(end > markerStart + MARKER.length) || bytes[end - 1] !== 0x7d) {
    throw BundleError.damaged("the file does not end with the closing brace", "truncated", "", end);
  }
  const contentStart = markerStart + MARKER.length;
  const contentBytes = bytes.subarray(contentStart, end - 1);
  const actual = "sha256:" + sha256Hex(contentBytes);
  if (actual !== expected) {
    throw new BundleError(
      "hash-mismatch",
      `bundle hash mismatch: header says ${expected}, content is ${actual}; the bundle was edited or damaged, recompile it`,
    );
  }
  const parsed = parseStrict(bytes, contentStart, end - 1, "content", 1);
  let located: Parsed | null = null;
  // Offsets are found again only for a refusal: a valid bundle keeps no map of its paths.
  const locate = (): Parsed => (located ??= parseStrict(bytes, contentStart, end - 1, "content", 1, true));
  places = { parsed, locate };
  try {
    return { content: checkContent(parsed.value), hash: actual };
  } finally {
    places = null;
  }
}

/** The content being checked, and where its values stand (parsed again on a refusal). */
let places: { readonly parsed: Parsed; readonly locate: () => Parsed } | null = null;

/** A strictly parsed JSON value and where its parts stand. */
interface Parsed {
  readonly value: Json;
  /** The byte offset of the value at each path (`content.cells[2]`), when recorded. */
  readonly offsets: Map<string, number>;
  /** The byte offset of each object member's key, by the member's path, when recorded. */
  readonly keyOffsets: Map<string, number>;
  /**
   * The paths of the integral numbers not written as an integer (`1e2`, `1.0`) or outside
   * -2^31...2^31-1 (a fraction is not an integer by its value).
   */
  readonly nonIntegers: Set<string>;
}

/**
 * Parses `bytes[start, end)` as exactly one strict JSON value (RFC 8259) at `root`, nested
 * `depth` deep already: refuses a repeated key, invalid UTF-8, a lone surrogate, a number
 * no double holds and nesting past BUNDLE_MAX_DEPTH, with the code, path and byte offset.
 * Objects have no prototype, so no key (`__proto__`, `constructor`) means anything else.
 */
function parseStrict(bytes: Uint8Array, start: number, end: number, root: string, depth: number, record = false): Parsed {
  const offsets = new Map<string, number>();
  const keyOffsets = new Map<string, number>();
  const nonIntegers = new Set<string>();
  let i = start;
  const fail = (code: BundleRefusalCode, path: string, why: string, at = i): never => {
    throw BundleError.damaged(`the content cannot be decoded: ${path === "" ? "" : `at ${path}: `}${why} (byte ${at})`, code, path, at);
  };
  const space = () => {
    while (i < end && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  };
  const hex4 = (path: string): number => {
    if (end - i < 4) fail("syntax", path, "\\u needs four hex digits");
    let code = 0;
    for (let k = 0; k < 4; k++) {
      const c = bytes[i + k];
      const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
      if (d < 0) fail("syntax", path, "\\u needs four hex digits");
      code = code * 16 + d;
    }
    i += 4;
    return code;
  };
  const string = (path: string): string => {
    const open = i;
    i++;
    let out = "";
    let run = i;
    const flush = (upTo: number) => {
      if (upTo > run) {
        const text = utf8DecodeStrict(bytes, run, upTo);
        if (text === null) fail("invalid-utf8", path, "invalid UTF-8");
        out += text;
      }
    };
    while (i < end) {
      const b = bytes[i];
      if (b === 0x22) {
        flush(i);
        i++;
        return out;
      }
      if (b < 0x20) fail("syntax", path, "control character in a string");
      if (b >= 0x80) {
        const length = utf8Length(bytes, i, end);
        if (length === 0) fail("invalid-utf8", path, "invalid UTF-8");
        i += length;
        continue;
      }
      if (b !== 0x5c) {
        i++;
        continue;
      }
      flush(i);
      const at = i;
      if (i + 1 >= end) break;
      const e = bytes[i + 1];
      i += 2;
      const simple: Record<number, string> = { 0x22: '"', 0x5c: "\\", 0x2f: "/", 0x62: "\b", 0x66: "\f", 0x6e: "\n", 0x72: "\r", 0x74: "\t" };
      if (e === 0x75) {
        const code = hex4(path);
        if (code >= 0xd800 && code <= 0xdbff) {
          if (!(end - i >= 6 && bytes[i] === 0x5c && bytes[i + 1] === 0x75)) fail("lone-surrogate", path, "a high surrogate must be followed by a low one", at);
          i += 2;
          const low = hex4(path);
          if (!(low >= 0xdc00 && low <= 0xdfff)) fail("lone-surrogate", path, "a high surrogate must be followed by a low one", at);
          out += String.fromCharCode(code, low);
        } else if (code >= 0xdc00 && code <= 0xdfff) {
          fail("lone-surrogate", path, "a lone low surrogate is not a character", at);
        } else {
          out += String.fromCharCode(code);
        }
      } else if (hasOwn(simple, e)) {
        out += simple[e];
      } else {
        fail("syntax", path, "invalid escape", at);
      }
      run = i;
    }
    return fail("syntax", path, "the string is not closed", open);
  };
  const digits = (): boolean => {
    const from = i;
    while (i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39) i++;
    return i > from;
  };
  const number = (path: string): number => {
    const from = i;
    if (bytes[i] === 0x2d) i++;
    if (!(i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39)) fail("syntax", path, "a number needs digits");
    if (bytes[i] === 0x30) {
      i++;
      if (i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39) fail("syntax", path, "numbers cannot have leading zeros");
    } else digits();
    let integer = true;
    if (i < end && bytes[i] === 0x2e) {
      i++;
      integer = false;
      if (!digits()) fail("syntax", path, "a number needs digits after '.'");
    }
    if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
      i++;
      integer = false;
      if (i < end && (bytes[i] === 0x2b || bytes[i] === 0x2d)) i++;
      if (!digits()) fail("syntax", path, "a number needs digits in its exponent");
    }
    const text = utf8DecodeStrict(bytes, from, i) ?? "";
    const value = Number(text);
    if (!Number.isFinite(value)) fail("number-out-of-range", path, `the number ${text} is not a finite double`, from);
    if ((!integer || value < -2147483648 || value > 2147483647) && Number.isInteger(value)) nonIntegers.add(path);
    return value;
  };
  const value = (path: string, level: number): Json => {
    if (i >= end) fail("syntax", path, "expected a value; the text ends");
    if (record) offsets.set(path, i);
    const b = bytes[i];
    if (b === 0x7b || b === 0x5b) {
      if (level + 1 > BUNDLE_MAX_DEPTH) fail("too-deep", path, `arrays and objects nested more than ${BUNDLE_MAX_DEPTH} deep`);
      i++;
      space();
      if (b === 0x5b) {
        const items: Json[] = [];
        if (i < end && bytes[i] === 0x5d) { i++; return items; }
        for (;;) {
          space();
          items.push(value(`${path}[${items.length}]`, level + 1));
          space();
          if (i >= end) fail("syntax", path, "the array is not closed");
          if (bytes[i] === 0x2c) i++;
          else if (bytes[i] === 0x5d) { i++; return items; }
          else fail("syntax", path, "expected ',' or ']' in an array");
        }
      }
      const fields = Object.create(null) as Record<string, Json>;
      if (i < end && bytes[i] === 0x7d) { i++; return fields; }
      for (;;) {
        space();
        if (!(i < end && bytes[i] === 0x22)) fail("syntax", path, "expected a field name in double quotes");
        const keyAt = i;
        const key = string(path);
        const member = path === "" ? key : `${path}.${key}`;
        if (hasOwn(fields, key)) fail("duplicate-key", member, `the field '${key}' is written twice`, keyAt);
        if (record) keyOffsets.set(member, keyAt);
        space();
        if (!(i < end && bytes[i] === 0x3a)) fail("syntax", path, "expected ':' after a field name");
        i++;
        space();
        fields[key] = value(member, level + 1);
        space();
        if (i >= end) fail("syntax", path, "the object is not closed");
        if (bytes[i] === 0x2c) i++;
        else if (bytes[i] === 0x7d) { i++; return fields; }
        else fail("syntax", path, "expected ',' or '}' in an object");
      }
    }
    if (b === 0x22) return string(path);
    if (b === 0x2d || (b >= 0x30 && b <= 0x39)) return number(path);
    if (b === 0x6e) fail("wrong-type", path, "expected a value, found null (a bundle never writes null)");
    for (const [word, result] of [["true", true], ["false", false]] as const) {
      if (b === word.charCodeAt(0)) {
        for (let k = 0; k < word.length; k++) if (bytes[i + k] !== word.charCodeAt(k) || i + k >= end) fail("syntax", path, "invalid literal");
        i += word.length;
        return result;
      }
    }
    return fail("syntax", path, "expected a JSON value");
  };
  space();
  const result = value(root, depth);
  space();
  if (i !== end) fail("syntax", root, "unexpected text after the value");
  return { value: result, offsets, keyOffsets, nonIntegers };
}

/** Whether `o` has `key` itself (never through its prototype: `constructor`, `toString`). */
function hasOwn(o: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** The length of the well-formed UTF-8 sequence of more than one byte at `at` (RFC 3629), or 0. */
function utf8Length(bytes: Uint8Array, at: number, end: number): number {
  const lead = bytes[at];
  const [length, low, high] =
    lead >= 0xc2 && lead <= 0xdf ? [2, 0x80, 0xbf]
    : lead === 0xe0 ? [3, 0xa0, 0xbf]
    : (lead >= 0xe1 && lead <= 0xec) || lead === 0xee || lead === 0xef ? [3, 0x80, 0xbf]
    : lead === 0xed ? [3, 0x80, 0x9f]
    : lead === 0xf0 ? [4, 0x90, 0xbf]
    : lead >= 0xf1 && lead <= 0xf3 ? [4, 0x80, 0xbf]
    : lead === 0xf4 ? [4, 0x80, 0x8f]
    : [0, 0, 0];
  if (length === 0 || end - at < length || bytes[at + 1] < low || bytes[at + 1] > high) return 0;
  for (let k = 2; k < length; k++) if (bytes[at + k] < 0x80 || bytes[at + k] > 0xbf) return 0;
  return length;
}

type Json = unknown;

/** Whether the content's shape is being checked (its refusals are decoding ones) or its consistency. */
let checkingShape = false;

class Shape {
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

function object(value: Json, path: string): Record<string, Json> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) new Shape(path).fail(`expected an object, found ${kindName(value)}`);
  return value as Record<string, Json>;
}

// The whole content's shape, field by field, as the Swift and Kotlin readers decode it
// (Android/.../Bundle.kt, ContentDecoder): every object is closed (an unknown field is
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
    parameters: list({ fields: { name: "string", defaultValue: "number", "minimum?": "number", "maximum?": "number", "unit?": "string", location: "position" } }),
    events: list({
      fields: {
        kind: { oneOf: ["transient", "continuous", "silence", "audio-custom", "audio-continuous"] }, time: "expr", "duration?": "expr",
        "intensity?": "expr", "sharpness?": "expr",
        curves: list({ fields: { parameter: { oneOf: ["intensity", "sharpness"] }, points: list({ fields: { time: "expr", value: "expr" } }) } }),
        "sound?": "string", "volume?": "expr", "pitch?": "expr", "note?": "string", location: "position",
      },
    }),
    "loop?": "expr", location: "position",
  },
};
const FEEDBACK_FIELDS: Record<string, Spec> = {
  name: "string", layer: "string",
  body: { tag: "kind", variants: { preset: { preset: "preset", "intensity?": "number" }, pattern: { pattern: PATTERN } } },
  "fallback?": { tag: "kind", variants: { none: {}, preset: { step: TIMED }, sequence: { steps: list(TIMED) } } },
  "note?": "string", location: "position", "priority?": { oneOf: ["low", "normal", "high", "critical"] },
};
const PLATFORM_PLAN: Spec = {
  fields: FEEDBACK_FIELDS,
  check: (o, path) => { if (o.platforms !== undefined) new Shape(path).fail("a platform plan has no platforms itself"); },
};
const FEEDBACK: Spec = { fields: { ...FEEDBACK_FIELDS, "platforms?": { fields: { "android?": PLATFORM_PLAN, "web?": PLATFORM_PLAN } } } };
const PAYLOAD_FIELD: Spec = {
  fields: { name: "string", kind: { oneOf: ["number", "bool", "string"] }, "min?": "number", "max?": "number", "oneOf?": list("string"), required: "bool", location: "position" },
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
        budget: "int", rule: RULE_REF, max: "int", window: "number", "screen?": "int", perScreen: "bool", counted: list("int"),
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
    name: "string", source: "string", "description?": "string", warmup: "number", hapticsOnly: "bool", location: "position",
    "layers?": list({ fields: { name: "string", "plays?": "string", "note?": "string", location: "position" } }),
    screens: list({ fields: { name: "string", enter: list("directive"), "note?": "string", location: "position" } }),
    events: list({
      fields: {
        "payload?": { fields: { "value?": PAYLOAD_FIELD, "params?": list(PAYLOAD_FIELD), "data?": list(PAYLOAD_FIELD) } }, name: "string", layer: "string",
        "screens?": list("int"), "value?": { oneOf: ["number", "bool", "string"] }, "note?": "string", location: "position",
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
        location: "position", "approach?": { oneOf: ["falling", "rising"] },
      },
    }),
    cells: list({ fields: { event: "int", "screen?": "int", rows: list(ROW), location: "position", "otherwise?": "bool" } }),
    invariants: list({
      fields: {
        id: "string", kind: { oneOf: ["banned-presets", "creature-needs-speech", "no-layer-mixing", "bands-only", "guideline"] },
        "text?": "string", presets: list("string"), "layer?": "string",
        exceptions: list({ fields: { "reason?": "string", event: "string" } }), location: "position",
      },
    }),
    budgets: list({
      fields: {
        id: "string",
        scope: { tag: "kind", variants: { "each-screen": {}, screen: { screen: "string" }, layer: { layer: "string" }, events: { events: list("string") } } },
        max: "int", window: "number", exceptions: list("string"), "enforced?": "bool", location: "position",
      },
    }),
    "parameters?": list({
      fields: {
        name: "string", setBy: "string", min: "number", max: "number", defaultValue: "number", "unit?": "string", "note?": "string",
        location: "position",
      },
    }),
    "userLevels?": {
      fields: {
        setBy: "string", start: "string",
        levels: list({
          fields: {
            name: "string", keeps: { fields: { all: "bool", feedback: list("string"), layers: list("string"), rows: list("string") } },
            "note?": "string", location: "position",
          },
        }),
        location: "position",
      },
    },
    "files?": list("string"), decide: DECIDE,
    "background?": {
      fields: {
        keeps: { fields: { all: "bool", feedback: list("string"), layers: list("string"), rows: list("string") } },
        "note?": "string", location: "position",
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

function field(o: Record<string, Json>, key: string, kind: "string" | "number" | "boolean" | "array" | "object", path: string, optional = false): Json {
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

const ACTION_KINDS = ["play", "loop", "stop", "band", "silent", "none"];

/** Checks the shapes decisions read and the indices they follow; refuses anything else. */
function checkContent(value: Json): BundleContent {
  checkingShape = true;
  try {
    checkShape(value, CONTENT, "content");
  } finally {
    checkingShape = false;
  }
  const c = object(value, "content");
  field(c, "name", "string", "content");
  const warmup = field(c, "warmup", "number", "content") as number;
  if (!(Number.isFinite(warmup) && warmup >= 0)) new Shape("content.warmup").fail("the engine warm-up is not a finite number of seconds");
  const screens = field(c, "screens", "array", "content") as Json[];
  const events = field(c, "events", "array", "content") as Json[];
  const feedback = field(c, "feedback", "array", "content") as Json[];
  const bands = field(c, "bands", "array", "content") as Json[];
  const cells = field(c, "cells", "array", "content") as Json[];
  field(c, "invariants", "array", "content");
  field(c, "budgets", "array", "content");
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
 * Android/.../Bundle.kt); null when it is consistent. `content.decide` is checked after.
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
    duplicate(c.invariants.map((x) => x.id), "invariant") ??
    duplicate(c.budgets.map((x) => x.id), "budget") ??
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
  for (const b of c.budgets) if (b.max < 1 || !(b.window > 0 && Number.isFinite(b.window))) return `budget '${b.id}' has no usable max and window`;
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

const BUILT_IN_EVENTS = ["screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled"];

/** Refuses a key of `o` that is not in `known` (the documented fields, exactly). */
function only(o: Record<string, Json>, known: readonly string[], path: string): void {
  for (const key of Object.keys(o)) if (!known.includes(key)) new Shape(path).fail(`unknown field '${key}'`);
}

/** Checks `content.decide` fits the rest of the content (its shape only: it derives nothing). */
function checkDecide(c: Record<string, Json>, screenCount: number, events: Json[], feedbackCount: number, bands: Json[], cells: Json[], parameterCount: number): void {
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
    only(o, ["budget", "rule", "max", "window", "screen", "perScreen", "counted", "excepted", "firstRing", "rings"], at);
    integer(o.budget, 0, (c.budgets as Json[]).length, `${at}.budget`);
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
