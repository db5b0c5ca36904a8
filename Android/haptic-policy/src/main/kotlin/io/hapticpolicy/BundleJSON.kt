package io.hapticpolicy

/*
 * The strict reading of a bundle's JSON (Docs/bundle-format.md, "What a reader must refuse";
 * BundleJSON.swift): a repeated key, invalid UTF-8, a lone surrogate, nesting past
 * [JsonParser.MAX_DEPTH], a number no double holds, each refused at its path and byte offset.
 */

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

/**
 * Why a text is not strict JSON: the byte offset, what is wrong, the refusal's code
 * (Docs/bundle-format.md, "What a reader must refuse") and the JSON path of the place.
 */
class JsonSyntaxError(val offset: Int, message: String, val code: String = "syntax", val path: String = "") :
    Exception("at byte $offset: $message")

/** A strictly parsed JSON value and where its parts stand in the bytes. */
class ParsedJson(
    /** The value. */
    val value: JsonValue,
    /** The byte offset of the value at each path (`content.cells[2]`), when recorded. */
    val offsets: Map<String, Int>,
    /** The byte offset of each object member's key, by the member's path, when recorded. */
    val keyOffsets: Map<String, Int>,
    /**
     * The paths of the integral numbers not written as an integer (`1e2`, `1.0`) or outside
     * -2^31...2^31-1 (a fraction is not an integer by its value).
     */
    val nonIntegers: Set<String>
)

/**
 * A strict JSON parser (RFC 8259) over UTF-8 bytes: one value, no trailing text, no
 * duplicate keys, no leading zeros, finite numbers, valid UTF-8, valid escapes and
 * surrogate pairs, arrays and objects nested at most [MAX_DEPTH] deep.
 */
class JsonParser private constructor(
    private val bytes: ByteArray, private var i: Int, private val end: Int, private val refuseNull: Boolean,
    private val record: Boolean
) {
    private val offsets = HashMap<String, Int>()
    private val keyOffsets = HashMap<String, Int>()
    private val nonIntegers = HashSet<String>()

    companion object {
        /** The deepest nesting of arrays and objects a bundle may have, the envelope counted. */
        const val MAX_DEPTH = 512

        /** Parses `text` as exactly one JSON value. */
        fun parse(text: String): JsonValue {
            val bytes = text.toByteArray(Charsets.UTF_8)
            return parse(bytes, 0, bytes.size, "", 0).value
        }

        /**
         * Parses `bytes[start, end)` as exactly one JSON value at path `root`, inside
         * `depth` arrays and objects already; offsets are indices into `bytes`. With
         * `refuseNull` (a bundle, which never writes `null`) a `null` is refused. With
         * `record` the offsets of every value and key are kept (to name a refusal's place).
         */
        fun parse(
            bytes: ByteArray, start: Int, end: Int, root: String, depth: Int, refuseNull: Boolean = false,
            record: Boolean = false
        ): ParsedJson {
            val parser = JsonParser(bytes, start, end, refuseNull, record)
            parser.space()
            val value = parser.value(root, depth)
            parser.space()
            if (parser.i != end) parser.fail("unexpected text after the value", root)
            return ParsedJson(value, parser.offsets, parser.keyOffsets, parser.nonIntegers)
        }
    }

    private fun fail(message: String, path: String, code: String = "syntax", at: Int = i): Nothing =
        throw JsonSyntaxError(at, if (path.length == 0) message else "at $path: $message", code, path)

    private fun byte(k: Int): Int = bytes[k].toInt() and 0xFF

    private fun space() {
        while (i < end) {
            val c = byte(i)
            if (c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D) i++ else return
        }
    }

    private fun value(path: String, level: Int): JsonValue {
        if (i >= end) fail("expected a value; the text ends", path)
        if (record) offsets[path] = i
        return when (byte(i)) {
            '{'.toInt(), '['.toInt() -> {
                if (level + 1 > MAX_DEPTH) fail("arrays and objects nested more than $MAX_DEPTH deep", path, "too-deep")
                if (byte(i) == '{'.toInt()) obj(path, level + 1) else arr(path, level + 1)
            }
            '"'.toInt() -> JsonValue.Str(string(path))
            't'.toInt() -> { literal("true", path); JsonValue.Bool(true) }
            'f'.toInt() -> { literal("false", path); JsonValue.Bool(false) }
            'n'.toInt() -> {
                if (refuseNull) fail("expected a value, found null (a bundle never writes null)", path, "wrong-type")
                literal("null", path)
                JsonValue.Null
            }
            else -> if (byte(i) == '-'.toInt() || byte(i) in '0'.toInt()..'9'.toInt()) JsonValue.Num(number(path)) else fail("expected a JSON value", path)
        }
    }

    private fun literal(word: String, path: String) {
        if (end - i < word.length || (word.indices).any { byte(i + it) != word[it].toInt() }) fail("invalid literal", path)
        i += word.length
    }

    private fun obj(path: String, level: Int): JsonValue {
        i++
        val fields = LinkedHashMap<String, JsonValue>()
        space()
        if (i < end && byte(i) == '}'.toInt()) { i++; return JsonValue.Obj(fields) }
        while (true) {
            space()
            if (i >= end || byte(i) != '"'.toInt()) fail("expected a field name in double quotes", path)
            val at = i
            val key = string(path)
            val member = if (path.length == 0) key else "$path.$key"
            if (fields.containsKey(key)) fail("field '$key' is written twice", member, "duplicate-key", at)
            if (record) keyOffsets[member] = at
            space()
            if (i >= end || byte(i) != ':'.toInt()) fail("expected ':' after a field name", path)
            i++
            space()
            fields[key] = value(member, level)
            space()
            if (i >= end) fail("the object is not closed", path)
            when (byte(i)) {
                ','.toInt() -> i++
                '}'.toInt() -> { i++; return JsonValue.Obj(fields) }
                else -> fail("expected ',' or '}' in an object", path)
            }
        }
    }

    private fun arr(path: String, level: Int): JsonValue {
        i++
        val items = ArrayList<JsonValue>()
        space()
        if (i < end && byte(i) == ']'.toInt()) { i++; return JsonValue.Arr(items) }
        while (true) {
            space()
            items.add(value("$path[${items.size}]", level))
            space()
            if (i >= end) fail("the array is not closed", path)
            when (byte(i)) {
                ','.toInt() -> i++
                ']'.toInt() -> { i++; return JsonValue.Arr(items) }
                else -> fail("expected ',' or ']' in an array", path)
            }
        }
    }

    /** The length of the well-formed UTF-8 sequence of more than one byte at `at` (RFC 3629), or 0. */
    private fun utf8Length(at: Int): Int {
        val lead = byte(at)
        val (length, low, high) = when (lead) {
            in 0xC2..0xDF -> Triple(2, 0x80, 0xBF)
            0xE0 -> Triple(3, 0xA0, 0xBF)
            in 0xE1..0xEC, 0xEE, 0xEF -> Triple(3, 0x80, 0xBF)
            0xED -> Triple(3, 0x80, 0x9F)
            0xF0 -> Triple(4, 0x90, 0xBF)
            in 0xF1..0xF3 -> Triple(4, 0x80, 0xBF)
            0xF4 -> Triple(4, 0x80, 0x8F)
            else -> return 0
        }
        if (end - at < length || byte(at + 1) !in low..high) return 0
        for (k in 2 until length) if (byte(at + k) !in 0x80..0xBF) return 0
        return length
    }

    private fun string(path: String): String {
        val open = i
        i++
        val out = StringBuilder()
        var run = i
        fun flush() { if (i > run) out.append(String(bytes, run, i - run, Charsets.UTF_8)) }
        loop@ while (i < end) {
            val c = byte(i)
            when {
                c == '"'.toInt() -> { flush(); i++; return out.toString() }
                c < 0x20 -> fail("control character in a string", path)
                c >= 0x80 -> {
                    val length = utf8Length(i)
                    if (length == 0) fail("invalid UTF-8", path, "invalid-utf8")
                    i += length
                }
                c != '\\'.toInt() -> i++
                else -> {
                    flush()
                    val at = i
                    if (i + 1 >= end) break@loop
                    val e = byte(i + 1)
                    i += 2
                    when (e) {
                        '"'.toInt() -> out.append('"')
                        '\\'.toInt() -> out.append('\\')
                        '/'.toInt() -> out.append('/')
                        'b'.toInt() -> out.append('\b')
                        'f'.toInt() -> out.append('\u000C')
                        'n'.toInt() -> out.append('\n')
                        'r'.toInt() -> out.append('\r')
                        't'.toInt() -> out.append('\t')
                        'u'.toInt() -> {
                            val code = hex4(path)
                            if (code in 0xD800..0xDBFF) {
                                if (!(end - i >= 6 && byte(i) == '\\'.toInt() && byte(i + 1) == 'u'.toInt()))
                                    fail("a high surrogate must be followed by a low one", path, "lone-surrogate", at)
                                i += 2
                                val low = hex4(path)
                                if (low !in 0xDC00..0xDFFF) fail("a high surrogate must be followed by a low one", path, "lone-surrogate", at)
                                out.append(code.toChar()).append(low.toChar())
                            } else if (code in 0xDC00..0xDFFF) {
                                fail("a lone low surrogate is not a character", path, "lone-surrogate", at)
                            } else {
                                out.append(code.toChar())
                            }
                        }
                        else -> fail("invalid escape", path, "syntax", at)
                    }
                    run = i
                }
            }
        }
        fail("the string is not closed", path, "syntax", open)
    }

    private fun hex4(path: String): Int {
        if (i + 4 > end) fail("\\u needs four hex digits", path)
        var code = 0
        for (k in 0 until 4) {
            val d = Character.digit(byte(i + k), 16)
            if (d < 0) fail("\\u needs four hex digits", path)
            code = code * 16 + d
        }
        i += 4
        return code
    }

    private fun digits(): Boolean {
        val start = i
        while (i < end && byte(i) in '0'.toInt()..'9'.toInt()) i++
        return i > start
    }

    private fun number(path: String): Double {
        val start = i
        if (byte(i) == '-'.toInt()) i++
        if (i >= end || byte(i) !in '0'.toInt()..'9'.toInt()) fail("a number needs digits", path)
        if (byte(i) == '0'.toInt()) {
            i++
            if (i < end && byte(i) in '0'.toInt()..'9'.toInt()) fail("numbers cannot have leading zeros", path)
        } else {
            digits()
        }
        var integer = true
        if (i < end && byte(i) == '.'.toInt()) {
            i++
            integer = false
            if (!digits()) fail("a number needs digits after '.'", path)
        }
        val mantissaEnd = i
        if (i < end && (byte(i) == 'e'.toInt() || byte(i) == 'E'.toInt())) {
            i++
            integer = false
            if (i < end && (byte(i) == '+'.toInt() || byte(i) == '-'.toInt())) i++
            if (!digits()) fail("a number needs digits in its exponent", path)
        }
        val text = String(bytes, start, i - start, Charsets.US_ASCII)
        val v = text.toDouble()
        if (v.isInfinite() || v.isNaN()) fail("the number $text is not a finite double", path, "number-out-of-range", start)
        // A literal that is not zero but reads as zero (`1e-400`) is no more a double's than
        // `1e999` is: refused, never read as 0 (Docs/bundle-format.md).
        if (v == 0.0 && (start until mantissaEnd).any { byte(it) in '1'.toInt()..'9'.toInt() }) {
            fail("the number $text is too small for a double: it reads as 0", path, "number-out-of-range", start)
        }
        if ((!integer || v < -2147483648.0 || v > 2147483647.0) && v == Math.rint(v)) nonIntegers.add(path)
        return v
    }
}
