package io.hapticpolicy

// Carrying out a matching row (SessionRows.swift): its ticker step, its directives, then
// its action (a play, a loop, a stop, a band step, a silent reason) or its several actions.

/** Carries out a matching row into `d`; `subject` holds the band states of the event's subject. */
internal fun Session.apply(row: IndexedRow, event: Event, e: Int, s: Int, subject: BandRow, d: Draft) {
    var tickOutside = false
    when (ticker.step(row.row.ticker)) {
        TickerGesture.Outcome.PREPARE -> d.directives = d.directives or Directive.PREPARE_TICKER.bit
        TickerGesture.Outcome.RELEASE -> d.directives = d.directives or Directive.RELEASE_TICKER.bit
        TickerGesture.Outcome.TICK_OUTSIDE -> tickOutside = true
        TickerGesture.Outcome.END_WITHOUT_GESTURE -> d.note = TickerGesture.END_WITHOUT_GESTURE_NOTE
        TickerGesture.Outcome.NONE -> {}
    }
    if (row.directives and Directive.PREPARE_ENGINE.bit != 0 && startEngine(event.t)) d.directives = d.directives or Directive.PREPARE_ENGINE.bit
    val several = row.several
    if (several != null) {
        applySeveral(row, several, event, e, s, tickOutside, d)
        return
    }
    when (val action = row.row.action) {
        is RowAction.Nothing -> d.reason = Reason.DIRECTIVE_ONLY
        is RowAction.Silent -> { d.reason = Reason.DESIGNER; d.note = action.reason }
        is RowAction.Stop -> stop(action.feedback, d)
        is RowAction.Play, is RowAction.Loop -> {
            val f = if (action is RowAction.Play) action.feedback else (action as RowAction.Loop).feedback
            play(f, event, e, s, row.keepSlot, d)
            markTickOutside(tickOutside, d)
        }
        is RowAction.BandAction -> applyBand(row, action.band, event, e, s, subject, d)
    }
}

/** A play of a tick outside a selector gesture says no generator was prepared. */
private fun markTickOutside(tickOutside: Boolean, d: Draft) {
    if (tickOutside && d.action == Action.PLAY && d.reason == null) {
        d.reason = Reason.TICK_OUTSIDE_GESTURE
        d.note = TickerGesture.TICK_OUTSIDE_NOTE
    }
}

/**
 * Carries out a band row: the sample's step in its signal ([BandTracker.step]), then the
 * entered level's play or silent reason when the level moved.
 */
private fun Session.applyBand(row: IndexedRow, b: Int, event: Event, e: Int, s: Int, states: BandRow, d: Draft) {
    val band = ix.bands[b]
    val v = event.value
    if (v !is Scalar.Num) {
        d.reason = Reason.BAD_VALUE
        d.note = "band '${band.name}' needs a number in 'value'"
        return
    }
    val value = v.value
    val edges = if (band.isParametric) parameters.bandEdges else band.edges
    val base = if (band.isParametric) band.edgeBase else 0
    val levels = band.band.levels
    when (val step = BandTracker.step(band, states, row.bandSlot, value, event.t, edges, base)) {
        is BandStep.Implausible -> {
            if (step.level >= 0) {
                val level = levels[step.level].name
                d.band = BandTransition(band.name, level, level)
            }
            d.reason = Reason.IMPLAUSIBLE
            d.note = "${NumberText.of(value)} is outside the plausible range of band '${band.name}' (${band.plausibleText}); the level stays"
        }
        is BandStep.Baseline -> {
            d.band = BandTransition(band.name, null, levels[step.level].name)
            d.reason = Reason.BASELINE
        }
        is BandStep.Receding -> {
            val from = levels[step.level].name
            d.band = BandTransition(band.name, from, from)
            d.reason = Reason.RECEDING
            d.note = band.recedingNote(step.level, step.behind)
        }
        is BandStep.Same -> {
            val from = levels[step.level].name
            d.band = BandTransition(band.name, from, from)
            d.reason = Reason.SAME_BAND
        }
        is BandStep.Dwelling -> {
            val from = levels[step.level].name
            d.band = BandTransition(band.name, from, from)
            d.reason = Reason.DWELLING
            d.note = "'${levels[step.pending].name}' has held ${NumberText.of(NumberText.roundHalfAway(maxOf(0.0, step.held) * 1000) / 1000)} s " +
                "of the ${NumberText.of(band.dwell)} s dwell"
        }
        is BandStep.Moved -> {
            val previous = step.from
            val level = step.to
            d.band = BandTransition(band.name, levels[previous].name, levels[level].name)
            val up = level > previous
            val f = if (up) band.upPlay[level] else band.downPlay[level]
            if (f != null) {
                d.rule = row.levelRules[level]
                val arguments = row.bandArguments?.get(level)
                if (arguments != null && arguments.isNotEmpty()) playArguments(f, arguments, event, e, s, row.keepSlot + 1 + level, d)
                else play(f, event, e, s, row.keepSlot + 1 + level, d)
            } else {
                d.reason = Reason.DESIGNER
                d.note = if (up) band.upSilent[level] else band.downSilent[level]
            }
        }
    }
}

/**
 * Carries out a row with several actions or `with:` arguments: its stops, then its
 * action, then its loop, each decided on its own; the others go in `d.also`.
 */
private fun Session.applySeveral(row: IndexedRow, several: IndexedRow.Several, event: Event, e: Int, s: Int, tickOutside: Boolean, d: Draft) {
    val also = ArrayList<Decision>()
    for (a in several.also) if (a is RowAction.Stop) {
        val step = Draft(d.screen, row.rule)
        stop(a.feedback, step)
        // `stop: all` beside a play or a loop that stopped nothing is left out (Docs/decision-order.md).
        if (a.feedback == null && step.reason == Reason.NOT_RUNNING) continue
        also.add(step.done())
    }
    when (val action = row.row.action) {
        is RowAction.Play -> {
            playWith(action.feedback, false, several, event, e, s, row.keepSlot, d)
            markTickOutside(tickOutside, d)
        }
        is RowAction.Loop -> playWith(action.feedback, true, several, event, e, s, row.keepSlot, d)
        is RowAction.Stop -> stop(action.feedback, d)
        else -> {}
    }
    for (a in several.also) {
        if (a is RowAction.Play || a is RowAction.Loop) {
            val step = Draft(d.screen, row.rule)
            val f = if (a is RowAction.Play) a.feedback else (a as RowAction.Loop).feedback
            playWith(f, a is RowAction.Loop, several, event, e, s, row.keepSlot, step)
            also.add(step.done())
        }
    }
    d.also = also
}

private fun Session.playWith(f: Int, onLoop: Boolean, several: IndexedRow.Several, event: Event, e: Int, s: Int, rule: Int, d: Draft) {
    if (onLoop != several.argumentsOnLoop || several.arguments.isEmpty()) {
        play(f, event, e, s, rule, d)
        return
    }
    playArguments(f, several.arguments, event, e, s, rule, d)
}

/** Plays `f` with `with:` arguments (a row's, or a band level's and its row's) over the event's params. */
private fun Session.playArguments(f: Int, arguments: List<Argument>, event: Event, e: Int, s: Int, rule: Int, d: Draft) {
    val params = ArrayList(event.params)
    var missing: String? = null
    for (argument in arguments) {
        val value: Scalar? = when {
            argument.number != null -> Scalar.Num(argument.number)
            event.value is Scalar.Num -> event.value
            else -> { if (missing == null) missing = argument.name; null }
        }
        params.removeAll { it.name == argument.name }
        params.add(ParameterValue(argument.name, value))
    }
    play(f, event.copy(params = params), e, s, rule, d)
    val m = missing
    if (m != null && d.reason == Reason.BAD_PARAMS && d.note?.startsWith("parameter '$m' must be a number") == true) {
        val found = event.value?.let { "it is ${it.text}" } ?: "it has none"
        d.note = "'with: {$m: value}' gives '$m' the event's value, which must be a number ($found); send the number in 'value'"
    }
}

/** Stops the loop of feedback `target` (null: every loop). */
private fun Session.stop(target: Int?, d: Draft) {
    if (target != null) d.plan = policy.content.feedback[target]
    if (loops.stop(target)) {
        d.action = Action.STOP
        d.directives = d.directives or Directive.STOP_LOOP.bit
    } else {
        d.reason = Reason.NOT_RUNNING
    }
}
