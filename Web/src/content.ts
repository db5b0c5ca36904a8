/** The JSON shapes of a format 7 bundle's line 1's `content` (Docs/bundle-format.md). */

/** `[line, column]` or `[line, column, file]`. */
export type Position = [number, number] | [number, number, number];
/** A number, a parameter, a negation or a binary operation. */
export type ExpressionJSON = number | { param: string } | { op: "neg" | "+" | "-" | "*" | "/"; args: ExpressionJSON[] };
/** A row condition's scalar. */
export type Scalar = number | boolean | string;
/** A range with at most one bound on each side. */
export interface RangeJSON { above?: number; "at-least"?: number; below?: number; "at-most"?: number }

export interface ScreenJSON { name: string; enter: string[] }
export interface PayloadFieldJSON { name: string; kind: "number" | "bool" | "string"; min?: number; max?: number; oneOf?: string[]; required: boolean }
export interface EventJSON { name: string; layer: string; screens?: number[]; value?: string; payload?: { value?: PayloadFieldJSON; params?: PayloadFieldJSON[]; data?: PayloadFieldJSON[] }; endsSubject?: boolean }
export interface TimedPresetJSON { at: ExpressionJSON; name: string; preset: string; intensity?: number }
export interface TemplateParameterJSON { name: string; defaultValue: number; minimum?: number; maximum?: number; unit?: string }
export interface PatternEventJSON {
  kind: string; time: ExpressionJSON; duration?: ExpressionJSON; intensity?: ExpressionJSON; sharpness?: ExpressionJSON;
  curves: { parameter: string; points: { time: ExpressionJSON; value: ExpressionJSON }[] }[];
}
export interface PatternJSON { parameters: TemplateParameterJSON[]; events: PatternEventJSON[]; loop?: ExpressionJSON }
export type BodyJSON = { kind: "preset"; preset: string; intensity?: number } | { kind: "pattern"; pattern: PatternJSON };
export type FallbackJSON = { kind: "none" } | { kind: "preset"; step: TimedPresetJSON } | { kind: "sequence"; steps: TimedPresetJSON[] };
export interface FeedbackJSON { name: string; layer: string; body: BodyJSON; fallback?: FallbackJSON; platforms?: { android?: FeedbackJSON; web?: FeedbackJSON }; priority?: "low" | "normal" | "high" | "critical" }
export interface LevelEntryJSON { play?: number; silent?: string }
export interface LevelJSON { name: string; below?: number; edge?: ExpressionJSON; play?: number; silent?: string; fromBelow?: LevelEntryJSON; fromAbove?: LevelEntryJSON; location: Position; inclusive?: boolean; arguments?: ArgumentJSON[] }
export interface BandJSON { name: string; unit?: string; hysteresis: number; dwell?: number; plausible?: { min?: number; max?: number }; levels: LevelJSON[]; approach?: "falling" | "rising" }
export type ActionJSON =
  | { kind: "play"; feedback: number }
  | { kind: "loop"; feedback: number }
  | { kind: "stop"; feedback?: number }
  | { kind: "band"; band: number }
  | { kind: "silent"; reason: string }
  | { kind: "none" };
export interface ConditionJSON { speaks?: boolean; value?: Scalar; subject?: string; range?: RangeJSON; oneOf?: Scalar[]; parameters?: { parameter: number; range: RangeJSON }[]; inGesture?: boolean; data?: DataTestJSON[] }
/** A condition on one of the event's data fields (`when: {data: {direction: right}}`). */
export interface DataTestJSON { field: string; value?: Scalar; range?: RangeJSON; oneOf?: Scalar[] }
/** A template parameter given by `with:` (a row's or a band level's); no number: the event's value. */
export interface ArgumentJSON { name: string; number?: number }
export interface RowJSON {
  rule: string; levelRules?: string[]; condition?: ConditionJSON; action: ActionJSON; also?: ActionJSON[];
  arguments?: { name: string; number?: number }[]; ticker?: "begin" | "tick" | "end"; directives: string[]; cites: string[]; note?: string; location: Position;
}
export interface CellJSON { event: number; screen?: number; rows: RowJSON[]; otherwise?: boolean }
export type BudgetScopeJSON = { kind: "each-screen" } | { kind: "screen"; screen: string } | { kind: "layer"; layer: string } | { kind: "events"; events: string[] };
export interface ParameterJSON { name: string; setBy: string; min: number; max: number; defaultValue: number; unit?: string }
export interface UserLevelJSON { name: string; keeps: { all: boolean; feedback: string[]; layers: string[]; rows: string[] } }
export interface UserLevelsJSON { setBy: string; start: string; levels: UserLevelJSON[] }
export interface LayerJSON { name: string; plays?: string }

/** A bundle's `content`. */
export interface BundleContent {
  name: string; source: string; warmup: number; hapticsOnly: boolean;
  layers?: LayerJSON[]; screens: ScreenJSON[]; events: EventJSON[]; feedback: FeedbackJSON[]; bands: BandJSON[];
  cells: CellJSON[]; parameters?: ParameterJSON[];
  userLevels?: UserLevelsJSON; files?: string[]; decide: DecideJSON;
  /** What the app in background still plays (`background:`); absent for nothing. */
  background?: BackgroundJSON;
}

/** `background:`: what it keeps (as a user level's keeps). */
export interface BackgroundJSON { keeps: UserLevelJSON["keeps"] }
/** A `keeps` resolved: the feedback kept whole and the rule slots kept. */
export interface DecideKeepsJSON { rule: RuleRefJSON; feedback: number[]; ruleSlots: number[] }

/** A rule a decision cites: its id and the position of its declaration. */
export interface RuleRefJSON { id: string; at: Position }
/** A lowered parametric edge: over parameter indices. */
export type EdgeCodeJSON = number | { param: number } | { op: "neg" | "+" | "-" | "*" | "/"; args: EdgeCodeJSON[] };
/** What a band level plays or silences entering from one side. */
export interface LevelSideJSON { play?: number; silent?: string }
/** An enforced budget, resolved. */
export interface DecideBudgetJSON {
  scope: BudgetScopeJSON; rule: RuleRefJSON; max: number; window: number; screen?: number; perScreen: boolean;
  counted: number[]; excepted: number[]; firstRing: number; rings: number;
}
export type DecideSettingJSON = { kind: "parameter"; parameter: number; rule: RuleRefJSON } | { kind: "user-level"; rule: RuleRefJSON };
/** The decision tables the compiler lowered (Docs/bundle-format.md, "decide"). */
export interface DecideJSON {
  events: string[]; stateEvents: number; table: number[]; subjects: string[];
  rows: DecideRowJSON[][];
  signals: { event: number; band: number }[]; ruleSlots: string[]; settings: DecideSettingJSON[];
  screenRules: RuleRefJSON[]; speech?: { rule: RuleRefJSON; exempt: number[]; feedback: number[] };
  payloads: { event: number; rule: RuleRefJSON }[]; budgets: DecideBudgetJSON[];
  bandLevels: { up: LevelSideJSON; down: LevelSideJSON }[][]; edges: EdgeCodeJSON[][];
  userLevels: { rule: RuleRefJSON; feedback: number[]; ruleSlots: number[] }[]; startLevel: number;
  /** The event ids whose decision ends their subject (`ends-subject: true`); absent when none. */
  endsSubject?: number[];
  background?: DecideKeepsJSON;
  /** By band: its runtime values, every default applied. */
  bands: DecideBandJSON[];
  /** By feedback: its priority rank and one-shot length; absent when every feedback is `normal`. */
  priorities?: { rank: number; length?: number }[];
  /** By run-time parameter: the indices of the bands whose edges read it. */
  parameterBands: number[][];
}
/**
 * A row's subject, signal and rule slot; for a row with several actions or `with:`, its steps in
 * execution order, the main step and the step its arguments go to; for a band row with `with:`,
 * each level's merged arguments.
 */
export interface DecideRowJSON {
  subject?: number; signal?: number; rule: number;
  steps?: { action: "stop" | "play" | "loop"; feedback?: number }[]; main?: number; argumentsStep?: number;
  levelArguments?: { name: string; number?: number }[][];
}
/** A band's hysteresis, dwell, edges, inclusive flags, approach sign and plausible bounds (absent: unbounded). */
export interface DecideBandJSON {
  hysteresis: number; dwell: number; edges: number[]; inclusive: boolean[]; approach: number;
  plausibleMin?: number; plausibleMax?: number;
}
