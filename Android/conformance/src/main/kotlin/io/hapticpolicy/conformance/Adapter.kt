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
import io.hapticpolicy.Render
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

/**
 * Writes decisions in `eval`'s JSONL contract (`Docs/event-log.md`), as `DecisionJSONWriter.swift` does.
 *
 * Encodes straight into one reused byte buffer (UTF-8, JSON escapes) and hands it to [out] in
 * chunks of about [CHUNK] bytes: no `String` or `StringBuilder` per decision. Call [flush] at
 * the end.
 */
class DecisionWriter(private val out: OutputStream) {
    private var buf = ByteArray(CHUNK * 2)
    private var n = 0

    /** Room for `count` more bytes: writes out what is buffered first when they do not fit. */
    private fun room(count: Int) {
        if (n + count <= buf.size) return
        drain()
        if (count > buf.size) buf = ByteArray(count)
    }

    private fun drain() {
        if (n > 0) out.write(buf, 0, n)
        n = 0
    }

    /** Writes out every decision written so far. */
    fun flush() {
        drain()
        out.flush()
    }

    private fun endDecision() {
        if (n >= CHUNK) drain()
    }

    private fun lit(bytes: ByteArray) {
        room(bytes.size)
        System.arraycopy(bytes, 0, buf, n, bytes.size)
        n += bytes.size
    }

    /** An ASCII text without escapes (ids of actions, reasons, directives), quoted. */
    private fun id(s: String) {
        room(s.length + 2)
        val b = buf
        var k = n
        b[k++] = QUOTE
        for (j in 0 until s.length) b[k++] = s[j].toByte()
        b[k++] = QUOTE
        n = k
    }

    private fun int(v: Int) {
        room(11)
        if (v < 0) { buf[n++] = '-'.toByte(); int2(-v.toLong()) } else int2(v.toLong())
    }

    private fun int2(v: Long) {
        var digits = 1
        var p = 10L
        while (digits < 19 && v >= p) { digits++; p *= 10 }
        var x = v
        var k = n + digits - 1
        while (k >= n) { buf[k--] = ('0'.toInt() + (x % 10).toInt()).toByte(); x /= 10 }
        n += digits
    }

    private fun string(s: String?) {
        if (s == null) { lit(NULL); return }
        quoted(null, s)
    }

    /** `"` [prefix] [s] `"`, escaped as JSON and encoded as UTF-8. */
    private fun quoted(prefix: ByteArray?, s: String) {
        room(s.length * 6 + 2 + (prefix?.size ?: 0))
        val b = buf
        var k = n
        b[k++] = QUOTE
        if (prefix != null) { System.arraycopy(prefix, 0, b, k, prefix.size); k += prefix.size }
        var j = 0
        val len = s.length
        while (j < len) {
            val c = s[j++].toInt()
            when {
                c >= 0x20 && c < 0x80 -> {
                    if (c == 0x22 || c == 0x5C) { b[k++] = BACKSLASH; b[k++] = c.toByte() } else b[k++] = c.toByte()
                }
                c == 0x0A -> { b[k++] = BACKSLASH; b[k++] = 'n'.toByte() }
                c == 0x0D -> { b[k++] = BACKSLASH; b[k++] = 'r'.toByte() }
                c == 0x09 -> { b[k++] = BACKSLASH; b[k++] = 't'.toByte() }
                c < 0x20 -> {
                    b[k++] = BACKSLASH; b[k++] = 'u'.toByte(); b[k++] = '0'.toByte(); b[k++] = '0'.toByte()
                    b[k++] = HEX[c shr 4]; b[k++] = HEX[c and 15]
                }
                c < 0x800 -> { b[k++] = (0xC0 or (c shr 6)).toByte(); b[k++] = (0x80 or (c and 0x3F)).toByte() }
                c in 0xD800..0xDBFF && j < len && s[j].toInt() in 0xDC00..0xDFFF -> {
                    val code = 0x10000 + ((c - 0xD800) shl 10) + (s[j++].toInt() - 0xDC00)
                    b[k++] = (0xF0 or (code shr 18)).toByte(); b[k++] = (0x80 or ((code shr 12) and 0x3F)).toByte()
                    b[k++] = (0x80 or ((code shr 6) and 0x3F)).toByte(); b[k++] = (0x80 or (code and 0x3F)).toByte()
                }
                // A lone surrogate: '?', as String.toByteArray(UTF_8) writes it.
                c in 0xD800..0xDFFF -> b[k++] = '?'.toByte()
                else -> {
                    b[k++] = (0xE0 or (c shr 12)).toByte(); b[k++] = (0x80 or ((c shr 6) and 0x3F)).toByte()
                    b[k++] = (0x80 or (c and 0x3F)).toByte()
                }
            }
        }
        b[k++] = QUOTE
        n = k
    }

    private fun number(v: Double) {
        if (!v.isFinite()) { lit(NULL); return }
        if (Math.rint(v) == v && Math.abs(v) < 1e15) {
            // NumberText.of's integer form, without the String: `-0.0` writes `0`.
            room(17)
            if (v < 0) buf[n++] = '-'.toByte()
            int2(Math.abs(v).toLong())
            return
        }
        val text = NumberText.of(v)
        room(text.length)
        for (j in 0 until text.length) buf[n++] = text[j].toByte()
    }

    private fun raw(b: ByteArray, from: Int, to: Int) {
        room(to - from)
        System.arraycopy(b, from, buf, n, to - from)
        n += to - from
    }

    private fun render(r: Render?) {
        when (r) {
            null -> lit(NULL)
            is Render.OfPreset -> string(r.preset.id)
            is Render.OfPattern -> quoted(PATTERN, r.feedback)
            is Render.OfSequence -> quoted(SEQUENCE, r.feedback)
        }
    }

    private fun common(d: Decision) {
        lit(FEEDBACK); string(d.feedback)
        lit(LAYER); string(d.layer)
        lit(RENDER); render(d.render)
        lit(if (d.fallback) FALLBACK_TRUE else FALLBACK_FALSE)
        lit(REASON); val reason = d.reason; if (reason == null) lit(NULL) else id(reason.id)
        lit(NOTE); string(d.note)
    }

    private fun tail(d: Decision) {
        lit(PARAMS)
        val ps = d.parameters
        if (ps == null) lit(NULL) else {
            lit(OPEN_BRACE)
            for (k in ps.indices) {
                val p = ps[k]
                if (k > 0) lit(COMMA)
                string(p.name)
                lit(COLON)
                when (val v = p.value) {
                    is Scalar.Num -> number(v.value)
                    is Scalar.Bool -> lit(if (v.value) TRUE else FALSE)
                    is Scalar.Text -> string(v.value)
                    null -> lit(NULL)
                }
            }
            lit(CLOSE_BRACE)
        }
        lit(LOOP)
        val loop = d.loopPeriod
        if (loop == null) lit(NULL) else number(loop)
    }

    private fun directives(d: Decision) {
        lit(DIRECTIVES)
        val xs = d.directives
        for (k in xs.indices) { if (k > 0) lit(COMMA); id(xs[k].id) }
        lit(CLOSE_BRACKET)
    }

    /** One decision of an event line, echoing the `t`, `event` and `subject` tokens as written. */
    fun write(item: LogItem.Record, d: Decision) {
        val r = item.record
        val b = item.bytes
        lit(LINE); int(item.line)
        lit(T); raw(b, r.tStart, r.tEnd)
        lit(EVENT); raw(b, r.eventStart, r.eventEnd)
        lit(SCREEN); string(d.screen)
        lit(SUBJECT)
        if (r.subjectStart >= 0) raw(b, r.subjectStart, r.subjectEnd) else lit(NULL)
        lit(ACTION); id(d.action.id)
        common(d)
        lit(RULE); string(d.rule)
        lit(COMMA)
        directives(d)
        lit(BAND)
        val band = d.band
        if (band == null) lit(NULL) else {
            lit(BAND_NAME); string(band.band)
            lit(BAND_FROM); string(band.from)
            lit(BAND_TO); string(band.to)
            lit(CLOSE_BRACE)
        }
        tail(d)
        if (d.also.isNotEmpty()) {
            lit(ALSO)
            for (k in d.also.indices) {
                val step = d.also[k]
                if (k > 0) lit(COMMA)
                lit(STEP_ACTION); id(step.action.id)
                common(step)
                lit(COMMA)
                directives(step)
                tail(step)
                lit(CLOSE_BRACE)
            }
            lit(CLOSE_BRACKET)
        }
        lit(END)
        endDecision()
    }

    /** A blank line's decision. */
    fun blank(line: Int) {
        lit(LINE); int(line); lit(BLANK_REST)
        endDecision()
    }

    /** An invalid line's decision. */
    fun invalid(item: LogItem.Invalid) {
        lit(LINE); int(item.line); lit(COLUMN); int(item.column); lit(T)
        val t = item.t
        if (t == null) lit(NULL) else number(t)
        lit(EVENT); string(item.event)
        lit(INVALID_MIDDLE); string(item.reason)
        lit(NOTE); string(item.message)
        lit(INVALID_REST)
        endDecision()
    }

    private companion object {
        /** Bytes handed to the stream at once. */
        const val CHUNK = 1 shl 16
        const val QUOTE = '"'.toByte()
        const val BACKSLASH = '\\'.toByte()
        val HEX = "0123456789abcdef".toByteArray(Charsets.US_ASCII)
        fun a(s: String) = s.toByteArray(Charsets.US_ASCII)
        val NULL = a("null")
        val TRUE = a("true")
        val FALSE = a("false")
        val COMMA = a(",")
        val COLON = a(":")
        val OPEN_BRACE = a("{")
        val CLOSE_BRACE = a("}")
        val CLOSE_BRACKET = a("]")
        val PATTERN = a("pattern:")
        val SEQUENCE = a("sequence:")
        val LINE = a("{\"line\":")
        val COLUMN = a(",\"column\":")
        val T = a(",\"t\":")
        val EVENT = a(",\"event\":")
        val SCREEN = a(",\"screen\":")
        val SUBJECT = a(",\"subject\":")
        val ACTION = a(",\"action\":")
        val FEEDBACK = a(",\"feedback\":")
        val LAYER = a(",\"layer\":")
        val RENDER = a(",\"render\":")
        val FALLBACK_TRUE = a(",\"fallback\":true")
        val FALLBACK_FALSE = a(",\"fallback\":false")
        val REASON = a(",\"reason\":")
        val NOTE = a(",\"note\":")
        val RULE = a(",\"rule\":")
        val DIRECTIVES = a("\"directives\":[")
        val BAND = a(",\"band\":")
        val BAND_NAME = a("{\"name\":")
        val BAND_FROM = a(",\"from\":")
        val BAND_TO = a(",\"to\":")
        val PARAMS = a(",\"params\":")
        val LOOP = a(",\"loop\":")
        val ALSO = a(",\"also\":[")
        val STEP_ACTION = a("{\"action\":")
        val END = a("}\n")
        val BLANK_REST = a(",\"t\":null,\"event\":null,\"screen\":null,\"subject\":null,\"action\":\"silent\"," +
            "\"feedback\":null,\"layer\":null,\"render\":null,\"fallback\":false,\"reason\":\"blank-line\",\"note\":null," +
            "\"rule\":null,\"directives\":[],\"band\":null,\"params\":null,\"loop\":null}\n")
        val INVALID_MIDDLE = a(",\"screen\":null,\"subject\":null,\"action\":\"invalid\",\"feedback\":null,\"layer\":null,\"render\":null," +
            "\"fallback\":false,\"reason\":")
        val INVALID_REST = a(",\"rule\":null,\"directives\":[],\"band\":null,\"params\":null,\"loop\":null}\n")
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
                writer.write(item, session.decide(Event(r.t, r.event, r.screen, r.subject, r.value, r.speaks, r.params, r.data)))
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
    writer.flush()
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
        "       kotlin --batch MANIFEST.json\n       kotlin --check BUNDLE")
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
    val checks = ((manifest as? JsonValue.Obj)?.fields?.get("bundles") as? JsonValue.Arr)?.items ?: emptyList()
    for (c in checks) {
        val f = (c as JsonValue.Obj).fields
        val id = (f["id"] as JsonValue.Str).value
        val status = try {
            val (line, exit) = check((f["bundle"] as JsonValue.Str).value)
            File((f["output"] as JsonValue.Str).value).writeText(line + "\n", Charsets.UTF_8)
            exit
        } catch (e: Exception) {
            System.err.println("$id: $e")
            3
        }
        println("{\"id\":" + JsonText.quote(id) + ",\"exit\":" + status + "}")
    }
}

/** Loads a bundle only: `{"refused":{code,path,offset}}` and 1, or `{"accepted":true}` and 0. */
private fun check(path: String): Pair<String, Int> = try {
    Policy.fromBundle(File(path).readBytes())
    Pair("{\"accepted\":true}", 0)
} catch (e: BundleError) {
    Pair("{\"refused\":{\"code\":" + JsonText.quote(e.code) + ",\"path\":" + JsonText.quote(e.path) +
        ",\"offset\":" + (e.offset?.toString() ?: "null") + "}}", 1)
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

/** The conformance adapter: `Conformance/README.md`'s single, batch and check forms. */
fun main(args: Array<String>) {
    if (args.isNotEmpty() && args[0] == "--check") {
        if (args.size != 2) usage("--check takes one bundle")
        val (line, exit) = check(args[1])
        println(line)
        exitProcess(exit)
    }
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
