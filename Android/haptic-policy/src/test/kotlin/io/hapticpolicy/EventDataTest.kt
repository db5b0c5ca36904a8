package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Test

/** Event data beyond the value (language v3): `Event.data` through the API, which the corpus reaches only by log lines. */
class EventDataTest {
    private fun session(): Session {
        val s = Session(Policy.fromBundle(TestBundles.bytes("eventdata.bundle.json")))
        s.decide(Event(0.0, "screen.enter", screen = "ride"))
        return s
    }

    private fun direction(name: String) = listOf(ParameterValue("direction", Scalar.Text(name)))

    @Test
    fun dataPicksTheRowAndTheLevelAndRowGiveTheParameters() {
        val s = session()
        assertEquals(Reason.BASELINE, s.decide(Event(1.0, "turn.distance", value = Scalar.Num(400.0), data = direction("u-turn"))).reason)
        val close = s.decide(Event(2.0, "turn.distance", value = Scalar.Num(90.0), data = direction("u-turn")))
        assertEquals(Action.PLAY, close.action)
        assertEquals("ride/turn.distance#1@close", close.rule)
        assertEquals(listOf(ParameterValue("side", Scalar.Num(-1.0)), ParameterValue("urgency", Scalar.Num(2.0))), close.parameters)
    }

    @Test
    fun badDataIsBadValueCitingTheDeclaration() {
        val s = session()
        val bad = s.decide(Event(1.0, "turn.distance", value = Scalar.Num(90.0), data = direction("up")))
        assertEquals(Reason.BAD_VALUE, bad.reason)
        assertEquals("events/turn.distance", bad.rule)
        assertEquals(
            "'turn.distance' needs data 'direction' to be one of left, right, straight, u-turn " +
                "(events.turn.distance.data.direction); got \"up\"", bad.note)
        val missing = s.decide(Event(2.0, "lane.change"))
        assertEquals("'lane.change' needs data 'lanes' to be a number from 1 to 8 (events.lane.change.data.lanes); got no value", missing.note)
    }

    @Test
    fun anEventDeclaringNoDataIgnoresIt() {
        val s = session()
        assertEquals(Action.PLAY, s.decide(Event(1.0, "ride.arrived", data = direction("x"))).action)
    }

    @Test
    fun theStorePassesDataToTheSession() {
        val store = PolicyStore(Policy.fromBundle(TestBundles.bytes("eventdata.bundle.json")))
        store.decide("screen.enter", screen = "ride", t = 0.0)
        val left = mapOf("direction" to Scalar.Text("u-turn"))
        assertEquals(Reason.BASELINE, store.decide("turn.distance", value = Scalar.Num(400.0), t = 1.0, data = left).decision.reason)
        val close = store.decide("turn.distance", value = Scalar.Num(90.0), t = 2.0, data = left).decision
        assertEquals("ride/turn.distance#1@close", close.rule)
        val bad = store.decide("turn.distance", value = Scalar.Num(20.0), t = 3.0, data = mapOf("direction" to Scalar.Text("up")))
        assertEquals(Reason.BAD_VALUE, bad.decision.reason)
    }
}
