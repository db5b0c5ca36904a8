// Priority and interruption in the TypeScript runtime: what the conformance corpus
// cannot reach (the bundle reader's strictness, the web player's interrupt).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Policy, Session, WebPlayer, sha256Hex } from "../dist/index.js";

const text = (name) => readFileSync(new URL(`./fixtures/${name}.bundle.json`, import.meta.url)).toString("utf8").split("\n")[0] + "\n";
const rebundle = (name, mutate) => {
  const content = JSON.parse(text(name)).content;
  mutate(content);
  const body = JSON.stringify(content);
  return `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"${name}","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
};

test("the reader takes a feedback's priority and refuses one it does not know, naming the place", () => {
  const prioritised = rebundle("metronome", (c) => { c.feedback[0].priority = "critical"; });
  assert.equal(Policy.fromBundle(prioritised).name, "metronome");
  assert.throws(
    () => Policy.fromBundle(rebundle("metronome", (c) => { c.feedback[0].priority = "urgent"; })),
    (error) => error.kind === "damaged" && /content\.feedback\[0\]\.priority/.test(error.message) && /urgent/.test(error.message),
  );
});

test("a policy without priority decides as before: no interrupt, no outranked", () => {
  const plain = new Session(Policy.fromBundle(text("metronome")));
  const prioritised = new Session(Policy.fromBundle(rebundle("metronome", () => {})));
  const events = [{ t: 0, event: "screen.enter", screen: "metronome" }, { t: 1, event: "metronome.start", params: { bpm: 120 } }];
  for (const e of events) assert.deepEqual(plain.decide(e), prioritised.decide(e));
});

test("the web player stops a vibration a higher priority cut before it plays", () => {
  const calls = [];
  const navigator = { vibrate: (p) => (calls.push(p), true) };
  const player = new WebPlayer({ presets: { hazard: [200, 50, 200] }, patterns: {} }, { navigator, timers: { setInterval: () => 1, clearInterval: () => {} } });
  const hazard = {
    action: "play", screen: "nav", feedback: "hazard", layer: "ui", render: "notification.error", fallback: false, reason: null, note: null,
    rule: "nav/hazard", directives: [], band: null, params: null, loop: null,
    also: [{ action: "stop", screen: "nav", feedback: "chime", layer: "ui", render: null, fallback: false, reason: null, note: "cut by 'hazard' (critical)",
      rule: "nav/hazard", directives: ["interrupt"], band: null, params: null, loop: null, also: [] }],
  };
  const outcomes = player.play(hazard);
  assert.deepEqual(outcomes.map((o) => o.kind), ["stopped", "vibrated"]);
  assert.deepEqual(calls, [0, [200, 50, 200]]);
});
