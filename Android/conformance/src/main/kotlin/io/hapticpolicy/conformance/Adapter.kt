package io.hapticpolicy.conformance

import io.hapticpolicy.BundleError
import io.hapticpolicy.Decision
import io.hapticpolicy.DeviceState
import io.hapticpolicy.Event
import io.hapticpolicy.JsonParser
import io.hapticpolicy.JsonValue
import io.hapticpolicy.NumberText
import io.hapticpolicy.ParameterValue
import io.hapticpolicy.Policy
import io.hapticpolicy.Scalar
import io.hapticpolicy.Session
import java.io.BufferedOutputStream
import java.io.File
import java.io.FileInputStream
import java.io.FileOutputStream
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Executors
import java.util.concurrent.Future
import kotlin.system.exitProcess

/** Writes decisions in `eval`'s JSONL contract (`Docs/event-log.md`), as `DecisionJSONWriter.swift` does. */
class DecisionWriter(private val out: OutputStream) {
    private val sb = StringBuilder(512)

    private fun string(s: String?, prefix: String = "") {
        if (s == null) { sb.append("null"); return }
        sb.append('"').append(prefix)
        for (c in s) {
            when {
                c == '"' -> sb.append("\\\"")
                c == '\\' -> sb.append("\\\\")
                c == '\n' -> sb.append("\\n")
                c == '\r' -> sb.append("\\r")
                c == '\t' -> sb.append("\\t")
                c < ' ' -> sb.append("\\u00").append(HEX[c.toInt() shr 4]).append(HEX[c.toInt() and 15])
                else -> sb.append(c)
            }
        }
        sb.append('"')
    }

    private fun number(v: Double) { if (v.isFinite()) sb.append(NumberText.of(v)) else sb.append("null") }

    private fun flushText() {
        val text = sb.toString().toByteArray(Charsets.UTF_8)
        out.write(text)
        sb.setLength(0)
    }

    private fun raw(b: ByteArray, from: Int, to: Int) {
        flushText()
        out.write(b, from, to - from)
    }

    private fun common(d: Decision) {
        sb.append(",\"feedback\":"); string(d.feedback)
        sb.append(",\"layer\":"); string(d.layer)
        sb.append(",\"render\":"); string(d.render?.text)
        sb.append(if (d.fallback) ",\"fallback\":true" else ",\"fallback\":false")
        sb.append(",\"reason\":"); string(d.reason?.id)
        sb.append(",\"note\":"); string(d.note)
    }

    private fun tail(d: Decision) {
        sb.append(",\"params\":")
        val ps = d.parameters
        if (ps == null) sb.append("null") else {
            sb.append('{')
            ps.forEachIndexed { k, p ->
                if (k > 0) sb.append(',')
                string(p.name)
                sb.append(':')
                when (val v = p.value) {
                    is Scalar.Num -> number(v.value)
                    is Scalar.Bool -> sb.append(v.value)
                    is Scalar.Text -> string(v.value)
                    null -> sb.append("null")
                }
            }
            sb.append('}')
        }
        sb.append(",\"loop\":")
        val loop = d.loopPeriod
        if (loop == null) sb.append("null") else number(loop)
    }

    private fun directives(d: Decision) {
        sb.append("\"directives\":[")
        d.directives.forEachIndexed { k, x -> if (k > 0) sb.append(','); sb.append('"').append(x.id).append('"') }
        sb.append(']')
    }

    /** One decision of an event line, echoing the `t`, `event` and `subject` tokens as written. */
    fun write(item: LogItem.Record, d: Decision) {
        val r = item.record
        val b = item.bytes
        val base = 0
        sb.append("{\"line\":").append(item.line).append(",\"t\":")
        raw(b, base + r.tStart, base + r.tEnd)
        sb.append(",\"event\":")
        raw(b, base + r.eventStart, base + r.eventEnd)
        sb.append(",\"screen\":"); string(d.screen)
        sb.append(",\"subject\":")
        if (r.subjectStart >= 0) raw(b, base + r.subjectStart, base + r.subjectEnd) else sb.append("null")
        sb.append(",\"action\":\"").append(d.action.id).append('"')
        common(d)
        sb.append(",\"rule\":"); string(d.rule)
        sb.append(',')
        directives(d)
        sb.append(",\"band\":")
        val band = d.band
        if (band == null) sb.append("null") else {
            sb.append("{\"name\":"); string(band.band)
            sb.append(",\"from\":"); string(band.from)
            sb.append(",\"to\":"); string(band.to)
            sb.append('}')
        }
        tail(d)
        if (d.also.isNotEmpty()) {
            sb.append(",\"also\":[")
            d.also.forEachIndexed { k, step ->
                if (k > 0) sb.append(',')
                sb.append("{\"action\":\"").append(step.action.id).append('"')
                common(step)
                sb.append(',')
                directives(step)
                tail(step)
                sb.append('}')
            }
            sb.append(']')
        }
        sb.append("}\n")
        flushText()
    }

    /** A blank line's decision. */
    fun blank(line: Int) {
        sb.append("{\"line\":").append(line).append(",\"t\":null,\"event\":null,\"screen\":null,\"subject\":null,\"action\":\"silent\",")
            .append("\"feedback\":null,\"layer\":null,\"render\":null,\"fallback\":false,\"reason\":\"blank-line\",\"note\":null,")
            .append("\"rule\":null,\"directives\":[],\"band\":null,\"params\":null,\"loop\":null}\n")
        flushText()
    }

    /** An invalid line's decision. */
    fun invalid(item: LogItem.Invalid) {
        sb.append("{\"line\":").append(item.line).append(",\"column\":").append(item.column).append(",\"t\":")
        val t = item.t
        if (t == null) sb.append("null") else number(t)
        sb.append(",\"event\":"); string(item.event)
        sb.append(",\"screen\":null,\"subject\":null,\"action\":\"invalid\",\"feedback\":null,\"layer\":null,\"render\":null,")
            .append("\"fallback\":false,\"reason\":"); string(item.reason)
        sb.append(",\"note\":"); string(item.message)
        sb.append(",\"rule\":null,\"directives\":[],\"band\":null,\"params\":null,\"loop\":null}\n")
        flushText()
    }

    private companion object {
        val HEX = "0123456789abcdef".toCharArray()
    }
}

/** A hot reload of `eval --reload LINE=BUNDLE2`: before line [line], continue under [load]'s policy. */
class Reload(val line: Int, val load: () -> Policy?)

/**
 * Replays an event log through a session, as `haptic-policy eval` does; returns the exit
 * status. Each of `reloads` (lines ascending) applies before the first line at or past its
 * line, blank and invalid lines included: the session continues under the new policy as
 * [io.hapticpolicy.PolicyStore.reload] does, or, when the bundle does not load, keeps its policy.
 */
fun replay(policy: Policy, device: DeviceState, input: InputStream, output: OutputStream, reloads: List<Reload> = emptyList()): Int {
    var session = Session(policy, device)
    var next = 0
    val writer = DecisionWriter(output)
    var invalid = false
    val reader = LogReader { item ->
        val line = when (item) {
            is LogItem.Record -> item.line
            is LogItem.Blank -> item.line
            is LogItem.Invalid -> item.line
        }
        while (next < reloads.size && reloads[next].line <= line) {
            reloads[next].load()?.let { session = Session(it, session) }
            next++
        }
        when (item) {
            is LogItem.Record -> {
                val r = item.record
                writer.write(item, session.decide(Event(r.t, r.event, r.screen, r.subject, r.value, r.speaks, r.params)))
            }
            is LogItem.Blank -> writer.blank(item.line)
            is LogItem.Invalid -> { invalid = true; writer.invalid(item) }
        }
    }
    val buffer = ByteArray(1 shl 20)
    while (true) {
        val n = input.read(buffer)
        if (n < 0) break
        reader.consume(buffer, n)
    }
    reader.finish()
    output.flush()
    return if (invalid) 1 else 0
}

/** `supports-haptics=BOOL,low-power=BOOL,haptics-enabled=BOOL`, any of them. */
fun parseDevice(text: String?): DeviceState {
    var device = DeviceState()
    if (text == null || text.length == 0) return device
    for (part in text.split(',')) {
        val kv = part.split('=')
        require(kv.size == 2 && (kv[1] == "true" || kv[1] == "false")) { "bad --device part '$part'" }
        val on = kv[1] == "true"
        device = when (kv[0]) {
            "supports-haptics" -> device.copy(supportsHaptics = on)
            "low-power" -> device.copy(lowPower = on)
            "haptics-enabled" -> device.copy(hapticsEnabled = on)
            else -> throw IllegalArgumentException("unknown --device key '${kv[0]}'")
        }
    }
    return device
}

private fun usage(message: String): Nothing {
    System.err.println("error: $message")
    System.err.println("usage: kotlin BUNDLE [--device supports-haptics=BOOL,low-power=BOOL,haptics-enabled=BOOL] [--reload LINE=BUNDLE2]... < events.jsonl\n" +
        "       kotlin --batch MANIFEST.json")
    exitProcess(64)
}

private fun batch(manifestPath: String) {
    val manifest = try {
        JsonParser.parse(File(manifestPath).readText(Charsets.UTF_8))
    } catch (e: Exception) {
        System.err.println("error: $manifestPath: not a manifest (${e.message})")
        exitProcess(2)
    }
    val cases = ((manifest as? JsonValue.Obj)?.fields?.get("cases") as? JsonValue.Arr)?.items ?: run {
        System.err.println("error: $manifestPath: not a manifest (no 'cases' array)")
        exitProcess(2)
    }
    val policies = ConcurrentHashMap<String, Any>()
    val pool = Executors.newFixedThreadPool(maxOf(1, Runtime.getRuntime().availableProcessors()))
    val results = cases.map { c ->
        pool.submit<String> {
            val f = (c as JsonValue.Obj).fields
            val id = (f["id"] as JsonValue.Str).value
            val status = try {
                val bundle = (f["bundle"] as JsonValue.Str).value
                val loaded = policies.getOrPut(bundle) {
                    try { Policy.fromBundle(File(bundle).readBytes()) } catch (e: BundleError) { e }
                }
                if (loaded is BundleError) {
                    System.err.println("$id: ${loaded.message}")
                    2
                } else {
                    val device = parseDevice((f["device"] as? JsonValue.Str)?.value)
                    val reloads = ((f["reload"] as? JsonValue.Arr)?.items ?: emptyList()).map { r ->
                        val rf = (r as JsonValue.Obj).fields
                        val path = (rf["bundle"] as JsonValue.Str).value
                        Reload((rf["line"] as JsonValue.Num).value.toInt()) {
                            when (val p = policies.getOrPut(path) {
                                try { Policy.fromBundle(File(path).readBytes()) } catch (e: BundleError) { e }
                            }) {
                                is Policy -> p
                                else -> { System.err.println("$id: reload refused: $path: ${(p as BundleError).message}"); null }
                            }
                        }
                    }
                    FileInputStream((f["events"] as JsonValue.Str).value).use { input ->
                        BufferedOutputStream(FileOutputStream((f["output"] as JsonValue.Str).value), 1 shl 16).use { output ->
                            replay(loaded as Policy, device, input, output, reloads)
                        }
                    }
                }
            } catch (e: Exception) {
                System.err.println("$id: ${e}")
                3
            }
            "{\"id\":" + JsonText.quote(id) + ",\"exit\":" + status + "}"
        }
    }
    for (r: Future<String> in results) println(r.get())
    pool.shutdown()
}

/** JSON string quoting for the adapter's own lines. */
object JsonText {
    /** `text` as a JSON string. */
    fun quote(text: String): String {
        val sb = StringBuilder("\"")
        for (c in text) when {
            c == '"' -> sb.append("\\\"")
            c == '\\' -> sb.append("\\\\")
            c < ' ' -> sb.append(String.format("\\u%04x", c.toInt()))
            else -> sb.append(c)
        }
        return sb.append('"').toString()
    }
}

/** The conformance adapter: `Conformance/README.md`'s single and batch forms. */
fun main(args: Array<String>) {
    if (args.isNotEmpty() && args[0] == "--batch") {
        if (args.size != 2) usage("--batch takes one manifest")
        batch(args[1])
        return
    }
    if (args.isEmpty() || args[0].startsWith("-")) usage("give the bundle first")
    var device: String? = null
    val reloads = ArrayList<Reload>()
    var i = 1
    while (i < args.size) {
        val value = args.getOrNull(i + 1) ?: usage("${args[i]} needs a value")
        when (args[i]) {
            "--device" -> if (device == null && reloads.isEmpty()) device = value else usage("--device comes once, before --reload")
            "--reload" -> {
                val eq = value.indexOf('=')
                val line = if (eq > 0) value.substring(0, eq).toIntOrNull() else null
                if (line == null || line < 1) usage("--reload takes LINE=BUNDLE2 with LINE from 1, not '$value'")
                if (reloads.isNotEmpty() && reloads.last().line > line) usage("--reload lines must ascend")
                val path = value.substring(eq + 1)
                reloads.add(Reload(line) {
                    try { Policy.fromBundle(File(path).readBytes()) } catch (e: BundleError) {
                        System.err.println("error: reload refused, keeping the last good policy: $path: ${e.message}"); null
                    } catch (e: java.io.IOException) {
                        System.err.println("error: reload refused, keeping the last good policy: $path: ${e.message}"); null
                    }
                })
            }
            else -> usage("unexpected argument ${args[i]}")
        }
        i += 2
    }
    val policy = try {
        Policy.fromBundle(File(args[0]).readBytes())
    } catch (e: BundleError) {
        System.err.println("error: ${args[0]}: ${e.message}")
        exitProcess(2)
    } catch (e: java.io.IOException) {
        System.err.println("error: ${args[0]}: ${e.message}")
        exitProcess(2)
    }
    val parsedDevice = try { parseDevice(device) } catch (e: IllegalArgumentException) { usage(e.message ?: "bad --device") }
    val out = BufferedOutputStream(FileOutputStream(java.io.FileDescriptor.out), 1 shl 16)
    val status = replay(policy, parsedDevice, System.`in`, out, reloads)
    out.flush()
    exitProcess(status)
}
