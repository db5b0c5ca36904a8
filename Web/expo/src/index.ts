/**
 * haptic-policy-expo: the policy's decisions in an Expo app. In a development build the
 * native module decides and plays (Core Haptics with curves on iOS, the Vibrator on
 * Android); in Expo Go the same API decides in JavaScript and plays expo-haptics presets.
 */
import * as Haptics from "expo-haptics";
import { requireOptionalNativeModule } from "expo-modules-core";
import { ExpoHapticPolicy, type NativeHapticPolicyModule } from "./core.js";
import type { HapticsCalls, ImpactStyle, NotificationType } from "./expoHapticsPlayer.js";

export { ExpoHapticPolicy, type DecisionEvent, type Dependencies, type LoadedPolicy, type NativeHapticPolicyModule, type Subscription } from "./core.js";
export { ExpoHapticsPlayer, presetCall, type HapticsCalls, type PresetOutcome, type TimedPreset, type Timeouts } from "./expoHapticsPlayer.js";

const impactStyles: Record<ImpactStyle, Haptics.ImpactFeedbackStyle> = {
  light: Haptics.ImpactFeedbackStyle.Light,
  medium: Haptics.ImpactFeedbackStyle.Medium,
  heavy: Haptics.ImpactFeedbackStyle.Heavy,
  soft: Haptics.ImpactFeedbackStyle.Soft,
  rigid: Haptics.ImpactFeedbackStyle.Rigid,
};

const notificationTypes: Record<NotificationType, Haptics.NotificationFeedbackType> = {
  success: Haptics.NotificationFeedbackType.Success,
  warning: Haptics.NotificationFeedbackType.Warning,
  error: Haptics.NotificationFeedbackType.Error,
};

/** expo-haptics as the JavaScript path's player calls it. */
export const expoHaptics: HapticsCalls = {
  impactAsync: (style) => Haptics.impactAsync(impactStyles[style]),
  notificationAsync: (type) => Haptics.notificationAsync(notificationTypes[type]),
  selectionAsync: () => Haptics.selectionAsync(),
};

/** The native module, or null in Expo Go (no custom native code there). */
export function nativeModule(): NativeHapticPolicyModule | null {
  return requireOptionalNativeModule<NativeHapticPolicyModule>("HapticPolicy");
}

/** Loads a compiled bundle's text and decides with it, natively when the module is built in. */
export function loadHapticPolicy(bundleText: string): Promise<ExpoHapticPolicy> {
  return ExpoHapticPolicy.load(bundleText, { native: nativeModule(), haptics: expoHaptics });
}
