/**
 * Forgets the subject of an event that ends its subject (Sources/HapticPolicy/Evaluation/Session/SubjectEnd.swift),
 * once it is decided, whatever the decision (Docs/decision-order.md, 9): its band levels
 * and dwell clocks, and its place among the subjects held (a subject the policy names keeps
 * its place and loses its band state only). Its next event is a new subject.
 */
import type { Event, SessionState } from "./session.js";

/** Ends the subject of event `e` (its name's id) when the event ends its subject. */
export function endSubject(st: SessionState, e: number, event: Event): void {
  const name = event.subject ?? null;
  if (name === null || !st.p.endsSubject[e]) return;
  st.subjects.end(name);
}
