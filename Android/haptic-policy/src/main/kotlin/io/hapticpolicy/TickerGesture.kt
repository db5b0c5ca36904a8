package io.hapticpolicy

/**
 * The ticker gesture (TickerGesture.swift): open between a row's `ticker: begin` and
 * `ticker: end`; a `tick` prepares the generator only while it is open.
 */
internal class TickerGesture {
    /** What a row's ticker step did. */
    enum class Outcome {
        /** No ticker step. */
        NONE,
        /** `prepare-ticker` (a begin, or a tick in a gesture). */
        PREPARE,
        /** `release-ticker` (an end of an open gesture). */
        RELEASE,
        /** A tick with no gesture open: its play says no generator was prepared. */
        TICK_OUTSIDE,
        /** An end with no gesture open: a note says so. */
        END_WITHOUT_GESTURE
    }

    /** Whether a gesture is open. */
    var isOpen = false

    /** Takes a row's ticker step (`begin`, `tick`, `end`, or null). */
    fun step(step: String?): Outcome = when (step) {
        "begin" -> { isOpen = true; Outcome.PREPARE }
        "tick" -> if (isOpen) Outcome.PREPARE else Outcome.TICK_OUTSIDE
        "end" -> if (isOpen) { isOpen = false; Outcome.RELEASE } else Outcome.END_WITHOUT_GESTURE
        else -> Outcome.NONE
    }

    /** Closes an open gesture (a screen change, background); whether one was open. */
    fun close(): Boolean {
        val was = isOpen
        isOpen = false
        return was
    }

    companion object {
        const val TICK_OUTSIDE_NOTE = "a tick outside a selector gesture: no generator was prepared"
        const val END_WITHOUT_GESTURE_NOTE = "no ticker gesture was open"
    }
}
