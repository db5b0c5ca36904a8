package io.hapticpolicy

/*
 * Decoding a bundle's content into the model (Model.kt), field by field, as Swift's
 * BundleCoding.swift and the content's Codable conformances do: every object closed, each
 * refusal at its path and byte offset.
 */

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
                    opt("maximum")?.number, opt("unit")?.string)
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
                    opt("sound")?.string, opt("volume")?.let { expr(it) }, opt("pitch")?.let { expr(it) })
            } },
            opt("loop")?.let { expr(it) })
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
        FeedbackPlan(name, layer, body, fallback, platforms, priority)
    }

    fun field(n: Node): PayloadField = n.obj {
        PayloadField(req("name").string, tag("kind", listOf("number", "bool", "string")), opt("min")?.number,
            opt("max")?.number, opt("oneOf")?.list?.map { it.string }, req("required").bool)
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
            warmup = req("warmup").number,
            hapticsOnly = req("hapticsOnly").bool,
            layers = opt("layers")?.list?.map { l -> l.obj {
                LayerDecl(req("name").string, opt("plays")?.string)
            } },
            screens = req("screens").list.map { s -> s.obj {
                Screen(req("name").string, req("enter").list.map { directive(it) })
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
                    value, params, payload != null,
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
                    } }, approach(this))
            } },
            cells = req("cells").list.map { c -> c.obj {
                Cell(req("event").int, opt("screen")?.int, req("rows").list.map { row(it) },
                    opt("otherwise")?.bool ?: false)
            } },
            parameters = opt("parameters")?.list?.map { p -> p.obj {
                Parameter(req("name").string, req("setBy").string, req("min").number, req("max").number,
                    req("defaultValue").number, opt("unit")?.string)
            } } ?: emptyList(),
            userLevels = opt("userLevels")?.let { u -> u.obj {
                UserLevels(req("setBy").string, req("start").string, req("levels").list.map { l -> l.obj {
                    UserLevel(req("name").string, keeps(req("keeps")))
                } })
            } },
            files = opt("files")?.list?.map { it.string } ?: emptyList(),
            decide = decide(req("decide"), opt("parameters")?.list?.map { it.value } ?: emptyList()),
            background = opt("background")?.let { b -> b.obj {
                Background(keeps(req("keeps")))
            } }
        )
    }

    /** What a budget counts, as `decide.budgets[].scope` writes it. */
    fun budgetScope(n: Node): BudgetScope = n.obj {
        when (tag("kind", listOf("each-screen", "screen", "layer", "events"))) {
            "each-screen" -> BudgetScope.EachScreen
            "screen" -> BudgetScope.OnScreen(req("screen").string)
            "events" -> BudgetScope.OnEvents(req("events").list.map { it.string })
            else -> BudgetScope.OnLayer(req("layer").string)
        }
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
                DecideTables.Budget(budgetScope(req("scope")), ruleRef(req("rule")), req("max").int, req("window").number,
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
