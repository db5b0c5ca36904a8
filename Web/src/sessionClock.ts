/**
 * How a session compares times (Sources/HapticPolicy/Evaluation/SessionClock.swift,
 * Docs/decision-order.md "Times"). A log writes its times as decimals (`1.05`, `2.05`),
 * which binary floating point holds only nearly: 2.05 − 1.05 is 0.9999999999999998 and
 * 0.1 + 0.32 is 0.42000000000000004. Two times less than `TIME_TOLERANCE` apart are one
 * instant, so a dwell, a budget's window, a pattern's end and the engine's warm-up fall
 * where the decimals say.
 */

/** One microsecond: far below any time a log means, far above the error of adding and subtracting them. */
export const TIME_TOLERANCE = 1e-6;

/**
 * Whether `time` has reached `deadline`, to `TIME_TOLERANCE`: a new band level has held for
 * its dwell, a ring has left a budget's window, a pattern has ended, the engine has warmed up.
 */
export function reached(time: number, deadline: number): boolean {
  return time + TIME_TOLERANCE >= deadline;
}
