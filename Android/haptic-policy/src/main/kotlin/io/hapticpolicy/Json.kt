package io.hapticpolicy

/** A JSON value as the bundle reader sees it: a small closed tree, no dependencies. */
sealed class JsonValue {
    /** A JSON object; keys in the order written. */
    data class Obj(val fields: Map<String, JsonValue>) : JsonValue()
    /** A JSON array. */
    data class Arr(val items: List<JsonValue>) : JsonValue()
    /** A JSON string. */
    data class Str(val value: String) : JsonValue()
    /** A JSON number (a double). */
    data class Num(val value: Double) : JsonValue()
    /** `true` or `false`. */
    data class Bool(val value: Boolean) : JsonValue()
    /** `null`. */
    object Null : JsonValue()

    /** The JSON kind, for error messages. */
    val kindName: String
        get() = when (this) {
            is Obj -> "an object"
            is Arr -> "an array"
            is Str -> "a string"
            is Num -> "a number"
            is Bool -> "a boolean"
            Null -> "null"
        }
}

/** Why a text is not strict JSON: the byte offset and what is wrong. */
class JsonSyntaxError(val offset: Int, message: String) : Exception("at byte $offset: $message")

/**
 * A strict JSON parser (RFC 8259): one value, no trailing text, no duplicate keys, no
 * leading zeros, finite numbers, valid escapes and surrogate pairs, nesting at most 512 deep.
 */
class JsonParser private constructor(private val text: String) {
    private var i = 0

    companion object {
        private const val MAX_DEPTH = 512

        /** Parses `text` as exactly one JSON value. */
        fun parse(text: String): JsonValue {
            val parser = JsonParser(text)
            parser.space()
            val value = parser.value(0)
            parser.space()
            if (parser.i != text.length) throw JsonSyntaxError(parser.i, "unexpected text after the value")
            return value
        }
    }

    private fun fail(message: String): Nothing = throw JsonSyntaxError(i, message)

    private fun space() {
        while (i < text.length) {
            val c = text[i]
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++ else return
        }
    }

    private fun value(depth: Int): JsonValue {
        if (depth > MAX_DEPTH) fail("values nested more than $MAX_DEPTH deep")
        if (i >= text.length) fail("expected a value; the text ends")
        return when (text[i]) {
            '{' -> obj(depth)
            '[' -> arr(depth)
            '"' -> JsonValue.Str(string())
            't' -> { literal("true"); JsonValue.Bool(true) }
            'f' -> { literal("false"); JsonValue.Bool(false) }
            'n' -> { literal("null"); JsonValue.Null }
            else -> if (text[i] == '-' || text[i] in '0'..'9') JsonValue.Num(number()) else fail("expected a JSON value")
        }
    }

    private fun literal(word: String) {
        if (!text.startsWith(word, i)) fail("invalid literal")
        i += word.length
    }

    private fun obj(depth: Int): JsonValue {
        i++
        val fields = LinkedHashMap<String, JsonValue>()
        space()
        if (i < text.length && text[i] == '}') { i++; return JsonValue.Obj(fields) }
        while (true) {
            space()
            if (i >= text.length || text[i] != '"') fail("expected a field name in double quotes")
            val at = i
            val key = string()
            space()
            if (i >= text.length || text[i] != ':') fail("expected ':' after a field name")
            i++
            space()
            val v = value(depth + 1)
            if (fields.put(key, v) != null) throw JsonSyntaxError(at, "field '$key' is written twice")
            space()
            if (i >= text.length) fail("the object is not closed")
            when (text[i]) {
                ',' -> i++
                '}' -> { i++; return JsonValue.Obj(fields) }
                else -> fail("expected ',' or '}' in an object")
            }
        }
    }

    private fun arr(depth: Int): JsonValue {
        i++
        val items = ArrayList<JsonValue>()
        space()
        if (i < text.length && text[i] == ']') { i++; return JsonValue.Arr(items) }
        while (true) {
            space()
            items.add(value(depth + 1))
            space()
            if (i >= text.length) fail("the array is not closed")
            when (text[i]) {
                ',' -> i++
                ']' -> { i++; return JsonValue.Arr(items) }
                else -> fail("expected ',' or ']' in an array")
            }
        }
    }

    private fun string(): String {
        val open = i
        i++
        val out = StringBuilder()
        while (i < text.length) {
            val c = text[i]
            when {
                c == '"' -> { i++; return out.toString() }
                c < ' ' -> fail("control character in a string")
                c == '\\' -> {
                    i++
                    if (i >= text.length) throw JsonSyntaxError(open, "the string is not closed")
                    val e = text[i++]
                    when (e) {
                        '"' -> out.append('"')
                        '\\' -> out.append('\\')
                        '/' -> out.append('/')
                        'b' -> out.append('\b')
                        'f' -> out.append('\u000C')
                        'n' -> out.append('\n')
                        'r' -> out.append('\r')
                        't' -> out.append('\t')
                        'u' -> {
                            val code = hex4()
                            if (code in 0xD800..0xDBFF) {
                                if (!text.startsWith("\\u", i)) fail("a high surrogate must be followed by a low one")
                                i += 2
                                val low = hex4()
                                if (low !in 0xDC00..0xDFFF) fail("expected a low surrogate")
                                out.append(code.toChar()).append(low.toChar())
                            } else if (code in 0xDC00..0xDFFF) {
                                fail("a lone low surrogate is not a character")
                            } else {
                                out.append(code.toChar())
                            }
                        }
                        else -> fail("invalid escape")
                    }
                }
                Character.isHighSurrogate(c) -> {
                    if (i + 1 >= text.length || !Character.isLowSurrogate(text[i + 1])) fail("invalid UTF-16 in a string")
                    out.append(c).append(text[i + 1])
                    i += 2
                }
                Character.isLowSurrogate(c) -> fail("invalid UTF-16 in a string")
                else -> { out.append(c); i++ }
            }
        }
        throw JsonSyntaxError(open, "the string is not closed")
    }

    private fun hex4(): Int {
        if (i + 4 > text.length) fail("\\u needs four hex digits")
        var code = 0
        for (k in 0 until 4) {
            val d = Character.digit(text[i + k], 16)
            if (d < 0) fail("\\u needs four hex digits")
            code = code * 16 + d
        }
        i += 4
        return code
    }

    private fun number(): Double {
        val start = i
        if (text[i] == '-') i++
        if (i >= text.length || text[i] !in '0'..'9') fail("a number needs digits")
        if (text[i] == '0') {
            i++
            if (i < text.length && text[i] in '0'..'9') fail("numbers cannot have leading zeros")
        } else {
            while (i < text.length && text[i] in '0'..'9') i++
        }
        if (i < text.length && text[i] == '.') {
            i++
            if (i >= text.length || text[i] !in '0'..'9') fail("a number needs digits after '.'")
            while (i < text.length && text[i] in '0'..'9') i++
        }
        if (i < text.length && (text[i] == 'e' || text[i] == 'E')) {
            i++
            if (i < text.length && (text[i] == '+' || text[i] == '-')) i++
            if (i >= text.length || text[i] !in '0'..'9') fail("a number needs digits in its exponent")
            while (i < text.length && text[i] in '0'..'9') i++
        }
        val v = text.substring(start, i).toDouble()
        if (v.isInfinite() || v.isNaN()) throw JsonSyntaxError(start, "the number is too large")
        return v
    }
}
