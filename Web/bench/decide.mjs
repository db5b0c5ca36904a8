// The TypeScript runtime's decide time: node Web/bench/decide.mjs BUNDLE LOG [COUNT]
// Reads the log's events once (the log reader, not timed), then times single
// Session.decide calls by name (process.hrtime.bigint around each; median and p99), and
// the mean over the whole run. Prints one JSON object. Used by scripts/web-bench.
import { readFileSync } from "node:fs";
import { Policy, Session } from "../dist/index.js";
import { EventLogEvaluator } from "../dist/log/index.js";

const [bundlePath, logPath, countText] = process.argv.slice(2);
const policy = Policy.fromBundle(new Uint8Array(readFileSync(bundlePath)));
const bytes = new Uint8Array(readFileSync(logPath));
const limit = Number(countText ?? 1_000_000);
// Read the events with the log reader (deciding them once, which also warms the JIT).
const events = [];
const reader = new EventLogEvaluator(policy);
for (const line of reader.lines(bytes)) {
  if (line.kind !== "decision") continue;
  events.push({ t: line.t, event: line.event, screen: undefined, subject: line.subject, value: undefined });
  if (events.length >= limit) break;
}
// The reader gave names and times; take the other fields from the JSON (untimed).
const text = new TextDecoder().decode(bytes).split("\n");
for (let i = 0; i < events.length; i++) {
  const record = JSON.parse(text[i]);
  events[i] = { t: record.t, event: record.event, screen: record.screen ?? null, subject: record.subject ?? null, value: record.value ?? null, speaks: record.speaks === true, params: record.params ?? undefined };
}
function run(timed) {
  const session = new Session(policy);
  const samples = timed ? new Float64Array(events.length) : null;
  let plays = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < events.length; i++) {
    if (timed) {
      const a = process.hrtime.bigint();
      const d = session.decide(events[i]);
      samples[i] = Number(process.hrtime.bigint() - a);
      if (d.action === "play") plays++;
    } else if (session.decide(events[i]).action === "play") plays++;
  }
  return { ns: Number(process.hrtime.bigint() - start), samples, plays };
}
run(false);
const whole = run(false);
const timed = run(true);
const sorted = Array.from(timed.samples).sort((a, b) => a - b);
let overhead = Infinity;
for (let i = 0; i < 100000; i++) {
  const a = process.hrtime.bigint();
  overhead = Math.min(overhead, Number(process.hrtime.bigint() - a));
}
console.log(JSON.stringify({
  decisions: events.length, plays: whole.plays,
  medianNs: sorted[Math.floor(sorted.length / 2)], p99Ns: sorted[Math.floor(sorted.length * 0.99)],
  meanNs: Math.round(whole.ns / events.length), timerOverheadNs: overhead,
}));
