/**
 * Reading a bundle (Docs/bundle-format.md, format 4): the envelope, the hash over the
 * content's exact bytes, and the content's shape. Nothing half-loaded ever decides.
 */
import { sha256Hex } from "./sha256.js";
import { utf8DecodeStrict, utf8Encode } from "./utf8.js";
import type { BundleContent } from "./content.js";

/** The bundle format version this library reads. */
export const BUNDLE_FORMAT_VERSION = 4;
/** The `format` every bundle names. */
export const BUNDLE_FORMAT_NAME = "haptic-policy-bundle";

/** Why a bundle was refused; `message` says what to do. */
export type BundleErrorKind = "not-a-bundle" | "unsupported-version" | "hash-mismatch" | "damaged";

/** A bundle this library refuses to decide with. */
export class BundleError extends Error {
  /** What is wrong. */
  readonly kind: BundleErrorKind;
  /** For `unsupported-version`: the version found. */
  readonly foundVersion?: number;
  /** Creates one; `message` is the full text shown to people. */
  constructor(kind: BundleErrorKind, message: string, foundVersion?: number) {
    super(message);
    this.name = "BundleError";
    this.kind = kind;
    this.foundVersion = foundVersion;
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

  /** A bundle that ends early or whose content does not decode. */
  static damaged(why: string): BundleError {
    return new BundleError("damaged", `bundle is truncated or damaged (${why}); recompile it`);
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
  const markerStart = find(MARKER, bytes, 4096);
  if (markerStart < 0) {
    if (find(DOCUMENT_MARKER, bytes, 4096) >= 0) throw BundleError.unsupportedVersion(1);
    throw BundleError.notABundle("no bundle header found");
  }
  const headerText = utf8DecodeStrict(bytes, 0, markerStart);
  let header: unknown;
  try {
    header = headerText === null ? null : JSON.parse(headerText + "}");
  } catch {
    header = null;
  }
  if (header === null || typeof header !== "object" || Array.isArray(header)) {
    throw BundleError.notABundle("the header is not JSON");
  }
  const h = header as Record<string, unknown>;
  if (h.format !== BUNDLE_FORMAT_NAME) throw BundleError.notABundle(`'format' is not "${BUNDLE_FORMAT_NAME}"`);
  const version = h.formatVersion;
  if (typeof version !== "number" || !Number.isInteger(version)) throw BundleError.notABundle("'formatVersion' is missing");
  if (version !== BUNDLE_FORMAT_VERSION) throw BundleError.unsupportedVersion(version);
  const expected = h.hash;
  if (typeof expected !== "string") throw BundleError.notABundle("'hash' is missing");
  let end = bytes.length;
  while (end > markerStart && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end--;
  if (!(end > markerStart + MARKER.length) || bytes[end - 1] !== 0x7d) {
    throw BundleError.damaged("the file does not end with the closing brace");
  }
  const contentBytes = bytes.subarray(markerStart + MARKER.length, end - 1);
  const actual = "sha256:" + sha256Hex(contentBytes);
  if (actual !== expected) {
    throw new BundleError(
      "hash-mismatch",
      `bundle hash mismatch: header says ${expected}, content is ${actual}; the bundle was edited or damaged, recompile it`,
    );
  }
  const text = utf8DecodeStrict(contentBytes);
  let content: unknown;
  try {
    if (text === null) throw new Error("invalid UTF-8");
    content = JSON.parse(text);
  } catch (error) {
    throw BundleError.damaged(`the content cannot be decoded: ${(error as Error).message}`);
  }
  return { content: checkContent(content), hash: actual };
}

type Json = unknown;

class Shape {
  constructor(readonly path: string) {}
  fail(what: string): never {
    throw BundleError.damaged(`the content cannot be decoded: at ${this.path}: ${what}`);
  }
}

function object(value: Json, path: string): Record<string, Json> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) new Shape(path).fail("expected an object");
  return value as Record<string, Json>;
}

function field(o: Record<string, Json>, key: string, kind: "string" | "number" | "boolean" | "array" | "object", path: string, optional = false): Json {
  const value = o[key];
  if (value === undefined) {
    if (optional) return undefined;
    new Shape(path).fail(`the field '${key}' is missing`);
  }
  const ok =
    kind === "array" ? Array.isArray(value) : kind === "object" ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === kind;
  if (!ok) new Shape(`${path}.${key}`).fail(`expected ${kind === "boolean" ? "true or false" : "a " + kind}`);
  return value;
}

const ACTION_KINDS = ["play", "loop", "stop", "band", "silent", "none"];

/** Checks the shapes decisions read and the indices they follow; refuses anything else. */
function checkContent(value: Json): BundleContent {
  const c = object(value, "content");
  field(c, "name", "string", "content");
  field(c, "warmup", "number", "content");
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
  return c as unknown as BundleContent;
}
