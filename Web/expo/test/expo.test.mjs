// The Expo package's TypeScript side: the JavaScript path (Expo Go: decide in JS, play
// expo-haptics presets through an injected recorder) and the native path (a fake module).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PRESET_VIBRATIONS } from "haptic-policy";
import { ExpoHapticPolicy } from "../dist/core.js";
import { presetCall } from "../dist/expoHapticsPlayer.js";

const bundle = (name) => readFileSync(new URL(`../../test/fixtures/${name}.bundle.json`, import.meta.url), "utf8");

/** expo-haptics, recorded. */
function recorder() {
  const calls = [];
  return {
    calls,
    impactAsync: async (style) => { calls.push(`impact ${style}`); },
    notificationAsync: async (type) => { calls.push(`notification ${type}`); },
    selectionAsync: async () => { calls.push("selection"); },
  };
}

/** Timeouts run by hand. */
function clock() {
  const pending = new Map();
  let next = 1;
  return {
    pending,
    setTimeout: (callback, ms) => { pending.set(next, { callback, ms }); return next++; },
    clearTimeout: (handle) => { pending.delete(handle); },
    runAll() { for (const [handle, { callback }] of [...pending]) { pending.delete(handle); callback(); } },
    delays: () => [...pending.values()].map((p) => p.ms),
  };
}

test("in Expo Go the breath falls back to soft taps at each phase boundary, timed by its parameters", async () => {
  const haptics = recorder();
  const timeouts = clock();
  const policy = await ExpoHapticPolicy.load(bundle("breathing"), { native: null, haptics, timeouts });
  assert.equal(policy.mode, "javascript");
  assert.equal(policy.policy.policy, "breathing");
  const told = [];
  policy.onDecision((e) => told.push(`${e.event} ${e.decision.action}`));
  policy.decide({ event: "screen.enter", value: "guide", t: 0 });
  const { decision } = policy.decide({ event: "breath.start", params: { inhale: 4, hold: 7, exhale: 8 }, t: 1 });
  assert.equal(decision.render, "sequence:breath");
  assert.equal(decision.reason, "no-core-haptics");
  assert.deepEqual(policy.lastOutcomes, [{ kind: "played", feedback: "breath", presets: [
    { at: 0, preset: "impact.soft" }, { at: 4, preset: "impact.soft" }, { at: 11, preset: "impact.soft" }] }]);
  await Promise.resolve();
  assert.deepEqual(haptics.calls, ["impact soft"]);
  assert.deepEqual(timeouts.delays(), [4000, 11000]);
  timeouts.runAll();
  await Promise.resolve();
  assert.deepEqual(haptics.calls, ["impact soft", "impact soft", "impact soft"]);
  assert.deepEqual(told, ["screen.enter silent", "breath.start play"]);
});

test("stopping the breath cancels the taps not yet played", async () => {
  const haptics = recorder();
  const timeouts = clock();
  const policy = await ExpoHapticPolicy.load(bundle("breathing"), { native: null, haptics, timeouts });
  policy.decide({ event: "screen.enter", value: "guide", t: 0 });
  policy.decide({ event: "breath.start", t: 1 });
  assert.equal(timeouts.pending.size, 2);
  policy.decide({ event: "breath.stop", t: 2 });
  assert.equal(timeouts.pending.size, 0);
  timeouts.runAll();
  await Promise.resolve();
  assert.deepEqual(haptics.calls, ["impact soft"]);
});

test("every preset of the policy language has its expo-haptics call", async () => {
  const haptics = recorder();
  for (const preset of Object.keys(PRESET_VIBRATIONS)) {
    const call = presetCall(preset);
    assert.ok(call, preset);
    await call(haptics);
  }
  assert.deepEqual(haptics.calls, [
    "impact light", "impact medium", "impact heavy", "impact rigid", "impact soft", "selection",
    "notification success", "notification warning", "notification error"]);
  assert.equal(presetCall("impact.squishy"), null);
});

test("a misspelt event is told once, with the name meant; decisions keep their reasons", async () => {
  const policy = await ExpoHapticPolicy.load(bundle("breathing"), { native: null, haptics: recorder(), timeouts: clock() });
  const mistakes = [];
  policy.onIntegrationMistake((m) => mistakes.push(m));
  policy.decide({ event: "screen.enter", value: "guide", t: 0 });
  assert.equal(policy.decide({ event: "breath.strat", t: 1 }).decision.reason, "unknown-event");
  policy.decide({ event: "breath.strat", t: 2 });
  assert.equal(mistakes.length, 1);
  assert.equal(mistakes[0].suggestion, "breath.start");
});

test("a refused reload keeps the policy in use; app.state is decided in JavaScript", async () => {
  const policy = await ExpoHapticPolicy.load(bundle("breathing"), { native: null, haptics: recorder(), timeouts: clock() });
  const before = policy.policy.hash;
  await assert.rejects(policy.reload("{}"));
  assert.equal(policy.policy.hash, before);
  assert.equal((await policy.reload(bundle("metronome"))).policy, "metronome");
  assert.equal(policy.appState("foreground").decision.rule, "builtin:app.state");
});

test("a subscription removed hears nothing more", async () => {
  const policy = await ExpoHapticPolicy.load(bundle("breathing"), { native: null, haptics: recorder(), timeouts: clock() });
  const told = [];
  const subscription = policy.onDecision((e) => told.push(e.event));
  policy.decide({ event: "button.tap", t: 0 });
  subscription.remove();
  policy.decide({ event: "button.tap", t: 1 });
  assert.deepEqual(told, ["button.tap"]);
});

test("with the native module built in, it loads, decides and tells; JavaScript plays nothing", async () => {
  const listeners = {};
  const decided = { decision: { action: "play", render: "pattern:breath" }, policyHash: "sha256:ab" };
  const sent = [];
  const native = {
    isSupported: () => true,
    load: async (text) => { sent.push(`load ${text.length}`); return { policy: "breathing", hash: "sha256:ab" }; },
    decide: (event) => { sent.push(`decide ${event.event}`); listeners.onDecision({ ...decided, event: event.event }); return decided; },
    addListener: (name, listener) => { listeners[name] = listener; return { remove() {} }; },
  };
  const haptics = recorder();
  const policy = await ExpoHapticPolicy.load("{}", { native, haptics });
  assert.equal(policy.mode, "native");
  assert.equal(policy.policy.hash, "sha256:ab");
  const told = [];
  policy.onDecision((e) => told.push(e.event));
  assert.equal(policy.decide({ event: "breath.start" }), decided);
  assert.equal(policy.appState("foreground"), null);
  listeners.onIntegrationMistake({ kind: "unknown-event", name: "x" });
  assert.deepEqual(sent, ["load 2", "decide breath.start"]);
  assert.deepEqual(told, ["breath.start"]);
  assert.deepEqual(haptics.calls, []);
});
