package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.Collections
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

class PolicyStoreTest {
    @Test
    fun reportsEachMistakeOnceWithASuggestion() {
        val store = PolicyStore.fromBundle(TestBundles.tiny)
        val seen = Collections.synchronizedList(ArrayList<IntegrationMistake>())
        store.onIntegrationMistake = { seen.add(it) }
        store.decide("screen.enter", value = Scalar.Text("run"), t = 0.0)
        repeat(3) { store.decide("button.tapp", t = 1.0) }
        store.decide("button.tap", screen = "rn", t = 2.0)
        assertEquals(2, seen.size)
        assertEquals(IntegrationMistake.Kind.UNKNOWN_EVENT, seen[0].kind)
        assertEquals("event 'button.tapp' is not in the catalogue; did you mean 'button.tap'?", seen[0].toString())
        assertEquals("screen 'rn' is not declared; did you mean 'run'?", seen[1].toString())
    }

    @Test
    fun timeNeverGoesBackwards() {
        val store = PolicyStore.fromBundle(TestBundles.tiny)
        store.decide("screen.enter", value = Scalar.Text("run"), t = 5.0)
        store.decide("heart.rate", value = Scalar.Num(100.0), t = 5.0)
        // Given an earlier t, the store decides at the latest one (5.0 + 0 > warm-up end 5.1? no: cold).
        val d = store.decide("heart.rate", value = Scalar.Num(150.0), t = 1.0)
        assertEquals(Reason.ENGINE_COLD, d.decision.reason)
    }

    @Test
    fun reloadKeepsTheLastGoodPolicyAndCarriesState() {
        val store = PolicyStore.fromBundle(TestBundles.tiny)
        val hash = store.current.hash
        store.decide("screen.enter", value = Scalar.Text("run"), t = 0.0)
        store.decide("heart.rate", value = Scalar.Num(100.0), t = 1.0)
        store.decide("profile.set", value = Scalar.Num(200.0), t = 1.5)
        val refused = store.reload(TestBundles.tiny.copyOf(100))
        assertFalse(refused.applied)
        assertEquals(hash, refused.activeHash)
        assertTrue(refused.error is BundleError)
        val applied = store.reload(TestBundles.tiny)
        assertTrue(applied.applied)
        // The band level and the parameter carried over: 150 is a change to hard, not a baseline.
        val d = store.decide("heart.rate", value = Scalar.Num(150.0), t = 2.0).decision
        assertEquals(BandTransition("effort", "easy", "hard"), d.band)
        assertEquals("the edge moved to 0.7 * 200 = 140", Reason.SAME_BAND,
            store.decide("heart.rate", value = Scalar.Num(139.0), t = 3.0).decision.reason)
    }

    @Test
    fun decidesFromManyThreads() {
        val store = PolicyStore.fromBundle(TestBundles.tiny)
        store.decide("screen.enter", value = Scalar.Text("run"), t = 0.0)
        val pool = Executors.newFixedThreadPool(4)
        val plays = java.util.concurrent.atomic.AtomicInteger()
        repeat(4) { k ->
            pool.submit {
                for (i in 0 until 2000) {
                    val d = store.decide("heart.rate", subject = "s$k", value = Scalar.Num(if (i % 2 == 0) 100.0 else 160.0))
                    val band = d.decision.band
                    if (band != null && band.from != null && band.from != band.to) plays.incrementAndGet()
                }
            }
        }
        pool.shutdown()
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS))
        // Each subject alternates easy/hard: every sample after its baseline is a change, whatever
        // the other threads do in between (one session, one band state per subject).
        assertEquals(4 * 1999, plays.get())
    }
}
