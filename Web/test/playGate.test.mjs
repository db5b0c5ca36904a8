// The TypeScript runtime's play gates (`PLAY_GATES`, in the order `play` runs them) against
// the list Docs/decision-order.md writes down ("Play gates"), as the Swift runtime's
// DecisionOrderTests does for `PlayGate.allCases` and the Kotlin runtime's PlayGateOrderTest
// for `PlayGate.values()`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PLAY_GATES, PLAY_GATE_REASONS } from "../dist/playGate.js";

/** The numbered lines of the doc's "Play gates" section: [gate id, the line]. */
function documentedGates() {
  const text = readFileSync(new URL("../../Docs/decision-order.md", import.meta.url), "utf8");
  let inSection = false;
  const gates = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("## ")) {
      inSection = line.endsWith("Play gates");
      continue;
    }
    const found = inSection ? /^\d+\. `([^`]*)`/.exec(line) : null;
    if (found) gates.push([found[1], line]);
  }
  return gates;
}

test("the doc lists the play gates in the order the session runs them", () => {
  const documented = documentedGates();
  assert.ok(documented.length > 0, "no play gates found in Docs/decision-order.md");
  assert.deepEqual(documented.map(([id]) => id), [...PLAY_GATES]);
});

test("the doc names every reason of each gate", () => {
  const documented = documentedGates();
  PLAY_GATES.forEach((gate, i) => {
    assert.ok(PLAY_GATE_REASONS[gate].length > 0, gate);
    for (const reason of PLAY_GATE_REASONS[gate]) {
      assert.ok(documented[i][1].includes("`" + reason + "`"), `gate ${gate} does not name ${reason}`);
    }
  });
});
