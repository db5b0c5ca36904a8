/** Expressions of a bundle: literals, parameters, negation and `+ - * /`. */
import type { ExpressionJSON } from "./content.js";
import { numberText } from "./numberText.js";

/**
 * Evaluates with the given parameter values; null when a parameter has no value or any
 * step is not finite (as Swift's `Expression.evaluate` throws).
 */
export function evaluate(expression: ExpressionJSON, bindings: ReadonlyMap<string, number>): number | null {
  let result: number;
  if (typeof expression === "number") {
    result = expression;
  } else if ("param" in expression) {
    const value = bindings.get(expression.param);
    if (value === undefined) return null;
    result = value;
  } else if (expression.op === "neg") {
    const operand = evaluate(expression.args[0], bindings);
    if (operand === null) return null;
    result = -operand;
  } else {
    const l = evaluate(expression.args[0], bindings);
    if (l === null) return null;
    const r = evaluate(expression.args[1], bindings);
    if (r === null) return null;
    switch (expression.op) {
      case "+": result = l + r; break;
      case "-": result = l - r; break;
      case "*": result = l * r; break;
      default: result = l / r; break;
    }
  }
  return Number.isFinite(result) ? result : null;
}

/** An edge over parameter indices; its value may be non-finite. */
export type EdgeCode = (parameters: ArrayLike<number>) => number;

/** Compiles an edge whose parameters are all in `names`; null otherwise. */
export function compileEdge(expression: ExpressionJSON, names: readonly string[]): EdgeCode | null {
  if (typeof expression === "number") return () => expression;
  if ("param" in expression) {
    const index = names.indexOf(expression.param);
    return index < 0 ? null : (p) => p[index];
  }
  if (expression.op === "neg") {
    const operand = compileEdge(expression.args[0], names);
    return operand === null ? null : (p) => -operand(p);
  }
  const l = compileEdge(expression.args[0], names);
  const r = compileEdge(expression.args[1], names);
  if (l === null || r === null) return null;
  switch (expression.op) {
    case "+": return (p) => l(p) + r(p);
    case "-": return (p) => l(p) - r(p);
    case "*": return (p) => l(p) * r(p);
    default: return (p) => l(p) / r(p);
  }
}

/** Every parameter an expression mentions. */
export function expressionParameters(expression: ExpressionJSON): string[] {
  if (typeof expression === "number") return [];
  if ("param" in expression) return [expression.param];
  return expression.args.flatMap(expressionParameters);
}

/** Source-like text (`0.7 * max_hr`). */
export function expressionText(expression: ExpressionJSON): string {
  const inner = (e: ExpressionJSON): string => (typeof e === "object" && "op" in e && e.op !== "neg" ? `(${expressionText(e)})` : expressionText(e));
  if (typeof expression === "number") return numberText(expression);
  if ("param" in expression) return expression.param;
  if (expression.op === "neg") return "-" + inner(expression.args[0]);
  return `${inner(expression.args[0])} ${expression.op} ${inner(expression.args[1])}`;
}
