/**
 * The strict reading of a bundle's JSON (Docs/bundle-format.md, "What a reader must
 * refuse"; Swift's BundleJSON.swift): exactly one RFC 8259 value, with the code, path and
 * byte offset of what it refuses, and where each value stands when a refusal needs it.
 */
import { utf8DecodeStrict } from "./utf8.js";
import { BundleError, type BundleRefusalCode } from "./policyBundle.js";

/** The deepest nesting of arrays and objects a bundle may have, the envelope counted. */
export const BUNDLE_MAX_DEPTH = 512;

/** A JSON value as the reader returns it. */
export type Json = unknown;

/** A strictly parsed JSON value and where its parts stand. */
export interface Parsed {
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
export function parseStrict(bytes: Uint8Array, start: number, end: number, root: string, depth: number, record = false): Parsed {
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
    const mantissaEnd = i;
    if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
      i++;
      integer = false;
      if (i < end && (bytes[i] === 0x2b || bytes[i] === 0x2d)) i++;
      if (!digits()) fail("syntax", path, "a number needs digits in its exponent");
    }
    const text = utf8DecodeStrict(bytes, from, i) ?? "";
    const value = Number(text);
    if (!Number.isFinite(value)) fail("number-out-of-range", path, `the number ${text} is not a finite double`, from);
    // A literal that is not zero but reads as zero (`1e-400`) is no more a double's than
    // `1e999` is: refused, never read as 0 (Docs/bundle-format.md).
    if (value === 0 && bytes.subarray(from, mantissaEnd).some((b) => b >= 0x31 && b <= 0x39)) {
      fail("number-out-of-range", path, `the number ${text} is too small for a double: it reads as 0`, from);
    }
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
export function hasOwn(o: object, key: PropertyKey): boolean {
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
