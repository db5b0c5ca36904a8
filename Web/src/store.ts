/**
 * The app's one entry point: holds the loaded policy and its session, decides events by
 * name, reloads a new bundle keeping the last good policy when it is refused, and
 * reports integration mistakes (unknown events and screens, bad values and parameters)
 * once each.
 */
import { BundleError } from "./policyBundle.js";
import type { Scalar } from "./content.js";
import type { Decision } from "./decision.js";
import { Policy } from "./policy.js";
import { Session, type DeviceState, type Event } from "./session.js";

/** A mistake of the app's integration, reported once per distinct kind and name. */
export interface IntegrationMistake {
  readonly kind: "unknown-event" | "unknown-screen" | "bad-value" | "bad-params";
  readonly name: string;
  /** The nearest declared name, when one is close. */
  readonly suggestion: string | null;
  readonly detail: string | null;
  /** One line for people. */
  readonly message: string;
}

/** A decision and the hash of the policy that made it. */
export interface Decided {
  readonly decision: Decision;
  readonly policyHash: string;
}

/** What a reload did. */
export type ReloadResult =
  | { readonly applied: true; readonly activeHash: string }
  | { readonly applied: false; readonly activeHash: string; readonly error: BundleError };

/** An event to decide; `t` defaults to the seconds since the store was made. */
export type StoreEvent = Omit<Event, "t"> & { readonly t?: number };

/** The most distinct mistakes reported (then they are no longer told). */
export const MAX_REPORTED_MISTAKES = 1000;

const now = (): number => {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() / 1000 : Date.now() / 1000;
};

/** The app's entry point: one policy and its session, hot reload, integration mistakes. */
export class PolicyStore {
  private loaded: Policy;
  private session: Session;
  private lastTime = 0;
  private readonly start = now();
  private reported = new Set<string>();
  /** Called once per distinct integration mistake. */
  onIntegrationMistake: ((mistake: IntegrationMistake) => void) | null = null;

  /** A store over a policy or a bundle (throws `BundleError` for a bad bundle). */
  constructor(policy: Policy | Uint8Array | string, device?: Partial<DeviceState>) {
    this.loaded = policy instanceof Policy ? policy : Policy.fromBundle(policy);
    this.session = new Session(this.loaded, { device });
  }

  /** The policy deciding now. */
  get current(): Policy { return this.loaded; }
  /** The session (read its state; decide through the store). */
  get snapshot(): Session { return this.session; }
  /** What the device allows now. */
  get device(): DeviceState { return { ...this.session.device }; }
  /** Tells the store what the device allows (as the `device.*` state events do). */
  setDevice(device: Partial<DeviceState>): void { Object.assign(this.session.device, device); }

  /** Decides one event by name. Time never goes backwards: an earlier `t` counts as the latest. */
  decide(event: StoreEvent): Decided {
    this.lastTime = Math.max(this.lastTime, event.t ?? now() - this.start);
    let params = event.params;
    if (params !== undefined && !Array.isArray(params)) {
      const record = params as Readonly<Record<string, Scalar | null>>;
      params = Object.keys(record).sort().map((name) => ({ name, value: record[name] }));
    }
    const decision = this.session.decide({ ...event, t: this.lastTime, params });
    const policy = this.loaded;
    if (this.onIntegrationMistake && decision.reason !== null && this.reported.size < MAX_REPORTED_MISTAKES) {
      const mistake = mistakeOf(decision, event.event, event.screen ?? null, policy);
      if (mistake && !this.reported.has(mistake.kind + " " + mistake.name)) {
        this.reported.add(mistake.kind + " " + mistake.name);
        this.onIntegrationMistake(mistake);
      }
    }
    return { decision, policyHash: policy.hash };
  }

  /** Replaces the policy, continuing the session; returns the new hash. */
  reload(policy: Policy): string;
  /** Loads a bundle and replaces the policy, or keeps the last good one when it is refused. */
  reload(bundle: Uint8Array | string): ReloadResult;
  reload(input: Policy | Uint8Array | string): string | ReloadResult {
    if (input instanceof Policy) {
      this.apply(input);
      return input.hash;
    }
    try {
      const policy = Policy.fromBundle(input);
      this.apply(policy);
      return { applied: true, activeHash: policy.hash };
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      return { applied: false, activeHash: this.loaded.hash, error };
    }
  }

  private apply(policy: Policy): void {
    this.session = Session.continuing(policy, this.session);
    this.loaded = policy;
    this.reported = new Set();
  }
}

function mistakeOf(decision: Decision, event: string, screen: string | null, policy: Policy): IntegrationMistake | null {
  const make = (kind: IntegrationMistake["kind"], name: string, suggestion: string | null, detail: string | null): IntegrationMistake => {
    const hint = suggestion !== null ? `; did you mean '${suggestion}'?` : "";
    const message =
      kind === "unknown-event" ? `event '${name}' is not in the catalogue${hint}`
      : kind === "unknown-screen" ? `screen '${name}' is not declared${hint}`
      : kind === "bad-value" ? `event '${name}' was sent a value it cannot use` + (detail !== null ? `: ${detail}` : "")
      : `event '${name}' was sent bad parameters` + (detail !== null ? `: ${detail}` : "");
    return { kind, name, suggestion, detail, message };
  };
  switch (decision.reason) {
    case "unknown-event": return make("unknown-event", event, suggestion(event, policy.eventNames), null);
    case "unknown-screen": {
      const name = screen ?? decision.screen ?? "?";
      return make("unknown-screen", name, suggestion(name, policy.screenNames), null);
    }
    case "bad-value":
    case "bad-state": return make("bad-value", event, null, decision.note);
    case "bad-params": return make("bad-params", event, null, decision.note);
    default: return null;
  }
}

/** The nearest name by edit distance (at most a third of the name's length, at least 1), or null. */
export function suggestion(name: string, among: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of among) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length];
}
