package io.hapticpolicy.conformance

import io.hapticpolicy.NumberText
import io.hapticpolicy.ParameterValue
import io.hapticpolicy.Scalar
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction

/** One parsed event-log line: the fields, and the byte ranges of the tokens echoed as written. */
class LogRecord(
    val t: Double, val event: String, val screen: String?, val subject: String?, val value: Scalar?, val speaks: Boolean,
    val params: List<ParameterValue>, val tStart: Int, val tEnd: Int, val eventStart: Int, val eventEnd: Int,
    val subjectStart: Int, val subjectEnd: Int,
    /** The event's data fields (`data`), in the order written. */
    val data: List<ParameterValue> = emptyList()
)

/** A line that is not an event: the reason id, the byte offset and the message. */
class LineFailure(val offset: Int, val reason: String, message: String) : Exception(message, null, false, false)

/**
 * The event-log line parser of `haptic-policy eval` (`EventLogParser.swift`), byte for
 * byte: the same grammar, the same first error, the same messages and columns.
 */
class LogLineParser(private val b: ByteArray, private val from: Int, private val to: Int, private val names: NameCache? = null) {
    private var i = from
    /** `t` and `event` as far as they were read, for invalid lines. */
    var t: Double? = null
        private set
    var event: String? = null
        private set
    private var lastWasNull = false

    companion object {
        private const val MAX_DEPTH = 64
        private val POW10 = DoubleArray(16).also { p -> p[0] = 1.0; for (k in 1 until p.size) p[k] = p[k - 1] * 10 }

        /** The 1-based column of an offset, in Unicode scalars. */
        fun column(b: ByteArray, from: Int, offset: Int, to: Int): Int {
            var c = 1
            for (k in from until minOf(offset, to)) if (b[k].toInt() and 0xC0 != 0x80) c++
            return c
        }

        private fun utf8(b: ByteArray, start: Int, end: Int): String? = try {
            Charsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, start, end - start)).toString()
        } catch (e: CharacterCodingException) {
            null
        }
    }

    private fun at(k: Int): Int = b[k].toInt() and 0xFF

    private fun fail(message: String, offset: Int = i, reason: String = "bad-json"): LineFailure = LineFailure(offset - from, reason, message)

    private fun describeHere(): String {
        if (i >= to) return "the line ends"
        val c = at(i)
        if (c in 0x21 until 0x7F) return "found '${c.toChar()}'"
        return "found byte 0x${Integer.toHexString(c)}"
    }

    private fun skipSpace() {
        while (i < to) {
            val c = at(i)
            if (c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A) i++ else return
        }
    }

    private fun expect(c: Char, what: String) {
        skipSpace()
        if (i >= to || at(i) != c.toInt()) throw fail("expected $what; ${describeHere()}")
        i++
    }

    /** Parses the line; throws [LineFailure]. */
    fun record(): LogRecord {
        skipSpace()
        if (i >= to || at(i) != '{'.toInt()) throw fail("a log line must be one JSON object starting with '{'; ${describeHere()}")
        val objectStart = i
        i++
        var tStart = -1
        var tEnd = -1
        var eventStart = -1
        var eventEnd = -1
        var subjectStart = -1
        var subjectEnd = -1
        var screen: String? = null
        var subject: String? = null
        var value: Scalar? = null
        var speaks = false
        var params: List<ParameterValue> = emptyList()
        var data: List<ParameterValue> = emptyList()
        var seen = 0
        var otherNames: HashSet<String>? = null
        skipSpace()
        if (i < to && at(i) == '}'.toInt()) {
            i++
        } else {
            loop@ while (true) {
                skipSpace()
                val keyStart = i
                if (i >= to || at(i) != '"'.toInt()) throw fail("expected a field name in double quotes; ${describeHere()}")
                val key = readString(isKey = true)
                val bit = when (key) {
                    "t" -> 1; "event" -> 2; "screen" -> 4; "subject" -> 8; "value" -> 16; "speaks" -> 32; "params" -> 64; "data" -> 128
                    else -> 0
                }
                if (bit == 0) {
                    val others = otherNames ?: HashSet<String>().also { otherNames = it }
                    if (!others.add(key)) throw duplicate(key, keyStart)
                } else {
                    if (seen and bit != 0) throw duplicate(key, keyStart)
                    seen = seen or bit
                }
                expect(':', "':' after the field name")
                skipSpace()
                val valueStart = i
                when (bit) {
                    1 -> {
                        if (i >= to || !(at(i) == '-'.toInt() || at(i) in 0x30..0x39)) {
                            if (i < to && isValueStart(at(i))) {
                                skipValue(0)
                                throw fail("'t' must be a number of seconds", valueStart, "bad-field")
                            }
                            throw fail("expected a value for 't'; ${describeHere()}")
                        }
                        t = readNumber("bad-field")
                        tStart = valueStart
                        tEnd = i
                    }
                    2 -> {
                        event = readOptionalString(false, "", valueStart)
                            ?: throw fail("'event' must be a string naming the event", valueStart, "bad-field")
                        eventStart = valueStart
                        eventEnd = i
                    }
                    4 -> screen = readOptionalString(true, "screen", valueStart)
                    8 -> {
                        subject = readOptionalString(true, "subject", valueStart)
                        subjectStart = valueStart
                        subjectEnd = i
                    }
                    16 -> {
                        value = readScalar("bad-field")
                        if (value == null && !lastWasNull) throw fail("'value' must be a number, boolean or string", valueStart, "bad-field")
                    }
                    32 -> speaks = readBool() ?: throw fail("'speaks' must be true or false", valueStart, "bad-field")
                    64 -> params = readParams(valueStart)
                    128 -> data = readParams(valueStart, "data")
                    else -> skipValue(0)
                }
                skipSpace()
                if (i >= to) throw fail("the object is not closed; add '}' at the end of the line")
                when (at(i)) {
                    ','.toInt() -> { i++; continue@loop }
                    '}'.toInt() -> { i++; break@loop }
                }
                throw fail("expected ',' or '}' after a field; ${describeHere()}")
            }
        }
        skipSpace()
        if (i < to) throw fail("unexpected text after the object; put one JSON object per line")
        val tv = t
        if (tv == null || tStart < 0) throw fail("missing 't' (seconds since the session began)", objectStart, "missing-field")
        val ev = event
        if (ev == null || eventStart < 0) throw fail("missing 'event' (the event name)", objectStart, "missing-field")
        if (tv.isInfinite() || tv.isNaN()) throw fail("'t' must be a finite number", tStart, "bad-field")
        return LogRecord(tv, ev, screen, subject, value, speaks, params, tStart, tEnd, eventStart, eventEnd, subjectStart, subjectEnd, data)
    }

    private fun duplicate(name: String, offset: Int) =
        fail("'$name' is written twice in this line; keep one (the log format takes neither)", offset, "duplicate-field")

    private fun isValueStart(c: Int): Boolean =
        c == '"'.toInt() || c == '{'.toInt() || c == '['.toInt() || c == 't'.toInt() || c == 'f'.toInt() ||
            c == 'n'.toInt() || c == '-'.toInt() || c in 0x30..0x39

    private fun readOptionalString(nullable: Boolean, field: String, start: Int): String? {
        if (i >= to) throw fail("expected a value; the line ends")
        if (at(i) == '"'.toInt()) return readString(false)
        if (nullable && readLiteralNull()) return null
        skipValue(0)
        if (nullable) throw fail("'$field' must be a string", start, "bad-field")
        return null
    }

    private fun readLiteralNull(): Boolean {
        if (i >= to || at(i) != 'n'.toInt()) return false
        readLiteral("null")
        return true
    }

    private fun readBool(): Boolean? {
        if (i >= to) throw fail("expected a value; the line ends")
        if (at(i) == 't'.toInt()) { readLiteral("true"); return true }
        if (at(i) == 'f'.toInt()) { readLiteral("false"); return false }
        skipValue(0)
        return null
    }

    private fun readScalar(reason: String): Scalar? {
        lastWasNull = false
        if (i >= to) throw fail("expected a value; the line ends")
        val c = at(i)
        return when {
            c == '"'.toInt() -> Scalar.Text(readString(false))
            c == 't'.toInt() -> { readLiteral("true"); Scalar.Bool(true) }
            c == 'f'.toInt() -> { readLiteral("false"); Scalar.Bool(false) }
            c == 'n'.toInt() -> { readLiteral("null"); lastWasNull = true; null }
            c == '-'.toInt() || c in 0x30..0x39 -> Scalar.Num(readNumber(reason))
            else -> { skipValue(0); null }
        }
    }

    /** The fields of `params` (or of `data`, the same shape: an object of scalars). */
    private fun readParams(start: Int, field: String = "params"): List<ParameterValue> {
        val isData = field == "data"
        if (i >= to) throw fail("expected a value; the line ends")
        if (readLiteralNull()) return emptyList()
        if (at(i) != '{'.toInt()) {
            skipValue(0)
            throw fail(
                if (isData) "'data' must be an object such as {\"direction\": \"left\"}" else "'params' must be an object such as {\"bpm\": 120}",
                start, "bad-field")
        }
        i++
        val params = ArrayList<ParameterValue>()
        // A hash set of the names read so far keeps the duplicate check linear in the
        // object's size (a scan of `params` per name is quadratic: ~89 s for a 1 MiB line).
        val names = HashSet<String>()
        skipSpace()
        if (i < to && at(i) == '}'.toInt()) { i++; return params }
        while (true) {
            skipSpace()
            if (i >= to || at(i) != '"'.toInt()) throw fail("expected a ${if (isData) "data field" else "parameter"} name in double quotes; ${describeHere()}")
            val nameStart = i
            val name = readString(false)
            if (!names.add(name)) {
                throw fail("${if (isData) "data field" else "parameter"} '$name' is written twice in '$field'; keep one", nameStart, "duplicate-field")
            }
            expect(':', if (isData) "':' after the data field name" else "':' after the parameter name")
            skipSpace()
            val v = readScalar("bad-field")
            params.add(ParameterValue(name, v))
            skipSpace()
            if (i >= to) throw fail("'$field' is not closed; add '}'")
            if (at(i) == ','.toInt()) { i++; continue }
            if (at(i) == '}'.toInt()) { i++; return params }
            throw fail("expected ',' or '}' in '$field'; ${describeHere()}")
        }
    }

    private fun readLiteral(word: String) {
        for (k in word.indices) {
            if (i + k >= to || at(i + k) != word[k].toInt()) throw fail("invalid literal; JSON has true, false and null (lowercase)", i)
        }
        i += word.length
    }

    private fun skipValue(depth: Int) {
        if (depth >= MAX_DEPTH) throw fail("values nested more than $MAX_DEPTH deep")
        skipSpace()
        if (i >= to) throw fail("expected a value; the line ends")
        val c = at(i)
        when {
            c == '"'.toInt() -> readString(false)
            c == 't'.toInt() -> readLiteral("true")
            c == 'f'.toInt() -> readLiteral("false")
            c == 'n'.toInt() -> readLiteral("null")
            c == '-'.toInt() || c in 0x30..0x39 -> readNumber("bad-json")
            c == '['.toInt() -> {
                i++
                skipSpace()
                if (i < to && at(i) == ']'.toInt()) { i++; return }
                while (true) {
                    skipValue(depth + 1)
                    skipSpace()
                    if (i >= to) throw fail("the array is not closed; add ']'")
                    if (at(i) == ','.toInt()) { i++; continue }
                    if (at(i) == ']'.toInt()) { i++; return }
                    throw fail("expected ',' or ']' in an array; ${describeHere()}")
                }
            }
            c == '{'.toInt() -> {
                i++
                skipSpace()
                if (i < to && at(i) == '}'.toInt()) { i++; return }
                while (true) {
                    skipSpace()
                    if (i >= to || at(i) != '"'.toInt()) throw fail("expected a field name in double quotes; ${describeHere()}")
                    readString(false)
                    expect(':', "':' after the field name")
                    skipValue(depth + 1)
                    skipSpace()
                    if (i >= to) throw fail("the object is not closed; add '}'")
                    if (at(i) == ','.toInt()) { i++; continue }
                    if (at(i) == '}'.toInt()) { i++; return }
                    throw fail("expected ',' or '}' in an object; ${describeHere()}")
                }
            }
            else -> throw fail("expected a JSON value; ${describeHere()}")
        }
    }

    /** A string at its opening quote. A field name without escapes that is not UTF-8 fails at its quote. */
    private fun readString(isKey: Boolean): String {
        val open = i
        i++
        val start = i
        var nonAscii = false
        while (i < to) {
            val c = at(i)
            if (c == '"'.toInt()) {
                val end = i
                i++
                if (!nonAscii) return names?.of(b, start, end) ?: String(b, start, end - start, Charsets.ISO_8859_1)
                return utf8(b, start, end) ?: throw fail(
                    if (isKey) "invalid UTF-8 in this field name; save the log as UTF-8" else "invalid UTF-8 in this string; save the log as UTF-8", open)
            }
            if (c == '\\'.toInt() || c < 0x20) break
            if (c >= 0x80) nonAscii = true
            i++
        }
        val out = java.io.ByteArrayOutputStream()
        out.write(b, start, i - start)
        while (i < to) {
            val c = at(i)
            if (c == '"'.toInt()) {
                i++
                val bytes = out.toByteArray()
                return utf8(bytes, 0, bytes.size) ?: throw fail("invalid UTF-8 in this string; save the log as UTF-8", open)
            }
            if (c < 0x20) throw fail("control character in a string; escape it (\\n, \\t, \\u00XX)")
            if (c != '\\'.toInt()) { out.write(c); i++; continue }
            i++
            if (i >= to) break
            val e = at(i)
            i++
            when (e.toChar()) {
                '"' -> out.write(0x22)
                '\\' -> out.write(0x5C)
                '/' -> out.write(0x2F)
                'b' -> out.write(0x08)
                'f' -> out.write(0x0C)
                'n' -> out.write(0x0A)
                'r' -> out.write(0x0D)
                't' -> out.write(0x09)
                'u' -> {
                    var code = readHex4()
                    if (code in 0xD800 until 0xDC00) {
                        if (!(i + 1 < to && at(i) == '\\'.toInt() && at(i + 1) == 'u'.toInt()))
                            throw fail("a high surrogate \\u must be followed by a low surrogate \\uDC00-\\uDFFF")
                        i += 2
                        val low = readHex4()
                        if (low !in 0xDC00 until 0xE000) throw fail("expected a low surrogate \\uDC00-\\uDFFF after a high surrogate", i - 6)
                        code = 0x10000 + ((code - 0xD800) shl 10) + (low - 0xDC00)
                    } else if (code in 0xDC00 until 0xE000) {
                        throw fail("a lone low surrogate \\u is not a character", i - 6)
                    }
                    val bytes = String(Character.toChars(code)).toByteArray(Charsets.UTF_8)
                    out.write(bytes, 0, bytes.size)
                }
                else -> throw fail("invalid escape '\\${e.toChar()}'; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX", i - 2)
            }
        }
        throw fail("the string that starts here is not closed; add '\"'", open)
    }

    private fun readHex4(): Int {
        var code = 0
        for (k in 0 until 4) {
            if (i >= to) throw fail("\\u needs four hex digits")
            val d = Character.digit(at(i), 16)
            if (d < 0 || at(i) > 0x7F) throw fail("\\u needs four hex digits")
            code = code shl 4 or d
            i++
        }
        return code
    }

    /**
     * The number `b[start until i]` (already checked against the grammar) without a string, when
     * it has no exponent and at most 15 digits: then the digits are an exact integer `m` below
     * 2^53 and 10^d exact, so `m / 10^d` (one correctly rounded division) is the double nearest
     * to the decimal, as `toDouble` reads it. Otherwise null.
     */
    private fun exact(start: Int, negative: Boolean): Double? {
        var m = 0L
        var digits = 0
        var fraction = -1
        for (k in (if (negative) start + 1 else start) until i) {
            val c = at(k)
            if (c == '.'.toInt()) { fraction = 0; continue }
            if (c !in 0x30..0x39) return null
            if (++digits > 15) return null
            m = m * 10 + (c - 0x30)
            if (fraction >= 0) fraction++
        }
        val v = if (fraction > 0) m.toDouble() / POW10[fraction] else m.toDouble()
        return if (negative) -v else v
    }

    private fun readNumber(reason: String): Double {
        val start = i
        val negative = at(i) == '-'.toInt()
        if (negative) i++
        if (i >= to || at(i) !in 0x30..0x39) throw fail("a number needs digits after '-'")
        if (at(i) == 0x30) {
            i++
            if (i < to && at(i) in 0x30..0x39) throw fail("numbers cannot have leading zeros")
        } else {
            while (i < to && at(i) in 0x30..0x39) i++
        }
        if (i < to && at(i) == '.'.toInt()) {
            i++
            if (i >= to || at(i) !in 0x30..0x39) throw fail("a number needs digits after '.'")
            while (i < to && at(i) in 0x30..0x39) i++
        }
        if (i < to && (at(i) == 'e'.toInt() || at(i) == 'E'.toInt())) {
            i++
            if (i < to && (at(i) == '+'.toInt() || at(i) == '-'.toInt())) i++
            if (i >= to || at(i) !in 0x30..0x39) throw fail("a number needs digits in its exponent")
            while (i < to && at(i) in 0x30..0x39) i++
        }
        exact(start, negative)?.let { return it }
        val text = String(b, start, i - start, Charsets.ISO_8859_1)
        val v = text.toDouble()
        if (v.isInfinite()) throw fail("the number $text is too large (beyond ±1.8e308, it would read as infinity); write a finite number", start, reason)
        return v
    }
}

/** What the log reader makes of one line. */
sealed class LogItem {
    /** An event. */
    class Record(val line: Int, val bytes: ByteArray, val start: Int, val record: LogRecord) : LogItem()
    /** A blank line. */
    class Blank(val line: Int) : LogItem()
    /** A line that is not an event. */
    class Invalid(val line: Int, val column: Int, val reason: String, val message: String, val t: Double?, val event: String?) : LogItem()
}

/** Splits a byte stream into lines as `EventLogReader.swift` does (BOM, `\r\n`, the 1 MiB limit, time order). */
class LogReader(private val emit: (LogItem) -> Unit) {
    companion object {
        /** The longest line, in bytes between two newlines. */
        const val MAX_LINE_LENGTH = 1 shl 20
    }

    private val names = NameCache()
    private var carry = ByteArray(4096)
    private var carried = 0
    private var skipping = false
    private var lineCount = 0
    private var lastT = Double.NEGATIVE_INFINITY

    /** Feeds `count` bytes of `chunk`. */
    fun consume(chunk: ByteArray, count: Int) {
        var start = 0
        while (start < count) {
            var newline = start
            while (newline < count && chunk[newline].toInt() != 0x0A) newline++
            val found = newline < count
            if (skipping) {
                if (!found) return
                skipping = false
                start = newline + 1
                continue
            }
            if (carried + (newline - start) > MAX_LINE_LENGTH) {
                carried = 0
                tooLong()
                if (!found) { skipping = true; return }
                start = newline + 1
                continue
            }
            if (carried == 0 && found) {
                classify(chunk, start, newline)
            } else {
                append(chunk, start, newline)
                if (!found) return
                classify(carry.copyOf(carried), 0, carried)
                carried = 0
            }
            start = newline + 1
        }
    }

    /** Ends the input: a last line without its newline is decided now. */
    fun finish() {
        skipping = false
        if (carried > 0) {
            classify(carry.copyOf(carried), 0, carried)
            carried = 0
        }
    }

    private fun append(b: ByteArray, from: Int, to: Int) {
        val needed = carried + (to - from)
        if (needed > carry.size) carry = carry.copyOf(maxOf(needed, carry.size * 2))
        System.arraycopy(b, from, carry, carried, to - from)
        carried = needed
    }

    private fun tooLong() {
        lineCount++
        emit(LogItem.Invalid(lineCount, 1, "line-too-long",
            "the line is longer than $MAX_LINE_LENGTH bytes, the most one event may take; put one JSON object per line, " +
                "each ending with a newline (is this file an event log?)", null, null))
    }

    private fun classify(b: ByteArray, from: Int, rawEnd: Int) {
        lineCount++
        val line = lineCount
        var start = from
        var end = rawEnd
        if (end > start && b[end - 1].toInt() == 0x0D) end--
        if (line == 1 && end - start >= 3 && b[start].toInt() and 0xFF == 0xEF && b[start + 1].toInt() and 0xFF == 0xBB &&
            b[start + 2].toInt() and 0xFF == 0xBF) start += 3
        var blank = true
        for (k in start until end) { val c = b[k].toInt(); if (c != 0x20 && c != 0x09) { blank = false; break } }
        if (blank) { emit(LogItem.Blank(line)); return }
        val parser = LogLineParser(b, start, end, names)
        val record = try {
            parser.record()
        } catch (f: LineFailure) {
            emit(LogItem.Invalid(line, LogLineParser.column(b, start, start + f.offset, end), f.reason, f.message ?: "", parser.t, parser.event))
            return
        }
        if (!(record.t >= lastT)) {
            emit(LogItem.Invalid(line, LogLineParser.column(b, start, record.tStart, end), "time-backwards",
                "t ${NumberText.of(record.t)} is before the previous line's ${NumberText.of(lastT)}; keep the log in time order",
                record.t, record.event))
            return
        }
        lastT = record.t
        emit(LogItem.Record(line, b, start, record))
    }
}

/**
 * The strings of a log's ASCII tokens without escapes (event, screen and subject names, field
 * names), kept by their bytes so that a name repeated on every line is one `String`: no
 * allocation, and its hash is computed once for the session's lookups. 1,024 slots, the last
 * name of a slot wins; names longer than 64 bytes are not kept.
 */
class NameCache {
    private val slots = arrayOfNulls<String>(1024)

    /** The string of the ASCII bytes `b[from until to]`, or null when too long to keep. */
    fun of(b: ByteArray, from: Int, to: Int): String? {
        val length = to - from
        if (length > 64) return null
        var h = length
        for (k in from until to) h = 31 * h + b[k]
        h = h xor (h ushr 16)
        val slot = h and 1023
        val kept = slots[slot]
        if (kept != null && kept.length == length) {
            var same = true
            for (k in 0 until length) if (kept[k].toInt() != b[from + k].toInt()) { same = false; break }
            if (same) return kept
        }
        val made = String(b, from, length, Charsets.ISO_8859_1)
        slots[slot] = made
        return made
    }
}
