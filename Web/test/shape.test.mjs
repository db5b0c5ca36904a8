// One shape in three runtimes (Conformance/README.md): every file the concern table names
// exists in its runtime, and every Swift, Kotlin or TypeScript file a port's comments cite
// exists, so a reader following a citation from one runtime to another never lands on a
// file that was renamed or split away.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Every file under `folder` (relative to the repository), as repository paths. */
function files(folder) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(join(root, folder));
  return out;
}

const swift = files("Sources").filter((path) => path.endsWith(".swift"));
const kotlin = files("Android").filter((path) => path.endsWith(".kt"));
const typescript = files("Web/src").filter((path) => path.endsWith(".ts"));

/** Whether some file of `among` is `name` or ends with `/name`. */
const exists = (name, among) => among.some((path) => path === name || path.endsWith("/" + name));

test("every file of the concern table exists in its runtime", () => {
  const readme = readFileSync(join(root, "Conformance/README.md"), "utf8");
  const start = readme.indexOf("| Concern | Swift");
  assert.ok(start >= 0, "no concern table in Conformance/README.md");
  const rows = readme.slice(start).split("\n").slice(2).filter((line) => line.startsWith("|"));
  assert.ok(rows.length >= 20, `only ${rows.length} rows`);
  const missing = [];
  for (const row of rows) {
    const [, , swiftCell, kotlinCell, typescriptCell] = row.split("|");
    const named = (cell, extension) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((name) => name.endsWith(extension));
    for (const name of named(swiftCell, ".swift")) if (!exists(name, swift)) missing.push(`Swift ${name}`);
    for (const name of named(kotlinCell, ".kt")) if (!exists(name, kotlin)) missing.push(`Kotlin ${name}`);
    for (const name of named(typescriptCell, ".ts")) if (!exists(name, typescript)) missing.push(`TypeScript ${name}`);
    for (const cell of [swiftCell, kotlinCell, typescriptCell]) {
      assert.ok(cell.trim().length > 0, `an empty cell in: ${row}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every file a port's comments cite exists", () => {
  const ports = [...typescript, ...kotlin.filter((path) => path.includes("/src/main/") || path.includes("/src/player/"))];
  const missing = [];
  for (const port of ports) {
    const text = readFileSync(join(root, port), "utf8");
    for (const [, path] of text.matchAll(/(Sources\/[\w/+.-]+\.swift)/g)) if (!swift.includes(path)) missing.push(`${port}: ${path}`);
    for (const [, name] of text.matchAll(/(?<![/\w])([\w+]+\.swift)\b/g)) if (!exists(name, swift)) missing.push(`${port}: ${name}`);
    for (const [, name] of text.matchAll(/(?<![/\w])(\w+\.kt)\b/g)) if (!exists(name, kotlin)) missing.push(`${port}: ${name}`);
    for (const [, name] of text.matchAll(/(?<![/\w.])([a-z]\w+\.ts)\b/g)) if (!exists(name, typescript)) missing.push(`${port}: ${name}`);
  }
  assert.deepEqual(missing, []);
});
