// Event data beyond the value (language v3, feature B) through the TypeScript API: the
// `data` field of an event in both forms, and the log reader's `data`. Decisions as a
// whole are held to Conformance/eventdata; these pin what the corpus cannot reach.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Policy, PolicyStore, Session } from "../dist/index.js";
import { EventLogEvaluator, decisionJSON } from "../dist/log/index.js";

const policy = () => Policy.fromBundle(readFileSync(new URL("./fixtures/eventdata.bundle.json", import.meta.url)));

function ride() {
  const session = new Session(policy());
  session.decide({ t: 0, event: "screen.enter", screen: "ride" });
  return session;
}

test("data picks the row, and the level's and row's with: give the parameters, in either form", () => {
  for (const data of [{ direction: "right" }, [{ name: "direction", value: "right" }]]) {
    const session = ride();
    assert.equal(session.decide({ t: 1, event: "turn.distance", value: 400, data }).reason, "baseline");
    const now = session.decide({ t: 2, event: "turn.distance", value: 20, data });
    assert.equal(now.action, "play");
    assert.equal(now.rule, "ride/turn.distance#2@now");
    assert.deepEqual(now.params, [{ name: "side", value: 1 }, { name: "urgency", value: 3 }]);
  }
});

test("bad data is bad-value citing the declaration, and an event without data: ignores it", () => {
  const session = ride();
  const bad = session.decide({ t: 1, event: "turn.distance", value: 90, data: { direction: "left", lane: 2 } });
  assert.equal(bad.reason, "bad-value");
  assert.equal(bad.rule, "events/turn.distance");
  assert.equal(bad.note, "'turn.distance' has no data field 'lane' (events.turn.distance.data declares direction); remove it");
  assert.equal(session.decide({ t: 2, event: "lane.change", data: { lanes: 0 } }).note,
    "'lane.change' needs data 'lanes' to be a number from 1 to 8 (events.lane.change.data.lanes); got 0");
  assert.equal(session.decide({ t: 3, event: "ride.arrived", data: { anything: "x" } }).action, "play");
});

test("the log reader reads data as strictly as params", () => {
  const log = [
    '{"t":0,"event":"screen.enter","screen":"ride"}',
    '{"t":1,"event":"lane.change","data":{"lanes":3}}',
    '{"t":2,"event":"lane.change","data":{"lanes":3,"lanes":4}}',
    '{"t":3,"event":"lane.change","data":"lanes"}',
  ].join("\n") + "\n";
  const out = [...new EventLogEvaluator(policy()).lines(new TextEncoder().encode(log))].map((line) => JSON.parse(decisionJSON(line)));
  assert.equal(out[1].action, "play");
  assert.equal(out[1].feedback, "lane.many");
  assert.equal(out[2].reason, "duplicate-field");
  assert.equal(out[2].note, "data field 'lanes' is written twice in 'data'; keep one");
  assert.equal(out[3].reason, "bad-field");
});

test("the store passes an event's data to its session", () => {
  const store = new PolicyStore(policy());
  store.decide({ t: 0, event: "screen.enter", screen: "ride" });
  assert.equal(store.decide({ t: 1, event: "turn.distance", value: 400, data: { direction: "right" } }).decision.reason, "baseline");
  const now = store.decide({ t: 2, event: "turn.distance", value: 20, data: { direction: "right" } }).decision;
  assert.equal(now.rule, "ride/turn.distance#2@now");
  assert.equal(store.decide({ t: 3, event: "turn.distance", value: 20, data: { direction: "up" } }).decision.reason, "bad-value");
});
