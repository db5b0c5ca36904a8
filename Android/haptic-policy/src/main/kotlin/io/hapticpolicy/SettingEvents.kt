package io.hapticpolicy

/**
 * Decides setting event `index` (SettingEvents.swift): a run-time parameter's `set-by:`
 * event ([ParameterState.set]) or the user level's ([UserLevelGate]), whose new level stops
 * the loops it does not keep.
 */
internal fun Session.decideSetting(index: Int, event: Event): Decision {
    val d = Draft(currentScreenName(event), ix.settingRules[index])
    d.reason = Reason.STATE
    val p = ix.settingEvents[index]
    if (p >= 0) {
        val parameter = policy.content.parameters[p]
        val v = event.value
        if (v !is Scalar.Num || !v.value.isFinite() || v.value < parameter.min || v.value > parameter.max) {
            val got = v?.let { "got ${it.text}" } ?: "it has no value"
            d.reason = Reason.BAD_STATE
            d.note = "${parameter.setBy} needs a number from ${NumberText.of(parameter.min)} to ${NumberText.of(parameter.max)} " +
                "in 'value' (parameters.${parameter.name}); $got, so ${parameter.name} stays ${NumberText.of(parameters.values[p])}"
            return d.done()
        }
        d.note = parameters.set(p, v.value)
    } else {
        val levels = policy.content.userLevels?.levels ?: return d.done()
        val name = (event.value as? Scalar.Text)?.value
        val level = if (name == null) -1 else levels.indexOfFirst { it.name == name }
        if (level < 0) {
            val got = event.value?.let { "got ${it.text}" } ?: "it has no value"
            val names = levels.joinToString(", ") { "'${it.name}'" }
            d.reason = Reason.BAD_STATE
            d.note = "${ix.eventNames[PolicyIndex.STATE_EVENTS.size + index]} needs one of $names in 'value' " +
                "(user-levels); $got, so the haptics level stays '${levels[userLevels.level].name}'"
            return d.done()
        }
        userLevels.level = level
        d.note = "the haptics level is now $name"
        if (loops.keep { ix.keeps(level, it.feedbackIndex, it.ruleSlot) }) d.directives = d.directives or Directive.STOP_LOOP.bit
    }
    return d.done()
}
