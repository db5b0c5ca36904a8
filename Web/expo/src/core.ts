/**
 * One TypeScript API over two ways of deciding: the native module (`HapticPolicy`, a
 * development build: the Swift or Kotlin runtime decides and plays custom patterns with
 * Core Haptics or the Vibrator), or, where it is absent (Expo Go), the `haptic-policy`
 * package deciding in JavaScript and expo-haptics playing the presets the policy's
 * fallbacks name. Either way `decide` returns the same `Decided` and `onDecision` tells
 * the app's UI.
 */
import { PolicyStore, type Decided, type IntegrationMistake, type StoreEvent } from "haptic-policy";
import { ExpoHapticsPlayer, type HapticsCalls, type PresetOutcome, type Timeouts } from "./expoHapticsPlayer.js";

/** Removes a listener (expo-modules-core's `EventSubscription`). */
export interface Subscription {
  remove(): void;
}

/** A decision told to `onDecision`: the `Decided` and the event's name. */
export interface DecisionEvent extends Decided {
  readonly event: string;
}

/** The policy a load made active. */
export interface LoadedPolicy {
  readonly policy: string;
  readonly hash: string;
}

/** The native module's JavaScript surface (Web/expo/ios/Module, Web/expo/android). */
export interface NativeHapticPolicyModule {
  /** Whether the device plays custom patterns (Core Haptics, or an Android vibrator with amplitude control). */
  isSupported(): boolean;
  /** Loads a compiled bundle's text; a later load is a hot reload that keeps the last good policy. */
  load(bundleText: string): Promise<LoadedPolicy>;
  /** Decides one event and plays the decision natively. Throws for an event object it cannot read. */
  decide(event: StoreEvent): Decided;
  addListener(eventName: "onDecision", listener: (event: DecisionEvent) => void): Subscription;
  addListener(eventName: "onIntegrationMistake", listener: (mistake: IntegrationMistake) => void): Subscription;
  addListener(eventName: "onIncident", listener: (incident: { readonly message: string }) => void): Subscription;
}

/** What `ExpoHapticPolicy.load` uses; index.ts passes the real ones. */
export interface Dependencies {
  /** The native module, or null where it is absent (Expo Go). */
  readonly native: NativeHapticPolicyModule | null;
  /** expo-haptics, for the JavaScript path. */
  readonly haptics: HapticsCalls;
  /** Timeouts of fallback sequences on the JavaScript path. */
  readonly timeouts?: Timeouts;
}

/** Decides with the policy, natively when it can, in JavaScript otherwise. */
export class ExpoHapticPolicy {
  /** `native`: the module decides and plays; `javascript`: Expo Go, expo-haptics presets. */
  readonly mode: "native" | "javascript";
  private readonly native: NativeHapticPolicyModule | null;
  private readonly store: PolicyStore | null;
  private readonly player: ExpoHapticsPlayer | null;
  private readonly listeners = new Set<(event: DecisionEvent) => void>();
  private readonly mistakeListeners = new Set<(mistake: IntegrationMistake) => void>();
  private loaded: LoadedPolicy;
  /** What the last decision did on the JavaScript path (empty on the native one). */
  lastOutcomes: readonly PresetOutcome[] = [];

  private constructor(native: NativeHapticPolicyModule | null, store: PolicyStore | null, player: ExpoHapticsPlayer | null, loaded: LoadedPolicy) {
    this.mode = native ? "native" : "javascript";
    this.native = native;
    this.store = store;
    this.player = player;
    this.loaded = loaded;
    if (native) {
      native.addListener("onDecision", (event) => this.tell(event));
      native.addListener("onIntegrationMistake", (mistake) => this.mistakeListeners.forEach((l) => l(mistake)));
    } else if (store) {
      store.onIntegrationMistake = (mistake) => this.mistakeListeners.forEach((l) => l(mistake));
    }
  }

  /**
   * Loads a compiled bundle's text (`haptic-policy compile policy.yaml -o policy.bundle.json`).
   * Rejects with the reason when the bundle does not load.
   */
  static async load(bundleText: string, dependencies: Dependencies): Promise<ExpoHapticPolicy> {
    const { native } = dependencies;
    if (native) return new ExpoHapticPolicy(native, null, null, await native.load(bundleText));
    // No Core Haptics from JavaScript: the policy picks each feedback's fallback (presets).
    const store = new PolicyStore(bundleText, { supportsHaptics: false });
    const player = new ExpoHapticsPlayer(dependencies.haptics, dependencies.timeouts);
    return new ExpoHapticPolicy(null, store, player, { policy: store.current.name, hash: store.current.hash });
  }

  /** The policy deciding now. */
  get policy(): LoadedPolicy { return this.loaded; }

  /** Decides one event and plays the decision; `onDecision` listeners hear it too. */
  decide(event: StoreEvent): Decided {
    if (this.native) return this.native.decide(event);
    const decided = this.store!.decide(event);
    this.lastOutcomes = this.player!.play(decided.decision, this.store!.current);
    this.tell({ ...decided, event: event.event });
    return decided;
  }

  /** Swaps in a new bundle; a damaged one is refused (rejects) and the policy in use stays. */
  async reload(bundleText: string): Promise<LoadedPolicy> {
    if (this.native) {
      this.loaded = await this.native.load(bundleText);
    } else {
      const result = this.store!.reload(bundleText);
      if (!result.applied) throw result.error;
      this.loaded = { policy: this.store!.current.name, hash: result.activeHash };
    }
    return this.loaded;
  }

  /**
   * The app went to background or came back (React Native's `AppState`). The native
   * module follows the app by itself; in JavaScript this decides `app.state`.
   */
  appState(state: "foreground" | "background"): Decided | null {
    if (this.native) return null;
    return this.decide({ event: "app.state", value: state });
  }

  /** Listens to every decision (for the app's own UI: a breathing circle in step with the haptics). */
  onDecision(listener: (event: DecisionEvent) => void): Subscription {
    this.listeners.add(listener);
    return { remove: () => { this.listeners.delete(listener); } };
  }

  /** Listens to integration mistakes (an event or screen the policy does not know), once each. */
  onIntegrationMistake(listener: (mistake: IntegrationMistake) => void): Subscription {
    this.mistakeListeners.add(listener);
    return { remove: () => { this.mistakeListeners.delete(listener); } };
  }

  /** Cancels fallback steps not yet played (JavaScript path). */
  stopAll(): void { this.player?.stopAll(); }

  private tell(event: DecisionEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
