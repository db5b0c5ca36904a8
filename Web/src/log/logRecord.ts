/**
 * One event line of a log, as read, and why a line is not one (Docs/event-log.md; the Swift
 * tooling's TimedEvent.swift and LogLineError.swift).
 */
import type { Scalar } from "../content.js";
import type { PlayParameter } from "../decision.js";

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
