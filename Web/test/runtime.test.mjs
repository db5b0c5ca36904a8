// Tests of the TypeScript runtime, run with node's built-in runner after tsc
// (`npm test`, or scripts/test). Decisions as a whole are held to the conformance corpus
// (scripts/conformance scripts/adapters/typescript); these pin the API around them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Policy, PolicyStore, Session, BundleError, numberText, sha256Hex, suggestion } from "../dist/index.js";
import { EventLogEvaluator, decisionJSON } from "../dist/log/index.js";

const fixture = (name) => readFileSync(new URL(`./fixtures/${name}.bundle.json`, import.meta.url));
// Line 1, the runtime part, alone: what the tests edit.
const text = (name) => fixture(name).toString("utf8").split("\n")[0] + "\n";

test("SHA-256 matches node:crypto at every padding boundary", () => {
  for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 70000]) {
    const bytes = randomBytes(length);
    assert.equal(sha256Hex(new Uint8Array(bytes)), createHash("sha256").update(bytes).digest("hex"), `length ${length}`);
  }
});

test("numberText writes numbers as Swift does", () => {
  // Swift's String(Double) outputs, measured with swift 6.3.
  const cases = [[4, "4"], [-3, "-3"], [0.35, "0.35"], [1e-5, "1e-05"], [0.0001, "0.0001"], [0.00012345, "0.00012345"],
    [1e15, "1000000000000000.0"], [1.5e16, "1.5e+16"], [1e16, "1e+16"], [2e21, "2e+21"], [9007199254740992, "9007199254740992.0"], [9007199254740994, "9.007199254740994e+15"], [8.5e15, "8500000000000000.0"],
    [123456789012345678, "1.2345678901234568e+17"], [5e-324, "5e-324"], [1.7976931348623157e308, "1.7976931348623157e+308"],
    [0.1 + 0.2, "0.30000000000000004"], [1e-7, "1e-07"], [-1e-5, "-1e-05"], [60 / 170, "0.35294117647058826"]];
  for (const [value, expected] of cases) assert.equal(numberText(value), expected, String(value));
});

test("a bundle loads with its hash, and every damage is refused with its kind", () => {
  const policy = Policy.fromBundle(fixture("plavo"));
  assert.equal(policy.name, "plavo");
  assert.match(policy.hash, /^sha256:[0-9a-f]{64}$/);
  assert.equal(policy.hash, JSON.parse(text("plavo")).hash);
  const refuse = (input, kind, pattern) => {
    assert.throws(() => Policy.fromBundle(input), (error) => error instanceof BundleError && error.kind === kind && pattern.test(error.message));
  };
  refuse(text("plavo").replace('"warmup":', '"warmup": '), "hash-mismatch", /hash mismatch/);
  refuse(text("plavo").replace('"formatVersion":7', '"formatVersion":3'), "unsupported-version", /version 3 is older .* recompile/);
  refuse(text("plavo").replace('"formatVersion":7', '"formatVersion":4'), "unsupported-version", /version 4 is older .* recompile/);
  refuse(text("plavo").replace('"formatVersion":7', '"formatVersion":5'), "unsupported-version", /version 5 is older than the version 7 .* recompile/);
  refuse(text("plavo").replace('"formatVersion":7', '"formatVersion":6'), "unsupported-version", /version 6 is older than the version 7 .* recompile/);
  refuse(text("plavo").replace('"formatVersion":7', '"formatVersion":8'), "unsupported-version", /version 8 is newer .* update the library/);
  // Line 1 alone decides: a garbage line 2 loads the same, and so does a file without it.
  assert.equal(Policy.fromBundle(text("plavo") + "not json at all\n").hash, policy.hash);
  assert.equal(Policy.fromBundle(text("plavo").trimEnd()).hash, policy.hash);
  refuse('{"format":"haptic-policy-bundle","formatVersion":1,"document":{}}', "unsupported-version", /version 1/);
  refuse("policy: plavo\n", "not-a-bundle", /no bundle header/);
  refuse(text("plavo").replace('"format":"haptic-policy-bundle"', '"format":"other"'), "not-a-bundle", /'format'/);
  refuse(text("plavo").slice(0, 4000), "damaged", /closing brace/);
});

test("content that does not decode is refused naming the place, before anything decides", () => {
  const body = '{"bands":[],"cells":[{"event":0,"rows":[{"action":{"kind":"ring"},"cites":[],"directives":[],"location":[1,1],"rule":"a/e"}],"screen":0}],"events":[{"layer":"ui","name":"e"}],"feedback":[],"hapticsOnly":true,"name":"x","screens":[{"enter":[],"name":"a"}],"source":"x.yaml","warmup":0}';
  const bundle = `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"x","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
  assert.throws(() => Policy.fromBundle(bundle), (error) => error.kind === "damaged" && /at content\.cells\[0\]\.rows\[0\]\.action: unknown kind 'ring' \(known: play, loop, stop, band, silent, none\)/.test(error.message));
  const good = bundle.replace('{"kind":"ring"}', '{"kind":"none"}');
  assert.throws(() => Policy.fromBundle(good), (error) => error.kind === "hash-mismatch");
});

test("decisions are a discriminated union: a play has a render, a silence a reason", () => {
  const session = new Session(Policy.fromBundle(fixture("metronome")));
  session.decide({ t: 0, event: "screen.enter", screen: "metronome" });
  const play = session.decide({ t: 1, event: "metronome.start", params: { bpm: 90 } });
  assert.equal(play.action, "play");
  if (play.action === "play") assert.equal(typeof play.render, "string");
  assert.deepEqual(play.params, [{ name: "bpm", value: 90 }]);
  assert.equal(play.loop, 60 / 90);
  const bad = session.decide({ t: 2, event: "metronome.start", params: { bpm: 400 } });
  assert.equal(bad.action, "silent");
  assert.equal(bad.reason, "bad-params");
  assert.equal(bad.note, "bpm 400 is above the maximum 300; use 20 to 300");
  const unknown = session.decide({ t: 3, event: "metronome.strat" });
  assert.equal(unknown.reason, "unknown-event");
  assert.equal(unknown.rule, null);
});

test("device state, parameters and user levels change what the session decides", () => {
  const policy = Policy.fromBundle(fixture("stride"));
  const session = new Session(policy, { device: { lowPower: true } });
  assert.equal(session.device.lowPower, true);
  assert.equal(session.parameter("max_hr"), 190);
  const set = session.decide({ t: 0, event: "profile.set", value: 170 });
  assert.equal(set.reason, "state");
  assert.equal(set.note, "max_hr is now 170; band 'heart' edges now 102, 119, 136, 153");
  assert.equal(session.parameter("max_hr"), 170);
  const refused = session.decide({ t: 1, event: "profile.set", value: 500 });
  assert.equal(refused.reason, "bad-state");
  assert.equal(session.parameter("max_hr"), 170);
  assert.equal(session.userLevelName, "full");
  assert.equal(session.decide({ t: 2, event: "haptics.level", value: "essentials" }).note, "the haptics level is now essentials");
  assert.equal(session.userLevelName, "essentials");
  assert.equal(session.decide({ t: 3, event: "haptics.level", value: "loud" }).reason, "bad-state");
  assert.equal(session.userLevelName, "essentials");
});

test("the store keeps the last good policy when a reload is refused, and carries state over", () => {
  const store = new PolicyStore(fixture("stride"));
  const first = store.current.hash;
  store.decide({ t: 0, event: "profile.set", value: 170 });
  store.decide({ t: 0.5, event: "haptics.level", value: "essentials" });
  const refused = store.reload(text("stride").replace('"warmup":', '"warmup": '));
  assert.equal(refused.applied, false);
  assert.equal(refused.error.kind, "hash-mismatch");
  assert.equal(store.current.hash, first);
  const applied = store.reload(fixture("stride"));
  assert.equal(applied.applied, true);
  assert.equal(store.snapshot.parameter("max_hr"), 170);
  assert.equal(store.snapshot.userLevelName, "essentials");
  const decided = store.decide({ t: 1, event: "screen.enter", screen: "workout" });
  assert.equal(decided.policyHash, first);
});

test("hot reload continues band levels by name", () => {
  const store = new PolicyStore(fixture("stride"));
  store.decide({ t: 0, event: "screen.enter", screen: "workout" });
  assert.equal(store.decide({ t: 1, event: "pace.sample", value: 6.5 }).decision.reason, "baseline");
  store.reload(Policy.fromBundle(fixture("stride")));
  assert.equal(store.snapshot.bandLevel("pace", "pace.sample"), "easy");
  assert.equal(store.decide({ t: 2, event: "pace.sample", value: 6.6 }).decision.reason, "same-band");
});

test("integration mistakes are reported once each, with the nearest name", () => {
  const store = new PolicyStore(fixture("plavo"));
  const seen = [];
  store.onIntegrationMistake = (m) => seen.push(m);
  store.decide({ t: 0, event: "screen.enter", screen: "camera" });
  store.decide({ t: 1, event: "plant.fund" });
  store.decide({ t: 2, event: "plant.fund" });
  store.decide({ t: 3, event: "plant.found", screen: "camra" });
  assert.deepEqual(seen.map((m) => [m.kind, m.name, m.suggestion]), [["unknown-event", "plant.fund", "plant.found"], ["unknown-screen", "camra", "camera"]]);
  assert.equal(seen[0].message, "event 'plant.fund' is not in the catalogue; did you mean 'plant.found'?");
  assert.equal(suggestion("zzzzzz", ["camera"]), null);
});

test("the log reader gives eval's invalid lines: reason, column and message", () => {
  const evaluator = new EventLogEvaluator(Policy.fromBundle(fixture("plavo")));
  const log = '{"t":1,"event":"x"}\n\n{"t":0.5,"event":"x"}\n{"t":2,"event":"x","t":3}\nbad\n{"t":"1","event":"x"}\r\n';
  const lines = [...evaluator.lines(new TextEncoder().encode(log))].map((l) => JSON.parse(decisionJSON(l)));
  assert.deepEqual(lines.map((l) => l.reason), ["unknown-event", "blank-line", "time-backwards", "duplicate-field", "bad-json", "bad-field"]);
  assert.deepEqual(lines.map((l) => l.column ?? null), [null, null, 6, 20, 1, 6]);
  assert.equal(lines[2].note, "t 0.5 is before the previous line's 1; keep the log in time order");
  assert.equal(lines[4].note, "a log line must be one JSON object starting with '{'; found 'b'");
  assert.equal(evaluator.invalidCount, 4);
});

test("an invalid line's t is written as Swift writes it: 1e-07, not 1e-7", () => {
  const evaluator = new EventLogEvaluator(Policy.fromBundle(fixture("plavo")));
  const log = '{"t":1,"event":"x"}\n{"t":1e-7,"event":"x"}\n{"t":0.5,"event":"x"}\n';
  const texts = [...evaluator.lines(new TextEncoder().encode(log))].map((l) => decisionJSON(l));
  assert.match(texts[1], /"t":1e-07,/);
  assert.match(texts[2], /"t":0\.5,/);
});

test("eval --reload continues the session before the first line at or past LINE; a refused reload keeps the policy", () => {
  const log = new TextEncoder().encode(
    '{"t":0,"event":"screen.enter","screen":"metronome"}\n\n{"t":1,"event":"metronome.start","params":{"bpm":90}}\n',
  );
  const decide = (reloads) => [...new EventLogEvaluator(Policy.fromBundle(fixture("metronome")), undefined, reloads).lines(log)].map(decisionJSON);
  const plain = decide([]);
  assert.deepEqual(decide([{ line: 2, policy: null }]), plain);
  assert.deepEqual(decide([{ line: 9, policy: Policy.fromBundle(fixture("plavo")) }]), plain);
  const reloaded = decide([{ line: 2, policy: Policy.fromBundle(fixture("plavo")) }]);
  assert.equal(reloaded[0], plain[0]);
  assert.equal(reloaded[1], plain[1]);
  assert.notEqual(reloaded[2], plain[2]);
  assert.equal(JSON.parse(reloaded[2]).screen, "metronome");
  assert.equal(JSON.parse(reloaded[2]).reason, "unknown-event");
});

test("the decide tables are required and read strictly: a missing, unknown or out-of-range field is refused naming the place", () => {
  const rebundle = (mutate) => {
    const content = JSON.parse(text("stride")).content;
    mutate(content);
    const body = JSON.stringify(content);
    return `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"stride","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
  };
  assert.equal(Policy.fromBundle(rebundle(() => {})).name, "stride");
  const refuse = (mutate, pattern) => {
    assert.throws(() => Policy.fromBundle(rebundle(mutate)), (error) => error.kind === "damaged" && pattern.test(error.message), String(pattern));
  };
  refuse((c) => { delete c.decide; }, /at content: missing field 'decide'/);
  refuse((c) => { c.decide.extra = 1; }, /content\.decide: unknown field 'extra'/);
  refuse((c) => { c.decide.table[0] = c.cells.length; }, /content\.decide\.table\[0\]: index/);
  refuse((c) => { c.decide.table.pop(); }, /content\.decide\.table: \d+ entries, expected \d+ \(one per screen and event\)/);
  refuse((c) => { c.decide.events.reverse(); }, /content\.decide\.events: not the state, setting and catalogue events/);
  refuse((c) => { c.decide.rows[1][0].signal = 9; }, /content\.decide\.rows\[1\]\[0\]\.signal: index 9/);
  refuse((c) => { c.decide.budgets[0].firstRing = 1; }, /the budgets' rings are not consecutive/);
  refuse((c) => { c.decide.edges[1][0] = { param: 5 }; }, /content\.decide\.edges\[1\]\[0\]\.param: index 5/);
  refuse((c) => { c.decide.bandLevels[0].pop(); }, /content\.decide\.bandLevels\[0\]: \d+ entries, expected \d+ \(one per level\)/);
  refuse((c) => { c.decide.userLevels[0].feedback.push(99); }, /content\.decide\.userLevels\[0\]\.feedback\[\d+\]: index 99/);
});

test("decisions cite the rule ids of the decide tables, not ids the reader makes up", () => {
  const content = JSON.parse(text("stride")).content;
  content.decide.ruleSlots[0] = "lowered/button.tap";
  const body = JSON.stringify(content);
  const bundle = `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"stride","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
  const session = new Session(Policy.fromBundle(bundle));
  session.decide({ t: 0, event: "screen.enter", screen: "summary" });
  assert.equal(session.decide({ t: 1, event: "button.tap" }).rule, "lowered/button.tap");
});

test("the whole content is read strictly, as the Swift and Kotlin readers do: unknown fields, wrong types and unknown names are refused naming the path", () => {
  const rebundle = (mutate) => {
    const content = JSON.parse(text("stride")).content;
    mutate(content);
    const body = JSON.stringify(content);
    return `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"stride","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
  };
  const refuse = (mutate, pattern) => {
    assert.throws(() => Policy.fromBundle(rebundle(mutate)), (error) => {
      assert.equal(error.kind, "damaged");
      assert.match(error.message, /^bundle is truncated or damaged \(the content cannot be decoded: at content/);
      assert.match(error.message, pattern);
      return true;
    }, String(pattern));
  };
  const pattern = (c) => c.feedback.find((f) => f.body.kind === "pattern");
  const preset = (c) => c.feedback.find((f) => f.body.kind === "preset");
  refuse((c) => { c.colour = "red"; }, /at content: unknown field 'colour'\)/);
  refuse((c) => { delete c.cells[0].rows[0].location; }, /at content\.cells\[0\]\.rows\[0\]: missing field 'location'\)/);
  // What only the tools read is no field of line 1.
  refuse((c) => { c.location = [1, 1]; }, /at content: unknown field 'location'\)/);
  refuse((c) => { c.invariants = []; }, /at content: unknown field 'invariants'\)/);
  refuse((c) => { c.screens[0].note = "x"; }, /at content\.screens\[0\]: unknown field 'note'\)/);
  refuse((c) => { c.warmup = "0.5"; }, /at content\.warmup: expected a number, found a string\)/);
  refuse((c) => { c.hapticsOnly = null; }, /at content\.hapticsOnly: expected a value, found null/);
  refuse((c) => { c.screens[0].name = 3; }, /at content\.screens\[0\]\.name: expected a string, found a number\)/);
  refuse((c) => { c.screens[0].enter = ["prepare-engin"]; }, /at content\.screens\[0\]\.enter\[0\]: unknown directive 'prepare-engin' \(known: prepare-engine, /);
  refuse((c) => { c.events[0].value = "colour"; }, /at content\.events\[0\]\.value: unknown value 'colour' \(known: number, bool, string\)\)/);
  refuse((c) => { c.events[0].screens = [0.5]; }, /at content\.events\[0\]\.screens\[0\]: expected an integer, found 0\.5\)/);
  refuse((c) => { c.cells[0].rows[0].location = [76]; }, /at content\.cells\[0\]\.rows\[0\]\.location: a position is \[line, column\] or \[line, column, file\]\)/);
  refuse((c) => { c.cells[0].rows[0].extra = true; }, /at content\.cells\[0\]\.rows\[0\]: unknown field 'extra'\)/);
  refuse((c) => { c.cells[0].rows[0].ticker = "tock"; }, /at content\.cells\[0\]\.rows\[0\]\.ticker: unknown value 'tock'/);
  refuse((c) => { c.cells[0].rows[0].action.feedback = 0; }, /at content\.cells\[0\]\.rows\[0\]\.action: unknown field 'feedback'\)/);
  refuse((c) => { c.cells[0].rows[0].condition = { range: { above: 1, "at-least": 2 } }; }, /at content\.cells\[0\]\.rows\[0\]\.condition\.range: a range has at most one bound on each side\)/);
  refuse((c) => { preset(c).body.preset = "impact.loud"; }, /\.body\.preset: unknown preset 'impact\.loud' \(known: impact\.light, /);
  refuse((c) => { pattern(c).body.pattern.events[0].curves = [{ parameter: "volume", points: [] }]; }, /\.body\.pattern\.events\[0\]\.curves\[0\]\.parameter: unknown value 'volume'/);
  refuse((c) => { pattern(c).body.pattern.events[0].time = { op: "^", args: [1, 2] }; }, /\.body\.pattern\.events\[0\]\.time: unknown op '\^' \(known: neg, \+, -, \*, \/\)\)/);
  refuse((c) => { pattern(c).body.pattern.events[0].time = { op: "neg", args: [1, 2] }; }, /\.time: 'neg' takes one argument\)/);
  refuse((c) => { preset(c).fallback = { kind: "haptic" }; }, /\.fallback: unknown kind 'haptic' \(known: none, preset, sequence\)\)/);
  refuse((c) => { const f = preset(c); f.platforms = { web: { ...f, platforms: {} } }; }, /\.platforms\.web: a platform plan has no platforms itself\)/);
  refuse((c) => { c.decide.budgets[0].scope = { kind: "planet" }; }, /at content\.decide\.budgets\[0\]\.scope: unknown kind 'planet' \(known: each-screen, screen, layer, events\)\)/);
  refuse((c) => { c.decide.budgets[0].scope = { kind: "events" }; }, /at content\.decide\.budgets\[0\]\.scope: missing field 'events'\)/);
  refuse((c) => { c.decide.budgets[0].scope = { kind: "events", events: [1] }; }, /at content\.decide\.budgets\[0\]\.scope\.events\[0\]: expected a string, found a number\)/);
  refuse((c) => { c.events[0].endsSubject = "yes"; }, /at content\.events\[0\]\.endsSubject: expected a boolean, found a string\)/);
  refuse((c) => { c.decide.endsSubject = {}; }, /at content\.decide\.endsSubject: expected an array, found an object\)/);
  refuse((c) => { c.decide.endsSubject = [0]; }, /at content\.decide\.endsSubject\[0\]: index 0 out of range \(/);
  refuse((c) => { c.decide.budgets[0].max = 2.5; }, /at content\.decide\.budgets\[0\]\.max: expected an integer, found 2\.5\)/);
  refuse((c) => { c.bands[0].levels[0].location = [1, "2"]; }, /at content\.bands\[0\]\.levels\[0\]\.location\[1\]: expected a number, found a string\)/);
  refuse((c) => { c.userLevels.levels[0].keeps.all = "yes"; }, /at content\.userLevels\.levels\[0\]\.keeps\.all: expected a boolean, found a string\)/);
  refuse((c) => { c.parameters[0].unit = 1; }, /at content\.parameters\[0\]\.unit: expected a string, found a number\)/);
  refuse((c) => { c.decide.ruleSlots = {}; }, /at content\.decide\.ruleSlots: expected an array, found an object\)/);
  refuse((c) => { c.decide.screenRules[0].at = "76:15"; }, /at content\.decide\.screenRules\[0\]\.at: expected an array, found a string\)/);
  assert.equal(Policy.fromBundle(rebundle(() => {})).name, "stride");
});

test("a content of the right shape that does not hang together is refused with what is wrong, as the Kotlin reader words it", () => {
  const rebundle = (mutate) => {
    const content = JSON.parse(text("stride")).content;
    mutate(content);
    const body = JSON.stringify(content);
    return `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"stride","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
  };
  const refuse = (mutate, message) => {
    assert.throws(() => Policy.fromBundle(rebundle(mutate)), (error) => {
      assert.equal(error.kind, "damaged");
      assert.equal(error.message, `bundle is truncated or damaged (${message}); recompile it`);
      return true;
    }, message);
  };
  refuse((c) => { c.screens[1].name = c.screens[0].name; }, `screen '${JSON.parse(text("stride")).content.screens[0].name}' is declared twice`);
  refuse((c) => { c.events[1].name = "app.state"; }, "event 'app.state' is declared twice");
  refuse((c) => { c.feedback[0].layer = "nowhere"; }, `feedback '${JSON.parse(text("stride")).content.feedback[0].name}' is on undeclared layer 'nowhere'`);
  refuse((c) => { c.bands[0].hysteresis = -1; }, `band '${JSON.parse(text("stride")).content.bands[0].name}' has a bad hysteresis`);
  refuse((c) => { c.bands[0].levels[1].below = c.bands[0].levels[0].below; }, `the edges of band '${JSON.parse(text("stride")).content.bands[0].name}' are not finite and ascending`);
  refuse((c) => { c.cells[1].rows[0].rule = c.cells[0].rows[0].rule; }, `rule id '${JSON.parse(text("stride")).content.cells[0].rows[0].rule}' is given twice`);
  refuse((c) => { c.parameters[0].defaultValue = c.parameters[0].max + 1; }, `parameter '${JSON.parse(text("stride")).content.parameters[0].name}' has no usable range and default`);
  refuse((c) => { c.userLevels.start = "nobody"; }, "user-levels starts at undeclared level 'nobody'");
});

test("a screen's otherwise: cells and in-gesture conditions load, decide, and a damaged one is refused", () => {
  // Conformance/tables/policy.yaml, compiled: two cells marked otherwise share the rule search/otherwise.
  const session = new Session(Policy.fromBundle(fixture("tables")));
  session.decide({ t: 0, event: "screen.enter", screen: "search" });
  const open = session.decide({ t: 1, event: "result.open" });
  assert.equal(open.reason, "designer");
  assert.equal(open.rule, "search/otherwise");
  assert.equal(session.decide({ t: 2, event: "picker.tick" }).rule, "search/picker.tick#2");
  session.decide({ t: 3, event: "picker.begin" });
  assert.equal(session.decide({ t: 3.1, event: "picker.tick" }).action, "play");
  const rehash = (content) => `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"tables","hash":"sha256:${sha256Hex(new TextEncoder().encode(content))}","content":${content}}\n`;
  const whole = text("tables").trimEnd();
  const content = whole.slice(whole.indexOf(',"content":') + ',"content":'.length, -1);
  const renamed = content.replace('"rule":"search/otherwise"', '"rule":"search/result.open"');
  assert.throws(() => Policy.fromBundle(rehash(renamed)), (error) => error.kind === "damaged" && /otherwise cell/.test(error.message));
  const notBool = content.replace('"inGesture":true', '"inGesture":"yes"');
  assert.throws(() => Policy.fromBundle(rehash(notBool)), (error) => error.kind === "damaged" && /inGesture/.test(error.message));
});

test("an otherwise cell for an event that cannot occur on its screen, or that everywhere: decides, is refused (as the Swift and Kotlin readers do)", () => {
  // The same two damaged bundles as ScreenDefaultTests (Swift) and BundleReaderTest (Kotlin):
  // result.open (the first otherwise cell) made to occur on map only; the second otherwise cell
  // (list.settle) turned into one for button.tap, which everywhere: decides.
  const rehash = (content) => `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"tables","hash":"sha256:${sha256Hex(new TextEncoder().encode(content))}","content":${content}}\n`;
  const whole = text("tables").trimEnd();
  const content = whole.slice(whole.indexOf(',"content":') + ',"content":'.length, -1);
  const offScreen = content.replace('"name":"result.open"}', '"name":"result.open","screens":[1]}');
  assert.notEqual(offScreen, content);
  assert.throws(() => Policy.fromBundle(rehash(offScreen)), (error) => error.kind === "damaged" && error.message.includes("the otherwise cell of screen 'search' decides 'result.open', which cannot occur on it"));
  const everywhere = content.replace('{"event":4,"otherwise":true', '{"event":5,"otherwise":true');
  assert.notEqual(everywhere, content);
  assert.throws(() => Policy.fromBundle(rehash(everywhere)), (error) => error.kind === "damaged" && error.message.includes("the otherwise cell of screen 'search' decides 'button.tap', which everywhere: decides"));
});
