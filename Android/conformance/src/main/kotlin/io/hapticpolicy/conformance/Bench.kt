package io.hapticpolicy.conformance

import io.hapticpolicy.Action
import io.hapticpolicy.DeviceState
import io.hapticpolicy.Event
import io.hapticpolicy.Policy
import io.hapticpolicy.Session
import java.io.ByteArrayInputStream
import java.io.File
import java.io.OutputStream
import java.lang.management.ManagementFactory

/**
 * `Bench BUNDLE LOG`: the Kotlin runtime's speed on the JVM, as `haptic-policy-bench` measures
 * the Swift one: eval in process (parse + decide + JSONL to a null stream, 3 runs after a
 * warm-up run), then `Session.decide` alone on the log's events (each call timed, median and
 * p99, after 3 warm-up passes), and the mean over a whole pass.
 */
object Bench {
    private val os = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean

    /** CPU time of the whole JVM (the compiler and collector threads included), in ns. */
    private fun cpuNow(): Long = os.processCpuTime

    @JvmStatic
    fun main(args: Array<String>) {
        val policy = Policy.fromBundle(File(args[0]).readBytes())
        val log = File(args[1]).readBytes()
        val nullOut = object : OutputStream() {
            override fun write(b: Int) {}
            override fun write(b: ByteArray, off: Int, len: Int) {}
        }
        replay(policy, DeviceState(), ByteArrayInputStream(log), nullOut)
        val walls = ArrayList<Double>()
        val cpus = ArrayList<Double>()
        repeat(3) {
            val start = System.nanoTime()
            val cpuStart = cpuNow()
            replay(policy, DeviceState(), ByteArrayInputStream(log), nullOut)
            walls.add((System.nanoTime() - start) / 1e9)
            cpus.add((cpuNow() - cpuStart) / 1e9)
        }
        walls.sort()
        cpus.sort()
        val events = ArrayList<Event>()
        LogReader { item ->
            if (item is LogItem.Record) {
                val r = item.record
                events.add(Event(r.t, r.event, r.screen, r.subject, r.value, r.speaks, r.params, r.data))
            }
        }.apply { consume(log, log.size); finish() }
        println(String.format("kotlin eval: %d events in %.3f s wall (median of 3; best %.3f s), %.3f s CPU of the JVM = %.0f events/s of CPU time",
            events.size, walls[1], walls[0], cpus[1], events.size / cpus[1]))
        repeat(3) { val s = Session(policy); for (e in events) s.decide(e) }
        val timings = LongArray(events.size)
        var plays = 0
        var session = Session(policy)
        for (k in events.indices) {
            val start = System.nanoTime()
            val d = session.decide(events[k])
            timings[k] = System.nanoTime() - start
            if (d.action == Action.PLAY) plays++
        }
        timings.sort()
        session = Session(policy)
        val whole = System.nanoTime()
        for (e in events) if (session.decide(e).action == Action.PLAY) plays++
        val mean = (System.nanoTime() - whole).toDouble() / events.size
        println(String.format("kotlin decide: median %d ns, p99 %d ns per decision (single timed calls), mean %.0f ns over %d decisions (%d plays)",
            timings[timings.size / 2], timings[timings.size * 99 / 100], mean, events.size, plays / 2))
    }
}
