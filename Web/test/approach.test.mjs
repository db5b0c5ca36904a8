// The reader's side of approach bands and inclusive edges (language v3), which the
// conformance corpus cannot reach: decisions are held to Conformance/approach/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Policy, sha256Hex } from "../dist/index.js";

const stride = () => JSON.parse(readFileSync(new URL("./fixtures/stride.bundle.json", import.meta.url), "utf8").split("\n")[0]).content;
const rebundle = (mutate) => {
  const content = stride();
  mutate(content);
  const body = JSON.stringify(content);
  return `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"stride","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
};
const refuse = (mutate, pattern) => {
  assert.throws(() => Policy.fromBundle(rebundle(mutate)), (error) => error.kind === "damaged" && pattern.test(error.message), String(pattern));
};

test("an approach band and inclusive edges are read", () => {
  const policy = Policy.fromBundle(rebundle((c) => {
    c.bands[0].approach = "falling";
    c.bands[0].hysteresis = 0;
    c.bands[0].levels[1].inclusive = true;
  }));
  assert.equal(policy.name, "stride");
});

test("an unknown approach, a hysteresis on an approach band and an inclusive last edge are refused naming the problem", () => {
  refuse((c) => { c.bands[0].approach = "sideways"; c.bands[0].hysteresis = 0; }, /content\.bands\[0\]\.approach/);
  refuse((c) => { c.bands[0].approach = "rising"; }, /approach band 'pace' has a hysteresis/);
  refuse((c) => { c.bands[0].levels[4].inclusive = true; }, /the last level of band 'pace' has an inclusive edge/);
  refuse((c) => { c.bands[0].levels[0].inclusive = 1; }, /content\.bands\[0\]\.levels\[0\]\.inclusive/);
});
