package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

class BundleReaderTest {
    private inline fun <reified T : BundleError> refused(bytes: ByteArray): T {
        try {
            Policy.fromBundle(bytes)
        } catch (e: BundleError) {
            if (e is T) return e
            fail("expected ${T::class.java.simpleName}, got ${e.javaClass.simpleName}: ${e.message}")
        }
        fail("the bundle was accepted")
        throw IllegalStateException()
    }

    @Test
    fun readsTheExampleBundleWithItsHash() {
        val policy = Policy.fromBundle(TestBundles.tiny)
        assertEquals("tiny", policy.name)
        assertEquals("sha256:dc8378595e6d3f4a8bbfe66f8724fc44d9f4dd485a57bd54ff15a4bca4ecb9d9", policy.hash)
        assertEquals(listOf("max_hr"), policy.parameterNames)
        assertEquals(listOf("run"), policy.screenNames)
    }

    @Test
    fun refusesAnEditedContent() {
        val content = TestBundles.tinyContent.replace("\"max\":4", "\"max\":5")
        val hash = "sha256:dc8378595e6d3f4a8bbfe66f8724fc44d9f4dd485a57bd54ff15a4bca4ecb9d9"
        val e = refused<BundleError.HashMismatch>(TestBundles.envelope(content, hash = hash))
        assertEquals(hash, e.expected)
        assertTrue(e.message!!.contains("recompile it"))
    }

    @Test
    fun refusesOtherVersionsNamingThem() {
        val older = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 3))
        assertEquals(3, older.found)
        assertTrue(older.message!!.startsWith("bundle format version 3 is older than the version 4"))
        val newer = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 5))
        assertTrue(newer.message!!.contains("update the library"))
    }

    @Test
    fun refusesWhatIsNoBundle() {
        refused<BundleError.NotABundle>("policy: tiny\n".toByteArray())
        refused<BundleError.NotABundle>("{\"format\":\"other\",\"formatVersion\":4,\"hash\":\"x\",\"content\":{}}".toByteArray())
    }

    @Test
    fun refusesATruncatedBundle() {
        val bytes = TestBundles.tiny
        refused<BundleError>(bytes.copyOf(bytes.size / 2))
    }

    @Test
    fun namesThePlaceOfAnUnknownTag() {
        val content = TestBundles.tinyContent.replace("{\"feedback\":0,\"kind\":\"play\"}", "{\"feedback\":0,\"kind\":\"ring\"}")
        val e = refused<BundleError.Damaged>(TestBundles.envelope(content))
        assertTrue(e.message, e.message!!.contains("at content.cells[0].rows[1].action: unknown kind 'ring' (known: play, loop"))
    }

    @Test
    fun refusesUnknownFieldsAndOutOfRangeIndices() {
        val extra = TestBundles.tinyContent.replace("\"hapticsOnly\":true", "\"hapticsOnly\":true,\"colour\":1")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(extra)).message!!.contains("unknown field 'colour'"))
        val outOfRange = TestBundles.tinyContent.replace("{\"feedback\":0,\"kind\":\"play\"}", "{\"feedback\":7,\"kind\":\"play\"}")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(outOfRange)).message!!.contains("out of range"))
    }

    @Test
    fun strictJson() {
        for (bad in listOf("{\"a\":1,\"a\":2}", "[01]", "{} x", "[1,]", "\"\\ud800\"", "1e400")) {
            try {
                JsonParser.parse(bad)
                fail("accepted $bad")
            } catch (e: JsonSyntaxError) {
            }
        }
        assertEquals(JsonValue.Str("é😀"), JsonParser.parse("\"\\u00e9\\ud83d\\ude00\""))
    }
}
