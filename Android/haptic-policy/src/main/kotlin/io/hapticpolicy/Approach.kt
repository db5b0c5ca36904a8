package io.hapticpolicy

/*
 * Approach bands and inclusive edges (language v3, Docs/decision-order.md "Approach bands"):
 * reading `approach`/`inclusive` from a bundle, their consistency, and the level a value
 * falls in when an edge may hold its own value.
 */

/** The directions an approach band may take. */
internal val APPROACHES = listOf("falling", "rising")

/** A band's `approach` (`falling`, `rising`) or null, refusing any other word. */
internal fun approach(n: Node): String? = n.opt("approach")?.let { a ->
    if (a.string !in APPROACHES) a.fail("unknown approach '${a.string}' (known: ${APPROACHES.joinToString(", ")})")
    a.string
}

/** Why a band's approach or inclusive edges are unusable, as the Swift reader says it. */
internal fun approachProblem(b: Band): String? {
    if (b.approach != null && b.hysteresis != 0.0) return "approach band '${b.name}' has a hysteresis"
    if (b.levels.lastOrNull()?.inclusive == true) return "the last level of band '${b.name}' has an inclusive edge"
    return null
}

/** Whether `value` is past edge `index` at `edge`: above an inclusive edge, at or above an exclusive one. */
internal fun IndexedBand.isPast(value: Double, index: Int, edge: Double): Boolean =
    if (inclusive[index]) value > edge else value >= edge

/** The level a value falls in, ignoring hysteresis, with inclusive edges. */
internal fun IndexedBand.exactRawLevel(value: Double, current: DoubleArray, base: Int): Int {
    var level = 0
    while (level < edges.size && isPast(value, level, current[base + level])) level++
    return level
}

/** The level after `value` arrives in `from`, with inclusive edges (an approach band's hysteresis is 0). */
internal fun IndexedBand.exactNextLevel(from: Int, value: Double, current: DoubleArray, base: Int): Int {
    var level = from
    while (level < edges.size && isPast(value, level, current[base + level] + hysteresis)) level++
    if (level != from) return level
    while (level > 0 && !isPast(value, level - 1, current[base + level - 1] - hysteresis)) level--
    return level
}

/** The note of a `receding` sample: level `behind` is behind `level`. */
internal fun IndexedBand.recedingNote(level: Int, behind: Int): String =
    "'${band.levels[behind].name}' is behind '${band.levels[level].name}': band '$name' only " +
        "${if (approach < 0) "falls" else "rises"}, so the level stays"

/**
 * The band step of a band with inclusive edges (`at-most:`) or an approach (Approach.swift):
 * plausible range → baseline → receding (an approach band's sample behind its level) →
 * then the tail every band step shares, [BandTracker.settle] (same band → dwell → moved).
 */
internal fun BandTracker.approachStep(
    band: IndexedBand, states: BandRow, slot: Int, value: Double, t: Double, edges: DoubleArray, base: Int
): BandStep {
    val previous = states.level[slot]
    if (!band.isPlausible(value)) return BandStep.Implausible(previous)
    if (previous < 0) return baseline(states, slot, band.exactRawLevel(value, edges, base))
    val level = band.exactNextLevel(previous, value, edges, base)
    // Behind the level on an approach band: nothing changes, a pending dwell is kept.
    if (band.approach != 0 && (level - previous) * band.approach < 0) return BandStep.Receding(previous, level)
    return settle(band, states, slot, previous, level, t)
}
