# Language v3, feature A: approach bands and inclusive edges (Conformance/approach/).
# Run by Conformance/tools/make-cases.py, which executes every file of this folder with its
# own names (Feature, ev, enter) in scope, as it does Conformance/tools/features/limits.py.

APPROACH = Feature(
    "approach",
    {
        "policy.yaml": """\
policy: approach
version: 1
description: approach bands (falling, rising) and inclusive edges (at-most), with a dwell, a plausible range and a parametric edge
feedback:
  turn.now: {layer: ui, preset: impact.heavy}
  turn.close: {layer: ui, preset: impact.medium}
  turn.near: {layer: ui, preset: impact.light}
  charge.half: {layer: ui, preset: impact.soft}
  charge.full: {layer: ui, preset: notification.success}
  speed.over: {layer: ui, preset: notification.warning}
  speed.ok: {layer: ui, preset: impact.rigid}
parameters:
  limit: {set-by: limit.set, min: 10, max: 50, default: 25, unit: km/h}
bands:
  turn.distance:
    unit: m
    approach: falling
    plausible: {min: 0, max: 5000}
    levels:
      - {name: now, at-most: 30, play: turn.now}
      - {name: close, at-most: 100, play: turn.close}
      - {name: near, below: 300, play: turn.near}
      - {name: far, silent: too far to cue}
  hazard.distance:
    approach: falling
    dwell: 2
    levels:
      - {name: close, at-most: 50, play: turn.now}
      - {name: near, at-most: 200, from-above: {play: turn.near}}
      - {name: far}
  charge:
    unit: '%'
    approach: rising
    toward:
      brim: {play: charge.half}
    levels:
      - {name: low, below: 20, silent: only the first sample is ever here}
      - {name: half, at-most: 80}
      - {name: full, at-most: 99.5, play: charge.full}
      - {name: brim, play: charge.full}
  speed:
    unit: km/h
    hysteresis: 1
    levels:
      - {name: ok, at-most: limit, play: speed.ok}
      - {name: over, play: speed.over}
events:
  turn.distance: {layer: ui, screens: [ride], value: number}
  hazard.distance: {layer: ui, screens: [ride], value: number}
  charge.sample: {layer: ui, screens: [ride], value: number}
  speed.sample: {layer: ui, screens: [ride], value: number}
screens:
  ride:
    table:
      turn.distance: {band: turn.distance}
      hazard.distance: {band: hazard.distance}
      charge.sample: {band: charge}
      speed.sample: {band: speed}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
""",
    },
)


def approach_case(name, note, samples, event="turn.distance", subject=None, extra=None):
    events = [enter("ride")]
    for t, value in enumerate(samples, start=1):
        fields = {"value": value}
        if subject is not None:
            fields["subject"] = subject(t) if callable(subject) else subject
        events.append(ev(t, event, **fields))
    for line in extra or []:
        events.append(line)
    APPROACH.case(name, note, events)


# Inclusive edges: the edge's own value stays in the level below it, on a falling band.
for edge, label_ in [(30, "30"), (100, "100"), (300, "300")]:
    for delta, side in [(-0.5, "under"), (0, "at"), (0.5, "over")]:
        value = edge + delta
        approach_case(
            f"from-far-to-{fmt(float(value)) if delta else label_}",
            f"from 'far' (400) a sample of {fmt(float(value))}: 'at-most: 30/100' keep their value, 'below: 300' does not"
            f" ({side} the edge {label_})",
            [400, value],
        )

approach_case(
    "baseline-at-an-inclusive-edge",
    "the first sample sets the level silently (baseline), an inclusive edge's value in the level below: 100 is 'close'",
    [100, 30, 30.5],
)
approach_case(
    "walk-in-all-the-way",
    "a falling approach rings once per level on the way in: near, close, now",
    [1000, 500, 299, 150, 100, 60, 30, 5, 0],
)
approach_case(
    "bounce-of-any-size",
    "a sample behind the level is 'receding' whatever its size (GPS bounce): the level stays and the next level still rings",
    [400, 250, 4999, 350, 300, 99, 299.9, 101, 100.01, 30],
)
approach_case(
    "skip-levels",
    "a jump over levels enters the last one reached and plays its entry, once",
    [400, 20, 100, 500],
)
approach_case(
    "implausible-before-receding",
    "an implausible sample is 'implausible' (the plausible range comes first), even when it would be behind",
    [200, 6000, -1, 250, 90],
)
approach_case(
    "at-the-lowest-level",
    "once at the lowest level every sample but its own is 'receding'",
    [20, 0, 31, 30, 4000],
)
approach_case(
    "subjects-approach-apart",
    "each subject (one per turn) has its own level: a new turn starts with its own baseline",
    [400, 250, 400, 90, 250],
    subject=lambda t: "turn-1" if t in (1, 2, 4) else "turn-2",
)
approach_case(
    "not-a-number",
    "an approach band cell without a number is 'bad-value' and changes nothing",
    [400, "near", 250],
)

# Dwell on a falling band: a receding sample keeps the pending level and its clock.
approach_case(
    "dwell-kept-through-a-bounce",
    "from 'near', 'close' pending at t 2; a receding sample (far) at t 3 keeps it and its clock: 'close' counts at t 4, 2 s after t 2",
    [150, 40, 400, 40],
    event="hazard.distance",
)
approach_case(
    "dwell-ended-by-the-level-itself",
    "a sample back in the level that counts ends the dwell, as in any band: 'close' must hold 2 s again",
    [150, 40, 150, 40, 40, 40],
    event="hazard.distance",
)
approach_case(
    "dwell-then-lower",
    "a lower level during a dwell restarts the dwell at that level: 'near' pending, then 'close' from t 3, counting at t 5",
    [300, 150, 40, 40, 40],
    event="hazard.distance",
)
approach_case(
    "from-above-and-unsaid-far",
    "'near' plays its from-above once it has held; 'far' is never entered, so it says nothing and needs nothing; 50 is 'close' (at-most)",
    [1000, 200, 200, 200, 50, 50, 50],
    event="hazard.distance",
)

# Rising.
approach_case(
    "rising-fills-up",
    "a rising band only rises: 'half' plays the band's toward (toward: brim), 'full' its own play, 99.5 is still 'full', then 'brim' its own",
    [5, 20, 80, 80.5, 99.5, 99.6],
    event="charge.sample",
)
approach_case(
    "rising-bounce",
    "on a rising band a lower sample is 'receding', and its note says the band only rises",
    [50, 10, 81, 60, 0, 100],
    event="charge.sample",
)

# An inclusive parametric edge in a two-way band with hysteresis.
approach_case(
    "inclusive-edge-with-hysteresis",
    "'ok' at most the limit 25: up needs more than 26 (25 + 1), down 24 (25 - 1) or less",
    [20, 26, 26.01, 24.01, 24, 25],
    event="speed.sample",
)
approach_case(
    "inclusive-parametric-edge-moves",
    "'at-most: limit' follows the parameter: after limit.set 40, 30 is 'ok' again and 41.01 'over'",
    [20, 30],
    event="speed.sample",
    extra=[
        ev(3, "limit.set", value=40),
        ev(4, "speed.sample", value=30),
        ev(5, "speed.sample", value=41),
        ev(6, "speed.sample", value=41.01),
    ],
)
