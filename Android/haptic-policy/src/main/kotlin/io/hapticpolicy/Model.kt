package io.hapticpolicy

/** A source position: line and column (1-based) in `file` (0: the main file, n: `files[n-1]`). */
data class Position(val line: Int, val column: Int, val file: Int = 0)

/** A number of a pattern or an edge: a literal, a parameter or arithmetic over them. */
sealed class Expr {
    /** A literal. */
    data class Number(val value: Double) : Expr()
    /** A run-time or template parameter by name. */
    data class Param(val name: String) : Expr()
    /** `-operand`. */
    data class Neg(val operand: Expr) : Expr()
    /** `lhs op rhs`, `op` one of `+ - * /`. */
    data class Binary(val op: Char, val lhs: Expr, val rhs: Expr) : Expr()

    /** The names of the parameters read, in order of appearance. */
    val parameters: List<String>
        get() = when (this) {
            is Number -> emptyList()
            is Param -> listOf(name)
            is Neg -> operand.parameters
            is Binary -> lhs.parameters + rhs.parameters
        }

    /** The value with `bindings`, or null when a parameter is unbound or a step is not finite. */
    fun evaluate(bindings: Map<String, Double>): Double? {
        val result = when (this) {
            is Number -> value
            is Param -> bindings[name] ?: return null
            is Neg -> -(operand.evaluate(bindings) ?: return null)
            is Binary -> {
                val l = lhs.evaluate(bindings) ?: return null
                val r = rhs.evaluate(bindings) ?: return null
                when (op) { '+' -> l + r; '-' -> l - r; '*' -> l * r; else -> l / r }
            }
        }
        return if (result.isFinite()) result else null
    }
}

/** A row condition's or a payload's scalar: a number, a boolean or a string. */
sealed class Scalar {
    /** A number. */
    data class Num(val value: Double) : Scalar() {
        override fun equals(other: Any?): Boolean = other is Num && other.value == value
        override fun hashCode(): Int = value.hashCode()
    }
    /** A boolean. */
    data class Bool(val value: Boolean) : Scalar()
    /** A string. */
    data class Text(val value: String) : Scalar()

    /** As the Swift runtime shows it in notes: `4`, `true`, `"x"`. */
    val text: String get() = when (this) {
        is Num -> NumberText.of(value)
        is Bool -> value.toString()
        is Text -> "\"$value\""
    }
}

/** A number interval; a missing end is unbounded. */
data class NumberRange(val lower: Double?, val lowerInclusive: Boolean, val upper: Double?, val upperInclusive: Boolean) {
    /** Whether `x` is in the range; NaN never is. */
    fun contains(x: Double): Boolean {
        if (lower != null && !(if (lowerInclusive) x >= lower else x > lower)) return false
        if (upper != null && !(if (upperInclusive) x <= upper else x < upper)) return false
        return !x.isNaN()
    }
}

/** The system presets a feedback or fallback renders. */
enum class Preset(val id: String) {
    IMPACT_LIGHT("impact.light"), IMPACT_MEDIUM("impact.medium"), IMPACT_HEAVY("impact.heavy"),
    IMPACT_RIGID("impact.rigid"), IMPACT_SOFT("impact.soft"), SELECTION("selection"),
    NOTIFICATION_SUCCESS("notification.success"), NOTIFICATION_WARNING("notification.warning"),
    NOTIFICATION_ERROR("notification.error");

    companion object {
        /** The preset of an id, or null. */
        fun of(id: String): Preset? = values().firstOrNull { it.id == id }
    }
}

/** Lifecycle directives, in their canonical order. */
enum class Directive(val id: String) {
    PREPARE_ENGINE("prepare-engine"), RESTART_ENGINE("restart-engine"), PREPARE_TICKER("prepare-ticker"),
    RELEASE_TICKER("release-ticker"), STOP_LOOP("stop-loop"), INTERRUPT("interrupt");

    /** This directive's bit in a directive set. */
    val bit: Int get() = 1 shl ordinal

    companion object {
        /** The directive of an id, or null. */
        fun of(id: String): Directive? = values().firstOrNull { it.id == id }

        private val all = values().toList()
        private val lists: Array<List<Directive>> = Array(1 shl all.size) { bits -> all.filter { bits and it.bit != 0 } }

        /** The directives of a bit set, in canonical order (shared, immutable lists). */
        fun list(bits: Int): List<Directive> = lists[bits]
    }
}

/** A template parameter with its default and allowed range. */
data class TemplateParameter(
    val name: String, val defaultValue: Double, val minimum: Double?, val maximum: Double?, val unit: String?
)

/** A curve's control point. */
data class CurvePoint(val time: Expr, val value: Expr)

/** A parameter curve of a pattern event (`intensity` or `sharpness`). */
data class Curve(val parameter: String, val points: List<CurvePoint>)

/** One event of a pattern. */
data class PatternEvent(
    val kind: String, val time: Expr, val duration: Expr?, val intensity: Expr?, val sharpness: Expr?,
    val curves: List<Curve>, val sound: String?, val volume: Expr?, val pitch: Expr?
)

/** A custom pattern: its template parameters, events and loop period. */
data class Pattern(
    val parameters: List<TemplateParameter>, val events: List<PatternEvent>, val loop: Expr?
)

/** What a feedback is: a preset or a pattern. */
sealed class FeedbackBody {
    /** A system preset with an optional intensity 0-1. */
    data class PresetBody(val preset: Preset, val intensity: Double?) : FeedbackBody()
    /** A custom pattern. */
    data class PatternBody(val pattern: Pattern) : FeedbackBody()
}

/** A preset at a time in a fallback. */
data class TimedPreset(val at: Expr, val name: String, val preset: Preset, val intensity: Double?)

/** What a pattern renders when it cannot play. */
sealed class Fallback {
    /** Nothing (`fallback: none`). */
    object None : Fallback()
    /** One preset. */
    data class Single(val step: TimedPreset) : Fallback()
    /** Timed presets. */
    data class Sequence(val steps: List<TimedPreset>) : Fallback()
}

/** What the player renders for a play. */
sealed class Render {
    /** A system preset. */
    data class OfPreset(val preset: Preset) : Render()
    /** The feedback's own pattern. */
    data class OfPattern(val feedback: String) : Render()
    /** The pattern's fallback sequence. */
    data class OfSequence(val feedback: String) : Render()

    /** The log form: `impact.light`, `pattern:pulse`, `sequence:breath`. */
    val text: String get() = when (this) {
        is OfPreset -> preset.id
        is OfPattern -> "pattern:$feedback"
        is OfSequence -> "sequence:$feedback"
    }
}

/**
 * One named feedback as the policy settled it, with its fallback and per-platform plans
 * (`android`, `web`): what a decision plays and what a player renders.
 */
data class FeedbackPlan(
    val name: String, val layer: String, val body: FeedbackBody, val fallback: Fallback?,
    val platforms: Map<String, FeedbackPlan>,
    /** How much it matters against what still plays (`priority:`). */
    val priority: Priority = Priority.NORMAL
) {
    /** The pattern, when the feedback is one. */
    val pattern: Pattern? get() = (body as? FeedbackBody.PatternBody)?.pattern
    /** Whether it is a custom pattern. */
    val isPattern: Boolean get() = body is FeedbackBody.PatternBody
    /** The template parameters (empty for presets and plain patterns). */
    val parameters: List<TemplateParameter> get() = pattern?.parameters ?: emptyList()
    /** The loop period expression of a looping pattern. */
    val loop: Expr? get() = pattern?.loop
    /** What a play of the feedback itself renders. */
    val render: Render = when (body) {
        is FeedbackBody.PresetBody -> Render.OfPreset(body.preset)
        is FeedbackBody.PatternBody -> Render.OfPattern(name)
    }
    /** What a fallback renders, or null when the pattern cannot fall back. */
    val fallbackRender: Render? = when (fallback) {
        is Fallback.Single -> Render.OfPreset(fallback.step.preset)
        is Fallback.Sequence -> Render.OfSequence(name)
        else -> null
    }

    /** The plan on `platform` (`android`, `web`): its override, or this plan. */
    fun on(platform: String): FeedbackPlan = platforms[platform] ?: this
}

/** A screen: its enter directives. */
data class Screen(val name: String, val enter: List<Directive>)

/** A declared layer. */
data class LayerDecl(val name: String, val plays: String?)

/** A declared payload field. */
data class PayloadField(
    val name: String, val kind: String, val min: Double?, val max: Double?, val oneOf: List<String>?,
    val required: Boolean
)

/** A catalogue event. */
data class EventDecl(
    val name: String, val layer: String, val screens: List<Int>?, val value: String?,
    val payloadValue: PayloadField?, val payloadParams: List<PayloadField>?, val hasPayload: Boolean,
    /** `ends-subject: true`: deciding the event forgets its subject. */
    val endsSubject: Boolean = false,
    /** The declared data fields (`data:`); null: a line's `data` is not checked. */
    val payloadData: List<PayloadField>? = null
)

/** What entering a band level from one side does. */
data class LevelEntry(val play: Int?, val silent: String?)

/** A band level. */
data class BandLevel(
    val name: String, val below: Double?, val edge: Expr?, val play: Int?, val silent: String?,
    val fromBelow: LevelEntry?, val fromAbove: LevelEntry?, val location: Position,
    /** Whether the upper edge is inclusive (`at-most:`, language v3). */
    val inclusive: Boolean = false,
    /** The template parameters the level gives what it plays (`with:`), before its band row's. */
    val arguments: List<Argument>? = null
)

/** A band set. */
data class Band(
    val name: String, val unit: String?, val hysteresis: Double, val dwell: Double?, val plausibleMin: Double?,
    val plausibleMax: Double?, val levels: List<BandLevel>,
    /** `falling` or `rising` for an approach band (language v3); null: it moves both ways. */
    val approach: String? = null
)

/** A row action. */
sealed class RowAction {
    /** Play feedback `feedback`. */
    data class Play(val feedback: Int) : RowAction()
    /** Start or retempo a loop. */
    data class Loop(val feedback: Int) : RowAction()
    /** Stop a loop (null: every loop). */
    data class Stop(val feedback: Int?) : RowAction()
    /** Go through a band set. */
    data class BandAction(val band: Int) : RowAction()
    /** The designer's silence. */
    data class Silent(val reason: String) : RowAction()
    /** Directives only. */
    object Nothing : RowAction()

    /** Where it runs among a row's actions: stops 0, plays 1, the loop 2. */
    val step: Int get() = when (this) { is Stop -> 0; is Loop -> 2; else -> 1 }
}

/** A row's run-time parameter test. */
data class ParameterTest(val parameter: Int, val range: NumberRange)

/** A row condition. */
data class Condition(
    val speaks: Boolean?, val value: Scalar?, val subject: String?, val range: NumberRange?, val oneOf: List<Scalar>?,
    val parameters: List<ParameterTest>?,
    /** `in-gesture:`: whether a ticker gesture must be open (true) or closed (false); null when not tested. */
    val inGesture: Boolean? = null,
    /** Conditions on the event's data fields (`data: {direction: right}`). */
    val data: List<DataTest>? = null
)

/** A condition on one data field: a literal, a range and/or a set, as on `value`. */
data class DataTest(val field: String, val value: Scalar?, val range: NumberRange?, val oneOf: List<Scalar>?) {
    /** Whether the carried field value (null: not carried) passes. */
    fun matches(given: Scalar?): Boolean {
        if (given == null) return false
        if (value != null && given != value) return false
        if (range != null && !(given is Scalar.Num && range.contains(given.value))) return false
        if (oneOf != null && given !in oneOf) return false
        return true
    }
}

/** A `with:` argument. */
data class Argument(val name: String, val number: Double?)

/** A table row. */
data class Row(
    val rule: String, val levelRules: List<String>?, val condition: Condition?, val action: RowAction,
    val also: List<RowAction>?, val arguments: List<Argument>?, val ticker: String?, val directives: List<Directive>,
    val cites: List<String>, val note: String?, val location: Position
) {
    /** Every action in execution order: stops, then plays, then the loop. */
    val steps: List<RowAction>
        get() {
            if (also == null || also.isEmpty()) return listOf(action)
            val all = listOf(action) + also
            return (0..2).flatMap { s -> all.filter { it.step == s } }
        }
}

/** A decision-table cell. */
data class Cell(
    val event: Int, val screen: Int?, val rows: List<Row>,
    /** True for a cell the compiler made from a screen's `otherwise:`. */
    val otherwise: Boolean = false
)

/** A budget's scope. */
sealed class BudgetScope {
    /** Each screen on its own. */
    object EachScreen : BudgetScope()
    /** One named screen. */
    data class OnScreen(val screen: String) : BudgetScope()
    /** One layer across screens. */
    data class OnLayer(val layer: String) : BudgetScope()
    /** The rings of these events, on any screen (`event:`, `events:`). */
    data class OnEvents(val events: List<String>) : BudgetScope() {
        /** What the scope is called in notes: `event off.route`, `events a, b`. */
        val text: String get() = (if (events.size == 1) "event " else "events ") + events.joinToString(", ")
    }
}

/** A run-time parameter. */
data class Parameter(
    val name: String, val setBy: String, val min: Double, val max: Double, val defaultValue: Double, val unit: String?
)

/** What a user level keeps. */
data class Keeps(val all: Boolean, val feedback: List<String>, val layers: List<String>, val rows: List<String>)

/** One user level. */
data class UserLevel(val name: String, val keeps: Keeps)

/** The user levels. */
data class UserLevels(val setBy: String, val start: String, val levels: List<UserLevel>)

/** A bundle's content: the compiled policy, as `Docs/bundle-format.md` specifies it. */
data class PolicyContent(
    val name: String, val source: String, val warmup: Double, val hapticsOnly: Boolean,
    val layers: List<LayerDecl>?, val screens: List<Screen>, val events: List<EventDecl>,
    val feedback: List<FeedbackPlan>, val bands: List<Band>, val cells: List<Cell>, val parameters: List<Parameter>, val userLevels: UserLevels?, val files: List<String>,
    /** The decision tables the compiler lowered (`decide`); a runtime copies them, deriving nothing. */
    val decide: DecideTables,
    /** What the app in background still plays (`background:`); null for nothing. */
    val background: Background? = null
) {
    /** Each parameter's setting event, then the user levels'. */
    val settingEventNames: List<String>
        get() = parameters.map { it.setBy } + listOfNotNull(userLevels?.setBy)
}

/** A rule a decision cites and where it is declared (`decide`'s ruleRef). */
data class RuleRef(val id: String, val at: Position)

/**
 * The precomputed decision tables of a bundle (`Docs/bundle-format.md`, "decide"): every
 * name resolved to an index, every default applied, every rule id written out.
 */
data class DecideTables(
    val events: List<String>, val stateEvents: Int, val table: List<Int>, val subjects: List<String>,
    val rows: List<List<Row>>, val signals: List<Signal>, val ruleSlots: List<String>, val settings: List<Setting>,
    val screenRules: List<RuleRef>, val speech: Speech?, val payloads: List<PayloadRule>, val budgets: List<Budget>,
    val bandLevels: List<List<Level>>, val edges: List<List<Expr>>, val userLevels: List<UserLevel>, val startLevel: Int,
    /** The event ids whose decision ends their subject (`ends-subject: true`). */
    val endsSubject: List<Int> = emptyList(),
    /** What `background:` keeps, resolved as a user level's keeps; null when it keeps nothing. */
    val background: UserLevel? = null,
    /** By band: its runtime values, every default applied. */
    val bands: List<Band> = emptyList(),
    /** By feedback: its priority rank and one-shot length; null when every feedback is `normal`. */
    val priorities: List<FeedbackPriority>? = null,
    /** By run-time parameter: the bands whose edges read it. */
    val parameterBands: List<List<Int>> = emptyList()
) {
    /**
     * A row's subject index, band signal slot and rule slot; for a row with several actions or
     * `with:`, its steps in execution order, the main step and the step its arguments go to;
     * for a band row with `with:`, each level's merged arguments.
     */
    data class Row(
        val subject: Int?, val signal: Int?, val rule: Int, val steps: List<Step>? = null, val main: Int? = null,
        val argumentsStep: Int? = null, val levelArguments: List<List<Argument>>? = null
    )
    /** One action of a row with several: `stop`, `play` or `loop`, and its feedback (null: stop every loop). */
    data class Step(val action: String, val feedback: Int?)
    /** A band's hysteresis, dwell, edges, inclusive flags, approach sign and plausible bounds (null: unbounded). */
    data class Band(
        val hysteresis: Double, val dwell: Double, val edges: List<Double>, val inclusive: List<Boolean>, val approach: Int,
        val plausibleMin: Double?, val plausibleMax: Double?
    )
    /** A feedback's priority rank (0 low … 3 critical) and one-shot length (null: computed per play or none). */
    data class FeedbackPriority(val rank: Int, val length: Double?)
    /** A band signal: the (event id, band index) pair whose state is kept. */
    data class Signal(val event: Int, val band: Int)
    /** What a setting event sets: parameter index, or null for the user level. */
    data class Setting(val kind: String, val parameter: Int?, val rule: RuleRef)
    /** The creature-needs-speech invariant, resolved. */
    data class Speech(val rule: RuleRef, val exempt: List<Int>, val feedback: List<Int>)
    /** A catalogue event with a declared payload and the rule its refusals cite. */
    data class PayloadRule(val event: Int, val rule: RuleRef)
    /** An enforced budget, resolved. */
    data class Budget(
        val scope: BudgetScope, val rule: RuleRef, val max: Int, val window: Double, val screen: Int?, val perScreen: Boolean,
        val counted: List<Int>, val excepted: List<Int>, val firstRing: Int, val rings: Int
    )
    /** Entering a band level from one side: a feedback index to play or a reason for silence. */
    data class Turn(val play: Int?, val silent: String?)
    /** A band level entered from below (`up`) and from above (`down`). */
    data class Level(val up: Turn, val down: Turn)
    /** A user level: its rule, the feedback it keeps whole and the rule slots it keeps. */
    data class UserLevel(val rule: RuleRef, val feedback: List<Int>, val ruleSlots: List<Int>)
}
