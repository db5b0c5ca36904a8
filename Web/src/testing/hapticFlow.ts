/**
 * The test kit for app teams (`haptic-policy/testing`): drive a store with an app flow's
 * events and assert what plays, what stays silent and why, in the words of a
 * `haptic-policy test` file (`play:`, `silent:`, `render:`, `rule:`, `band:`). A failed
 * expectation throws an `Error` whose message names the event, what was expected, what
 * the policy decided, the rule that decided with where it is written, and the flow so far,
 * so it reads the same under `node --test`, Jest or any runner that fails on a throw.
 * The same kit exists for Swift (`HapticPolicyTesting`) and Kotlin
 * (`io.hapticpolicy.testing`); Docs/app-tests.md shows all three.
 */
import { Policy } from "../policy.js";
import { PolicyStore, type StoreEvent } from "../store.js";
import type { DeviceState } from "../session.js";
import type { Decision, PlayReason, Reason } from "../decision.js";
import type { BundleContent, Position } from "../content.js";
import type { Directive } from "../policyIndex.js";

/** What an event should decide; every field given must hold, the others are not checked. */
export interface Expected {
  /** It plays this feedback (the policy's name, before any fallback). */
  readonly play?: string;
  /** It stays silent, for this reason (`true`: for any reason). */
  readonly silent?: Reason | true;
  /** It stops this loop (`true`: whichever it stops). */
  readonly stop?: string | true;
  /** What the device renders: a preset id, `pattern:<feedback>` or `sequence:<feedback>`. */
  readonly render?: string;
  /** The reason a play still plays with (a fallback taken, a tick outside its gesture), or `null` for none. */
  readonly playReason?: PlayReason | null;
  /** The rule that decided: `camera/plant.found`, `settings/data.reset#2`, `H-4`. */
  readonly rule?: string;
  /** The band level the event went to (`band:` in a test file). */
  readonly band?: string;
  /** The designer's note or the message, exactly, or a pattern it matches. */
  readonly note?: string | RegExp;
  /** The lifecycle directives, in the policy's canonical order. */
  readonly directives?: readonly Directive[];
}

/** Options of a flow. */
export interface FlowOptions {
  /** The device the flow starts on (default: a capable phone, haptics on). */
  readonly device?: Partial<DeviceState>;
}

/** One decided event of a flow, for its history. */
export interface FlowStep {
  /** Seconds since the flow began. */
  readonly t: number;
  /** The event as sent. */
  readonly event: StoreEvent;
  /** What the policy decided. */
  readonly decision: Decision;
}

/** Thrown by a failed expectation; `message` says everything a reader needs. */
export class HapticExpectationError extends Error {
  /** The decision the policy made. */
  readonly decision: Decision;
  constructor(message: string, decision: Decision) {
    super(message);
    this.name = "HapticExpectationError";
    this.decision = decision;
  }
}

/** An app flow through one store, on its own clock (seconds, starting at 0). */
export class HapticFlow {
  /** The store every event goes through. */
  readonly store: PolicyStore;
  private clock = 0;
  private readonly steps: FlowStep[] = [];
  private locations: Map<string, string> | null = null;

  /** A flow over a policy, a bundle's bytes or text, or an app's own store. */
  constructor(policy: Policy | PolicyStore | Uint8Array | string, options: FlowOptions = {}) {
    if (policy instanceof PolicyStore) {
      this.store = policy;
      if (options.device) this.store.setDevice(options.device);
    } else {
      this.store = new PolicyStore(policy, options.device);
    }
  }

  /** Seconds since the flow began. */
  get time(): number { return this.clock; }

  /** Every event decided so far, oldest first. */
  get history(): readonly FlowStep[] { return this.steps; }

  /** Moves the clock on (a budget's window, a band's dwell, the engine's warm-up). */
  wait(seconds: number): this {
    if (!(seconds >= 0) || !Number.isFinite(seconds)) throw new RangeError(`wait(${seconds}): give a finite number of seconds, 0 or more`);
    this.clock += seconds;
    return this;
  }

  /** Enters a screen (`screen.enter`), as the app does when it shows one. */
  enter(screen: string): Decision {
    return this.send({ event: "screen.enter", screen });
  }

  /** Sends one event at the flow's time and returns what the policy decided, asserting nothing. */
  send(event: StoreEvent | string): Decision {
    const sent: StoreEvent = typeof event === "string" ? { event } : event;
    const { decision } = this.store.decide({ ...sent, t: this.clock });
    this.steps.push({ t: this.clock, event: sent, decision });
    return decision;
  }

  /** Sends one event and checks its decision against `expected`; throws `HapticExpectationError` when it differs. */
  expect(event: StoreEvent | string, expected: Expected): Decision {
    const decision = this.send(event);
    const wrong = mismatches(decision, expected);
    if (wrong.length > 0) throw new HapticExpectationError(this.explain(decision, expected, wrong), decision);
    return decision;
  }

  private explain(decision: Decision, expected: Expected, wrong: readonly string[]): string {
    const last = this.steps[this.steps.length - 1];
    const screen = decision.screen ?? "no screen";
    const lines = [
      `${last.event.event} on ${screen} at ${seconds(last.t)}: expected ${describeExpected(expected)}, but it ${describeDecision(decision)}`,
      `  differs in: ${wrong.join(", ")}`,
    ];
    if (decision.rule !== null) {
      const where = this.whereWritten(decision.rule);
      lines.push(`  decided by: ${decision.rule}${where !== undefined ? ` (${where})` : ""}`);
    }
    if (decision.note !== null) lines.push(`  note: ${decision.note}`);
    lines.push("  the flow so far:");
    for (const step of this.steps.slice(-8)) {
      const rule = step.decision.rule !== null ? ` (${step.decision.rule})` : "";
      const on = step.event.event === "screen.enter" ? ` ${step.event.screen ?? ""}` : "";
      lines.push(`    ${seconds(step.t)}  ${step.event.event}${on} → ${short(step.decision)}${rule}`);
    }
    return lines.join("\n");
  }

  /** Where the rule is written, `plavo.yaml:88:7`, from the bundle's rows and rule references. */
  private whereWritten(rule: string): string | undefined {
    if (this.locations === null) this.locations = ruleLocations(this.store.current.content);
    return this.locations.get(rule);
  }
}

function mismatches(decision: Decision, expected: Expected): string[] {
  const wrong: string[] = [];
  if (expected.play !== undefined && (decision.action !== "play" || decision.feedback !== expected.play)) wrong.push("play");
  if (expected.silent !== undefined && (decision.action !== "silent" || (expected.silent !== true && decision.reason !== expected.silent))) wrong.push("silent");
  if (expected.stop !== undefined && (decision.action !== "stop" || (expected.stop !== true && decision.feedback !== expected.stop))) wrong.push("stop");
  if (expected.render !== undefined && decision.render !== expected.render) wrong.push("render");
  if (expected.playReason !== undefined && (decision.action !== "play" || decision.reason !== expected.playReason)) wrong.push("reason");
  if (expected.rule !== undefined && decision.rule !== expected.rule) wrong.push("rule");
  if (expected.band !== undefined && decision.band?.to !== expected.band) wrong.push("band");
  if (expected.note !== undefined) {
    const note = decision.note;
    const holds = typeof expected.note === "string" ? note === expected.note : note !== null && expected.note.test(note);
    if (!holds) wrong.push("note");
  }
  if (expected.directives !== undefined && decision.directives.join(" ") !== expected.directives.join(" ")) wrong.push("directives");
  return wrong;
}

function describeExpected(expected: Expected): string {
  const parts: string[] = [];
  if (expected.play !== undefined) parts.push(`to play ${expected.play}`);
  if (expected.silent !== undefined) parts.push(expected.silent === true ? "to stay silent" : `to stay silent (${expected.silent})`);
  if (expected.stop !== undefined) parts.push(expected.stop === true ? "to stop a loop" : `to stop ${expected.stop}`);
  if (expected.render !== undefined) parts.push(`render ${expected.render}`);
  if (expected.playReason !== undefined) parts.push(`reason ${expected.playReason ?? "none"}`);
  if (expected.rule !== undefined) parts.push(`rule ${expected.rule}`);
  if (expected.band !== undefined) parts.push(`band ${expected.band}`);
  if (expected.note !== undefined) parts.push(`note ${typeof expected.note === "string" ? JSON.stringify(expected.note) : String(expected.note)}`);
  if (expected.directives !== undefined) parts.push(`directives [${expected.directives.join(", ")}]`);
  return parts.length > 0 ? parts.join(", ") : "anything";
}

function describeDecision(decision: Decision): string {
  const band = decision.band !== null ? `, band ${decision.band.to}` : "";
  const directives = decision.directives.length > 0 ? `, directives [${decision.directives.join(", ")}]` : "";
  switch (decision.action) {
    case "play": {
      const why = decision.reason !== null ? `, reason ${decision.reason}` : "";
      return `played ${decision.feedback} (render ${decision.render}${why}${band}${directives})`;
    }
    case "silent": return `stayed silent (${decision.reason}${band}${directives})`;
    case "stop": return `stopped ${decision.feedback ?? "every loop"}${directives}`;
  }
}

function short(decision: Decision): string {
  switch (decision.action) {
    case "play": return `play ${decision.feedback} (${decision.render})`;
    case "silent": return `silent ${decision.reason}`;
    case "stop": return `stop ${decision.feedback ?? "all"}`;
  }
}

function seconds(t: number): string { return `${Number(t.toFixed(6))} s`; }

/** Every rule id of the content with where it is written: rows, band levels, and the decide tables' rule references. */
function ruleLocations(content: BundleContent): Map<string, string> {
  const files = [content.source, ...(content.files ?? [])];
  const text = (at: Position): string => `${at.length === 3 ? files[at[2]] ?? content.source : content.source}:${at[0]}:${at[1]}`;
  const found = new Map<string, string>();
  // `[0, 0]` is "not written in a file" (a built-in rule): it has no place to show.
  const note = (rule: string, at: Position | undefined): void => {
    if (at !== undefined && at[0] > 0 && !found.has(rule)) found.set(rule, text(at));
  };
  for (const cell of content.cells) {
    for (const row of cell.rows) {
      note(row.rule, row.location);
      if (row.levelRules !== undefined && row.action.kind === "band") {
        const levels = content.bands[row.action.band]?.levels ?? [];
        row.levelRules.forEach((rule, level) => note(rule, levels[level]?.location));
      }
    }
  }
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value !== null && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.id === "string" && Array.isArray(record.at)) note(record.id, record.at as Position);
      for (const key of Object.keys(record)) visit(record[key]);
    }
  };
  visit(content.decide);
  return found;
}
