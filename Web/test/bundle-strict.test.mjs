// The strict reading of Docs/bundle-format.md ("What a reader must refuse"): each bundle is
// refused with the code, path and byte offset the Swift and Kotlin readers report.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Policy, BundleError, sha256Hex, BUNDLE_MAX_DEPTH, BUNDLE_MAX_BYTES } from "../dist/index.js";

const bundleText = readFileSync(new URL("./fixtures/plavo.bundle.json", import.meta.url)).toString("utf8").split("\n")[0];
const marker = ',"content":';
const content = bundleText.slice(bundleText.indexOf(marker) + marker.length, -1);
const encoder = new TextEncoder();

/** A bundle around the content bytes, hashed as the writer does. */
const envelope = (bytes) => {
  const header = encoder.encode(`{"format":"haptic-policy-bundle","formatVersion":7,"policy":"plavo","hash":"sha256:${sha256Hex(bytes)}"${marker}`);
  const out = new Uint8Array(header.length + bytes.length + 2);
  out.set(header);
  out.set(bytes, header.length);
  out.set(encoder.encode("}\n"), header.length + bytes.length);
  return out;
};
const edited = (find, replace) => {
  assert.ok(content.includes(find), find);
  return envelope(encoder.encode(content.replace(find, replace)));
};
const refusal = (bytes) => {
  try {
    Policy.fromBundle(bytes);
  } catch (error) {
    assert.ok(error instanceof BundleError, String(error));
    return error;
  }
  assert.fail("the bundle was accepted");
};
const offsetOf = (text, bytes) => Buffer.from(bytes).indexOf(Buffer.from(text));
const play = '{"feedback":0,"kind":"play"}';

test("the fixture loads", () => {
  assert.equal(Policy.fromBundle(envelope(encoder.encode(content))).name, "plavo");
});

test("a repeated key is refused (TypeScript kept the last value)", () => {
  const bytes = edited(play, '{"feedback":0,"kind":"play","kind":"none"}');
  const e = refusal(bytes);
  assert.equal(e.code, "duplicate-key");
  assert.match(e.path, /^content\.cells\[\d+\]\.rows\[\d+\]\.action\.kind$/);
  assert.equal(e.offset, offsetOf('"play","kind":"none"', bytes) + 7);
});

test("tag values are looked up as own properties: constructor, toString, __proto__, hasOwnProperty are unknown", () => {
  for (const tag of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
    const e = refusal(edited(play, `{"feedback":0,"kind":"${tag}"}`));
    assert.equal(e.code, "unknown-tag", tag);
    assert.match(e.path, /\.action\.kind$/);
  }
  const field = refusal(edited(play, '{"__proto__":{"x":1},"feedback":0,"kind":"play"}'));
  assert.equal(field.code, "unknown-field");
  assert.match(field.path, /\.action\.__proto__$/);
});

test("a number no double holds is refused, not read as Infinity", () => {
  const bytes = edited('"warmup":0.1', '"warmup":1e999');
  const e = refusal(bytes);
  assert.equal(e.code, "number-out-of-range");
  assert.equal(e.path, "content.warmup");
  assert.equal(e.offset, offsetOf("1e999", bytes));
  for (const spelling of ['"nan"', '"+inf"', '"-inf"']) {
    const s = refusal(edited('"warmup":0.1', `"warmup":${spelling}`));
    assert.equal(s.code, "wrong-type", spelling);
    assert.equal(s.path, "content.warmup");
  }
});

test("a negative warm-up is refused, as Swift refuses it", () => {
  assert.equal(refusal(edited('"warmup":0.1', '"warmup":-1')).code, "inconsistent");
});

test("a number not written as an integer where one goes is refused", () => {
  for (const spelling of ["0e0", "0.0", "1e10", "4294967296", "0.5"]) {
    const bytes = edited(play, `{"feedback":${spelling},"kind":"play"}`);
    const e = refusal(bytes);
    assert.equal(e.code, "not-integer", spelling);
    assert.match(e.path, /\.action\.feedback$/);
    assert.equal(e.offset, offsetOf(`${spelling},"kind":"play"`, bytes));
  }
});

test("lone surrogates and invalid UTF-8 are refused at their string", () => {
  for (const escape of ["\\ud800", "\\udc00", "\\ud800\\u0041"]) {
    const bytes = edited('"plavo.yaml"', `"${escape}plavo.yaml"`);
    const e = refusal(bytes);
    assert.equal(e.code, "lone-surrogate", escape);
    assert.equal(e.path, "content.source");
    assert.equal(e.offset, offsetOf(escape, bytes));
  }
  const raw = encoder.encode(content);
  const at = Buffer.from(raw).indexOf(Buffer.from('"plavo.yaml"')) + 1;
  for (const bad of [[0xc0, 0xaf], [0xff], [0xed, 0xa0, 0x80]]) {
    const damaged = new Uint8Array([...raw.subarray(0, at), ...bad, ...raw.subarray(at)]);
    const bytes = envelope(damaged);
    const e = refusal(bytes);
    assert.equal(e.code, "invalid-utf8");
    assert.equal(e.path, "content.source");
    assert.equal(e.offset, offsetOf('"plavo.yaml"', envelope(raw)) + 1);
  }
});

test("nesting past the stated depth is refused with the bundle error, never RangeError", () => {
  assert.equal(BUNDLE_MAX_DEPTH, 512);
  const nested = (levels) => envelope(encoder.encode(`{"deep":${"[".repeat(levels)}${"]".repeat(levels)},${content.slice(1)}`));
  assert.equal(refusal(nested(510)).code, "unknown-field");
  assert.equal(refusal(nested(511)).code, "too-deep");
  for (const levels of [1000, 100000]) assert.equal(refusal(nested(levels)).code, "too-deep");
  const expr = (levels) => envelope(encoder.encode(content.replace('"warmup":0.1', `"warmup":${"[".repeat(levels)}${"]".repeat(levels)}`)));
  assert.equal(refusal(expr(2000)).code, "too-deep");
});

test("null, a byte order mark and an envelope with an unknown or repeated field are refused", () => {
  const nothing = refusal(edited(play, '{"feedback":0,"kind":"play","note":null}'));
  assert.equal(nothing.code, "wrong-type");
  assert.match(nothing.path, /\.action\.note$/);
  const bom = refusal(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(bundleText)]));
  assert.equal(bom.code, "not-a-bundle");
  assert.equal(bom.offset, 0);
  assert.equal(refusal(encoder.encode(bundleText.replace('"policy":"plavo"', '"policy":"plavo","policy":"x"'))).code, "not-a-bundle");
  assert.equal(refusal(encoder.encode(bundleText.replace('"policy":"plavo"', '"policy":"plavo","extra":1'))).code, "not-a-bundle");
});

test("every other refusal names its code", () => {
  const kind = refusal(edited(play, '{"feedback":0,"kind":"ring"}'));
  assert.equal(kind.code, "unknown-tag");
  assert.match(kind.path, /\.action\.kind$/);
  assert.equal(refusal(edited(play, '{"kind":"play"}')).code, "missing-field");
  assert.equal(refusal(edited(play, '{"feedback":99,"kind":"play"}')).code, "inconsistent");
  assert.equal(refusal(encoder.encode(bundleText.replace('"plavo.yaml"', '"plave.yaml"'))).code, "hash-mismatch");
  assert.equal(refusal(encoder.encode(bundleText.slice(0, -3))).code, "truncated");
});

test("a bundle over 8 MiB is refused before it is parsed; one at the limit is read", () => {
  const at = (size) => {
    const bytes = new Uint8Array(size).fill(0x20);
    bytes.set(encoder.encode(bundleText));
    return bytes;
  };
  assert.equal(Policy.fromBundle(at(BUNDLE_MAX_BYTES)).name, "plavo");
  const e = refusal(at(BUNDLE_MAX_BYTES + 1));
  assert.equal(e.code, "too-large");
  assert.equal(e.path, "");
  assert.equal(e.offset, BUNDLE_MAX_BYTES);
});
