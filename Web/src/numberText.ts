import type { Scalar } from "./content.js";

/**
 * Numbers written as the Swift runtime writes them in notes: an integral value below
 * 1e15 as an integer (`4`, not `4.0`), otherwise Swift's shortest round-trip
 * description (`0.35`, `1e-05`, `1000000000000000.0`, `1.5e+16`).
 */
export function numberText(value: number): string {
  if (Number.isFinite(value) && Math.trunc(value) === value && Math.abs(value) < 1e15) {
    return Object.is(value, -0) ? "0" : String(value);
  }
  return swiftDescription(value);
}

/** Swift's `Double.description`: decimal for magnitudes in [1e-4, 2^53], else exponential. */
export function swiftDescription(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude <= 9007199254740992) {
    const text = String(value);
    return Number.isInteger(value) ? text + ".0" : text;
  }
  const [mantissa, exponent] = value.toExponential().split("e");
  const sign = exponent.startsWith("-") ? "-" : "+";
  const digits = exponent.replace(/^[+-]/, "");
  return `${mantissa}e${sign}${digits.length < 2 ? "0" + digits : digits}`;
}

/** Swift's `rounded()`: to the nearest integer, halves away from zero. */
export function roundHalfAway(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** `ScalarValue.description`: numbers as `numberText`, strings in quotes. */
export function scalarText(value: Scalar): string {
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return String(value);
  return `"${value}"`;
}
