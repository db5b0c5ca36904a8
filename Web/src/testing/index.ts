/**
 * haptic-policy/testing: the test kit for app teams. Drive a store with an app flow's
 * events and assert what plays and what stays silent, and why (Docs/app-tests.md).
 */
export { HapticFlow, HapticExpectationError, type Expected, type FlowOptions, type FlowStep } from "./hapticFlow.js";
