package io.hapticpolicy.conformance

import io.hapticpolicy.Action
import io.hapticpolicy.BandTransition
import io.hapticpolicy.Decision
import io.hapticpolicy.ParameterValue
import io.hapticpolicy.Reason
import io.hapticpolicy.Scalar
import java.io.ByteArrayOutputStream
import java.util.Random
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test

/** The adapter's byte-level reader and writer (LogLine.kt, DecisionWriter): their fast paths against plain references. */
class AdapterIOTest {
    private fun records(text: String): List<LogItem> {
        val items = ArrayList<LogItem>()
        val reader = LogReader { items.add(it) }
        val bytes = text.toByteArray(Charsets.UTF_8)
        reader.consume(bytes, bytes.size)
        reader.finish()
        return items
    }

    private fun record(line: String): LogItem.Record = records(line + "\n").single() as LogItem.Record

    /** JSON string escaping as the writer did with a StringBuilder and `toByteArray(UTF_8)` before it wrote bytes. */
    private fun reference(s: String): String {
        val sb = StringBuilder("\"")
        for (c in s) when {
            c == '"' -> sb.append("\\\"")
            c == '\\' -> sb.append("\\\\")
            c == '\n' -> sb.append("\\n")
            c == '\r' -> sb.append("\\r")
            c == '\t' -> sb.append("\\t")
            c < ' ' -> sb.append(String.format("\\u%04x", c.toInt()))
            else -> sb.append(c)
        }
        return sb.append('"').toString()
    }

    private fun written(item: LogItem.Record, d: Decision): String {
        val out = ByteArrayOutputStream()
        val writer = DecisionWriter(out)
        writer.write(item, d)
        writer.flush()
        return String(out.toByteArray(), Charsets.UTF_8)
    }

    @Test
    fun escapesAndEncodesStringsAsUtf8() {
        val item = record("{\"t\":1.5,\"event\":\"tap\",\"subject\":\"a\\u00e9\"}")
        val notes = listOf("q\"b\\s\n\r\t\u0001\u001f", "é ✓ 😀 \u007f", "lone \uD800 high", "lone \uDC00 low", "end \uD83D")
        for (note in notes) {
            val d = Decision(Action.SILENT, "screen", reason = Reason.DESIGNER, note = note, rule = "r/tap",
                band = BandTransition("b", null, "ü"), parameters = listOf(ParameterValue("n", Scalar.Text(note))))
            val line = written(item, d)
            val expected = reference(note).toByteArray(Charsets.UTF_8).toString(Charsets.UTF_8)
            assertTrue(line, line.contains(",\"note\":$expected,\"rule\":\"r/tap\""))
            assertTrue(line, line.contains("\"params\":{\"n\":$expected}"))
            assertTrue(line, line.startsWith("{\"line\":1,\"t\":1.5,\"event\":\"tap\",\"screen\":\"screen\",\"subject\":\"a\\u00e9\",\"action\":\"silent\""))
            assertTrue(line, line.contains("\"band\":{\"name\":\"b\",\"from\":null,\"to\":\"ü\"}"))
            assertTrue(line, line.endsWith("}\n"))
        }
    }

    @Test
    fun numbersAsNumberTextWritesThem() {
        val item = record("{\"t\":0,\"event\":\"tap\"}")
        for (v in listOf(0.0, -0.0, 4.0, -120.0, 0.35, -2.5, 1e15, 1e-5, 123456789.125)) {
            val d = Decision(Action.PLAY, "s", parameters = listOf(ParameterValue("x", Scalar.Num(v))), loopPeriod = v)
            val line = written(item, d)
            val text = io.hapticpolicy.NumberText.of(v)
            assertTrue("$v: $line", line.contains("\"params\":{\"x\":$text},\"loop\":$text}"))
        }
    }

    @Test
    fun longDecisionsAndManyDecisionsComeOutWhole() {
        val item = record("{\"t\":2,\"event\":\"tap\"}")
        val out = ByteArrayOutputStream()
        val writer = DecisionWriter(out)
        val long = "x".repeat(300_000) + "é"
        for (k in 0 until 5000) writer.write(item, Decision(Action.SILENT, "s", note = if (k == 2500) long else "n$k"))
        writer.blank(7)
        writer.flush()
        val lines = String(out.toByteArray(), Charsets.UTF_8).split('\n')
        assertEquals(5002, lines.size)
        assertEquals("", lines.last())
        for (k in 0 until 5000) {
            val note = if (k == 2500) long else "n$k"
            assertTrue("line $k", lines[k].startsWith("{\"line\":1,\"t\":2,") && lines[k].contains("\"note\":\"$note\",") && lines[k].endsWith("}"))
        }
        assertTrue(lines[5000], lines[5000].startsWith("{\"line\":7,\"t\":null,") && lines[5000].contains("\"reason\":\"blank-line\""))
    }

    @Test
    fun numbersReadAsToDoubleReadsThem() {
        val rng = Random(21)
        val texts = ArrayList(listOf("0", "-0", "0.5", "-0.0", "1.25", "123456789012345", "1234567890123456", "0.1", "0.30000000000000004",
            "9007199254740993", "1e3", "2.5E-3", "-7.000", "0.000001", "999999999999999.9"))
        repeat(20000) {
            val digits = 1 + rng.nextInt(18)
            val sb = StringBuilder()
            sb.append(1 + rng.nextInt(9))
            for (k in 1 until digits) sb.append(rng.nextInt(10))
            val raw = sb.toString()
            val sign = if (rng.nextBoolean()) "-" else ""
            val point = rng.nextInt(digits + 1)
            texts.add(sign + if (point in 1 until digits) raw.substring(0, point) + "." + raw.substring(point) else raw)
            if (rng.nextInt(4) == 0) texts.add(sign + "0." + "0".repeat(rng.nextInt(6)) + raw)
        }
        var line = 0
        val log = StringBuilder()
        for (text in texts) log.append("{\"event\":\"tap\",\"value\":").append(text).append(",\"t\":0}\n")
        for (item in records(log.toString())) {
            val text = texts[line++]
            val value = ((item as LogItem.Record).record.value as Scalar.Num).value
            assertEquals(text, java.lang.Double.doubleToRawLongBits(text.toDouble()), java.lang.Double.doubleToRawLongBits(value))
        }
        assertEquals(texts.size, line)
    }

    @Test
    fun repeatedNamesAreOneStringAndCollisionsKeepTheirText() {
        val cache = NameCache()
        val a = "heart.sample".toByteArray()
        val first = cache.of(a, 0, a.size)
        assertSame(first, cache.of(a.copyOf(), 0, a.size))
        val rng = Random(5)
        repeat(20000) {
            val name = String(CharArray(1 + rng.nextInt(12)) { ('a' + rng.nextInt(26)) })
            val bytes = ("[" + name + "]").toByteArray()
            assertEquals(name, cache.of(bytes, 1, bytes.size - 1))
        }
        val long = "n".repeat(65).toByteArray()
        assertEquals(null, cache.of(long, 0, long.size))
        val parsed = records("{\"t\":0,\"event\":\"tap\",\"screen\":\"s\"}\n{\"t\":1,\"event\":\"tap\",\"screen\":\"s\"}\n")
        val one = (parsed[0] as LogItem.Record).record
        val two = (parsed[1] as LogItem.Record).record
        assertSame(one.event, two.event)
        assertNotNull(one.screen)
        assertSame(one.screen, two.screen)
    }

    @Test
    fun readsDataAsStrictlyAsParams() {
        val r = (record("{\"t\":1,\"event\":\"turn\",\"data\":{\"direction\":\"left\",\"n\":2,\"x\":[1]}}").record)
        assertEquals(
            listOf(ParameterValue("direction", Scalar.Text("left")), ParameterValue("n", Scalar.Num(2.0)), ParameterValue("x", null)),
            r.data)
        assertTrue((record("{\"t\":1,\"event\":\"turn\",\"data\":null}").record).data.isEmpty())
        val bad = records("{\"t\":1,\"event\":\"x\",\"data\":[1]}\n{\"t\":2,\"event\":\"x\",\"data\":{\"a\":1,\"a\":2}}\n")
        assertEquals(listOf("bad-field", "duplicate-field"), bad.map { (it as LogItem.Invalid).reason })
        assertEquals("data field 'a' is written twice in 'data'; keep one", (bad[1] as LogItem.Invalid).message)
    }

    /** A line just under 1 MiB whose `data` holds `count` distinct keys, then `tail` before `}`. */
    private fun wideDataLine(tail: String): String {
        val sb = StringBuilder("{\"t\":1,\"event\":\"turn\",\"data\":{")
        var n = 0
        while (sb.length < LogReader.MAX_LINE_LENGTH - 64) {
            if (n > 0) sb.append(',')
            sb.append("\"k").append(n).append("\":0")
            n++
        }
        return sb.append(tail).append("}}").toString()
    }

    @Test
    fun readsTheDataOfAWideLineInLinearTime() {
        // ~90,000 distinct keys: the duplicate check scanned every earlier key per key (89 s).
        val started = System.nanoTime()
        val r = record(wideDataLine("")).record
        val wide = records(wideDataLine(",\"k7\":1") + "\n").single() as LogItem.Invalid
        val seconds = (System.nanoTime() - started) / 1e9
        println("AdapterIOTest: two ~1 MiB data lines read in %.3f s".format(seconds))
        assertTrue(r.data.size > 80_000)
        assertEquals("k0", r.data.first().name)
        assertEquals("duplicate-field", wide.reason)
        assertEquals("data field 'k7' is written twice in 'data'; keep one", wide.message)
        assertTrue("two 1 MiB lines took $seconds s", seconds < 10)
    }
}
