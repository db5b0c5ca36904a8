package io.hapticpolicy

/**
 * The subjects a session holds (Sources/HapticPolicy/Evaluation/SubjectTable.swift): the
 * policy's own (pinned, never forgotten) and those seen, within a limit and a byte limit
 * of names, the least recently seen forgotten first. Each holds its band states
 * ([BandRow]); [noSubject] holds those of samples without a subject. A name is looked up
 * once per event ([row]); the band step works on the row.
 */
internal class SubjectTable(ix: PolicyIndex, subjectLimit: Int) {
    private val slotCount = ix.bandSlotCount
    /** The subjects the policy names, in its order. */
    val pinned: Map<String, BandRow>
    /** The band states of samples without a subject. */
    val noSubject = BandRow(slotCount)
    /** The other subjects, least recently seen first. */
    val seen = LinkedHashMap<String, BandRow>(16, 0.75f, true)
    /** The most subjects held, the policy's own included. */
    val limit: Int
    private var nameBytes = 0L
    /** Subjects forgotten so far to stay within the limit. */
    var forgotten = 0
        private set
    /** Subjects ended so far by events that end their subject. */
    var ended = 0
        private set

    init {
        val names = LinkedHashMap<String, BandRow>()
        for (subject in ix.subjects) if (subject !in names) names[subject] = BandRow(slotCount)
        pinned = names
        limit = maxOf(subjectLimit, names.size + 1)
        nameBytes = names.keys.fold(0L) { acc, k -> acc + k.toByteArray(Charsets.UTF_8).size }
    }

    /** Subjects held now. */
    val count: Int get() = pinned.size + seen.size

    /** Marks a subject seen, interning it (and forgetting the least recently seen past the limit). */
    fun row(name: String): BandRow {
        pinned[name]?.let { return it }
        seen[name]?.let { return it }
        val bytes = name.toByteArray(Charsets.UTF_8).size
        while (seen.isNotEmpty() && (pinned.size + seen.size >= limit || nameBytes + bytes > Session.SUBJECT_NAME_BYTE_LIMIT)) {
            val oldest = seen.entries.iterator()
            val gone = oldest.next()
            nameBytes -= gone.key.toByteArray(Charsets.UTF_8).size
            oldest.remove()
            forgotten++
        }
        val row = BandRow(slotCount)
        seen[name] = row
        nameBytes += bytes
        return row
    }

    /**
     * Forgets subject `name` (its event ends it): a subject the policy names keeps its
     * place and loses its band state only.
     */
    fun end(name: String) {
        val kept = pinned[name]
        if (kept != null) {
            kept.clear()
            return
        }
        if (seen.remove(name) != null) {
            nameBytes -= name.toByteArray(Charsets.UTF_8).size
            ended++
        }
    }
}
