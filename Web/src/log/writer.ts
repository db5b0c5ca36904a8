/**
 * eval's JSONL decision lines (Docs/event-log.md, key order included) written as UTF-8
 * bytes into one reused buffer, handed to a sink in large chunks. `decisionJSON` is this
 * writer with a string out; the adapter writes a whole log through it without making a
 * string per line (those strings, joined and re-encoded, were most of eval's time).
 */
import type { Decision } from "../decision.js";
import { utf8Encode } from "../utf8.js";
import { numberText } from "../numberText.js";
import type { LoggedLine } from "./eval.js";

/** The bytes of `text` when it is all ASCII (the fixed parts of a line). */
function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

const LINE = ascii('{"line":');
const T = ascii(',"t":');
const EVENT = ascii(',"event":');
const SCREEN = ascii(',"screen":');
const SUBJECT = ascii(',"subject":');
const ACTION = ascii('"action":');
const FEEDBACK = ascii(',"feedback":');
const LAYER = ascii(',"layer":');
const RENDER = ascii(',"render":');
const FALLBACK_TRUE = ascii(',"fallback":true');
const FALLBACK_FALSE = ascii(',"fallback":false');
const REASON = ascii(',"reason":');
const NOTE = ascii(',"note":');
const RULE = ascii(',"rule":');
const DIRECTIVES = ascii(',"directives":');
const BAND = ascii(',"band":');
const BAND_NAME = ascii('{"name":');
const BAND_FROM = ascii(',"from":');
const BAND_TO = ascii(',"to":');
const PARAMS = ascii(',"params":');
const LOOP = ascii(',"loop":');
const ALSO = ascii(',"also":[');
const NULL = ascii("null");
const COMMA = ascii(",");
const COLON = ascii(":");
const OPEN = ascii("{");
const CLOSE = ascii("}");
const CLOSE_LIST = ascii("]");
const CLOSE_LINE = ascii("}\n");
const NEWLINE = ascii("\n");
const BLANK_TAIL = ascii(
  ',"t":null,"event":null,"screen":null,"subject":null,"action":"silent","feedback":null,"layer":null,"render":null,"fallback":false,"reason":"blank-line","note":null,"rule":null,"directives":[],"band":null,"params":null,"loop":null}',
);
const COLUMN = ascii(',"column":');
const INVALID_MIDDLE = ascii(',"screen":null,"subject":null,"action":"invalid","feedback":null,"layer":null,"render":null,"fallback":false,"reason":');
const INVALID_TAIL = ascii(',"rule":null,"directives":[],"band":null,"params":null,"loop":null}');

/** JSON text of the strings decisions repeat (names, rules, notes), as bytes, made once each. */
const fragments = new Map<string, Uint8Array>();
const MAX_FRAGMENTS = 65536;
/** JSON text of each shared directive list. */
const directiveFragments = new Map<readonly string[], Uint8Array>();

/** Where the decision lines of a whole log go, in order; each chunk is valid only during the call. */
export type ByteSink = (chunk: Uint8Array) => void;

/**
 * Writes decision lines into a buffer of `capacity` bytes and hands it to `sink` when it
 * fills (and on `flush`). The chunk is the writer's own buffer: the sink must consume or
 * copy it before returning.
 */
export class DecisionLogWriter {
  private buffer: Uint8Array;
  private position = 0;

  constructor(private readonly sink: ByteSink, capacity = 1 << 20) {
    this.buffer = new Uint8Array(Math.max(capacity, 256));
  }

  /** Hands what is buffered to the sink. */
  flush(): void {
    if (this.position > 0) this.sink(this.buffer.subarray(0, this.position));
    this.position = 0;
  }

  private room(count: number): void {
    if (this.position + count <= this.buffer.length) return;
    this.flush();
    if (count > this.buffer.length) this.buffer = new Uint8Array(count);
  }

  /** `bytes` appended; short ones byte by byte (`set` costs more than the copy below 64). */
  private put(bytes: Uint8Array): void {
    const count = bytes.length;
    if (this.position + count > this.buffer.length) this.room(count);
    const buffer = this.buffer;
    let at = this.position;
    if (count < 64) for (let i = 0; i < count; i++) buffer[at++] = bytes[i];
    else buffer.set(bytes, at);
    this.position += count;
  }

  /** `source[start, end)` as it is (a token of the log echoed as written). */
  private copy(source: Uint8Array, start: number, end: number): void {
    const count = end - start;
    this.room(count);
    const buffer = this.buffer;
    let at = this.position;
    if (count < 64) for (let i = start; i < end; i++) buffer[at++] = source[i];
    else buffer.set(source.subarray(start, end), at);
    this.position += count;
  }

  /** A non-negative integer (a line or column number). */
  private integer(value: number): void {
    this.room(16);
    const buffer = this.buffer;
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let at = this.position + digits;
    this.position = at;
    let rest = value;
    do {
      buffer[--at] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }

  /** `JSON.stringify(text)` as bytes, cached for the strings decisions repeat. */
  private json(text: string | null): void {
    if (text === null) {
      this.put(NULL);
      return;
    }
    let bytes = fragments.get(text);
    if (bytes === undefined) {
      bytes = utf8Encode(JSON.stringify(text));
      if (fragments.size < MAX_FRAGMENTS) fragments.set(text, bytes);
    }
    this.put(bytes);
  }

  /** `JSON.stringify(value)` of a value seen once (a number, a message), as bytes. */
  private raw(value: unknown): void {
    this.put(utf8Encode(JSON.stringify(value) ?? "null"));
  }

  /**
   * A decision line for line `line`: `t`, `event` and `subject` are the tokens
   * `source[start, end)` as written (`subjectStart < 0`: `null`).
   */
  decision(line: number, d: Decision, source: Uint8Array, tStart: number, tEnd: number, eventStart: number, eventEnd: number, subjectStart: number, subjectEnd: number): void {
    this.put(LINE);
    this.integer(line);
    this.put(T);
    this.copy(source, tStart, tEnd);
    this.put(EVENT);
    this.copy(source, eventStart, eventEnd);
    this.put(SCREEN);
    this.json(d.screen);
    this.put(SUBJECT);
    if (subjectStart < 0) this.put(NULL);
    else this.copy(source, subjectStart, subjectEnd);
    this.put(COMMA);
    this.step(d, true);
    this.put(CLOSE_LINE);
  }

  private step(d: Decision, top: boolean): void {
    this.put(ACTION);
    this.json(d.action);
    this.put(FEEDBACK);
    this.json(d.feedback);
    this.put(LAYER);
    this.json(d.layer);
    this.put(RENDER);
    this.json(d.render);
    this.put(d.fallback ? FALLBACK_TRUE : FALLBACK_FALSE);
    this.put(REASON);
    this.json(d.reason);
    this.put(NOTE);
    this.json(d.note);
    if (top) {
      this.put(RULE);
      this.json(d.rule);
    }
    this.put(DIRECTIVES);
    let directives = directiveFragments.get(d.directives);
    if (directives === undefined) {
      directives = utf8Encode(JSON.stringify(d.directives));
      directiveFragments.set(d.directives, directives);
    }
    this.put(directives);
    if (top) {
      this.put(BAND);
      if (d.band === null) this.put(NULL);
      else {
        this.put(BAND_NAME);
        this.json(d.band.name);
        this.put(BAND_FROM);
        this.json(d.band.from);
        this.put(BAND_TO);
        this.json(d.band.to);
        this.put(CLOSE);
      }
    }
    this.put(PARAMS);
    if (d.params === null) this.put(NULL);
    else {
      this.put(OPEN);
      for (let i = 0; i < d.params.length; i++) {
        if (i > 0) this.put(COMMA);
        this.json(d.params[i].name);
        this.put(COLON);
        const value = d.params[i].value;
        if (typeof value === "string" || value === null) this.json(value);
        else this.raw(value);
      }
      this.put(CLOSE);
    }
    this.put(LOOP);
    if (d.loop === null) this.put(NULL);
    else this.raw(d.loop);
    if (top && d.also.length > 0) {
      this.put(ALSO);
      for (let i = 0; i < d.also.length; i++) {
        if (i > 0) this.put(COMMA);
        this.put(OPEN);
        this.step(d.also[i], false);
        this.put(CLOSE);
      }
      this.put(CLOSE_LIST);
    }
  }

  /** The line of a blank log line. */
  blank(line: number): void {
    this.put(LINE);
    this.integer(line);
    this.put(BLANK_TAIL);
    this.put(NEWLINE);
  }

  /** The line of an invalid log line: where, why, and what it could read of `t` and `event`. */
  invalid(line: number, column: number, reason: string, message: string, t: number | null, event: string | null): void {
    this.put(LINE);
    this.integer(line);
    this.put(COLUMN);
    this.integer(column);
    this.put(T);
    // As Swift writes a number it read (`1e-07`, not JavaScript's `1e-7`).
    if (t === null || !Number.isFinite(t)) this.put(NULL);
    else this.put(utf8Encode(numberText(t)));
    this.put(EVENT);
    this.json(event);
    this.put(INVALID_MIDDLE);
    this.json(reason);
    this.put(NOTE);
    this.raw(message);
    this.put(INVALID_TAIL);
    this.put(NEWLINE);
  }

  /** Any logged line (the `lines()` form); decision lines echo their tokens as written. */
  line(entry: LoggedLine): void {
    switch (entry.kind) {
      case "blank":
        this.blank(entry.line);
        return;
      case "invalid":
        this.invalid(entry.line, entry.column, entry.reason, entry.message, entry.t, entry.event);
        return;
      default: {
        const t = utf8Encode(entry.tText ?? JSON.stringify(entry.t));
        const event = utf8Encode(entry.eventText ?? JSON.stringify(entry.event));
        const subjectText = entry.subjectText ?? (entry.subject === null ? null : JSON.stringify(entry.subject));
        const subject = subjectText === null ? null : utf8Encode(subjectText);
        const source = new Uint8Array(t.length + event.length + (subject?.length ?? 0));
        source.set(t, 0);
        source.set(event, t.length);
        if (subject !== null) source.set(subject, t.length + event.length);
        const subjectStart = subject === null ? -1 : t.length + event.length;
        this.decision(entry.line, entry.decision, source, 0, t.length, t.length, t.length + event.length, subjectStart, source.length);
      }
    }
  }
}
