package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.fail
import org.junit.Test

/**
 * The strict reading of Docs/bundle-format.md ("What a reader must refuse"): each bundle is
 * refused with the code, path and byte offset the Swift and TypeScript readers report.
 */
class BundleStrictReadingTest {
    private fun refusal(bytes: ByteArray): BundleError {
        try {
            Policy.fromBundle(bytes)
        } catch (e: BundleError) {
            return e
        }
        fail("the bundle was accepted")
        throw IllegalStateException()
    }

    private fun edited(find: String, replace: String): ByteArray {
        val content = TestBundles.tinyContent
        if (!content.contains(find)) fail("no $find")
        return TestBundles.envelope(content.replaceFirst(find, replace))
    }

    private fun offset(text: String, bytes: ByteArray): Int = String(bytes, Charsets.ISO_8859_1).indexOf(text)

    private val play = "{\"feedback\":0,\"kind\":\"play\"}"

    @Test
    fun refusesARepeatedKey() {
        val bytes = edited(play, "{\"feedback\":0,\"kind\":\"play\",\"kind\":\"none\"}")
        val e = refusal(bytes)
        assertEquals("duplicate-key", e.code)
        assertEquals("content.cells[2].rows[0].action.kind".substringAfterLast(".action"), e.path.substringAfterLast(".action"))
        assertEquals(offset("\"kind\":\"none\"", bytes), e.offset)
    }

    @Test
    fun refusesNonFiniteStringsAndNumbersNoDoubleHolds() {
        for (spelling in listOf("\"nan\"", "\"+inf\"", "\"-inf\"")) {
            val e = refusal(edited("\"warmup\":0.1", "\"warmup\":$spelling"))
            assertEquals(spelling, "wrong-type", e.code)
            assertEquals("content.warmup", e.path)
        }
        val bytes = edited("\"warmup\":0.1", "\"warmup\":1e999")
        val e = refusal(bytes)
        assertEquals("number-out-of-range", e.code)
        assertEquals("content.warmup", e.path)
        assertEquals(offset("1e999", bytes), e.offset)
    }

    /** Swift refused a negative warm-up; Kotlin and TypeScript took it. */
    @Test
    fun refusesANegativeWarmUp() {
        assertEquals("inconsistent", refusal(edited("\"warmup\":0.1", "\"warmup\":-1")).code)
    }

    @Test
    fun refusesAnUnknownFieldAtItsOwnPath() {
        val bytes = edited(play, "{\"feedback\":0,\"kind\":\"play\",\"volume\":1}")
        val e = refusal(bytes)
        assertEquals("unknown-field", e.code)
        assertEquals(true, e.path.endsWith(".action.volume"))
        assertEquals(offset("\"volume\"", bytes), e.offset)
    }

    @Test
    fun refusesANumberNotWrittenAsAnIntegerWhereOneGoes() {
        for (spelling in listOf("0e0", "0.0", "1e10", "4294967296", "0.5")) {
            val bytes = edited(play, "{\"feedback\":$spelling,\"kind\":\"play\"}")
            val e = refusal(bytes)
            assertEquals(spelling, "not-integer", e.code)
            assertEquals(true, e.path.endsWith(".action.feedback"))
            assertEquals(offset("$spelling,\"kind\":\"play\"", bytes), e.offset)
        }
    }

    @Test
    fun refusesAByteOrderMark() {
        val e = refusal(byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte()) + TestBundles.tiny)
        assertEquals("not-a-bundle", e.code)
        assertEquals(0, e.offset)
    }

    /** Kotlin read invalid UTF-8 as U+FFFD. */
    @Test
    fun refusesInvalidUTF8() {
        val good = TestBundles.envelope(TestBundles.tinyContent)
        val at = offset("\"tiny.yaml\"", good) + 1
        for (bad in listOf(byteArrayOf(0xC0.toByte(), 0xAF.toByte()), byteArrayOf(0xFF.toByte()), byteArrayOf(0xED.toByte(), 0xA0.toByte(), 0x80.toByte()))) {
            val text = TestBundles.tinyContent.toByteArray(Charsets.UTF_8)
            val inContent = String(text, Charsets.ISO_8859_1).indexOf("\"tiny.yaml\"") + 1
            val damaged = text.copyOfRange(0, inContent) + bad + text.copyOfRange(inContent, text.size)
            val bytes = envelopeOf(damaged)
            val e = refusal(bytes)
            assertEquals("invalid-utf8", e.code)
            assertEquals("content.source", e.path)
            assertEquals(at, e.offset)
        }
    }

    private fun envelopeOf(content: ByteArray): ByteArray {
        val digest = java.security.MessageDigest.getInstance("SHA-256").digest(content)
        val h = "sha256:" + digest.joinToString("") { String.format("%02x", it.toInt() and 0xFF) }
        return ("{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,\"policy\":\"tiny\",\"hash\":\"$h\",\"content\":").toByteArray() +
            content + "}\n".toByteArray()
    }

    @Test
    fun refusesALoneSurrogate() {
        for (escape in listOf("\\ud800", "\\udc00", "\\ud800\\u0041")) {
            val bytes = edited("\"tiny.yaml\"", "\"${escape}tiny.yaml\"")
            val e = refusal(bytes)
            assertEquals("lone-surrogate", e.code)
            assertEquals("content.source", e.path)
            assertEquals(offset(escape, bytes), e.offset)
        }
    }

    /** The envelope is level 1, the content level 2: a field may nest 510 arrays, not 511. */
    @Test
    fun refusesNestingPastTheLimit() {
        fun nested(levels: Int) = TestBundles.envelope("{\"deep\":" + "[".repeat(levels) + "]".repeat(levels) + "," + TestBundles.tinyContent.substring(1))
        assertEquals("unknown-field", refusal(nested(510)).code)
        assertEquals("too-deep", refusal(nested(511)).code)
        assertEquals("too-deep", refusal(nested(5000)).code)
    }

    @Test
    fun refusesAnEnvelopeWithAnUnknownOrRepeatedField() {
        val text = String(TestBundles.tiny, Charsets.UTF_8)
        assertEquals("not-a-bundle", refusal(text.replace("\"policy\":\"tiny\"", "\"policy\":\"tiny\",\"policy\":\"u\"").toByteArray()).code)
        assertEquals("not-a-bundle", refusal(text.replace("\"policy\":\"tiny\"", "\"policy\":\"tiny\",\"extra\":1").toByteArray()).code)
    }

    @Test
    fun namesTheCodeOfEveryOtherRefusal() {
        val kind = refusal(edited(play, "{\"feedback\":0,\"kind\":\"ring\"}"))
        assertEquals("unknown-tag", kind.code)
        assertEquals(true, kind.path.endsWith(".action.kind"))
        assertEquals("missing-field", refusal(edited(play, "{\"kind\":\"play\"}")).code)
        assertEquals("inconsistent", refusal(edited(play, "{\"feedback\":99,\"kind\":\"play\"}")).code)
        val nothing = refusal(edited(play, "{\"feedback\":0,\"kind\":\"play\",\"note\":null}"))
        assertEquals("wrong-type", nothing.code)
        assertEquals(true, nothing.path.endsWith(".action.note"))
    }

    /** Every runtime refuses a bundle over 8 MiB before it parses it, and reads one at it. */
    @Test
    fun refusesABundleOverTheLimit() {
        val tiny = TestBundles.tiny
        val atTheLimit = tiny + ByteArray(BundleReader.MAX_BYTES - tiny.size) { 0x20 }
        Policy.fromBundle(atTheLimit)
        val e = refusal(atTheLimit + byteArrayOf(0x20))
        assertEquals("too-large", e.code)
        assertEquals("", e.path)
        assertEquals(BundleReader.MAX_BYTES, e.offset)
    }
}
