// An event's `data` (language v3) through the Expo package: decided in JavaScript (Expo Go),
// handed unchanged to the native module (a development build), and read by both native
// bridges, whose event keys are the package's `Event` keys (Web/src/session.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ExpoHapticPolicy } from "../dist/core.js";

const root = new URL("../../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const haptics = { impactAsync: async () => {}, notificationAsync: async () => {}, selectionAsync: async () => {} };

/** The keys of the package's `Event` interface: what an app's `decide` may send. */
function packageEventKeys() {
  const body = read("Web/src/session.ts").match(/export interface Event \{([\s\S]*?)\n\}/)[1];
  return [...body.matchAll(/^\s*readonly (\w+)\??:/gm)].map((m) => m[1]).sort();
}

test("both native bridges take every key the package's events have, data included", () => {
  const keys = packageEventKeys();
  assert.ok(keys.includes("data"), keys.join(", "));
  const swift = read("Web/expo/ios/Bridge/ExpoEvent.swift").match(/public static let keys: Set<String> = \[([^\]]*)\]/)[1];
  const kotlin = read("Web/expo/android/src/main/java/io/hapticpolicy/expo/HapticPolicyBridge.kt").match(/private val keys = setOf\(([^)]*)\)/)[1];
  for (const [bridge, list] of [["ExpoEvent.swift", swift], ["HapticPolicyBridge.kt", kotlin]]) {
    assert.deepEqual([...list.matchAll(/"(\w+)"/g)].map((m) => m[1]).sort(), keys, bridge);
  }
});

test("in Expo Go data picks the row; with the native module the event reaches it with its data", async () => {
  const bundle = read("Web/test/fixtures/eventdata.bundle.json");
  const js = await ExpoHapticPolicy.load(bundle, { native: null, haptics });
  js.decide({ event: "screen.enter", screen: "ride", t: 0 });
  js.decide({ event: "turn.distance", value: 400, data: { direction: "right" }, t: 1 });
  const now = js.decide({ event: "turn.distance", value: 20, data: { direction: "right" }, t: 2 }).decision;
  assert.equal(now.rule, "ride/turn.distance#2@now");
  const sent = [];
  const native = {
    isSupported: () => true,
    load: async () => ({ policy: "ride", hash: "sha256:ab" }),
    decide: (event) => { sent.push(event); return { decision: now, policyHash: "sha256:ab" }; },
    addListener: () => ({ remove() {} }),
  };
  const policy = await ExpoHapticPolicy.load(bundle, { native, haptics });
  policy.decide({ event: "turn.distance", value: 20, data: { direction: "right" } });
  assert.deepEqual(sent, [{ event: "turn.distance", value: 20, data: { direction: "right" } }]);
});
