/**
 * Declared payload checks (`value: {type: ...}`, `params:`, `data:`;
 * Sources/HapticPolicy/Compiled/Payload.swift), made before any row: a catch-all row must
 * not decide an event the app sent without what it declares it carries.
 */
import type { PayloadFieldJSON, Scalar } from "./content.js";
import type { PlayParameter } from "./decision.js";
import { numberText, scalarText } from "./numberText.js";
import type { PayloadCheck } from "./policyIndex.js";

function accepts(field: PayloadFieldJSON, value: Scalar): boolean {
  switch (field.kind) {
    case "bool": return typeof value === "boolean";
    case "string": return typeof value === "string" && (field.oneOf ? field.oneOf.includes(value) : true);
    default:
      if (typeof value !== "number" || !Number.isFinite(value)) return false;
      if (field.min !== undefined && value < field.min) return false;
      if (field.max !== undefined && value > field.max) return false;
      return true;
  }
}

function expectation(field: PayloadFieldJSON): string {
  switch (field.kind) {
    case "bool": return "true or false";
    case "string": return field.oneOf ? "one of " + field.oneOf.join(", ") : "text";
    default:
      if (field.min !== undefined && field.max !== undefined) return `a number from ${numberText(field.min)} to ${numberText(field.max)}`;
      if (field.min !== undefined) return `a number of at least ${numberText(field.min)}`;
      if (field.max !== undefined) return `a number of at most ${numberText(field.max)}`;
      return "a finite number";
  }
}

/** The first problem of an event's value, params and data against its declaration, or null. */
export function payloadProblem(check: PayloadCheck, value: Scalar | null, params: PlayParameter[], data: PlayParameter[]): string | null {
  const note = (field: PayloadFieldJSON, isValue: boolean, got: string) => {
    const what = isValue ? "'value'" : `param '${field.name}'`;
    const place = isValue ? `events.${check.event}` : `events.${check.event}.params.${field.name}`;
    return `'${check.event}' needs ${what} to be ${expectation(field)} (${place}); got ${got}`;
  };
  const problem = valueAndParamsProblem(check, value, params, note);
  if (problem !== null || !check.data) return problem;
  const dataNote = (field: PayloadFieldJSON, got: string) =>
    `'${check.event}' needs data '${field.name}' to be ${expectation(field)} (events.${check.event}.data.${field.name}); got ${got}`;
  for (const given of data) {
    const field = check.data.find((x) => x.name === given.name);
    if (!field) {
      const known = check.data.map((x) => x.name);
      return `'${check.event}' has no data field '${given.name}' (events.${check.event}.data declares ` + (known.length === 0 ? "none" : known.join(", ")) + "); remove it";
    }
    if (given.value === null || given.value === undefined) return dataNote(field, "no value");
    if (!accepts(field, given.value)) return dataNote(field, scalarText(given.value));
  }
  for (const field of check.data) {
    if (field.required && !data.some((x) => x.name === field.name)) return dataNote(field, "no value");
  }
  return null;
}

function valueAndParamsProblem(
  check: PayloadCheck, value: Scalar | null, params: PlayParameter[], note: (field: PayloadFieldJSON, isValue: boolean, got: string) => string,
): string | null {
  if (check.value) {
    if (value !== null) {
      if (!accepts(check.value, value)) return note(check.value, true, scalarText(value));
    } else if (check.value.required) return note(check.value, true, "no value");
  }
  if (!check.params) return null;
  for (const parameter of params) {
    const field = check.params.find((x) => x.name === parameter.name);
    if (!field) {
      const known = check.params.map((x) => x.name);
      return `'${check.event}' has no param '${parameter.name}' (events.${check.event} declares ` + (known.length === 0 ? "none" : known.join(", ")) + "); remove it";
    }
    if (parameter.value === null || parameter.value === undefined) return note(field, false, "no value");
    if (!accepts(field, parameter.value)) return note(field, false, scalarText(parameter.value));
  }
  for (const field of check.params) {
    if (field.required && !params.some((x) => x.name === field.name)) return note(field, false, "no value");
  }
  return null;
}
