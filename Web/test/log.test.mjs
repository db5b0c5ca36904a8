// Tests of haptic-policy/log's fast paths: numbers read without their text, and eval's
// JSONL written as bytes (EventLogEvaluator.evaluate + DecisionLogWriter) exactly as
// decisionJSON writes each line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Policy } from "../dist/index.js";
import { DecisionLogWriter, EventLogEvaluator, JSONLineReader, LineFailure, MAX_LINE_LENGTH, decisionJSON } from "../dist/log/index.js";

const fixture = (name) => readFileSync(new URL(`./fixtures/${name}.bundle.json`, import.meta.url));

function readNumber(text) {
  const bytes = new TextEncoder().encode(text);
  const reader = new JSONLineReader(bytes, 0, bytes.length);
  const value = reader.readNumber("bad-field");
  assert.equal(reader.index, bytes.length, text);
  return value;
}

test("the log reader reads every number as Number(text) does, to the last bit", () => {
  const fixed = ["0", "-0", "-0.0", "0.000", "1", "10", "0.1", "0.2", "0.30000000000000004", "1.50", "9007199254740993",
    "123456789012345", "1234567890123456", "0.000000000000000000001", "0.0000000000000000000001", "4.35", "1e3", "1E-7",
    "2.5e+2", "-17.125", "999999999999999.9", "0.1234567890123456789", "1000000000000000000000000"];
  for (const text of fixed) assert.ok(Object.is(readNumber(text), Number(text)), text);
  let seed = 22;
  const next = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const digits = (n) => Array.from({ length: n }, () => String(next(10))).join("");
  for (let i = 0; i < 20000; i++) {
    let text = next(4) === 0 ? "-" : "";
    const whole = digits(1 + next(17)).replace(/^0+(?=.)/, "");
    text += whole;
    if (next(4) !== 0) text += "." + digits(1 + next(25));
    if (next(8) === 0) text += "e" + (next(2) ? "-" : "") + String(next(30));
    assert.ok(Object.is(readNumber(text), Number(text)), text);
  }
});

test("evaluate writes the bytes decisionJSON writes for each line, tokens echoed as written, across buffer flushes", () => {
  const policy = Policy.fromBundle(fixture("plavo"));
  const log = [
    '\ufeff{"t":0,"event":"screen.enter","screen":"camera"}',
    '{"t":0.50,"event":"plant.\\u0066ound","subject":"m\u00f6nstera","speaks":true}',
    "",
    '{"t":1.0e0,"event":"plant.found","subject":null}',
    '{"t":2,"event":"button.tap","screen":"camera"}\r',
    '{"t":1,"event":"button.tap"}',
    "not json",
    '{"t":3,"event":"scanner.confidence","value":0.93,"subject":"fern"}',
    '{"t":4,"event":"nope.\u00e9","extra":[1,{"a":"\\n"}]}',
  ].join("\n") + "\n";
  const bytes = new TextEncoder().encode(log);
  const expected = [...new EventLogEvaluator(policy).lines(bytes)].map((line) => decisionJSON(line) + "\n").join("");
  const chunks = [];
  let flushes = 0;
  const evaluator = new EventLogEvaluator(policy);
  evaluator.evaluate(bytes, new DecisionLogWriter((chunk) => {
    flushes++;
    chunks.push(Buffer.from(chunk));
  }, 256));
  const written = Buffer.concat(chunks).toString("utf8");
  assert.ok(flushes > 3, `the 256-byte buffer was handed over ${flushes} times`);
  assert.equal(written, expected);
  assert.equal(evaluator.invalidCount, 2);
  const lines = written.trimEnd().split("\n");
  assert.equal(lines.length, 9);
  assert.match(lines[1], /^\{"line":2,"t":0\.50,"event":"plant\.\\u0066ound","screen":"camera","subject":"m\u00f6nstera",/);
  assert.match(lines[3], /^\{"line":4,"t":1\.0e0,"event":"plant\.found","screen":"camera","subject":null,/);
  for (const line of lines) JSON.parse(line);
  const decided = [...new EventLogEvaluator(policy).lines(bytes)][1];
  assert.deepEqual([decided.tText, decided.eventText, decided.subjectText, decided.t, decided.event], ["0.50", '"plant.\\u0066ound"', '"m\u00f6nstera"', 0.5, "plant.found"]);
});

/** A line just under 1 MiB whose `data` holds tens of thousands of distinct keys, then `tail` before `}`. */
function wideDataLine(tail) {
  const parts = [];
  let length = 0;
  for (let n = 0; length < MAX_LINE_LENGTH - 64; n++) {
    const part = `"k${n}":0`;
    parts.push(part);
    length += part.length + 1;
  }
  return new TextEncoder().encode(`{"t":1,"event":"turn","data":{${parts.join(",")}${tail}}}`);
}

test("the log reader reads the data of a 1 MiB line in linear time", () => {
  // ~90,000 distinct keys: the duplicate check scanned every earlier key per key (~55 s).
  const started = performance.now();
  const line = wideDataLine("");
  assert.ok(line.length < MAX_LINE_LENGTH);
  const record = new JSONLineReader(line, 0, line.length).readRecord();
  const twice = wideDataLine(',"k7":1');
  let failure;
  try {
    new JSONLineReader(twice, 0, twice.length).readRecord();
  } catch (error) {
    failure = error;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`two ~1 MiB data lines read in ${seconds.toFixed(3)} s`);
  assert.ok(record.data.length > 80000);
  assert.equal(record.data[0].name, "k0");
  assert.ok(failure instanceof LineFailure);
  assert.equal(failure.reason, "duplicate-field");
  assert.equal(failure.message, "data field 'k7' is written twice in 'data'; keep one");
  assert.equal(failure.offset, twice.length - ',"k7":1}}'.length + 1);
  assert.ok(seconds < 10, `two 1 MiB lines took ${seconds} s`);
});
