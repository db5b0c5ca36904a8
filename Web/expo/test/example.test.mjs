// The breathing example's logic (example/src/breathCycle.ts, compiled by tsc) deciding
// through the real policy, and its generated API matching the policy.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { ExpoHapticPolicy } from "../dist/core.js";

const require = createRequire(import.meta.url);
const { BreathingGuide, FOUR_SEVEN_EIGHT, cycleSeconds, momentAt } = require("../example/dist/breathCycle.js");
const { POLICY_HASH } = require("../example/dist/breathingPolicy.js");
const bundle = readFileSync(new URL("../../test/fixtures/breathing.bundle.json", import.meta.url), "utf8");
const haptics = { impactAsync: async () => {}, notificationAsync: async () => {}, selectionAsync: async () => {} };
const timeouts = { setTimeout: () => 0, clearTimeout: () => {} };

test("the circle grows for 4 s, stays for 7 s, shrinks for 8 s, and repeats", () => {
  assert.equal(cycleSeconds(FOUR_SEVEN_EIGHT), 19);
  assert.deepEqual(momentAt(FOUR_SEVEN_EIGHT, 0), { phase: "inhale", progress: 0, scale: 0.6 });
  assert.deepEqual(momentAt(FOUR_SEVEN_EIGHT, 2), { phase: "inhale", progress: 0.5, scale: 0.8 });
  assert.equal(momentAt(FOUR_SEVEN_EIGHT, 4).phase, "hold");
  assert.equal(momentAt(FOUR_SEVEN_EIGHT, 10.9).scale, 1);
  assert.equal(momentAt(FOUR_SEVEN_EIGHT, 11).phase, "exhale");
  assert.ok(Math.abs(momentAt(FOUR_SEVEN_EIGHT, 15).scale - 0.8) < 1e-9);
  assert.deepEqual(momentAt(FOUR_SEVEN_EIGHT, 19), momentAt(FOUR_SEVEN_EIGHT, 0));
});

test("the guide's events are decided by the breathing policy: the breath plays, taps stay silent", async () => {
  const policy = await ExpoHapticPolicy.load(bundle, { native: null, haptics, timeouts });
  assert.equal(policy.policy.hash, POLICY_HASH, "example/src/breathingPolicy.ts is stale: regenerate it with codegen");
  const guide = new BreathingGuide(policy);
  assert.deepEqual(guide.open().decision.directives, ["prepare-engine"]);
  const { decided, period } = guide.start();
  assert.equal(decided.decision.action, "play");
  assert.equal(decided.decision.render, "sequence:breath");
  assert.deepEqual(decided.decision.params, [{ name: "inhale", value: 4 }, { name: "hold", value: 7 }, { name: "exhale", value: 8 }]);
  assert.equal(period, 19);
  assert.equal(guide.tap().decision.reason, "designer");
  assert.equal(guide.stop().decision.feedback, "breath");
  assert.equal(guide.current, null);
});

test("with the native module, the circle repeats with the policy's loop period", () => {
  const decided = { decision: { action: "play", render: "pattern:breath", loop: 19 }, policyHash: POLICY_HASH };
  const guide = new BreathingGuide({ decide: () => decided });
  assert.equal(guide.start({ inhale: 3, hold: 4, exhale: 5 }).period, 19);
});

test("the example's generated API is what codegen writes for Policies/breathing.yaml", { skip: !process.env.HAPTIC_POLICY_CLI && "set HAPTIC_POLICY_CLI to the built haptic-policy" }, () => {
  const out = join(mkdtempSync(join(tmpdir(), "expo-example-")), "breathingPolicy.ts");
  const policyFile = new URL("../../../Policies/breathing.yaml", import.meta.url).pathname;
  execFileSync(process.env.HAPTIC_POLICY_CLI, ["codegen", policyFile, "--lang", "typescript", "-o", out]);
  assert.equal(readFileSync(new URL("../example/src/breathingPolicy.ts", import.meta.url), "utf8"), readFileSync(out, "utf8"));
});
