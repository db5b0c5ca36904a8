/**
 * `eval` in TypeScript: an event log (JSONL bytes) in, eval's JSONL decisions out, line
 * by line as `haptic-policy eval` writes them (Docs/event-log.md).
 */
import type { Decision } from "../decision.js";
import { numberText } from "../numberText.js";
import type { Policy } from "../policy.js";
import { Session, type DeviceState } from "../session.js";
import { JSONLineReader, LineFailure, columnOf, type LineReason } from "./parser.js";

/** The most bytes one line may take: 1 MiB. */
export const MAX_LINE_LENGTH = 1 << 20;

/** One line of the decision log, as a value. */
export type LoggedLine =
  | { kind: "decision"; line: number; t: number; event: string; subject: string | null; decision: Decision; tText?: string; eventText?: string; subjectText?: string | null }
  | { kind: "blank"; line: number }
  | { kind: "invalid"; line: number; column: number; reason: LineReason; message: string; t: number | null; event: string | null };

/** A hot reload of `eval --reload LINE=BUNDLE`: the policy, or `null` when it was refused. */
export interface EvalReload {
  readonly line: number;
  readonly policy: Policy | null;
}

/** Reads an event log's lines and decides them in a fresh session. */
export class EventLogEvaluator {
  /** The session deciding; a reload replaces it with its continuation. */
  session: Session;
  private lastT = -Infinity;
  private lineCount = 0;
  private readonly reloads: readonly EvalReload[];
  private nextReload = 0;
  /** Lines that were invalid. */
  invalidCount = 0;

  /**
   * `reloads` (lines ascending) are `eval --reload`: before the first line at or past
   * `line`, the session continues under `policy` (`Session.continuing`); a `null` policy
   * (a bundle that did not load) keeps the last good one.
   */
  constructor(policy: Policy, device?: Partial<DeviceState>, reloads: readonly EvalReload[] = []) {
    this.session = new Session(policy, { device });
    this.reloads = reloads;
  }

  private applyReloads(line: number): void {
    while (this.nextReload < this.reloads.length && this.reloads[this.nextReload].line <= line) {
      const next = this.reloads[this.nextReload++].policy;
      if (next !== null) this.session = Session.continuing(next, this.session);
    }
  }

  /** Every line of `bytes` (a whole log), in order. */
  *lines(bytes: Uint8Array): Generator<LoggedLine> {
    let start = 0;
    const count = bytes.length;
    while (start < count) {
      let newline = bytes.indexOf(0x0a, start);
      const end = newline < 0 ? count : newline;
      if (end - start > MAX_LINE_LENGTH) {
        this.lineCount++;
        this.applyReloads(this.lineCount);
        this.invalidCount++;
        yield {
          kind: "invalid", line: this.lineCount, column: 1, reason: "line-too-long", t: null, event: null,
          message: `the line is longer than ${MAX_LINE_LENGTH} bytes, the most one event may take; put one JSON object per line, each ending with a newline (is this file an event log?)`,
        };
        if (newline < 0) return;
        start = newline + 1;
        continue;
      }
      yield this.classify(bytes, start, end);
      if (newline < 0) return;
      start = newline + 1;
      newline = -1;
    }
  }

  private classify(bytes: Uint8Array, start: number, end: number): LoggedLine {
    this.lineCount++;
    const line = this.lineCount;
    this.applyReloads(line);
    if (end > start && bytes[end - 1] === 0x0d) end--;
    if (line === 1 && end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
    let blank = true;
    for (let i = start; i < end; i++) if (bytes[i] !== 0x20 && bytes[i] !== 0x09) { blank = false; break; }
    if (blank) return { kind: "blank", line };
    const reader = new JSONLineReader(bytes, start, end);
    let record;
    try {
      record = reader.readRecord();
    } catch (error) {
      if (!(error instanceof LineFailure)) throw error;
      this.invalidCount++;
      return {
        kind: "invalid", line, column: columnOf(error.offset, bytes, start, end), reason: error.reason,
        message: error.message, t: reader.t, event: reader.event,
      };
    }
    if (!(record.t >= this.lastT)) {
      this.invalidCount++;
      return {
        kind: "invalid", line, column: columnOf(record.tStart, bytes, start, end), reason: "time-backwards",
        message: `t ${numberText(record.t)} is before the previous line's ${numberText(this.lastT)}; keep the log in time order`,
        t: record.t, event: record.event,
      };
    }
    this.lastT = record.t;
    const decision = this.session.decide({
      t: record.t, event: record.event, screen: record.screen, subject: record.subject, value: record.value,
      speaks: record.speaks, params: record.params,
    });
    return {
      kind: "decision", line, t: record.t, event: record.event, subject: record.subject, decision,
      tText: record.tText, eventText: record.eventText, subjectText: record.subjectText,
    };
  }
}

/** A decision log line in eval's JSONL contract (key order included), without the newline. */
export function decisionJSON(entry: LoggedLine): string {
  const s = JSON.stringify;
  switch (entry.kind) {
    case "blank":
      return `{"line":${entry.line},"t":null,"event":null,"screen":null,"subject":null,"action":"silent","feedback":null,"layer":null,"render":null,"fallback":false,"reason":"blank-line","note":null,"rule":null,"directives":[],"band":null,"params":null,"loop":null}`;
    case "invalid":
      return `{"line":${entry.line},"column":${entry.column},"t":${entry.t === null ? "null" : s(entry.t)},"event":${s(entry.event)},"screen":null,"subject":null,"action":"invalid","feedback":null,"layer":null,"render":null,"fallback":false,"reason":${s(entry.reason)},"note":${s(entry.message)},"rule":null,"directives":[],"band":null,"params":null,"loop":null}`;
    default: {
      const d = entry.decision;
      const t = entry.tText ?? s(entry.t);
      const event = entry.eventText ?? s(entry.event);
      const subject = entry.subjectText ?? s(entry.subject);
      let out = `{"line":${entry.line},"t":${t},"event":${event},"screen":${j(d.screen)},"subject":${subject},`;
      out += stepJSON(d, true);
      return out + "}";
    }
  }
}

/** JSON text of the strings decisions repeat (names, rules, notes), made once each. */
const jsonCache = new Map<string, string>();
function j(value: string | null): string {
  if (value === null) return "null";
  let text = jsonCache.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (jsonCache.size < 65536) jsonCache.set(value, text);
  }
  return text;
}
const directivesCache = new Map<readonly string[], string>();
function directivesJSON(list: readonly string[]): string {
  let text = directivesCache.get(list);
  if (text === undefined) {
    text = JSON.stringify(list);
    directivesCache.set(list, text);
  }
  return text;
}

function paramsJSON(d: Decision): string {
  if (d.params === null) return "null";
  return "{" + d.params.map((p) => `${JSON.stringify(p.name)}:${JSON.stringify(p.value)}`).join(",") + "}";
}

function stepJSON(d: Decision, top: boolean): string {
  let out = `"action":${j(d.action)},"feedback":${j(d.feedback)},"layer":${j(d.layer)},"render":${j(d.render)},"fallback":${d.fallback},"reason":${j(d.reason)},"note":${j(d.note)},`;
  if (top) out += `"rule":${j(d.rule)},`;
  out += `"directives":${directivesJSON(d.directives)},`;
  if (top) out += `"band":${d.band === null ? "null" : `{"name":${j(d.band.name)},"from":${j(d.band.from)},"to":${j(d.band.to)}}`},`;
  out += `"params":${paramsJSON(d)},"loop":${d.loop === null ? "null" : JSON.stringify(d.loop)}`;
  if (top && d.also.length > 0) out += `,"also":[` + d.also.map((a) => "{" + stepJSON(a, false) + "}").join(",") + "]";
  return out;
}
