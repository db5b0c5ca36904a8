/**
 * Template parameter binding and loop periods (Sources/HapticPolicy/Evaluation/Session/TemplateParameters.swift):
 * the `template-parameters` play gate.
 */
import type { TemplateParameterJSON } from "./content.js";
import type { PlayParameter } from "./decision.js";
import { evaluate } from "./expression.js";
import { numberText } from "./numberText.js";
import type { FeedbackPlan } from "./policyIndex.js";

/** The shortest loop period a play starts (seconds). */
export const MINIMUM_LOOP_PERIOD = 0.001;

function rangeText(spec: TemplateParameterJSON): string {
  if (spec.minimum !== undefined && spec.maximum !== undefined) return `; use ${numberText(spec.minimum)} to ${numberText(spec.maximum)}`;
  if (spec.minimum !== undefined) return `; use at least ${numberText(spec.minimum)}`;
  if (spec.maximum !== undefined) return `; use at most ${numberText(spec.maximum)}`;
  return "";
}

/** Checks the event's parameters against the template and evaluates the loop period; a string is the problem. */
export function bind(given: PlayParameter[], feedback: FeedbackPlan): string | { parameters: PlayParameter[]; period: number | null } {
  const values = new Map<string, number>();
  for (const parameter of feedback.parameters) values.set(parameter.name, parameter.defaultValue);
  for (const parameter of given) {
    const spec = feedback.parameters.find((x) => x.name === parameter.name);
    if (!spec) {
      const known = feedback.parameters.map((x) => x.name).join(", ");
      return feedback.parameters.length === 0
        ? `'${feedback.name}' takes no parameters; remove '${parameter.name}'`
        : `'${feedback.name}' has no parameter '${parameter.name}'; use ${known}`;
    }
    const number = parameter.value;
    if (typeof number !== "number" || !Number.isFinite(number)) return `parameter '${parameter.name}' must be a number` + rangeText(spec);
    if (spec.minimum !== undefined && number < spec.minimum) return `${parameter.name} ${numberText(number)} is below the minimum ${numberText(spec.minimum)}` + rangeText(spec);
    if (spec.maximum !== undefined && number > spec.maximum) return `${parameter.name} ${numberText(number)} is above the maximum ${numberText(spec.maximum)}` + rangeText(spec);
    values.set(parameter.name, number);
  }
  let period: number | null = null;
  if (feedback.loop !== null) {
    const seconds = evaluate(feedback.loop, values);
    if (seconds === null || !(seconds > 0)) return `the loop period of '${feedback.name}' is not a positive number with these parameters`;
    if (seconds < MINIMUM_LOOP_PERIOD) {
      return `the loop period of '${feedback.name}' is ${numberText(seconds)} s with these parameters, under the ${numberText(MINIMUM_LOOP_PERIOD)} s a player can loop at; change the parameters`;
    }
    period = seconds;
  }
  return { parameters: feedback.parameters.map((x) => ({ name: x.name, value: values.get(x.name) ?? null })), period };
}
