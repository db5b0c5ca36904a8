/**
 * The event-log line reader (Docs/event-log.md), ported from the Swift tooling's
 * EventLogParser: the same errors, reasons, messages and columns.
 */
import type { Scalar } from "../content.js";
import type { PlayParameter } from "../decision.js";
import { utf8DecodeStrict } from "../utf8.js";

/** A reason of a line that is not an event. */
export type LineReason = "bad-json" | "missing-field" | "bad-field" | "duplicate-field" | "time-backwards" | "line-too-long";

/** One event line, read. */
export interface LogRecord {
  t: number;
  event: string;
  screen: string | null;
  subject: string | null;
  value: Scalar | null;
  speaks: boolean;
  params: PlayParameter[];
  /** The event's data fields (`data`), in the order written. */
  data: PlayParameter[];
  /** Byte offset of `t`'s number in the line. */
  tStart: number;
  /** The first field that is not one of the known ones, if any. */
  unknownKey: string | null;
  /**
   * Where the tokens of `t`, `event` and `subject` end and start in the line (byte
   * offsets, `subjectStart` -1 when there is no `subject`): eval echoes them as written.
   */
  tEnd: number;
  eventStart: number;
  eventEnd: number;
  subjectStart: number;
  subjectEnd: number;
}

export class LineFailure {
  constructor(readonly offset: number, readonly reason: LineReason, readonly message: string) {}
}

const MAX_DEPTH = 64;
const KNOWN = ["t", "event", "screen", "subject", "value", "speaks", "params", "data"];

function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39;
}

/**
 * Short ASCII strings by their bytes: a log repeats the same event, screen and subject
 * names, so each is decoded once and then found by a hash of its bytes.
 */
const INTERN_SLOTS = 4096;
const internKeys: (Uint8Array | undefined)[] = new Array(INTERN_SLOTS);
const internTexts: string[] = new Array(INTERN_SLOTS);

function internASCII(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n > 64) return utf8DecodeStrict(bytes, start, end)!;
  let h = n;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + bytes[i]) | 0;
  const slot = h & (INTERN_SLOTS - 1);
  const key = internKeys[slot];
  if (key !== undefined && key.length === n) {
    let same = true;
    for (let k = 0; k < n; k++) {
      if (key[k] !== bytes[start + k]) {
        same = false;
        break;
      }
    }
    if (same) return internTexts[slot];
  }
  const text = utf8DecodeStrict(bytes, start, end)!;
  internKeys[slot] = bytes.slice(start, end);
  internTexts[slot] = text;
  return text;
}

export class JSONLineReader {
  index = 0;
  t: number | null = null;
  event: string | null = null;
  private lastWasNull = false;

  constructor(private readonly bytes: Uint8Array, private readonly start: number, private readonly end: number) {
    this.index = start;
  }

  private fail(message: string, at?: number, reason: LineReason = "bad-json"): LineFailure {
    return new LineFailure((at ?? this.index) - this.start, reason, message);
  }

  private skipSpace(): void {
    const b = this.bytes;
    while (this.index < this.end) {
      const c = b[this.index];
      if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return;
      this.index++;
    }
  }

  private describeHere(): string {
    if (this.index >= this.end) return "the line ends";
    const b = this.bytes[this.index];
    if (b >= 0x21 && b < 0x7f) return `found '${String.fromCharCode(b)}'`;
    return `found byte 0x${b.toString(16)}`;
  }

  private expect(byte: number, what: string): void {
    this.skipSpace();
    if (this.index >= this.end || this.bytes[this.index] !== byte) throw this.fail(`expected ${what}; ${this.describeHere()}`);
    this.index++;
  }

  private at(): number {
    return this.index < this.end ? this.bytes[this.index] : -1;
  }

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

  private isValueStart(c: number): boolean {
    return c === 0x22 || c === 0x7b || c === 0x5b || c === 0x74 || c === 0x66 || c === 0x6e || c === 0x2d || isDigit(c);
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

  private readLiteral(word: string): void {
    for (let i = 0; i < word.length; i++) {
      if (!(this.index + i < this.end && this.bytes[this.index + i] === word.charCodeAt(i))) {
        throw this.fail("invalid literal; JSON has true, false and null (lowercase)", this.index);
      }
    }
    this.index += word.length;
  }

  private skipValue(depth: number): void {
    const b = this.bytes;
    if (depth >= MAX_DEPTH) throw this.fail(`values nested more than ${MAX_DEPTH} deep`);
    this.skipSpace();
    if (this.index >= this.end) throw this.fail("expected a value; the line ends");
    const c = b[this.index];
    if (c === 0x22) this.readString();
    else if (c === 0x74) this.readLiteral("true");
    else if (c === 0x66) this.readLiteral("false");
    else if (c === 0x6e) this.readLiteral("null");
    else if (c === 0x2d || isDigit(c)) this.readNumber("bad-json");
    else if (c === 0x5b) {
      this.index++;
      this.skipSpace();
      if (this.at() === 0x5d) {
        this.index++;
        return;
      }
      for (;;) {
        this.skipValue(depth + 1);
        this.skipSpace();
        if (this.index >= this.end) throw this.fail("the array is not closed; add ']'");
        if (b[this.index] === 0x2c) {
          this.index++;
          continue;
        }
        if (b[this.index] === 0x5d) {
          this.index++;
          return;
        }
        throw this.fail(`expected ',' or ']' in an array; ${this.describeHere()}`);
      }
    } else if (c === 0x7b) {
      this.index++;
      this.skipSpace();
      if (this.at() === 0x7d) {
        this.index++;
        return;
      }
      for (;;) {
        this.skipSpace();
        if (this.at() !== 0x22) throw this.fail(`expected a field name in double quotes; ${this.describeHere()}`);
        this.readString();
        this.expect(0x3a, "':' after the field name");
        this.skipValue(depth + 1);
        this.skipSpace();
        if (this.index >= this.end) throw this.fail("the object is not closed; add '}'");
        if (b[this.index] === 0x2c) {
          this.index++;
          continue;
        }
        if (b[this.index] === 0x7d) {
          this.index++;
          return;
        }
        throw this.fail(`expected ',' or '}' in an object; ${this.describeHere()}`);
      }
    } else throw this.fail(`expected a JSON value; ${this.describeHere()}`);
  }

  readString(): string {
    const b = this.bytes;
    const open = this.index;
    this.index++;
    const start = this.index;
    let sawNonASCII = false;
    while (this.index < this.end) {
      const c = b[this.index];
      if (c === 0x22) {
        const text = sawNonASCII ? utf8DecodeStrict(b, start, this.index) : internASCII(b, start, this.index);
        if (sawNonASCII && text === null) throw this.fail("invalid UTF-8 in this string; save the log as UTF-8", open);
        this.index++;
        return text!;
      }
      if (c === 0x5c || c < 0x20) break;
      if (c >= 0x80) sawNonASCII = true;
      this.index++;
    }
    const out: number[] = Array.from(b.subarray(start, this.index));
    while (this.index < this.end) {
      const c = b[this.index];
      if (c === 0x22) {
        this.index++;
        const text = utf8DecodeStrict(Uint8Array.from(out));
        if (text === null) throw this.fail("invalid UTF-8 in this string; save the log as UTF-8", open);
        return text;
      }
      if (c < 0x20) throw this.fail("control character in a string; escape it (\\n, \\t, \\u00XX)");
      if (c !== 0x5c) {
        out.push(c);
        this.index++;
        continue;
      }
      this.index++;
      if (this.index >= this.end) break;
      const escape = b[this.index];
      this.index++;
      switch (escape) {
        case 0x22: out.push(0x22); break;
        case 0x5c: out.push(0x5c); break;
        case 0x2f: out.push(0x2f); break;
        case 0x62: out.push(0x08); break;
        case 0x66: out.push(0x0c); break;
        case 0x6e: out.push(0x0a); break;
        case 0x72: out.push(0x0d); break;
        case 0x74: out.push(0x09); break;
        case 0x75: {
          let code = this.readHex4();
          if (code >= 0xd800 && code < 0xdc00) {
            if (!(this.index + 1 < this.end && b[this.index] === 0x5c && b[this.index + 1] === 0x75)) {
              throw this.fail("a high surrogate \\u must be followed by a low surrogate \\uDC00-\\uDFFF");
            }
            this.index += 2;
            const low = this.readHex4();
            if (!(low >= 0xdc00 && low < 0xe000)) throw this.fail("expected a low surrogate \\uDC00-\\uDFFF after a high surrogate", this.index - 6);
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          } else if (code >= 0xdc00 && code < 0xe000) {
            throw this.fail("a lone low surrogate \\u is not a character", this.index - 6);
          }
          if (code < 0x80) out.push(code);
          else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
          else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
          else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
          break;
        }
        default:
          throw this.fail(`invalid escape '\\${String.fromCharCode(escape)}'; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`, this.index - 2);
      }
    }
    throw this.fail(`the string that starts here is not closed; add '"'`, open);
  }

  private readHex4(): number {
    let code = 0;
    for (let i = 0; i < 4; i++) {
      if (this.index >= this.end) throw this.fail("\\u needs four hex digits");
      const c = this.bytes[this.index];
      let digit: number;
      if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
      else if (c >= 0x41 && c <= 0x46) digit = c - 0x41 + 10;
      else if (c >= 0x61 && c <= 0x66) digit = c - 0x61 + 10;
      else throw this.fail("\\u needs four hex digits");
      code = code * 16 + digit;
      this.index++;
    }
    return code;
  }

  readNumber(reason: LineReason): number {
    const b = this.bytes;
    const start = this.index;
    // The digits as an integer while it is exact (at most 15 of them), and the power of
    // ten they are scaled by: m / 10^k and m * 10^k with m < 2^53 and k <= 22 are one
    // correctly rounded operation on exact doubles, the value `Number(text)` gives.
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    const negative = b[this.index] === 0x2d;
    if (negative) this.index++;
    if (!(this.index < this.end && isDigit(b[this.index]))) throw this.fail("a number needs digits after '-'");
    if (b[this.index] === 0x30) {
      this.index++;
      if (this.index < this.end && isDigit(b[this.index])) throw this.fail("numbers cannot have leading zeros");
    } else {
      while (this.index < this.end && isDigit(b[this.index])) {
        mantissa = mantissa * 10 + (b[this.index] - 0x30);
        digits++;
        this.index++;
      }
    }
    if (this.at() === 0x2e) {
      this.index++;
      if (!(this.index < this.end && isDigit(b[this.index]))) throw this.fail("a number needs digits after '.'");
      while (this.index < this.end && isDigit(b[this.index])) {
        const digit = b[this.index] - 0x30;
        if (digits > 0 || digit !== 0) {
          mantissa = mantissa * 10 + digit;
          digits++;
        }
        scale++;
        this.index++;
      }
    }
    let simple = digits <= 15 && scale <= 22;
    const e = this.at();
    if (e === 0x65 || e === 0x45) {
      simple = false;
      this.index++;
      const sign = this.at();
      if (sign === 0x2b || sign === 0x2d) this.index++;
      if (!(this.index < this.end && isDigit(b[this.index]))) throw this.fail("a number needs digits in its exponent");
      while (this.index < this.end && isDigit(b[this.index])) this.index++;
    }
    if (simple) {
      const magnitude = scale === 0 ? mantissa : mantissa / POWERS_OF_TEN[scale];
      return negative ? -magnitude : magnitude;
    }
    let text = "";
    for (let i = start; i < this.index; i++) text += String.fromCharCode(b[i]);
    const value = Number(text);
    if (!Number.isFinite(value)) {
      throw this.fail(`the number ${text} is too large (beyond ±1.8e308, it would read as infinity); write a finite number`, start, reason);
    }
    return value;
  }
}

/** 10^0 ... 10^22, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/** The 1-based column (in Unicode scalars) of a byte offset in a line. */
export function columnOf(offset: number, bytes: Uint8Array, start: number, end: number): number {
  let column = 1;
  const last = Math.min(start + offset, end);
  for (let i = start; i < last; i++) if ((bytes[i] & 0xc0) !== 0x80) column++;
  return column;
}
