// The package's shape: ESM entry points with type declarations, no runtime dependencies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

test("package.json declares ESM exports with types and no dependencies", () => {
  assert.equal(pkg.type, "module");
  assert.equal(pkg.dependencies, undefined);
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue;
    assert.ok(existsSync(new URL(`../${target.import}`, import.meta.url)), `${entry}: ${target.import}`);
    assert.ok(existsSync(new URL(`../${target.types}`, import.meta.url)), `${entry}: ${target.types}`);
  }
});

test("the runtime imports nothing from node", () => {
  for (const file of ["index", "session", "policyBundle", "bundleJSON", "bundleCoding", "consistency", "decideChecks", "sha256", "store", "policy", "policyIndex"]) {
    const source = readFileSync(new URL(`../dist/${file}.js`, import.meta.url), "utf8");
    assert.doesNotMatch(source, /from "node:|require\(/, file);
  }
});
