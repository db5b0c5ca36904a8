// `background:` in a bundle (language v3): the reader's strictness and the gate it opens.
// Decisions as a whole are held to the conformance corpus (Conformance/background/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Policy, Session, sha256Hex } from "../dist/index.js";

const plavo = readFileSync(new URL("./fixtures/plavo.bundle.json", import.meta.url), "utf8").split("\n")[0];

/** plavo with `background: {keeps: {feedback: [pulse]}}` (feedback 5), in content and (unless told) in decide. */
function withBackground({ decide = true, extra = "", kept = "pulse" } = {}) {
  const start = plavo.indexOf(',"content":') + ',"content":'.length;
  let body = plavo.slice(start, plavo.length - 1);
  body = `{"background":{"keeps":{"all":false,"feedback":["${kept}"],"layers":[],"rows":[]}${extra}},` + body.slice(1);
  if (decide) body = body.replace('"userLevels":[]}', '"userLevels":[],"background":{"feedback":[5],"rule":{"at":[1,1],"id":"background"},"ruleSlots":[]}}');
  return `{"format":"haptic-policy-bundle","formatVersion":7,"policy":"plavo","hash":"sha256:${sha256Hex(new TextEncoder().encode(body))}","content":${body}}\n`;
}

test("a bundle with background loads; without its lowered keeps, with an unknown field or an undeclared name it is refused", () => {
  Policy.fromBundle(withBackground());
  assert.throws(() => Policy.fromBundle(withBackground({ decide: false })), (e) => e.kind === "damaged" && /decide\.background/.test(e.message));
  assert.throws(() => Policy.fromBundle(withBackground({ extra: ',"colour":1' })), (e) => e.kind === "damaged" && /unknown field 'colour'/.test(e.message));
  assert.throws(() => Policy.fromBundle(withBackground({ kept: "nope" })), (e) => e.kind === "damaged" && /nope/.test(e.message));
});

test("in background a kept pattern plays its fallback with reason background; the rest stays silent background", () => {
  const session = new Session(Policy.fromBundle(withBackground()));
  session.decide({ t: 0, event: "screen.enter", screen: "camera" });
  session.decide({ t: 1, event: "app.state", value: "background" });
  const found = session.decide({ t: 2, event: "plant.found", speaks: true });
  assert.equal(found.action, "play");
  assert.equal(found.fallback, true);
  assert.equal(found.reason, "background");
  const shutter = session.decide({ t: 3, event: "shutter" });
  assert.equal(shutter.action, "silent");
  assert.equal(shutter.reason, "background");
  const plain = new Session(Policy.fromBundle(plavo));
  plain.decide({ t: 0, event: "screen.enter", screen: "camera" });
  plain.decide({ t: 1, event: "app.state", value: "background" });
  assert.equal(plain.decide({ t: 2, event: "plant.found", speaks: true }).reason, "background");
});
