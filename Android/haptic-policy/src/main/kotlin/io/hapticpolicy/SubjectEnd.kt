package io.hapticpolicy

/**
 * Forgets the subject of an event that ends its subject (event `e`, `ends-subject: true`),
 * once it is decided, whatever the decision (Docs/decision-order.md, 9): its band levels
 * and dwell clocks, and its place among the subjects held (a subject the policy names
 * keeps its place and loses its band state only). Its next event is a new subject.
 */
internal fun Session.endSubject(e: Int, event: Event) {
    val name = event.subject ?: return
    if (!ix.endsSubject[e]) return
    subjects.end(name)
}
