// Docs/react-native.md's Expo samples: the TypeScript ones compile with tsc against this
// package (its declarations of expo-haptics and expo-modules-core, the generated breathing
// API and an embedded bundle); the shell one's policy commands run (compile, codegen,
// embed-bundle), its npm and expo lines need the registry and a real app (expo.yml runs them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const page = readFileSync(join(root, "Docs/react-native.md"), "utf8");
const expo = page.slice(page.indexOf("## The Expo module"));
const blocks = (lang) => [...expo.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
const hasTsc = spawnSync("tsc", ["--version"]).status === 0;
// Absolute, because the samples run in a scratch folder: scripts/test passes a path
// relative to the repository (.build/debug/haptic-policy).
const cli = process.env.HAPTIC_POLICY_CLI && resolve(process.env.HAPTIC_POLICY_CLI);

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), "expo-docs-"));
  mkdirSync(join(dir, "src"));
  symlinkSync(join(root, "Policies"), join(dir, "Policies"));
  symlinkSync(join(root, "Web"), join(dir, "Web"));
  return dir;
}

test("the shell sample's policy commands run and write what the TypeScript samples import", { skip: !cli && "set HAPTIC_POLICY_CLI to the built haptic-policy" }, () => {
  const [sh] = blocks("sh");
  assert.ok(sh, "no shell sample");
  const dir = workspace();
  let ran = 0;
  for (const line of sh.split("\n").map((l) => l.replace(/\s+#.*$/, "").trim()).filter(Boolean)) {
    const [command, ...args] = line.split(/\s+/);
    if (command !== "haptic-policy" && command !== "node") continue;
    execFileSync(command === "node" ? process.execPath : cli, args, { cwd: dir, stdio: "pipe" });
    ran++;
  }
  assert.equal(ran, 3);
  for (const file of ["breathing.bundle.json", "src/breathingPolicy.ts", "src/breathingBundle.ts"]) assert.ok(existsSync(join(dir, file)), file);
});

test("the TypeScript samples compile against the package", { skip: !hasTsc && "tsc not found (scripts/setup installs node-typescript)" }, () => {
  const samples = blocks("ts");
  assert.ok(samples.length >= 1, "no TypeScript sample");
  const dir = workspace();
  writeFileSync(join(dir, "src/breathingPolicy.ts"), readFileSync(join(root, "Web/expo/example/src/breathingPolicy.ts")));
  writeFileSync(join(dir, "src/breathingBundle.ts"), `export default ${JSON.stringify(readFileSync(join(root, "Web/test/fixtures/breathing.bundle.json"), "utf8"))};\n`);
  samples.forEach((sample, i) => writeFileSync(join(dir, `src/sample${i + 1}.ts`), sample));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "ES2020", module: "ES2020", moduleResolution: "node", lib: ["ES2020", "DOM"], types: [], strict: true,
      noEmit: true, skipLibCheck: true, baseUrl: ".",
      paths: { "haptic-policy-expo": ["Web/expo/src/index.ts"], "haptic-policy": ["Web/src/index.ts"] },
    },
    include: ["src/*.ts", "Web/expo/types/*.d.ts"],
  }));
  const result = spawnSync("tsc", ["-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});
