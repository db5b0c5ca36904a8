/// Why a decision came out the way it did: a stable id written in the `reason` field of
/// decision logs. Silences always carry one; plays carry one only when something needs
/// saying (a fallback taken, a tick outside its gesture). `Docs/event-log.md` lists them.
public enum Reason: String, Sendable, Hashable, CaseIterable {
    // Silences decided by the policy text.
    /// The row says `silent:`; the designer's text is in `Decision.note`.
    case designer
    /// The row only carries directives (`ticker: begin|end`, `prepare: engine`).
    case directiveOnly = "directive-only"

    // Silences from H-1 (ring on change).
    /// First sample of a subject on a band signal: it sets the band without ringing.
    case baseline
    /// The value stayed in its band (hysteresis included).
    case sameBand = "same-band"
    /// The value is in another level that has not held for the band's `dwell:` yet: the
    /// level stays where it was; the ring comes on the sample at which it has held.
    case dwelling
    /// The number is outside the band's `plausible:` range (a GPS pace of 0): a bad value
    /// that leaves the level and the dwell untouched.
    case implausible
    /// A band cell got no number in `value`; or the event's declared payload (`value:
    /// {type: ...}`, `params:`) is missing, of another type, out of range or not one of
    /// its choices, and `Decision.rule` cites the declaration (`events/<name>`).
    case badValue = "bad-value"

    // Silences from invariants and templates.
    /// Creature feedback under the speech invariant, but the event has no `speaks: true`.
    case noSpeech = "no-speech"
    /// Template parameters out of range, undeclared or not numbers.
    case badParams = "bad-params"

    // Silences from app and device state.
    /// The app is in background: silent, unless the policy's `background:` keeps the
    /// play; a kept pattern then plays its fallback with this reason (the engine is stopped).
    case background
    /// The user turned system haptics off.
    case hapticsDisabled = "haptics-disabled"
    /// A custom pattern cannot play and has no fallback (or `fallback: none`).
    case noFallback = "no-fallback"

    // Silences from the catalogue.
    /// The event is not in the policy's catalogue.
    case unknownEvent = "unknown-event"
    /// The event is catalogued but nothing decides it on this screen.
    case undeclared
    /// The screen is not declared in the policy.
    case unknownScreen = "unknown-screen"
    /// No `screen` field and no `screen.enter` yet: no table applies.
    case noScreen = "no-screen"
    /// A `stop:` row while no matching loop runs.
    case notRunning = "not-running"
    /// A built-in state event (`screen.enter`, `app.state`, `device.*`): state changed.
    case state

    // Reasons attached to plays.
    /// A custom pattern rendered its fallback: the engine was cold or still warming.
    case engineCold = "engine-cold"
    /// A custom pattern rendered its fallback: the device has no Core Haptics.
    case noCoreHaptics = "no-core-haptics"
    /// A custom pattern rendered its fallback: Low Power Mode is on.
    case lowPower = "low-power"
    /// A ticker tick played outside a `selector.begin` … `selector.end` gesture.
    case tickOutsideGesture = "tick-outside-gesture"

    // Silences from state events.
    /// A state event's `value` is not what it needs (`app.state` not foreground/background).
    case badState = "bad-state"

    // Silences from enforced budgets (last, so older summaries keep their order).
    /// The ring would put an enforced budget (`enforce: true`) over its `max` in its
    /// window; `Decision.rule` cites the budget id.
    case overBudget = "over-budget"

    // Silences from user levels (after budgets, so older summaries keep their order).
    /// The user's haptics level (`user-levels:`) does not keep this play; `Decision.rule`
    /// cites the level (`user-levels/essentials`), `Decision.plan` what would have played.
    case userLevel = "user-level"
}
