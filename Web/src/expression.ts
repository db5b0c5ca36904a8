/** Expressions of a bundle: literals, parameters, negation and `+ - * /`. */
import type { EdgeCodeJSON, ExpressionJSON } from "./content.js";
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

/** Compiles a lowered edge of `decide.edges` (parameters by index). */
export function compileEdgeCode(code: EdgeCodeJSON): EdgeCode {
  if (typeof code === "number") return () => code;
  if ("param" in code) {
    const index = code.param;
    return (p) => p[index];
  }
  if (code.op === "neg") {
    const operand = compileEdgeCode(code.args[0]);
    return (p) => -operand(p);
  }
  const l = compileEdgeCode(code.args[0]);
  const r = compileEdgeCode(code.args[1]);
  switch (code.op) {
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
