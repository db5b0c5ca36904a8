// The test kit for app teams (haptic-policy/testing, Docs/app-tests.md): a flow passes
// when the policy decides as expected, and fails with a message that names the event, the
// expectation, the decision, the rule with where it is written, and the flow so far.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PolicyStore } from "../dist/index.js";
import { HapticFlow, HapticExpectationError } from "../dist/testing/index.js";

const plavo = () => readFileSync(new URL("./fixtures/plavo.bundle.json", import.meta.url));

test("a flow passes when every expectation holds, and keeps its history", () => {
  const flow = new HapticFlow(plavo());
  assert.equal(flow.enter("camera").reason, "state");
  flow.wait(1);
  const played = flow.expect({ event: "plant.found", speaks: true }, { play: "pulse", render: "pattern:pulse", rule: "camera/plant.found", playReason: null });
  assert.equal(played.action, "play");
  flow.expect("plant.found", { silent: "no-speech", rule: "H-4" });
  flow.expect({ event: "moisture.sample", subject: "p", value: 85 }, { silent: "baseline", band: "soaked" });
  flow.expect({ event: "moisture.sample", subject: "p", value: 78 }, { play: "soil.moist", band: "moist", rule: "camera/moisture.sample@moist" });
  flow.expect({ event: "selector.begin" }, { silent: "directive-only", directives: ["prepare-ticker"] });
  flow.enter("album");
  flow.expect("album.scroll", { silent: true, note: /never on list scrolling/ });
  assert.deepEqual(flow.history.map((step) => step.t), [0, 1, 1, 1, 1, 1, 1, 1]);
  assert.equal(flow.time, 1);
});

test("a failed expectation throws with the decision, its rule and where it is written", () => {
  const flow = new HapticFlow(plavo());
  flow.enter("camera");
  flow.wait(1);
  assert.throws(() => flow.expect("plant.found", { play: "pulse" }), (error) => {
    assert.ok(error instanceof HapticExpectationError);
    assert.equal(error.decision.reason, "no-speech");
    const lines = error.message.split("\n");
    assert.equal(lines[0], "plant.found on camera at 1 s: expected to play pulse, but it stayed silent (no-speech)");
    assert.equal(lines[1], "  differs in: play");
    assert.equal(lines[2], "  decided by: H-4 (plavo.yaml:26:5)");
    assert.deepEqual(lines.slice(-3), [
      "  the flow so far:",
      "    0 s  screen.enter camera → silent state (screens/camera)",
      "    1 s  plant.found → silent no-speech (H-4)",
    ]);
    return true;
  });
});

test("each field of an expectation is checked on its own", () => {
  const flow = new HapticFlow(plavo());
  flow.enter("settings");
  flow.wait(1);
  const fails = (event, expected, field) =>
    assert.throws(() => flow.expect(event, expected), (error) => error.message.includes(`differs in: ${field}\n`), field);
  fails({ event: "data.reset", value: "confirmed" }, { play: "tap" }, "play");
  fails({ event: "data.reset", value: "confirmed" }, { play: "thud", render: "impact.light" }, "render");
  fails({ event: "data.reset", value: "confirmed" }, { rule: "settings/data.reset#2" }, "rule");
  fails({ event: "data.reset", value: "cancelled" }, { silent: "over-budget" }, "silent");
  fails({ event: "data.reset", value: "cancelled" }, { note: "something else" }, "note");
  fails({ event: "data.reset", value: "cancelled" }, { stop: true }, "stop");
  fails({ event: "data.reset", value: "confirmed" }, { directives: ["prepare-engine"] }, "directives");
  fails({ event: "data.reset", value: "confirmed" }, { playReason: "low-power" }, "reason");
  fails({ event: "data.reset", value: "confirmed" }, { band: "moist" }, "band");
  flow.expect({ event: "data.reset", value: "confirmed" }, { play: "thud", render: "impact.heavy", rule: "settings/data.reset#1" });
});

test("a flow drives the app's own store on its device, and its clock only moves forward", () => {
  const store = new PolicyStore(plavo());
  const flow = new HapticFlow(store, { device: { lowPower: true } });
  assert.equal(flow.store, store);
  flow.enter("camera");
  flow.wait(1).expect({ event: "plant.found", speaks: true }, { play: "pulse", render: "impact.rigid", playReason: "low-power" });
  for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) assert.throws(() => flow.wait(bad), RangeError);
});

test("the sample of Docs/app-tests.md runs under node --test", () => {
  const doc = readFileSync(new URL("../../Docs/app-tests.md", import.meta.url), "utf8");
  const block = /```js app-test\n([\s\S]*?)```/.exec(doc);
  assert.ok(block, "no ```js app-test block in Docs/app-tests.md");
  // Written inside the package, the sample's `haptic-policy/testing` resolves to this
  // package's own export; it reads the bundle from its working folder, as an app's test does.
  const folder = mkdtempSync(join(fileURLToPath(new URL(".", import.meta.url)), ".sample-"));
  try {
    writeFileSync(join(folder, "plavo.test.mjs"), block[1]);
    writeFileSync(join(folder, "plavo.bundle.json"), plavo());
    // Run as a test run of its own: without NODE_TEST_CONTEXT, which makes a child report to this runner.
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ["--test", "plavo.test.mjs"], { cwd: folder, encoding: "utf8", env });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /# pass [1-9]/);
    assert.match(run.stdout, /# fail 0/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
