package io.hapticpolicy

import java.security.MessageDigest

/**
 * Why a bundle was refused; nothing half-loaded ever decides. [code] is the refusal's
 * stable code (Docs/bundle-format.md, "What a reader must refuse"), [path] the JSON path of
 * the refused place (`content.cells[2].rows[0].action.kind`; `""` for the envelope) and
 * [offset] its byte offset in the file, when one place is wrong.
 */
sealed class BundleError(message: String, val code: String, val path: String, val offset: Int?) : Exception(message) {
    /** The bytes are not a bundle envelope. */
    class NotABundle(why: String) :
        BundleError("not a haptic-policy bundle ($why); build one with 'haptic-policy compile <policy> -o <bundle.json>'", "not-a-bundle", "", 0)

    /** A bundle of another format version. */
    class UnsupportedVersion(val found: Int, val supported: Int) : BundleError(
        if (found < supported) "bundle format version $found is older than the version $supported this library reads; " +
            "recompile the policy with this haptic-policy ('haptic-policy compile <policy> -o <bundle.json>')"
        else "bundle format version $found is newer than the version $supported this library reads; update the " +
            "library, or compile the policy with the haptic-policy that matches it",
        "unsupported-version", "formatVersion", null
    )

    /** The content does not hash to the envelope's hash. */
    class HashMismatch(val expected: String, val actual: String) : BundleError(
        "bundle hash mismatch: header says $expected, content is $actual; the bundle was edited or damaged, recompile it",
        "hash-mismatch", "hash", null
    )

    /** The content does not decode or is inconsistent. */
    class Damaged(why: String, code: String = "inconsistent", path: String = "content", offset: Int? = null) :
        BundleError("bundle is truncated or damaged ($why); recompile it", code, path, offset)
}

/** Reads bundle format 6 (`Docs/bundle-format.md`): envelope, version, hash, then the content. */
object BundleReader {
    /** The one format version this library reads. */
    const val FORMAT_VERSION = 6
    /** The envelope's `format`. */
    const val FORMAT_NAME = "haptic-policy-bundle"
    /** The largest bundle every runtime reads: 8 MiB (Docs/bundle-format.md, "Size"). */
    const val MAX_BYTES = 8 shl 20

    /** The content of a bundle and its `sha256:` hash, checked; throws [BundleError]. */
    fun read(bytes: ByteArray): Pair<PolicyContent, String> {
        if (bytes.size > MAX_BYTES)
            throw BundleError.Damaged("the bundle is ${bytes.size} bytes, over the $MAX_BYTES-byte limit every runtime reads", "too-large", "", MAX_BYTES)
        val head = String(bytes, 0, minOf(bytes.size, 4096), Charsets.ISO_8859_1)
        val marker = ",\"content\":"
        val at = head.indexOf(marker)
        if (!head.startsWith("{") || at < 0) throw BundleError.NotABundle("no envelope with 'content' in its first 4096 bytes")
        val parsedEnvelope = try {
            JsonParser.parse(bytes.copyOf(at + 1).also { it[at] = '}'.toByte() }, 0, at + 1, "", 0)
        } catch (e: JsonSyntaxError) {
            throw BundleError.NotABundle("the envelope is not JSON: ${e.message}")
        }
        val fields = (parsedEnvelope.value as? JsonValue.Obj)?.fields ?: throw BundleError.NotABundle("the envelope is not an object")
        if ((fields["format"] as? JsonValue.Str)?.value != FORMAT_NAME) throw BundleError.NotABundle("'format' is not '$FORMAT_NAME'")
        // A formatVersion missing or not a number leaves the envelope without its four fields,
        // as Swift and TypeScript read it: no bundle, not a bundle of another version.
        val version = (fields["formatVersion"] as? JsonValue.Num)?.value ?: throw BundleError.NotABundle("'formatVersion' is missing or not a number")
        if (version != Math.rint(version) || "formatVersion" in parsedEnvelope.nonIntegers)
            throw BundleError.NotABundle("'formatVersion' is not an integer")
        if (version != FORMAT_VERSION.toDouble()) throw BundleError.UnsupportedVersion(version.toInt(), FORMAT_VERSION)
        val hash = (fields["hash"] as? JsonValue.Str)?.value ?: throw BundleError.Damaged("the envelope has no 'hash'")
        if (fields["policy"] !is JsonValue.Str) throw BundleError.NotABundle("'policy' is missing")
        for (key in fields.keys) if (key !in listOf("format", "formatVersion", "policy", "hash"))
            throw BundleError.NotABundle("the envelope has an unknown field '$key'")
        var end = bytes.size
        while (end > 0 && bytes[end - 1].toInt().let { it == 0x20 || it == 0x0A || it == 0x0D || it == 0x09 }) end--
        val start = at + marker.length
        if (end <= start + 1 || bytes[end - 1].toInt() != 0x7D) throw BundleError.Damaged("the file ends early", "truncated", "", end)
        val contentEnd = end - 1
        val digest = MessageDigest.getInstance("SHA-256")
        digest.update(bytes, start, contentEnd - start)
        val actual = "sha256:" + digest.digest().joinToString("") { String.format("%02x", it.toInt() and 0xFF) }
        if (actual != hash) throw BundleError.HashMismatch(hash, actual)
        val parsed = try {
            JsonParser.parse(bytes, start, contentEnd, "content", 1, refuseNull = true)
        } catch (e: JsonSyntaxError) {
            throw BundleError.Damaged("the content is not JSON: ${e.message}", e.code, e.path, e.offset)
        }
        // Offsets are found again only for a refusal: a valid bundle keeps no map of its paths.
        val places = Places(parsed) { JsonParser.parse(bytes, start, contentEnd, "content", 1, refuseNull = true, record = true) }
        val content = try {
            ContentDecoder.content(Node(parsed.value, "content", places))
        } catch (e: DecodeError) {
            throw BundleError.Damaged(e.message ?: "undecodable", e.code, e.path, e.offset)
        }
        Consistency.problem(content)?.let { throw BundleError.Damaged(it, "inconsistent", "content", start) }
        return Pair(content, hash)
    }
}

internal class DecodeError(message: String, val code: String, val path: String, val offset: Int?) : Exception(message)

/** The content's parse, and where its values stand, parsed again only when a refusal names one. */
internal class Places(val parsed: ParsedJson, relocate: () -> ParsedJson) {
    val located: ParsedJson by lazy(LazyThreadSafetyMode.NONE) { relocate() }
}

/**
 * A JSON value at a path, with typed accessors that name the path when they fail. The
 * path is built only when a refusal names it, and the set of fields read only for an
 * object: a table of a million integers costs a million small nodes, nothing more.
 */
internal class Node private constructor(
    val value: JsonValue, private val parent: Node?, private val key: String?, private val index: Int,
    private val places: Places?
) {
    /** The node of `value` at `path`, the root of what is decoded. */
    constructor(value: JsonValue, path: String, places: Places? = null) : this(value, null, path, -1, places)

    private var used: HashSet<String>? = null

    /** The JSON path of this value (`content.cells[2].rows[0]`). */
    val path: String
        get() = when {
            parent == null -> key ?: ""
            key != null -> parent.path + "." + key
            else -> parent.path + "[" + index + "]"
        }

    /**
     * Refuses the content at this path; the code follows from the words every runtime uses
     * (`missing field 'x'`, `unknown field 'x'`, `expected …`, `unknown …`), and `place` is
     * the path the refusal names when it is not this one (an unknown field's own path).
     */
    fun fail(why: String, code: String = shapeCode(why), place: String = path): Nothing {
        val located = places?.located
        val offset = if (code == "unknown-field") located?.keyOffsets?.get(place) else located?.offsets?.get(place)
        throw DecodeError("at $path: $why", code, place, offset)
    }

    private fun shapeCode(why: String): String = when {
        why.startsWith("missing field") -> "missing-field"
        why.startsWith("unknown field") -> "unknown-field"
        why.startsWith("expected an integer") -> "not-integer"
        why.startsWith("expected ") -> "wrong-type"
        why.startsWith("unknown ") -> "unknown-tag"
        else -> "invalid-value"
    }

    private val fields: Map<String, JsonValue>
        get() = (value as? JsonValue.Obj)?.fields ?: fail("expected an object, found ${value.kindName}")

    fun opt(key: String): Node? {
        (used ?: HashSet<String>().also { used = it }).add(key)
        return fields[key]?.let { Node(it, this, key, -1, places) }
    }

    fun req(key: String): Node = opt(key) ?: fail("missing field '$key'")

    /** Refuses fields this reader does not know: every object of the format is closed. */
    fun closed() {
        for (key in fields.keys) if (used?.contains(key) != true) fail("unknown field '$key'", "unknown-field", "$path.$key")
    }

    val string: String get() = (value as? JsonValue.Str)?.value ?: fail("expected a string, found ${value.kindName}")
    val number: Double get() = (value as? JsonValue.Num)?.value ?: fail("expected a number, found ${value.kindName}")
    val bool: Boolean get() = (value as? JsonValue.Bool)?.value ?: fail("expected a boolean, found ${value.kindName}")
    val int: Int
        get() {
            val n = number
            val written = places?.parsed?.nonIntegers
            val nonInteger = n != Math.rint(n) || n < -2147483648.0 || n > 2147483647.0 ||
                (written != null && written.isNotEmpty() && path in written)
            if (nonInteger) fail("expected an integer, found $n")
            return n.toInt()
        }
    val list: List<Node>
        get() {
            val items = (value as? JsonValue.Arr)?.items ?: fail("expected an array, found ${value.kindName}")
            return items.mapIndexed { i, v -> Node(v, this, null, i, places) }
        }

    /** An array of integers, without a node for each item unless one is refused. */
    val ints: List<Int>
        get() {
            val items = (value as? JsonValue.Arr)?.items ?: fail("expected an array, found ${value.kindName}")
            val written = places?.parsed?.nonIntegers
            val out = ArrayList<Int>(items.size)
            for ((i, v) in items.withIndex()) {
                val n = (v as? JsonValue.Num)?.value
                if (n != null && n == Math.rint(n) && n >= -2147483648.0 && n <= 2147483647.0 &&
                    (written == null || written.isEmpty())) out.add(n.toInt())
                else out.add(Node(v, this, null, i, places).int)
            }
            return out
        }

    fun tag(key: String, known: List<String>): String {
        val t = req(key).string
        if (t !in known) fail("unknown $key '$t' (known: ${known.joinToString(", ")})", "unknown-tag", "$path.$key")
        return t
    }
}

internal object ContentDecoder {
    fun <T> Node.obj(body: Node.() -> T): T { val r = body(); closed(); return r }

    fun position(n: Node): Position {
        val items = n.list
        if (items.size != 2 && items.size != 3) n.fail("a position is [line, column] or [line, column, file]")
        return Position(items[0].int, items[1].int, if (items.size == 3) items[2].int else 0)
    }

    fun expr(n: Node): Expr = when (val v = n.value) {
        is JsonValue.Num -> Expr.Number(v.value)
        is JsonValue.Obj -> if (v.fields.containsKey("param")) n.obj { Expr.Param(req("param").string) } else n.obj {
            val op = tag("op", listOf("neg", "+", "-", "*", "/"))
            val args = req("args").list.map { expr(it) }
            if (op == "neg") {
                if (args.size != 1) fail("'neg' takes one argument")
                Expr.Neg(args[0])
            } else {
                if (args.size != 2) fail("'$op' takes two arguments")
                Expr.Binary(op[0], args[0], args[1])
            }
        }
        else -> n.fail("expected an expression, found ${v.kindName}")
    }

    fun scalar(n: Node): Scalar = when (val v = n.value) {
        is JsonValue.Num -> Scalar.Num(v.value)
        is JsonValue.Bool -> Scalar.Bool(v.value)
        is JsonValue.Str -> Scalar.Text(v.value)
        else -> n.fail("expected a number, boolean or string, found ${v.kindName}")
    }

    fun range(n: Node): NumberRange = n.obj {
        val above = opt("above")?.number
        val atLeast = opt("at-least")?.number
        val below = opt("below")?.number
        val atMost = opt("at-most")?.number
        if ((above != null && atLeast != null) || (below != null && atMost != null)) fail("a range has at most one bound on each side")
        NumberRange(above ?: atLeast, atLeast != null, below ?: atMost, atMost != null)
    }

    private val presets = Preset.values().map { it.id }
    fun preset(n: Node): Preset = Preset.of(n.string) ?: n.fail("unknown preset '${n.string}' (known: ${presets.joinToString(", ")})")

    fun directive(n: Node): Directive =
        Directive.of(n.string) ?: n.fail("unknown directive '${n.string}' (known: ${Directive.values().joinToString(", ") { it.id }})")

    fun timed(n: Node): TimedPreset = n.obj {
        TimedPreset(expr(req("at")), req("name").string, preset(req("preset")), opt("intensity")?.number)
    }

    fun pattern(n: Node): Pattern = n.obj {
        Pattern(
            req("parameters").list.map { p -> p.obj {
                TemplateParameter(req("name").string, req("defaultValue").number, opt("minimum")?.number,
                    opt("maximum")?.number, opt("unit")?.string, position(req("location")))
            } },
            req("events").list.map { e -> e.obj {
                PatternEvent(
                    tag("kind", listOf("transient", "continuous", "silence", "audio-custom", "audio-continuous")),
                    expr(req("time")), opt("duration")?.let { expr(it) }, opt("intensity")?.let { expr(it) },
                    opt("sharpness")?.let { expr(it) },
                    req("curves").list.map { c -> c.obj {
                        Curve(tag("parameter", listOf("intensity", "sharpness")), req("points").list.map { p -> p.obj {
                            CurvePoint(expr(req("time")), expr(req("value")))
                        } })
                    } },
                    opt("sound")?.string, opt("volume")?.let { expr(it) }, opt("pitch")?.let { expr(it) },
                    opt("note")?.string, position(req("location")))
            } },
            opt("loop")?.let { expr(it) }, position(req("location")))
    }

    fun feedback(n: Node, nested: Boolean): FeedbackPlan = n.obj {
        val name = req("name").string
        val layer = req("layer").string
        val body = req("body").let { b -> b.obj {
            when (tag("kind", listOf("preset", "pattern"))) {
                "preset" -> FeedbackBody.PresetBody(preset(req("preset")), opt("intensity")?.number)
                else -> FeedbackBody.PatternBody(pattern(req("pattern")))
            }
        } }
        val fallback = opt("fallback")?.let { f -> f.obj {
            when (tag("kind", listOf("none", "preset", "sequence"))) {
                "none" -> Fallback.None
                "preset" -> Fallback.Single(timed(req("step")))
                else -> Fallback.Sequence(req("steps").list.map { timed(it) })
            }
        } }
        val platforms = LinkedHashMap<String, FeedbackPlan>()
        opt("platforms")?.let { p ->
            if (nested) p.fail("a platform plan has no platforms itself")
            p.obj {
                for (platform in listOf("android", "web")) opt(platform)?.let { platforms[platform] = feedback(it, true) }
            }
        }
        val priority = opt("priority")?.let { p ->
            Priority.of(p.string) ?: p.fail("unknown priority '${p.string}' (known: ${Priority.values().joinToString(", ") { it.id }})")
        } ?: Priority.NORMAL
        FeedbackPlan(name, layer, body, fallback, opt("note")?.string, position(req("location")), platforms, priority)
    }

    fun field(n: Node): PayloadField = n.obj {
        PayloadField(req("name").string, tag("kind", listOf("number", "bool", "string")), opt("min")?.number,
            opt("max")?.number, opt("oneOf")?.list?.map { it.string }, req("required").bool, position(req("location")))
    }

    fun action(n: Node): RowAction = n.obj {
        when (tag("kind", listOf("play", "loop", "stop", "band", "silent", "none"))) {
            "play" -> RowAction.Play(req("feedback").int)
            "loop" -> RowAction.Loop(req("feedback").int)
            "stop" -> RowAction.Stop(opt("feedback")?.int)
            "band" -> RowAction.BandAction(req("band").int)
            "silent" -> RowAction.Silent(req("reason").string)
            else -> RowAction.Nothing
        }
    }

    fun row(n: Node): Row = n.obj {
        Row(
            req("rule").string, opt("levelRules")?.list?.map { it.string },
            opt("condition")?.let { c -> c.obj {
                Condition(opt("speaks")?.bool, opt("value")?.let { scalar(it) }, opt("subject")?.string,
                    opt("range")?.let { range(it) }, opt("oneOf")?.list?.map { scalar(it) },
                    opt("parameters")?.list?.map { p -> p.obj { ParameterTest(req("parameter").int, range(req("range"))) } },
                    opt("inGesture")?.bool,
                    opt("data")?.list?.map { t -> t.obj {
                        DataTest(req("field").string, opt("value")?.let { scalar(it) }, opt("range")?.let { range(it) },
                            opt("oneOf")?.list?.map { scalar(it) })
                    } })
            } },
            action(req("action")), opt("also")?.list?.map { action(it) },
            opt("arguments")?.list?.map { a -> a.obj { Argument(req("name").string, opt("number")?.number) } },
            opt("ticker")?.let { t -> if (t.string !in listOf("begin", "tick", "end")) t.fail("unknown ticker '${t.string}'"); t.string },
            req("directives").list.map { directive(it) }, req("cites").list.map { it.string }, opt("note")?.string,
            position(req("location")))
    }

    fun content(n: Node): PolicyContent = n.obj {
        PolicyContent(
            name = req("name").string,
            source = req("source").string,
            description = opt("description")?.string,
            warmup = req("warmup").number,
            hapticsOnly = req("hapticsOnly").bool,
            location = position(req("location")),
            layers = opt("layers")?.list?.map { l -> l.obj {
                LayerDecl(req("name").string, opt("plays")?.string, opt("note")?.string, position(req("location")))
            } },
            screens = req("screens").list.map { s -> s.obj {
                Screen(req("name").string, req("enter").list.map { directive(it) }, opt("note")?.string, position(req("location")))
            } },
            events = req("events").list.map { e -> e.obj {
                val payload = opt("payload")
                var value: PayloadField? = null
                var params: List<PayloadField>? = null
                var data: List<PayloadField>? = null
                payload?.obj {
                    value = opt("value")?.let { field(it) }
                    params = opt("params")?.list?.map { field(it) }
                    data = opt("data")?.list?.map { field(it) }
                }
                EventDecl(req("name").string, req("layer").string, opt("screens")?.list?.map { it.int },
                    opt("value")?.let { v -> if (v.string !in listOf("number", "bool", "string")) v.fail("unknown value kind '${v.string}'"); v.string },
                    value, params, payload != null, opt("note")?.string, position(req("location")),
                    opt("endsSubject")?.bool ?: false, data)
            } },
            feedback = req("feedback").list.map { feedback(it, false) },
            bands = req("bands").list.map { b -> b.obj {
                var min: Double? = null
                var max: Double? = null
                opt("plausible")?.obj { min = opt("min")?.number; max = opt("max")?.number }
                Band(req("name").string, opt("unit")?.string, req("hysteresis").number, opt("dwell")?.number, min, max,
                    req("levels").list.map { l -> l.obj {
                        fun entry(e: Node) = e.obj { LevelEntry(opt("play")?.int, opt("silent")?.string) }
                        BandLevel(req("name").string, opt("below")?.number, opt("edge")?.let { expr(it) }, opt("play")?.int,
                            opt("silent")?.string, opt("fromBelow")?.let { entry(it) }, opt("fromAbove")?.let { entry(it) },
                            position(req("location")), opt("inclusive")?.bool ?: false,
                            opt("arguments")?.list?.map { a -> a.obj { Argument(req("name").string, opt("number")?.number) } })
                    } }, position(req("location")), approach(this))
            } },
            cells = req("cells").list.map { c -> c.obj {
                Cell(req("event").int, opt("screen")?.int, req("rows").list.map { row(it) }, position(req("location")),
                    opt("otherwise")?.bool ?: false)
            } },
            invariants = req("invariants").list.map { i -> i.obj {
                Invariant(req("id").string,
                    tag("kind", listOf("banned-presets", "creature-needs-speech", "no-layer-mixing", "bands-only", "guideline")),
                    opt("text")?.string, req("presets").list.map { it.string }, opt("layer")?.string,
                    req("exceptions").list.map { x -> x.obj { opt("reason")?.string; req("event").string } },
                    position(req("location")))
            } },
            budgets = req("budgets").list.map { b -> b.obj {
                val scope = req("scope").let { s -> s.obj {
                    when (tag("kind", listOf("each-screen", "screen", "layer", "events"))) {
                        "each-screen" -> BudgetScope.EachScreen
                        "screen" -> BudgetScope.OnScreen(req("screen").string)
                        "events" -> BudgetScope.OnEvents(req("events").list.map { it.string })
                        else -> BudgetScope.OnLayer(req("layer").string)
                    }
                } }
                Budget(req("id").string, scope, req("max").int, req("window").number,
                    req("exceptions").list.map { it.string }, opt("enforced")?.bool ?: false, position(req("location")))
            } },
            parameters = opt("parameters")?.list?.map { p -> p.obj {
                Parameter(req("name").string, req("setBy").string, req("min").number, req("max").number,
                    req("defaultValue").number, opt("unit")?.string, opt("note")?.string, position(req("location")))
            } } ?: emptyList(),
            userLevels = opt("userLevels")?.let { u -> u.obj {
                UserLevels(req("setBy").string, req("start").string, req("levels").list.map { l -> l.obj {
                    UserLevel(req("name").string, keeps(req("keeps")), opt("note")?.string, position(req("location")))
                } }, position(req("location")))
            } },
            files = opt("files")?.list?.map { it.string } ?: emptyList(),
            decide = decide(req("decide"), opt("parameters")?.list?.map { it.value } ?: emptyList()),
            background = opt("background")?.let { b -> b.obj {
                Background(keeps(req("keeps")), opt("note")?.string, position(req("location")))
            } }
        )
    }

    /** A `keeps` object, as user levels and `background` write it. */
    fun keeps(n: Node): Keeps = n.obj {
        Keeps(req("all").bool, req("feedback").list.map { it.string }, req("layers").list.map { it.string },
            req("rows").list.map { it.string })
    }

    fun ruleRef(n: Node): RuleRef = n.obj { RuleRef(req("id").string, position(req("at"))) }

    fun ints(n: Node): List<Int> = n.ints

    /** An edge over parameter indices; `parameterNames` names them for evaluation. */
    fun edge(n: Node, parameterNames: List<String>): Expr = when (val v = n.value) {
        is JsonValue.Num -> Expr.Number(v.value)
        is JsonValue.Obj -> if (v.fields.containsKey("param")) n.obj {
            val p = req("param")
            val i = p.int
            if (i !in parameterNames.indices) p.fail("parameter index $i is out of range", "inconsistent", "content")
            Expr.Param(parameterNames[i])
        } else n.obj {
            val op = tag("op", listOf("neg", "+", "-", "*", "/"))
            val args = req("args").list.map { edge(it, parameterNames) }
            if (op == "neg") {
                if (args.size != 1) fail("'neg' takes one argument")
                Expr.Neg(args[0])
            } else {
                if (args.size != 2) fail("'$op' takes two arguments")
                Expr.Binary(op[0], args[0], args[1])
            }
        }
        else -> n.fail("expected an edge expression, found ${v.kindName}")
    }

    fun decide(n: Node, parameters: List<JsonValue>): DecideTables = n.obj {
        val parameterNames = parameters.map { ((it as? JsonValue.Obj)?.fields?.get("name") as? JsonValue.Str)?.value ?: "" }
        fun turn(t: Node) = t.obj { DecideTables.Turn(opt("play")?.int, opt("silent")?.string) }
        DecideTables(
            events = req("events").list.map { it.string },
            stateEvents = req("stateEvents").int,
            table = ints(req("table")),
            subjects = req("subjects").list.map { it.string },
            rows = req("rows").list.map { c -> c.list.map { r -> r.obj {
                DecideTables.Row(opt("subject")?.int, opt("signal")?.int, req("rule").int,
                    opt("steps")?.list?.map { x -> x.obj { DecideTables.Step(tag("action", listOf("stop", "play", "loop")), opt("feedback")?.int) } },
                    opt("main")?.int, opt("argumentsStep")?.int,
                    opt("levelArguments")?.list?.map { l -> l.list.map { a -> a.obj { Argument(req("name").string, opt("number")?.number) } } })
            } } },
            signals = req("signals").list.map { g -> g.obj { DecideTables.Signal(req("event").int, req("band").int) } },
            ruleSlots = req("ruleSlots").list.map { it.string },
            settings = req("settings").list.map { x -> x.obj {
                DecideTables.Setting(tag("kind", listOf("parameter", "user-level")), opt("parameter")?.int, ruleRef(req("rule")))
            } },
            screenRules = req("screenRules").list.map { ruleRef(it) },
            speech = opt("speech")?.let { x -> x.obj {
                DecideTables.Speech(ruleRef(req("rule")), ints(req("exempt")), ints(req("feedback")))
            } },
            payloads = req("payloads").list.map { x -> x.obj { DecideTables.PayloadRule(req("event").int, ruleRef(req("rule"))) } },
            budgets = req("budgets").list.map { x -> x.obj {
                DecideTables.Budget(req("budget").int, ruleRef(req("rule")), req("max").int, req("window").number,
                    opt("screen")?.int, req("perScreen").bool, ints(req("counted")), ints(req("excepted")),
                    req("firstRing").int, req("rings").int)
            } },
            bandLevels = req("bandLevels").list.map { b -> b.list.map { l -> l.obj {
                DecideTables.Level(turn(req("up")), turn(req("down")))
            } } },
            edges = req("edges").list.map { b -> b.list.map { edge(it, parameterNames) } },
            userLevels = req("userLevels").list.map { x -> x.obj {
                DecideTables.UserLevel(ruleRef(req("rule")), ints(req("feedback")), ints(req("ruleSlots")))
            } },
            startLevel = req("startLevel").int,
            endsSubject = opt("endsSubject")?.let { ints(it) } ?: emptyList(),
            background = opt("background")?.let { x -> x.obj {
                DecideTables.UserLevel(ruleRef(req("rule")), ints(req("feedback")), ints(req("ruleSlots")))
            } },
            bands = req("bands").list.map { x -> x.obj {
                DecideTables.Band(req("hysteresis").number, req("dwell").number, req("edges").list.map { it.number },
                    req("inclusive").list.map { it.bool }, req("approach").int, opt("plausibleMin")?.number, opt("plausibleMax")?.number)
            } },
            priorities = opt("priorities")?.list?.map { x -> x.obj { DecideTables.FeedbackPriority(req("rank").int, opt("length")?.number) } },
            parameterBands = req("parameterBands").list.map { ints(it) }
        )
    }
}

/** The consistency checks of `Docs/bundle-format.md` (What a reader must check, 4). */
internal object Consistency {
    private fun duplicate(names: List<String>, what: String): String? {
        val seen = HashSet<String>()
        for (n in names) if (!seen.add(n)) return "$what '$n' is declared twice"
        return null
    }

    fun problem(c: PolicyContent): String? {
        if (!(c.warmup.isFinite() && c.warmup >= 0)) return "the engine warm-up is not a finite number of seconds"
        val builtIn = listOf("screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled")
        duplicate(c.screens.map { it.name }, "screen")?.let { return it }
        duplicate(builtIn + c.settingEventNames + c.events.map { it.name }, "event")?.let { return it }
        duplicate(c.parameters.map { it.name }, "parameter")?.let { return it }
        duplicate(c.feedback.map { it.name }, "feedback")?.let { return it }
        duplicate(c.bands.map { it.name }, "band")?.let { return it }
        duplicate(c.invariants.map { it.id }, "invariant")?.let { return it }
        duplicate(c.budgets.map { it.id }, "budget")?.let { return it }
        duplicate(c.files, "included file")?.let { return it }
        c.layers?.let { layers -> duplicate(layers.map { it.name }, "layer")?.let { return it } }
        val layers = c.layers?.map { it.name } ?: listOf("ui", "creature")
        for (p in c.parameters) {
            if (!(p.min.isFinite() && p.max.isFinite() && p.min < p.max && p.defaultValue >= p.min && p.defaultValue <= p.max))
                return "parameter '${p.name}' has no usable range and default"
        }
        for (f in c.feedback) {
            if (f.layer !in layers) return "feedback '${f.name}' is on undeclared layer '${f.layer}'"
            for ((_, plan) in f.platforms) if (plan.name != f.name || plan.layer != f.layer)
                return "a platform plan of '${f.name}' changes its name or layer"
            for ((_, plan) in f.platforms) if (plan.priority != f.priority) return "a platform plan of '${f.name}' changes its priority"
            // What Swift's FeedbackPlan.inconsistency refuses, for the plan and its platform plans.
            for (plan in listOf(f) + f.platforms.values) {
                val body = plan.body
                if (body is FeedbackBody.PresetBody && body.intensity != null && !(body.intensity >= 0.0 && body.intensity <= 1.0))
                    return "feedback '${plan.name}' has an intensity outside 0-1"
                if (body is FeedbackBody.PatternBody && body.pattern.events.isEmpty()) return "pattern '${plan.name}' has no events"
            }
        }
        for (e in c.events) {
            if (e.layer !in layers) return "event '${e.name}' is on undeclared layer '${e.layer}'"
            for (s in e.screens ?: emptyList()) if (s !in c.screens.indices) return "event '${e.name}' names screen $s, out of range"
        }
        val f = c.feedback.indices
        for (b in c.bands) {
            if (b.levels.size < 2) return "band '${b.name}' has fewer than two levels"
            approachProblem(b)?.let { return it }
            if (!(b.hysteresis >= 0 && b.hysteresis.isFinite())) return "band '${b.name}' has a bad hysteresis"
            if (b.dwell != null && !(b.dwell >= 0 && b.dwell.isFinite())) return "band '${b.name}' has a bad dwell"
            if (b.plausibleMin != null && b.plausibleMax != null && b.plausibleMin > b.plausibleMax) return "band '${b.name}' has a bad plausible range"
            duplicate(b.levels.map { it.name }, "level of band '${b.name}'")?.let { return it }
            var last = Double.NEGATIVE_INFINITY
            val defaults = c.parameters.associate { it.name to it.defaultValue }
            for ((i, level) in b.levels.withIndex()) {
                for (entry in listOfNotNull(level.play, level.fromBelow?.play, level.fromAbove?.play)) if (entry !in f)
                    return "band '${b.name}' plays feedback $entry, out of range"
                if (i == b.levels.size - 1) {
                    if (level.below != null) return "the last level of band '${b.name}' has an upper edge"
                    break
                }
                val below = level.below ?: return "level '${level.name}' of band '${b.name}' has no upper edge"
                if (!below.isFinite() || below <= last) return "the edges of band '${b.name}' are not finite and ascending"
                last = below
                level.edge?.let { edge ->
                    if (edge.parameters.any { it !in defaults }) return "an edge of band '${b.name}' reads an undeclared parameter"
                    if (edge.evaluate(defaults) != below) return "an edge of band '${b.name}' does not evaluate to its 'below' at the defaults"
                }
            }
        }
        val rules = HashSet<String>()
        val decided = HashSet<Pair<Int?, Int>>()
        val otherwiseRules = HashSet<String>()
        val everywhere = c.cells.filter { it.screen == null }.map { it.event }.toHashSet()
        fun actionProblem(a: RowAction): String? = when (a) {
            is RowAction.Play -> if (a.feedback in f) null else "a row plays feedback ${a.feedback}, out of range"
            is RowAction.Loop -> if (a.feedback in f) null else "a row loops feedback ${a.feedback}, out of range"
            is RowAction.Stop -> if (a.feedback == null || a.feedback in f) null else "a row stops feedback ${a.feedback}, out of range"
            is RowAction.BandAction -> if (a.band in c.bands.indices) null else "a row names band ${a.band}, out of range"
            else -> null
        }
        for (cell in c.cells) {
            if (cell.event !in c.events.indices) return "a cell names event ${cell.event}, out of range"
            if (cell.screen != null && cell.screen !in c.screens.indices) return "a cell names screen ${cell.screen}, out of range"
            if (!decided.add(Pair(cell.screen, cell.event))) return "event '${c.events[cell.event].name}' is decided twice on one screen"
            if (cell.otherwise) {
                // A screen's `otherwise:` cells all cite its one rule, `<screen>/otherwise`.
                val only = cell.rows.singleOrNull()
                if (cell.screen == null || only == null || only.action !is RowAction.Silent || only.condition != null ||
                    only.rule != c.screens[cell.screen].name + "/otherwise")
                    return "an otherwise cell is not one silent row of a screen citing '<screen>/otherwise'"
                // It decides only an event that can occur on its screen and that everywhere: leaves out.
                val event = c.events[cell.event]
                val screenName = c.screens[cell.screen].name
                if (event.screens != null && cell.screen !in event.screens)
                    return "the otherwise cell of screen '$screenName' decides '${event.name}', which cannot occur on it"
                if (cell.event in everywhere)
                    return "the otherwise cell of screen '$screenName' decides '${event.name}', which everywhere: decides"
                if (!otherwiseRules.add(only.rule)) rules.remove(only.rule)
            }
            for (row in cell.rows) {
                if (!rules.add(row.rule)) return "rule id '${row.rule}' is given twice"
                actionProblem(row.action)?.let { return it }
                for (a in row.also ?: emptyList()) {
                    actionProblem(a)?.let { return it }
                    if (a is RowAction.BandAction || a is RowAction.Silent || a is RowAction.Nothing ||
                        row.action is RowAction.BandAction || row.action is RowAction.Silent || row.action is RowAction.Nothing)
                        return "a row combines a band, a silence or nothing with other actions"
                }
                for (t in row.condition?.parameters ?: emptyList()) if (t.parameter !in c.parameters.indices)
                    return "a row tests parameter ${t.parameter}, out of range"
                val action = row.action
                if (action is RowAction.BandAction) {
                    val levelRules = row.levelRules
                    if (levelRules == null || levelRules.size != c.bands[action.band].levels.size)
                        return "row '${row.rule}' does not give one level rule per level of its band"
                    for (r in levelRules) if (!rules.add(r)) return "rule id '$r' is given twice"
                } else if (row.levelRules != null) {
                    return "row '${row.rule}' gives level rules but is no band row"
                }
            }
        }
        for (b in c.budgets) if (b.max < 1 || !(b.window > 0 && b.window.isFinite())) return "budget '${b.id}' has no usable max and window"
        c.background?.let { bg ->
            val names = c.feedback.map { it.name }.toSet()
            bg.keeps.feedback.firstOrNull { it !in names }?.let { return "background keeps undeclared feedback '$it'" }
        }
        c.userLevels?.let { u ->
            if (u.levels.isEmpty()) return "user-levels declares no level"
            duplicate(u.levels.map { it.name }, "user level")?.let { return it }
            if (u.levels.none { it.name == u.start }) return "user-levels starts at undeclared level '${u.start}'"
            val names = c.feedback.map { it.name }.toSet()
            for (l in u.levels) for (k in l.keeps.feedback) if (k !in names) return "user level '${l.name}' keeps undeclared feedback '$k'"
        }
        return decideProblem(c, builtIn)
    }

    /** What makes a row's lowered steps or level arguments unusable (its band has `levels` levels, 0: no band row), or null. */
    private fun stepsProblem(r: DecideTables.Row, row: Row, levels: Int, feedbackCount: Int): String? {
        val levelArguments = r.levelArguments
        if (levelArguments != null && (levels == 0 || levelArguments.size != levels))
            return "has level arguments that are not one list per level of its band"
        val steps = r.steps
        if (steps == null) {
            if (levels == 0 && row.arguments != null) return "has arguments but no steps"
            return if (r.main == null && r.argumentsStep == null) null else "has a main or arguments step but no steps"
        }
        val main = r.main
        if (levels != 0 || steps.isEmpty() || main == null || main !in steps.indices) return "has steps without a main step among them"
        for (step in steps) {
            val f = step.feedback
            if (if (f == null) step.action != "stop" else f !in 0 until feedbackCount)
                return "has a step that is not a stop, play or loop of a feedback"
        }
        val at = r.argumentsStep
        if (at != null) {
            if (at !in steps.indices || steps[at].action == "stop" || row.arguments == null)
                return "gives its arguments to a step that is not its play or loop"
        } else if (row.arguments != null) {
            return "has arguments but no step they go to"
        }
        return null
    }

    /** Whether `decide` fits the rest of the content: shape and index ranges only, never derived tables. */
    private fun decideProblem(c: PolicyContent, builtIn: List<String>): String? {
        val d = c.decide
        val events = builtIn + c.settingEventNames + c.events.map { it.name }
        if (d.events != events) return "decide.events is not the state, setting and catalogue events"
        if (d.stateEvents != builtIn.size + c.settingEventNames.size) return "decide.stateEvents does not count the state events"
        val eventCount = events.size
        val f = c.feedback.indices
        if (d.table.size != c.screens.size * eventCount) return "decide.table is not one entry per screen and event"
        if (d.table.any { it < -2 || it >= c.cells.size }) return "decide.table names a cell out of range"
        if (d.rows.size != c.cells.size) return "decide.rows is not one list per cell"
        for ((ci, cell) in c.cells.withIndex()) {
            if (d.rows[ci].size != cell.rows.size) return "decide.rows[$ci] is not one entry per row"
            for ((ri, r) in d.rows[ci].withIndex()) {
                val levels = (cell.rows[ri].action as? RowAction.BandAction)?.let { c.bands[it.band].levels.size } ?: 0
                if (r.rule < 0 || r.rule + levels >= d.ruleSlots.size) return "decide.rows[$ci][$ri] names a rule slot out of range"
                if (r.subject != null && r.subject !in d.subjects.indices) return "decide.rows[$ci][$ri] names a subject out of range"
                if (r.signal != null && r.signal !in d.signals.indices) return "decide.rows[$ci][$ri] names a signal out of range"
                if ((r.signal != null) != (levels > 0)) return "decide.rows[$ci][$ri] has a signal exactly when its row is a band row"
            }
        }
        for (g in d.signals) if (g.event !in 0 until eventCount || g.band !in c.bands.indices) return "a decide signal is out of range"
        if (d.settings.size != c.settingEventNames.size) return "decide.settings is not one per setting event"
        for (x in d.settings) when (x.kind) {
            "parameter" -> if (x.parameter == null || x.parameter !in c.parameters.indices) return "a decide setting names a parameter out of range"
            else -> if (x.parameter != null || c.userLevels == null) return "a decide user-level setting does not fit"
        }
        if (d.screenRules.size != c.screens.size) return "decide.screenRules is not one per screen"
        d.speech?.let { sp ->
            if (sp.exempt.any { it !in 0 until eventCount } || sp.feedback.any { it !in f }) return "decide.speech names an event or feedback out of range"
        }
        for (p in d.payloads) if (p.event !in d.stateEvents until eventCount) return "decide.payloads names an event out of range"
        var rings = 0
        for (b in d.budgets) {
            if (b.budget !in c.budgets.indices) return "a decide budget names a budget out of range"
            if (b.screen != null && b.screen !in -1 until c.screens.size) return "a decide budget names a screen out of range"
            if (b.counted.any { it !in f } || b.excepted.any { it !in 0 until eventCount }) return "a decide budget names a feedback or event out of range"
            if (b.max < 1 || !(b.window > 0 && b.window.isFinite())) return "a decide budget has no usable max and window"
            if (b.firstRing != rings || b.rings != (if (b.perScreen) c.screens.size else 1)) return "the decide budgets' rings are not consecutive"
            rings += b.rings
        }
        if (d.bandLevels.size != c.bands.size || d.edges.size != c.bands.size) return "decide.bandLevels and decide.edges are not one per band"
        for ((b, band) in c.bands.withIndex()) {
            if (d.bandLevels[b].size != band.levels.size) return "decide.bandLevels[$b] is not one per level"
            for (l in d.bandLevels[b]) for (p in listOfNotNull(l.up.play, l.down.play)) if (p !in f) return "decide.bandLevels[$b] plays feedback $p, out of range"
            if (d.edges[b].isNotEmpty() && d.edges[b].size != band.levels.size - 1) return "decide.edges[$b] is not one per edge"
        }
        for ((ci, cell) in c.cells.withIndex()) for ((ri, r) in d.rows[ci].withIndex()) {
            val row = cell.rows[ri]
            val levels = (row.action as? RowAction.BandAction)?.let { c.bands[it.band].levels.size } ?: 0
            stepsProblem(r, row, levels, c.feedback.size)?.let { return "decide.rows of rule '${row.rule}' $it" }
        }
        if (d.bands.size != c.bands.size) return "decide.bands does not have one entry per band"
        for ((b, band) in c.bands.withIndex()) {
            val x = d.bands[b]
            if (x.edges.size != band.levels.size - 1 || x.inclusive.size != x.edges.size || x.approach !in -1..1 ||
                x.dwell < 0 || x.hysteresis < 0 || (x.plausibleMin ?: Double.NEGATIVE_INFINITY) > (x.plausibleMax ?: Double.POSITIVE_INFINITY))
                return "decide.bands of band '${band.name}' does not fit its levels"
        }
        d.priorities?.let { ps ->
            if (ps.size != c.feedback.size || ps.any { it.rank !in 0..3 || (it.length ?: 0.0) < 0 })
                return "decide.priorities is not one rank and length per feedback"
        }
        if (d.parameterBands.size != c.parameters.size || d.parameterBands.any { l -> l.any { it !in c.bands.indices || d.edges[it].isEmpty() } })
            return "decide.parameterBands is not a list of parametric bands per parameter"
        val levelCount = c.userLevels?.levels?.size ?: 0
        if (d.userLevels.size != levelCount) return "decide.userLevels is not one per user level"
        for (u in d.userLevels) if (u.feedback.any { it !in f } || u.ruleSlots.any { it !in d.ruleSlots.indices }) return "a decide user level names a feedback or rule slot out of range"
        if (d.startLevel !in 0 until maxOf(1, levelCount)) return "decide.startLevel is out of range"
        if (d.endsSubject.any { it !in d.stateEvents until eventCount }) return "decide.endsSubject names an event that is not in the catalogue"
        val kept = d.background
        if ((kept == null) != (c.background == null)) return "decide.background does not fit the policy's background"
        if (kept != null && (kept.feedback.any { it !in f } || kept.ruleSlots.any { it !in d.ruleSlots.indices })) return "decide.background names a feedback or rule slot out of range"
        return null
    }
}
