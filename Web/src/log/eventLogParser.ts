/**
 * The event-log line reader (Docs/event-log.md), ported from the Swift tooling's
 * EventLogParser: the same errors, reasons, messages and columns. The record and its fields
 * are read here; the JSON beneath them by jsonReader.ts.
 */
import type { Scalar } from "../content.js";
import type { PlayParameter } from "../decision.js";
import { utf8DecodeStrict } from "../utf8.js";
import type { LineFailure, LineReason, LogRecord } from "./logRecord.js";
import { internASCII } from "./nameInterner.js";
import { JSONReader, isDigit } from "./jsonReader.js";

const KNOWN = ["t", "event", "screen", "subject", "value", "speaks", "params", "data"];

export class JSONLineReader extends JSONReader {
  t: number | null = null;
  event: string | null = null;
  private lastWasNull = false;

  readRecord(): LogRecord {
    const b = this.bytes;
    this.skipSpace();
    if (this.at() !== 0x7b) throw this.fail(`a log line must be one JSON object starting with '{'; ${this.describeHere()}`);
    const objectStart = this.index;
    this.index++;
    let tStart = -1;
    let tEnd = -1;
    let eventStart = -1;
    let eventEnd = -1;
    let subjectStart = -1;
    let subjectEnd = -1;
    let sawEvent = false;
    let screen: string | null = null;
    let subject: string | null = null;
    let value: Scalar | null = null;
    let speaks = false;
    let params: PlayParameter[] = [];
    let data: PlayParameter[] = [];
    let unknownKey: string | null = null;
    let seen = 0;
    let others: Set<string> | null = null;
    this.skipSpace();
    if (this.at() === 0x7d) {
      this.index++;
    } else {
      for (;;) {
        this.skipSpace();
        const keyStart = this.index;
        if (this.at() !== 0x22) throw this.fail(`expected a field name in double quotes; ${this.describeHere()}`);
        const key = this.readKey();
        const bit = KNOWN.indexOf(key);
        const known = bit < 0 ? null : key;
        if (bit < 0) {
          others ??= new Set<string>();
          if (others.has(key)) throw this.duplicate(key, keyStart);
          others.add(key);
        } else {
          if (seen & (1 << bit)) throw this.duplicate(key, keyStart);
          seen |= 1 << bit;
        }
        this.expect(0x3a, "':' after the field name");
        this.skipSpace();
        const valueStart = this.index;
        switch (known) {
          case "t": {
            const c = this.at();
            if (!(c === 0x2d || isDigit(c))) {
              if (c >= 0 && this.isValueStart(c)) {
                this.skipValue(0);
                throw this.fail("'t' must be a number of seconds", valueStart, "bad-field");
              }
              throw this.fail(`expected a value for 't'; ${this.describeHere()}`);
            }
            this.t = this.readNumber("bad-field");
            tStart = valueStart;
            tEnd = this.index;
            break;
          }
          case "event": {
            const name = this.readOptionalString(false, "", 0);
            if (name === null) throw this.fail("'event' must be a string naming the event", valueStart, "bad-field");
            this.event = name;
            eventStart = valueStart;
            eventEnd = this.index;
            sawEvent = true;
            break;
          }
          case "screen":
            screen = this.readOptionalString(true, "screen", valueStart);
            break;
          case "subject":
            subject = this.readOptionalString(true, "subject", valueStart);
            subjectStart = valueStart;
            subjectEnd = this.index;
            break;
          case "value":
            value = this.readScalar("bad-field");
            if (value === null && !this.lastWasNull) throw this.fail("'value' must be a number, boolean or string", valueStart, "bad-field");
            break;
          case "speaks": {
            const flag = this.readBool();
            if (flag === null) throw this.fail("'speaks' must be true or false", valueStart, "bad-field");
            speaks = flag;
            break;
          }
          case "params":
            params = this.readParams(valueStart);
            break;
          case "data":
            data = this.readParams(valueStart, "data");
            break;
          default:
            if (unknownKey === null) unknownKey = key;
            this.skipValue(0);
        }
        this.skipSpace();
        if (this.index >= this.end) throw this.fail("the object is not closed; add '}' at the end of the line");
        if (b[this.index] === 0x2c) {
          this.index++;
          continue;
        }
        if (b[this.index] === 0x7d) {
          this.index++;
          break;
        }
        throw this.fail(`expected ',' or '}' after a field; ${this.describeHere()}`);
      }
    }
    this.skipSpace();
    if (this.index < this.end) throw this.fail("unexpected text after the object; put one JSON object per line");
    if (this.t === null || tStart < 0) throw this.fail("missing 't' (seconds since the session began)", objectStart, "missing-field");
    if (!sawEvent || this.event === null) throw this.fail("missing 'event' (the event name)", objectStart, "missing-field");
    if (!Number.isFinite(this.t)) throw this.fail("'t' must be a finite number", tStart, "bad-field");
    const o = this.start;
    return {
      t: this.t, event: this.event, screen, subject, value, speaks, params, data, tStart: tStart - o, unknownKey,
      tEnd: tEnd - o, eventStart: eventStart - o, eventEnd: eventEnd - o, subjectStart: subjectStart < 0 ? -1 : subjectStart - o, subjectEnd: subjectEnd - o,
    };
  }

  private duplicate(name: string, offset: number): LineFailure {
    return this.fail(`'${name}' is written twice in this line; keep one (the log format takes neither)`, offset, "duplicate-field");
  }

  private readKey(): string {
    const b = this.bytes;
    const start = this.index + 1;
    let end = start;
    let bits = 0;
    while (end < this.end && b[end] !== 0x22 && b[end] !== 0x5c && b[end] >= 0x20) {
      bits |= b[end];
      end++;
    }
    if (end < this.end && b[end] === 0x22) {
      let text: string | null;
      if (bits & 0x80) {
        text = utf8DecodeStrict(b, start, end);
        if (text === null) throw this.fail("invalid UTF-8 in this field name; save the log as UTF-8", this.index);
      } else {
        text = internASCII(b, start, end);
      }
      this.index = end + 1;
      return text;
    }
    return this.readString();
  }

  private readOptionalString(nullable: boolean, field: string, start: number): string | null {
    if (this.index >= this.end) throw this.fail("expected a value; the line ends");
    if (this.bytes[this.index] === 0x22) return this.readString();
    if (nullable && this.readLiteralNull()) return null;
    this.skipValue(0);
    if (nullable) throw this.fail(`'${field}' must be a string`, start, "bad-field");
    return null;
  }

  private readLiteralNull(): boolean {
    if (this.at() !== 0x6e) return false;
    this.readLiteral("null");
    return true;
  }

  private readBool(): boolean | null {
    if (this.index >= this.end) throw this.fail("expected a value; the line ends");
    const c = this.bytes[this.index];
    if (c === 0x74) {
      this.readLiteral("true");
      return true;
    }
    if (c === 0x66) {
      this.readLiteral("false");
      return false;
    }
    this.skipValue(0);
    return null;
  }

  private readScalar(reason: LineReason): Scalar | null {
    this.lastWasNull = false;
    if (this.index >= this.end) throw this.fail("expected a value; the line ends");
    const c = this.bytes[this.index];
    if (c === 0x22) return this.readString();
    if (c === 0x74) {
      this.readLiteral("true");
      return true;
    }
    if (c === 0x66) {
      this.readLiteral("false");
      return false;
    }
    if (c === 0x6e) {
      this.readLiteral("null");
      this.lastWasNull = true;
      return null;
    }
    if (c === 0x2d || isDigit(c)) return this.readNumber(reason);
    this.skipValue(0);
    return null;
  }

  /** The fields of `params` (or of `data`, the same shape: an object of scalars). */
  private readParams(start: number, field: "params" | "data" = "params"): PlayParameter[] {
    const b = this.bytes;
    const isData = field === "data";
    if (this.index >= this.end) throw this.fail("expected a value; the line ends");
    if (this.readLiteralNull()) return [];
    if (b[this.index] !== 0x7b) {
      this.skipValue(0);
      throw this.fail(isData ? `'data' must be an object such as {"direction": "left"}` : `'params' must be an object such as {"bpm": 120}`, start, "bad-field");
    }
    this.index++;
    const params: PlayParameter[] = [];
    // A set of the names read so far keeps the duplicate check linear in the object's
    // size (a scan of `params` per name is quadratic: ~55 s for a 1 MiB line).
    const names = new Set<string>();
    this.skipSpace();
    if (this.at() === 0x7d) {
      this.index++;
      return params;
    }
    for (;;) {
      this.skipSpace();
      if (this.at() !== 0x22) throw this.fail(`expected a ${isData ? "data field" : "parameter"} name in double quotes; ${this.describeHere()}`);
      const nameStart = this.index;
      const name = this.readString();
      if (names.has(name)) {
        throw this.fail(`${isData ? "data field" : "parameter"} '${name}' is written twice in '${field}'; keep one`, nameStart, "duplicate-field");
      }
      this.expect(0x3a, isData ? "':' after the data field name" : "':' after the parameter name");
      this.skipSpace();
      const value = this.readScalar("bad-field");
      names.add(name);
      params.push({ name, value });
      this.skipSpace();
      if (this.index >= this.end) throw this.fail(`'${field}' is not closed; add '}'`);
      if (b[this.index] === 0x2c) {
        this.index++;
        continue;
      }
      if (b[this.index] === 0x7d) {
        this.index++;
        return params;
      }
      throw this.fail(`expected ',' or '}' in '${field}'; ${this.describeHere()}`);
    }
  }
}

/** The 1-based column (in Unicode scalars) of a byte offset in a line. */
export function columnOf(offset: number, bytes: Uint8Array, start: number, end: number): number {
  let column = 1;
  const last = Math.min(start + offset, end);
  for (let i = start; i < last; i++) if ((bytes[i] & 0xc0) !== 0x80) column++;
  return column;
}
