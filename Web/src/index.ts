/**
 * haptic-policy: decide haptic feedback with a compiled policy bundle (format 6), the
 * same decisions as the Swift runtime, in any JavaScript runtime (web, React Native).
 */
export { Policy } from "./policy.js";
export { Session, defaultDevice, DEFAULT_SUBJECT_LIMIT, MINIMUM_LOOP_PERIOD, type DeviceState, type Event, type SessionOptions } from "./session.js";
export { PolicyStore, suggestion, MAX_REPORTED_MISTAKES, type Decided, type IntegrationMistake, type ReloadResult, type StoreEvent } from "./store.js";
export type { BandTransition, Decision, PlayDecision, PlayParameter, PlayReason, Reason, SilentDecision, Step, StopDecision } from "./decision.js";
export {
  BundleError, readBundle, BUNDLE_FORMAT_VERSION, BUNDLE_FORMAT_NAME, BUNDLE_MAX_BYTES, type BundleErrorKind, type BundleRefusalCode, type LoadedBundle,
} from "./policyBundle.js";
export { BUNDLE_MAX_DEPTH } from "./bundleJSON.js";
export { DIRECTIVES, STATE_EVENTS, type Directive } from "./policyIndex.js";
export type { BundleContent, Scalar } from "./content.js";
export { numberText } from "./numberText.js";
export { evaluate as evaluateExpression } from "./expression.js";
export type { ExpressionJSON, FallbackJSON, FeedbackJSON, TimedPresetJSON } from "./content.js";
export { sha256Hex } from "./sha256.js";
export {
  WebPlayer, PRESET_VIBRATIONS, presetVibration, type PlayOutcome, type Timers, type VibrationNavigator, type WebExport,
  type WebPatternExport, type WebPlayerOptions,
} from "./player/webPlayer.js";
