/**
 * The cursor over one event-log line's JSON: spaces, literals, strings, numbers and the
 * values it skips, with the messages and offsets of the Swift tooling's JSONReader
 * (EventLogParser.swift). The record and its fields are eventLogParser.ts's.
 */
import { utf8DecodeStrict } from "../utf8.js";
import { LineFailure, type LineReason } from "./logRecord.js";
import { internASCII } from "./nameInterner.js";

const MAX_DEPTH = 64;

export function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39;
}

export class JSONReader {
  index = 0;

  constructor(protected readonly bytes: Uint8Array, protected readonly start: number, protected readonly end: number) {
    this.index = start;
  }

  protected fail(message: string, at?: number, reason: LineReason = "bad-json"): LineFailure {
    return new LineFailure((at ?? this.index) - this.start, reason, message);
  }

  protected skipSpace(): void {
    const b = this.bytes;
    while (this.index < this.end) {
      const c = b[this.index];
      if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return;
      this.index++;
    }
  }

  protected describeHere(): string {
    if (this.index >= this.end) return "the line ends";
    const b = this.bytes[this.index];
    if (b >= 0x21 && b < 0x7f) return `found '${String.fromCharCode(b)}'`;
    return `found byte 0x${b.toString(16)}`;
  }

  protected expect(byte: number, what: string): void {
    this.skipSpace();
    if (this.index >= this.end || this.bytes[this.index] !== byte) throw this.fail(`expected ${what}; ${this.describeHere()}`);
    this.index++;
  }

  protected at(): number {
    return this.index < this.end ? this.bytes[this.index] : -1;
  }

  protected isValueStart(c: number): boolean {
    return c === 0x22 || c === 0x7b || c === 0x5b || c === 0x74 || c === 0x66 || c === 0x6e || c === 0x2d || isDigit(c);
  }

  protected readLiteral(word: string): void {
    for (let i = 0; i < word.length; i++) {
      if (!(this.index + i < this.end && this.bytes[this.index + i] === word.charCodeAt(i))) {
        throw this.fail("invalid literal; JSON has true, false and null (lowercase)", this.index);
      }
    }
    this.index += word.length;
  }

  protected skipValue(depth: number): void {
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
