package io.hapticpolicy

/** Declared payload checks (`value: {type: ...}`, `params:`, `data:`; Sources/HapticPolicy/Compiled/Payload.swift), made before any row. */
internal object Payloads {
    private fun expectation(f: PayloadField): String = when (f.kind) {
        "bool" -> "true or false"
        "string" -> if (f.oneOf != null) "one of " + f.oneOf.joinToString(", ") else "text"
        else -> when {
            f.min != null && f.max != null -> "a number from ${NumberText.of(f.min)} to ${NumberText.of(f.max)}"
            f.min != null -> "a number of at least ${NumberText.of(f.min)}"
            f.max != null -> "a number of at most ${NumberText.of(f.max)}"
            else -> "a finite number"
        }
    }

    private fun accepts(f: PayloadField, v: Scalar): Boolean = when {
        f.kind == "bool" && v is Scalar.Bool -> true
        f.kind == "string" && v is Scalar.Text -> f.oneOf?.contains(v.value) ?: true
        f.kind == "number" && v is Scalar.Num ->
            v.value.isFinite() && !(f.min != null && v.value < f.min) && !(f.max != null && v.value > f.max)
        else -> false
    }

    private fun note(event: String, f: PayloadField, isValue: Boolean, got: String): String {
        val what = if (isValue) "'value'" else "param '${f.name}'"
        val place = if (isValue) "events.$event" else "events.$event.params.${f.name}"
        return "'$event' needs $what to be ${expectation(f)} ($place); got $got"
    }

    fun problem(decl: EventDecl, given: Event): String? {
        val value = decl.payloadValue
        if (value != null) {
            val carried = given.value
            if (carried != null) {
                if (!accepts(value, carried)) return note(decl.name, value, true, carried.text)
            } else if (value.required) return note(decl.name, value, true, "no value")
        }
        val params = decl.payloadParams ?: return dataProblem(decl, given)
        for (p in given.params) {
            val field = params.firstOrNull { it.name == p.name }
                ?: return "'${decl.name}' has no param '${p.name}' (events.${decl.name} declares " +
                    (if (params.isEmpty()) "none" else params.joinToString(", ") { it.name }) + "); remove it"
            val carried = p.value ?: return note(decl.name, field, false, "no value")
            if (!accepts(field, carried)) return note(decl.name, field, false, carried.text)
        }
        for (field in params) if (field.required && given.params.none { it.name == field.name }) return note(decl.name, field, false, "no value")
        return dataProblem(decl, given)
    }

    private fun dataNote(event: String, f: PayloadField, got: String): String =
        "'$event' needs data '${f.name}' to be ${expectation(f)} (events.$event.data.${f.name}); got $got"

    /** The first problem of the event's data fields against `data:`, or null. */
    private fun dataProblem(decl: EventDecl, given: Event): String? {
        val declared = decl.payloadData ?: return null
        for (p in given.data) {
            val field = declared.firstOrNull { it.name == p.name }
                ?: return "'${decl.name}' has no data field '${p.name}' (events.${decl.name}.data declares " +
                    (if (declared.isEmpty()) "none" else declared.joinToString(", ") { it.name }) + "); remove it"
            val carried = p.value ?: return dataNote(decl.name, field, "no value")
            if (!accepts(field, carried)) return dataNote(decl.name, field, carried.text)
        }
        for (field in declared) if (field.required && given.data.none { it.name == field.name }) return dataNote(decl.name, field, "no value")
        return null
    }
}
