package io.hapticpolicy

/**
 * The run-time parameters of a session (`parameters:`) and the band edges they move
 * (ParameterState.swift): each parameter's value, its default until its setting event sets
 * it, and the current edges of the parametric bands (each band's from its `edgeBase`).
 */
internal class ParameterState(policy: Policy) {
    private val ix = policy.index
    private val declared = policy.content.parameters
    /** The value of each parameter, in declaration order. */
    val values = DoubleArray(declared.size) { declared[it].defaultValue }
    /** The current edges of the parametric bands. */
    val bandEdges = DoubleArray(ix.parametricEdgeCount)
    /** By parameter, the parametric bands an edge of which reads it (`decide.parameterBands`). */
    private val moves: List<List<Int>> = ix.parameterBands

    init {
        if (ix.parametricEdgeCount > 0) {
            for (b in ix.parametricBands) {
                val band = ix.bands[b]
                for (i in band.edgeCode.indices) bandEdges[band.edgeBase + i] = band.edges[i]
            }
            updateBandEdges()
        }
    }

    /** The current edges of `band`. */
    fun edges(band: IndexedBand): List<Double> {
        if (!band.isParametric) return band.edges.toList()
        return (0 until band.edgeCode.size).map { bandEdges[band.edgeBase + it] }
    }

    /** Evaluates the parametric edges at the current values (an edge that is not finite keeps its value). */
    fun updateBandEdges() {
        val bindings = HashMap<String, Double>()
        declared.forEachIndexed { i, p -> bindings[p.name] = values[i] }
        for (b in ix.parametricBands) {
            val band = ix.bands[b]
            band.edgeCode.forEachIndexed { i, code ->
                val v = evaluateEdge(code, bindings)
                if (v.isFinite()) bandEdges[band.edgeBase + i] = v
            }
        }
    }

    private fun evaluateEdge(e: Expr, b: Map<String, Double>): Double = when (e) {
        is Expr.Number -> e.value
        is Expr.Param -> b[e.name] ?: Double.NaN
        is Expr.Neg -> -evaluateEdge(e.operand, b)
        is Expr.Binary -> {
            val l = evaluateEdge(e.lhs, b)
            val r = evaluateEdge(e.rhs, b)
            when (e.op) { '+' -> l + r; '-' -> l - r; '*' -> l * r; else -> l / r }
        }
    }

    /** Sets parameter `p` to `value` (in range); the note of the setting event: the value, and the edges it moved. */
    fun set(p: Int, value: Double): String {
        values[p] = value
        var note = "${declared[p].name} is now ${NumberText.of(value)}"
        if (ix.parametricBands.isNotEmpty()) {
            updateBandEdges()
            note += edgesNote(p)
        }
        return note
    }

    private fun edgesNote(p: Int): String {
        val out = StringBuilder()
        for (b in moves[p]) {
            val band = ix.bands[b]
            val texts = (0 until band.edgeCode.size).map { NumberText.of(NumberText.roundHalfAway(bandEdges[band.edgeBase + it] * 1e6) / 1e6) }
            out.append("; band '${band.name}' edges now ").append(texts.joinToString(", "))
        }
        return out.toString()
    }

    /** Takes over the values of `previous` (a hot reload) for the parameters of the same name still in range. */
    fun carryOver(previous: ParameterState, previousNames: List<String>) {
        declared.forEachIndexed { p, parameter ->
            val old = previousNames.indexOf(parameter.name)
            if (old >= 0) {
                val v = previous.values[old]
                if (v >= parameter.min && v <= parameter.max) values[p] = v
            }
        }
        if (ix.parametricEdgeCount > 0) updateBandEdges()
    }
}
