package io.hapticpolicy

// The built-in state events (StateEvents.swift): `screen.enter`, `app.state` and the
// `device.*` switches, and the engine they start, stop and warm.

/** The haptic engine's state. */
internal enum class Engine { COLD, WARMING, READY, STOPPED }

/** Starts the engine (a `prepare-engine` directive at `t`); whether the directive is given (in foreground). */
internal fun Session.startEngine(t: Double): Boolean {
    engineEverStarted = true
    if (!isForeground) return false
    if (engine == Engine.COLD || engine == Engine.STOPPED) warm(t)
    return true
}

private fun Session.warm(t: Double) {
    if (policy.warmup > 0) { engine = Engine.WARMING; warmUntil = t + policy.warmup } else engine = Engine.READY
}

/** Decides built-in state event `e` (an index of [PolicyIndex.STATE_EVENTS]). */
internal fun Session.decideState(e: Int, event: Event): Decision {
    val state = PolicyIndex.STATE_EVENTS[e]
    val d = Draft(null, "builtin:$state")
    d.reason = Reason.STATE
    when (state) {
        "screen.enter" -> {
            var target = event.screen
            if (target == null) (event.value as? Scalar.Text)?.let { target = it.value }
            val name = target
            if (name == null) {
                d.reason = Reason.BAD_STATE
                d.note = "screen.enter needs the screen in 'screen' or 'value'"
                d.screen = screenName
                return d.done()
            }
            if (ticker.close()) d.directives = d.directives or Directive.RELEASE_TICKER.bit
            val s = ix.screenIndex[name] ?: Session.UNKNOWN_SCREEN
            screen = s
            screenName = name
            d.screen = name
            if (s >= 0) {
                d.rule = ix.screenRules[s]
                if (ix.screenEnter[s] and Directive.PREPARE_ENGINE.bit != 0 && startEngine(event.t)) d.directives = d.directives or Directive.PREPARE_ENGINE.bit
                if (ix.screenEnter[s] and Directive.STOP_LOOP.bit != 0 && loops.stop(null)) d.directives = d.directives or Directive.STOP_LOOP.bit
            } else {
                d.reason = Reason.UNKNOWN_SCREEN
            }
        }
        "app.state" -> {
            d.screen = currentScreenName(event)
            val value = (event.value as? Scalar.Text)?.value
            if (value != "foreground" && value != "background") {
                d.reason = Reason.BAD_STATE
                d.note = "app.state needs \"foreground\" or \"background\" in 'value'"
                return d.done()
            }
            if (value == "background" && isForeground) {
                isForeground = false
                if (engine != Engine.COLD) engine = Engine.STOPPED
                if (loops.stop(null)) d.directives = d.directives or Directive.STOP_LOOP.bit
                priority?.clear()
                if (ticker.close()) d.directives = d.directives or Directive.RELEASE_TICKER.bit
            } else if (value == "foreground" && !isForeground) {
                isForeground = true
                if (engineEverStarted) {
                    warm(event.t)
                    d.directives = d.directives or Directive.RESTART_ENGINE.bit
                }
            }
        }
        else -> {
            d.screen = currentScreenName(event)
            val on = (event.value as? Scalar.Bool)?.value
            if (on == null) {
                d.reason = Reason.BAD_STATE
                d.note = "$state needs true or false in 'value'"
                return d.done()
            }
            device = when (state) {
                "device.lowPower" -> device.copy(lowPower = on)
                "device.supportsHaptics" -> device.copy(supportsHaptics = on)
                else -> device.copy(hapticsEnabled = on)
            }
        }
    }
    return d.done()
}
