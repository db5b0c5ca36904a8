package io.hapticpolicy

/** The loops a session believes are playing (LoopSet.swift), at most one per feedback. */
internal class LoopSet {
    /** The loops, in the order they started. */
    val list = ArrayList<RunningLoop>()

    fun isNotEmpty(): Boolean = list.isNotEmpty()

    /** Stops the loop of feedback `target` (null: every loop); whether one stopped. */
    fun stop(target: Int?): Boolean {
        val before = list.size
        if (target != null) list.removeAll { it.feedbackIndex == target } else list.clear()
        return list.size < before
    }

    /** Keeps only the loops `keep` keeps; whether one stopped. */
    fun keep(keep: (RunningLoop) -> Boolean): Boolean {
        val before = list.size
        list.removeAll { !keep(it) }
        return list.size < before
    }

    /** Starts `loop`, replacing a loop of the same feedback. */
    fun start(loop: RunningLoop) {
        list.removeAll { it.feedbackIndex == loop.feedbackIndex }
        list.add(loop)
    }
}
