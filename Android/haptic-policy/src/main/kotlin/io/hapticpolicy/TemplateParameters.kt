package io.hapticpolicy

/** Template parameter binding and loop periods (TemplateParameters.swift): the `template-parameters` play gate. */
internal object Templates {
    sealed class Bound {
        class Ok(val parameters: List<ParameterValue>, val period: Double?) : Bound()
        class Problem(val message: String) : Bound()
    }

    private fun range(spec: TemplateParameter): String = when {
        spec.minimum != null && spec.maximum != null -> "; use ${NumberText.of(spec.minimum)} to ${NumberText.of(spec.maximum)}"
        spec.minimum != null -> "; use at least ${NumberText.of(spec.minimum)}"
        spec.maximum != null -> "; use at most ${NumberText.of(spec.maximum)}"
        else -> ""
    }

    fun bind(given: List<ParameterValue>, feedback: FeedbackPlan): Bound {
        val values = HashMap<String, Double>()
        for (p in feedback.parameters) values[p.name] = p.defaultValue
        for (p in given) {
            val spec = feedback.parameters.firstOrNull { it.name == p.name }
            if (spec == null) {
                val known = feedback.parameters.joinToString(", ") { it.name }
                return Bound.Problem(
                    if (feedback.parameters.isEmpty()) "'${feedback.name}' takes no parameters; remove '${p.name}'"
                    else "'${feedback.name}' has no parameter '${p.name}'; use $known")
            }
            val v = p.value
            if (v !is Scalar.Num || !v.value.isFinite()) return Bound.Problem("parameter '${p.name}' must be a number" + range(spec))
            val number = v.value
            if (spec.minimum != null && number < spec.minimum)
                return Bound.Problem("${p.name} ${NumberText.of(number)} is below the minimum ${NumberText.of(spec.minimum)}" + range(spec))
            if (spec.maximum != null && number > spec.maximum)
                return Bound.Problem("${p.name} ${NumberText.of(number)} is above the maximum ${NumberText.of(spec.maximum)}" + range(spec))
            values[p.name] = number
        }
        var period: Double? = null
        val loop = feedback.loop
        if (loop != null) {
            val seconds = loop.evaluate(values)
            if (seconds == null || !(seconds > 0))
                return Bound.Problem("the loop period of '${feedback.name}' is not a positive number with these parameters")
            if (seconds < Session.MINIMUM_LOOP_PERIOD)
                return Bound.Problem("the loop period of '${feedback.name}' is ${NumberText.of(seconds)} s with these parameters, " +
                    "under the ${NumberText.of(Session.MINIMUM_LOOP_PERIOD)} s a player can loop at; change the parameters")
            period = seconds
        }
        return Bound.Ok(feedback.parameters.map { ParameterValue(it.name, values[it.name]?.let { v -> Scalar.Num(v) }) }, period)
    }
}
