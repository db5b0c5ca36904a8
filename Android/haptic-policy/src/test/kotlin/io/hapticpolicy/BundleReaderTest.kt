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
        assertEquals("sha256:4b34dfa675c37aa9fe67ceedc93c30e84b60455b78b9491bbb40c818f010508c", policy.hash)
        // Line 1 alone decides: a garbage line 2 loads the same, and so does a file without it.
        val line1 = String(TestBundles.tiny, Charsets.UTF_8).substringBefore('\n')
        assertEquals(policy.hash, Policy.fromBundle((line1 + "\nnot json {\n").toByteArray()).hash)
        assertEquals(policy.hash, Policy.fromBundle(line1.toByteArray()).hash)
        assertEquals(listOf("max_hr"), policy.parameterNames)
        assertEquals(listOf("run"), policy.screenNames)
    }

    @Test
    fun refusesAnEditedContent() {
        val content = TestBundles.tinyContent.replace("\"max\":4", "\"max\":5")
        val hash = "sha256:1af574cec6a690bcf5484ab4c6de8d5d81b3d9805942efb8190fef0f0efac8bd"
        val e = refused<BundleError.HashMismatch>(TestBundles.envelope(content, hash = hash))
        assertEquals(hash, e.expected)
        assertTrue(e.message!!.contains("recompile it"))
    }

    @Test
    fun refusesOtherVersionsNamingThem() {
        val older = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 3))
        assertEquals(3, older.found)
        assertTrue(older.message!!.startsWith("bundle format version 3 is older than the version 7"))
        val four = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 4))
        assertTrue(four.message!!.startsWith("bundle format version 4 is older than the version 7"))
        assertTrue(four.message!!.contains("recompile"))
        val five = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 5))
        assertTrue(five.message!!.startsWith("bundle format version 5 is older than the version 7"))
        assertTrue(five.message!!.contains("recompile"))
        val six = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 6))
        assertTrue(six.message!!.startsWith("bundle format version 6 is older than the version 7"))
        val newer = refused<BundleError.UnsupportedVersion>(TestBundles.envelope(TestBundles.tinyContent, version = 8))
        assertTrue(newer.message!!.contains("update the library"))
    }

    @Test
    fun refusesWhatIsNoBundle() {
        refused<BundleError.NotABundle>("policy: tiny\n".toByteArray())
        refused<BundleError.NotABundle>("{\"format\":\"other\",\"formatVersion\":6,\"hash\":\"x\",\"content\":{}}".toByteArray())
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
    fun refusesABundleWithoutDecisionTablesOrWithUnknownOnes() {
        // A bundle of format 4 before the lowered tables: its content has no `decide`.
        val missing = TestBundles.tinyContent.replace(",\"decide\":", ",\"lowered\":")
        val e = refused<BundleError.Damaged>(TestBundles.envelope(missing))
        assertTrue(e.message, e.message!!.contains("at content: missing field 'decide'"))
        val extra = TestBundles.tinyContent.replace("\"startLevel\":0", "\"startLevel\":0,\"colour\":1")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(extra)).message!!.contains("at content.decide: unknown field 'colour'"))
    }

    @Test
    fun refusesDecisionTablesThatDoNotFitTheContent() {
        val shortTable = TestBundles.tinyContent.replace("\"table\":[-2,-2,-2,-2,-2,-2,0,1]", "\"table\":[-2,-2,0,1]")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(shortTable)).message!!.contains("decide.table is not one entry per screen and event"))
        val slot = TestBundles.tinyContent.replace("{\"rule\":2,\"signal\":0}", "{\"rule\":3,\"signal\":0}")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(slot)).message!!.contains("decide.rows[1][0] names a rule slot out of range"))
        val rings = TestBundles.tinyContent.replace("\"firstRing\":0", "\"firstRing\":1")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(rings)).message!!.contains("rings are not consecutive"))
    }

    @Test
    fun readsTheFieldsOfLanguageV3RatesAndEndingSubjectsStrictly() {
        // An events scope and an ending event read; their shapes and indices are checked.
        val events = TestBundles.tinyContent.replace("\"scope\":{\"kind\":\"each-screen\"}", "\"scope\":{\"events\":[\"heart.rate\"],\"kind\":\"events\"}")
            .replace("\"startLevel\":0", "\"startLevel\":0,\"endsSubject\":[6]")
            .replace("{\"layer\":\"ui\",\"name\":\"button.tap\"", "{\"endsSubject\":true,\"layer\":\"ui\",\"name\":\"button.tap\"")
        val policy = Policy.fromBundle(TestBundles.envelope(events))
        assertEquals(BudgetScope.OnEvents(listOf("heart.rate")), policy.content.decide.budgets[0].scope)
        assertTrue(policy.content.events[0].endsSubject)
        val noList = events.replace("{\"events\":[\"heart.rate\"],\"kind\":\"events\"}", "{\"kind\":\"events\"}")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(noList)).message!!.contains("missing field 'events'"))
        val state = events.replace("\"endsSubject\":[6]", "\"endsSubject\":[0]")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(state)).message!!.contains("decide.endsSubject names an event that is not in the catalogue"))
        val notBool = events.replace("{\"endsSubject\":true,", "{\"endsSubject\":1,")
        refused<BundleError.Damaged>(TestBundles.envelope(notBool))
    }

    @Test
    fun decidesWithTheRulesTheTablesGive() {
        // The runtime cites what `decide` says, never a rule id it derives from names.
        val edited = TestBundles.tinyContent.replace("\"id\":\"screens/run\"", "\"id\":\"screens/elsewhere\"")
            .replace("\"run/heart.rate@hard\"]", "\"tables/hard\"]")
        val s = Session(Policy.fromBundle(TestBundles.envelope(edited)))
        assertEquals("screens/elsewhere", s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run"))).rule)
        s.decide(Event(0.5, "heart.rate", value = Scalar.Num(120.0)))
        assertEquals("tables/hard", s.decide(Event(1.0, "heart.rate", value = Scalar.Num(140.0))).rule)
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

    @Test
    fun readsOtherwiseCellsAndInGestureAndRefusesADamagedOne() {
        // Conformance/tables/policy.yaml, compiled: two cells marked otherwise share the rule search/otherwise.
        val bytes = TestBundles.bytes("tables.bundle.json")
        val policy = Policy.fromBundle(bytes)
        assertEquals(2, policy.content.cells.count { it.otherwise })
        assertEquals(listOf(true, false), policy.content.cells.flatMap { c -> c.rows.mapNotNull { it.condition?.inGesture } })
        val text = String(bytes, Charsets.UTF_8).substringBefore('\n')
        val content = text.substring(text.indexOf(",\"content\":") + ",\"content\":".length, text.length - 1)
        val renamed = content.replaceFirst("\"rule\":\"search/otherwise\"", "\"rule\":\"search/result.open\"")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(renamed)).message!!.contains("otherwise cell"))
        val notBool = content.replace("\"inGesture\":true", "\"inGesture\":\"yes\"")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(notBool)).message!!.contains("inGesture"))
    }

    @Test
    fun refusesAnOtherwiseCellOffItsScreenOrDecidedEverywhere() {
        // The same two damaged bundles as ScreenDefaultTests (Swift) and runtime.test.mjs (TypeScript):
        // result.open (the first otherwise cell) made to occur on map only; the second otherwise
        // cell (list.settle) turned into one for button.tap, which everywhere: decides.
        val text = String(TestBundles.bytes("tables.bundle.json"), Charsets.UTF_8).substringBefore('\n')
        val content = text.substring(text.indexOf(",\"content\":") + ",\"content\":".length, text.length - 1)
        val offScreen = content.replace("\"name\":\"result.open\"}", "\"name\":\"result.open\",\"screens\":[1]}")
        assertTrue(offScreen != content)
        val off = refused<BundleError.Damaged>(TestBundles.envelope(offScreen)).message!!
        assertTrue(off, off.contains("the otherwise cell of screen 'search' decides 'result.open', which cannot occur on it"))
        val everywhere = content.replace("{\"event\":4,\"otherwise\":true", "{\"event\":5,\"otherwise\":true")
        assertTrue(everywhere != content)
        val decided = refused<BundleError.Damaged>(TestBundles.envelope(everywhere)).message!!
        assertTrue(decided, decided.contains("the otherwise cell of screen 'search' decides 'button.tap', which everywhere: decides"))
    }

    @Test
    fun readsPrioritiesAndDecidesWithThem() {
        // tap low, pulse (two transients 0.1 s apart) high: the tap yields while the pulse plays.
        val content = TestBundles.tinyContent
            .replace("\"layer\":\"ui\",\"name\":\"tap\"", "\"layer\":\"ui\",\"name\":\"tap\",\"priority\":\"low\"")
            .replace("\"name\":\"pulse\"}", "\"name\":\"pulse\",\"priority\":\"high\"}")
            .replace("\"ruleSlots\":", "\"priorities\":[{\"rank\":0},{\"length\":0.1,\"rank\":2}],\"ruleSlots\":")
        val policy = Policy.fromBundle(TestBundles.envelope(content))
        assertEquals(listOf(Priority.LOW, Priority.HIGH), policy.content.feedback.map { it.priority })
        val s = Session(policy)
        s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        s.decide(Event(0.5, "heart.rate", value = Scalar.Num(120.0)))
        assertEquals(Action.PLAY, s.decide(Event(1.0, "heart.rate", value = Scalar.Num(140.0))).action)
        val refused = s.decide(Event(1.05, "button.tap"))
        assertEquals(Reason.OUTRANKED, refused.reason)
        assertEquals("'tap' (low) yields to 'pulse' (high), playing until 1.1 s", refused.note)
        assertEquals(Action.PLAY, s.decide(Event(1.1, "button.tap")).action)
        // The session follows the lowered ranks and lengths (`decide.priorities`), not the feedback's own.
        val longer = Session(Policy.fromBundle(TestBundles.envelope(content.replace("{\"length\":0.1,\"rank\":2}", "{\"length\":0.5,\"rank\":2}"))))
        longer.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        longer.decide(Event(0.5, "heart.rate", value = Scalar.Num(120.0)))
        longer.decide(Event(1.0, "heart.rate", value = Scalar.Num(140.0)))
        assertEquals(Reason.OUTRANKED, longer.decide(Event(1.1, "button.tap")).reason)
        val unknown = content.replace("\"priority\":\"low\"", "\"priority\":\"urgent\"")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(unknown)).message!!.contains("unknown priority 'urgent'"))
    }
}
