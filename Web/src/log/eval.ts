/**
 * `eval` in TypeScript: an event log (JSONL bytes) in, eval's JSONL decisions out, line
 * by line as `haptic-policy eval` writes them (Docs/event-log.md).
 */
import type { Decision } from "../decision.js";
import { numberText } from "../numberText.js";
import type { Policy } from "../policy.js";
import { Session, type DeviceState } from "../session.js";
import { utf8DecodeStrict } from "../utf8.js";
import { JSONLineReader, columnOf } from "./eventLogParser.js";
import { LineFailure, type LineReason, type LogRecord } from "./logRecord.js";
import { DecisionLogWriter } from "./writer.js";

/** The most bytes one line may take: 1 MiB. */
export const MAX_LINE_LENGTH = 1 << 20;

/** One line of the decision log, as a value. */
export type LoggedLine =
  | { kind: "decision"; line: number; t: number; event: string; subject: string | null; decision: Decision; readonly tText?: string; readonly eventText?: string; readonly subjectText?: string | null }
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
    while (start < bytes.length) {
      start = this.step(bytes, start);
      yield this.current ?? new DecisionLine(this.record!, this.decision!, this.lineCount, bytes, this.lineStart);
    }
  }

  /**
   * Decides every line of `bytes` (a whole log) and writes eval's JSONL for each into
   * `writer` (flushed at the end): `lines()` and `DecisionLogWriter.line` without an
   * object or string per line.
   */
  evaluate(bytes: Uint8Array, writer: DecisionLogWriter): void {
    let start = 0;
    while (start < bytes.length) {
      start = this.step(bytes, start);
      if (this.current !== null) {
        writer.line(this.current);
        continue;
      }
      const r = this.record!;
      const o = this.lineStart;
      writer.decision(this.lineCount, this.decision!, bytes, o + r.tStart, o + r.tEnd, o + r.eventStart, o + r.eventEnd, r.subjectStart < 0 ? -1 : o + r.subjectStart, o + r.subjectEnd);
    }
    writer.flush();
  }

  /** The line decided last when `step` left `current` null: its record and decision. */
  private record: LogRecord | null = null;
  private decision: Decision | null = null;
  private lineStart = 0;
  /** The blank or invalid line `step` read last; null when it was decided. */
  private current: LoggedLine | null = null;

  /** Reads and decides the line at `start`; returns where the next one starts. */
  private step(bytes: Uint8Array, start: number): number {
    const count = bytes.length;
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? count : newline;
    if (end - start > MAX_LINE_LENGTH) {
      this.lineCount++;
      this.applyReloads(this.lineCount);
      this.invalidCount++;
      this.current = {
        kind: "invalid", line: this.lineCount, column: 1, reason: "line-too-long", t: null, event: null,
        message: `the line is longer than ${MAX_LINE_LENGTH} bytes, the most one event may take; put one JSON object per line, each ending with a newline (is this file an event log?)`,
      };
    } else {
      this.current = this.classify(bytes, start, end);
    }
    return newline < 0 ? count : newline + 1;
  }

  private classify(bytes: Uint8Array, start: number, end: number): LoggedLine | null {
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
    this.decision = this.session.decide({
      t: record.t, event: record.event, screen: record.screen, subject: record.subject, value: record.value,
      speaks: record.speaks, params: record.params, data: record.data,
    });
    this.record = record;
    this.lineStart = start;
    return null;
  }
}

/** A decided line of `lines()`; the tokens as written are decoded from the log when asked for. */
class DecisionLine {
  readonly kind = "decision";
  readonly t: number;
  readonly event: string;
  readonly subject: string | null;

  constructor(private readonly record: LogRecord, readonly decision: Decision, readonly line: number, private readonly bytes: Uint8Array, private readonly start: number) {
    this.t = record.t;
    this.event = record.event;
    this.subject = record.subject;
  }

  private text(from: number, to: number): string {
    return utf8DecodeStrict(this.bytes, this.start + from, this.start + to) ?? "null";
  }

  /** `t` as written. */
  get tText(): string { return this.text(this.record.tStart, this.record.tEnd); }
  /** `event` as written, quotes and escapes included. */
  get eventText(): string { return this.text(this.record.eventStart, this.record.eventEnd); }
  /** `subject` as written, or null when the line has none. */
  get subjectText(): string | null { return this.record.subjectStart < 0 ? null : this.text(this.record.subjectStart, this.record.subjectEnd); }
}

/** A decision log line in eval's JSONL contract (key order included), without the newline. */
export function decisionJSON(entry: LoggedLine): string {
  const chunks: Uint8Array[] = [];
  const writer = new DecisionLogWriter((chunk) => chunks.push(chunk.slice()));
  writer.line(entry);
  writer.flush();
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const all = new Uint8Array(length);
  length = 0;
  for (const chunk of chunks) {
    all.set(chunk, length);
    length += chunk.length;
  }
  return utf8DecodeStrict(all, 0, all.length - 1)!;
}
