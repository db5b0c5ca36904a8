package io.hapticpolicy

/** The band state of one subject: per signal slot the level that counts, a level still dwelling and since when. */
internal class BandRow(slots: Int) {
    /** The level that counts; -1 before the first sample. */
    val level = IntArray(slots) { -1 }
    /** The other level the value is in while it has not held for the dwell; -1: none. */
    val pending = IntArray(slots) { -1 }
    /** When the value entered `pending` (the event's `t`). */
    val since = DoubleArray(slots)

    /** Forgets every signal (the subject ended). */
    fun clear() {
        level.fill(-1)
        pending.fill(-1)
        since.fill(0.0)
    }
}

/** What a sample did to its signal's level (BandTracker.swift's `Step`). */
internal sealed class BandStep {
    /** Outside the plausible range: the level (-1 before any) stays. */
    class Implausible(val level: Int) : BandStep()
    /** The first sample: its level is the baseline. */
    class Baseline(val level: Int) : BandStep()
    /** Still in the level that counts (within hysteresis). */
    class Same(val level: Int) : BandStep()
    /** In another level, `pending`, that has not held for the dwell yet, for `held` seconds. */
    class Dwelling(val level: Int, val pending: Int, val held: Double) : BandStep()
    /** The level changed from `from` to `to`. */
    class Moved(val from: Int, val to: Int) : BandStep()
    /** An approach band's sample in level `behind`, on the side the band moves away from: `level` stays. */
    class Receding(val level: Int, val behind: Int) : BandStep()
}

/**
 * The band state machine of a session: one step ([step]) decides a sample in the
 * documented order (Docs/decision-order.md): plausible range → baseline → same band →
 * dwell → moved. A band with inclusive edges or an approach takes [approachStep]
 * (Approach.kt), which adds `receding`; both end in the one tail [settle].
 */
internal object BandTracker {
    /**
     * Decides one sample `value` at `t` of signal `slot` of `band` in a subject's `states`;
     * `edges` from `base` are the band's current edges.
     */
    fun step(band: IndexedBand, states: BandRow, slot: Int, value: Double, t: Double, edges: DoubleArray, base: Int): BandStep {
        if (band.usesApproachStep) return approachStep(band, states, slot, value, t, edges, base)
        val previous = states.level[slot]
        if (!band.isPlausible(value)) return BandStep.Implausible(previous)
        if (previous < 0) return baseline(states, slot, band.rawLevel(value, edges, base))
        return settle(band, states, slot, previous, band.nextLevel(previous, value, edges, base), t)
    }

    /** The first sample's level is the baseline. */
    fun baseline(states: BandRow, slot: Int, level: Int): BandStep {
        states.level[slot] = level
        states.pending[slot] = -1
        states.since[slot] = 0.0
        return BandStep.Baseline(level)
    }

    /**
     * The tail of every band step, plain or approach: the sample is in `level`, the level
     * that counts is `previous`: same band → dwell → moved.
     */
    fun settle(band: IndexedBand, states: BandRow, slot: Int, previous: Int, level: Int, t: Double): BandStep {
        if (level == previous) {
            states.pending[slot] = -1
            return BandStep.Same(previous)
        }
        if (band.dwell > 0) {
            if (states.pending[slot] != level) {
                states.pending[slot] = level
                states.since[slot] = t
            }
            val held = t - states.since[slot]
            // Held to SessionClock's tolerance: 12.3 - 9.3 is a hair under 3.
            if (!SessionClock.reached(held, band.dwell)) return BandStep.Dwelling(previous, level, held)
        }
        states.level[slot] = level
        states.pending[slot] = -1
        states.since[slot] = 0.0
        return BandStep.Moved(previous, level)
    }
}

/** Whether `value` is within the band's plausible range. */
internal fun IndexedBand.isPlausible(value: Double): Boolean = value >= plausibleMin && value <= plausibleMax
