/** The event-log reader and eval's JSONL writer: tooling over the runtime (`haptic-policy/log`). */
export { EventLogEvaluator, decisionJSON, MAX_LINE_LENGTH, type EvalReload, type LoggedLine } from "./eval.js";
export { DecisionLogWriter, type ByteSink } from "./writer.js";
export { JSONLineReader, columnOf } from "./eventLogParser.js";
export { LineFailure, type LineReason, type LogRecord } from "./logRecord.js";
