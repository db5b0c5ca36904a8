// The web player, with a fake navigator and fake timers: what it vibrates for decisions
// of the shipped metronome and breathing policies, and that it says when it cannot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { Policy, Session, WebPlayer, presetVibration } from "../dist/index.js";

const bundle = (name) => Policy.fromBundle(readFileSync(new URL(`./fixtures/${name}.bundle.json`, import.meta.url)));
function webExport(name) {
  const folder = new URL(`./fixtures/web-${name}/`, import.meta.url);
  const patterns = {};
  for (const file of readdirSync(folder)) {
    if (file === "presets.web.json") continue;
    const item = JSON.parse(readFileSync(new URL(file, folder), "utf8"));
    patterns[item.name] = item;
  }
  return { presets: JSON.parse(readFileSync(new URL("presets.web.json", folder), "utf8")), patterns };
}
function fakes() {
  const calls = [];
  const timers = new Map();
  let next = 1;
  return {
    calls, timers,
    navigator: { vibrate: (p) => (calls.push(p), true) },
    clock: { setInterval: (f, ms) => (timers.set(next, { f, ms }), next++), clearInterval: (h) => timers.delete(h) },
  };
}

test("a looping pattern vibrates its export array and repeats at the decision's period until stopped", () => {
  const policy = bundle("metronome");
  const session = new Session(policy);
  const fake = fakes();
  const player = new WebPlayer(webExport("metronome"), { navigator: fake.navigator, timers: fake.clock, policy });
  player.play(session.decide({ t: 0, event: "screen.enter", screen: "metronome" }));
  const [outcome] = player.play(session.decide({ t: 1, event: "metronome.start", params: { bpm: 120 } }));
  assert.deepEqual(outcome, { kind: "vibrated", feedback: "click", pattern: [20], loopMs: 500 });
  assert.deepEqual(fake.calls, [[20]]);
  assert.deepEqual([...fake.timers.values()].map((t) => t.ms), [500]);
  [...fake.timers.values()][0].f();
  assert.deepEqual(fake.calls, [[20], [20]]);
  const stops = player.play(session.decide({ t: 2, event: "metronome.stop" }));
  assert.equal(stops[0].kind, "stopped");
  assert.equal(fake.timers.size, 0);
  assert.deepEqual(fake.calls.at(-1), 0);
  assert.deepEqual(player.loopsRunning, []);
});

test("a cold engine plays the fallback sequence's web array", () => {
  const policy = bundle("breathing");
  const session = new Session(policy);
  const fake = fakes();
  const player = new WebPlayer(webExport("breathing"), { navigator: fake.navigator, timers: fake.clock, policy });
  const screen = policy.screenNames[0];
  session.decide({ t: 0, event: "screen.enter", screen });
  const start = policy.eventNames.find((e) => e.endsWith(".start"));
  const decision = session.decide({ t: 0, event: start });
  assert.equal(decision.action, "play");
  const outcome = player.play(decision)[0];
  if (decision.fallback) assert.deepEqual(outcome.pattern, webExport("breathing").patterns.breath.fallback);
  else assert.deepEqual(outcome.pattern, webExport("breathing").patterns.breath.pattern);
});

test("without navigator.vibrate it reports that it cannot play, and the decision keeps its reason", () => {
  const policy = bundle("metronome");
  const session = new Session(policy);
  const player = new WebPlayer(webExport("metronome"), { navigator: {}, timers: fakes().clock });
  assert.equal(player.canPlay, false);
  session.decide({ t: 0, event: "screen.enter", screen: "metronome" });
  const decision = session.decide({ t: 1, event: "metronome.start" });
  assert.deepEqual(player.play(decision), [{ kind: "cannot-play", why: "no-vibration-api", feedback: "click" }]);
  assert.equal(decision.action, "play");
  const silent = session.decide({ t: 2, event: "metronome.start", params: { bpm: 999 } });
  assert.deepEqual(player.play(silent), [{ kind: "silent", reason: "bad-params" }]);
});

test("preset arrays follow Docs/exports.md, intensity scaling impacts only", () => {
  assert.deepEqual(presetVibration("impact.heavy"), [35]);
  assert.deepEqual(presetVibration("impact.heavy", 0.5), [18]);
  assert.deepEqual(presetVibration("impact.light", 0.1), [5]);
  assert.deepEqual(presetVibration("notification.error", 0.5), [30, 60, 30, 60, 40]);
  assert.equal(presetVibration("impact.nope"), null);
});
