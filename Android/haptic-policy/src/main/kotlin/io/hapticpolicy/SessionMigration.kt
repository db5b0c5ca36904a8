package io.hapticpolicy

/**
 * Takes over the state of `previous`, a session of another policy (hot reload,
 * SessionMigration.swift; the `Session(policy, continuing)` constructor): device and
 * foreground (given to the constructor and here), engine, parameters still in range, the
 * user level by name, the screen (unknown when it is gone) and its open ticker gesture,
 * loops whose feedback still loops and is kept, the rings of enforced budgets with the same
 * id, scope, max and window, and subjects in order of recency with the band levels of
 * signals that still exist, by level name. Names are matched here, once; the new session
 * decides by its own ids.
 */
internal fun Session.carryOver(previous: Session) {
    isForeground = previous.isForeground
    parameters.carryOver(previous.parameters, previous.policy.parameterNames)
    previous.userLevelName?.let { name -> policy.userLevelNames.indexOf(name).takeIf { it >= 0 }?.let { userLevels.level = it } }
    engine = previous.engine
    warmUntil = previous.warmUntil
    engineEverStarted = previous.engineEverStarted
    val oldIx = previous.ix
    previous.screenName?.let { name ->
        val id = ix.screenIndex[name]
        screenName = name
        if (id != null) {
            screen = id
            ticker.isOpen = previous.ticker.isOpen
        } else screen = Session.UNKNOWN_SCREEN
    }
    carryOverLoops(previous)
    budgets.carryOver(previous.budgets, oldIx)
    carryOverBandLevels(previous)
}

/** The loops of `previous` whose feedback still loops and that the user level keeps, by feedback name and rule id. */
private fun Session.carryOverLoops(previous: Session) {
    val oldIx = previous.ix
    for (loop in previous.loops.list) {
        val f = policy.content.feedback.indexOfFirst { it.name == loop.feedback }
        if (f < 0 || policy.content.feedback[f].loop == null) continue
        val slot = if (loop.ruleSlot >= 0 && loop.ruleSlot < oldIx.ruleSlotIDs.size) ix.ruleSlotIDs.indexOf(oldIx.ruleSlotIDs[loop.ruleSlot]) else -1
        if (!userLevels.keeps(f, slot)) continue
        loops.list.add(loop.copy(feedbackIndex = f, ruleSlot = slot))
    }
}

/** The subjects of `previous` in order of recency (so the same ones are the next to be forgotten) and their band levels. */
private fun Session.carryOverBandLevels(previous: Session) {
    val oldIx = previous.ix
    val old = previous.subjects
    val rows = ArrayList<Pair<BandRow, BandRow>>()
    rows.add(Pair(old.noSubject, subjects.noSubject))
    for ((name, row) in old.pinned) rows.add(Pair(row, subjects.row(name)))
    for ((name, row) in old.seen.entries.toList()) rows.add(Pair(row, subjects.row(name)))
    for (oldSlot in 0 until oldIx.bandSlotCount) {
        val (oldEvent, oldBand) = oldIx.bandSlots[oldSlot]
        val band = oldIx.bands[oldBand]
        val newEvent = ix.eventIndex[oldIx.eventNames[oldEvent]] ?: continue
        val newBand = ix.bands.indexOfFirst { it.name == band.name }.takeIf { it >= 0 } ?: continue
        val newSlot = ix.bandSlots.indexOf(Pair(newEvent, newBand)).takeIf { it >= 0 } ?: continue
        for ((from, to) in rows) {
            val level = from.level[oldSlot]
            if (level < 0) continue
            val name = band.band.levels[level].name
            val newLevel = ix.bands[newBand].band.levels.indexOfFirst { it.name == name }.takeIf { it >= 0 } ?: continue
            to.level[newSlot] = newLevel
            to.pending[newSlot] = -1
        }
    }
}
