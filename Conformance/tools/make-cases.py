#!/usr/bin/env python3
"""Generate the conformance corpus: Conformance/<feature>/policy.yaml and its cases.

    python3 Conformance/tools/make-cases.py [--resimulate]

Each feature below writes a small policy and cases from parameter grids, each case a focused
short event sequence (case.json, events.jsonl). Expected decisions are not generated here:
they are recorded from the baseline runtime with
`HAPTIC_POLICY_CLI=/work/baseline/.build/release/haptic-policy scripts/conformance --record scripts/adapters/swift`.
A case whose policy or events changed loses its expected.jsonl, so the runner reports it
until it is recorded again on purpose; cases no longer generated are removed. Logs made by
`haptic-policy simulate` (the shipped scenarios) are kept as they are unless --resimulate.
Conformance/differential/ belongs to scripts/differential and is never touched.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "Conformance"
GENERATED_BY = "Conformance/tools/make-cases.py"
# Folders of Conformance/ this script owns (everything else is left alone).
FEATURES: dict[str, "Feature"] = {}


def ev(t, event, **fields) -> str:
    """One event line, keys in the documented order."""
    line = {"t": t, "event": event}
    for key in ("screen", "subject", "value", "speaks", "params"):
        if key in fields:
            line[key] = fields.pop(key)
    line.update(fields)
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def enter(screen: str, t: float = 0) -> str:
    return ev(t, "screen.enter", screen=screen)


class Feature:
    """A folder of cases sharing policies."""

    def __init__(self, name: str, policies: dict[str, str] | None = None):
        self.name = name
        self.policies = policies or {}
        self.cases: dict[str, dict] = {}
        FEATURES[name] = self

    def case(self, name, note, events, policy="policy.yaml", device=None, raw: bytes | None = None, reload=None):
        if name in self.cases:
            raise SystemExit(f"duplicate case {self.name}/{name}")
        if policy in self.policies:
            policy_path = "../" + policy
        else:
            policy_path = policy
        self.cases[name] = {
            "note": note,
            "policy": policy_path,
            "device": device,
            # Hot reload: (line, policy) pairs, as `reload` in case.json.
            "reload": [
                {"line": line, "policy": "../" + name if name in self.policies else name} for line, name in reload or []
            ],
            "events": raw if raw is not None else ("\n".join(events) + "\n").encode(),
        }


def device_of(supports=True, low_power=False, enabled=True):
    return {"supports-haptics": supports, "low-power": low_power, "haptics-enabled": enabled}


def label(value) -> str:
    """A case-name part for a value: `missing`, `str-<text>` for strings, else its JSON."""
    if value == "MISSING":
        return "missing"
    if isinstance(value, str):
        return "str-" + (value or "empty")
    return json.dumps(value)


def fmt(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


# --- bands and hysteresis ----------------------------------------------------------------

BANDS = Feature(
    "bands",
    {
        "policy.yaml": """\
policy: bands
version: 1
description: two bands, one with hysteresis 1.5 and silent top level, one with none
feedback:
  low: {layer: ui, preset: impact.light}
  mid: {layer: ui, preset: impact.medium}
  under: {layer: ui, preset: impact.soft}
  over: {layer: ui, preset: impact.heavy}
bands:
  level:
    unit: "%"
    hysteresis: 1.5
    levels:
      - {name: low, below: 25, play: low}
      - {name: mid, below: 60, play: mid}
      - {name: high, silent: high is not news}
  sharp:
    hysteresis: 0
    levels:
      - {name: under, below: 10, play: under}
      - {name: over, play: over}
events:
  level.sample: {layer: ui, screens: [meter], value: number}
  sharp.sample: {layer: ui, screens: [meter], value: number}
screens:
  meter:
    table:
      level.sample: {band: level}
      sharp.sample: {band: sharp}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)

LEVEL_VALUES = [0, 10, 23.4, 23.5, 24, 25, 26.5, 26.6, 40, 58.4, 58.5, 60, 61.5, 61.6, 99]
for a in [10, 24, 26, 40, 59, 61, 99]:
    for b in LEVEL_VALUES:
        BANDS.case(
            f"level-{fmt(a)}-then-{fmt(b)}",
            f"band 'level' (edges 25, 60, hysteresis 1.5): a baseline at {fmt(a)} then a sample at"
            f" {fmt(b)}: baseline, then same-band, a change that plays the level's feedback, or the"
            " silent top level; hysteresis decides near the edges",
            [enter("meter"), ev(1, "level.sample", subject="s", value=a), ev(2, "level.sample", subject="s", value=b)],
        )
for a, b in [(9.999, 10), (10, 9.999), (10, 10), (-5, 1e9), (0, -0.0)]:
    BANDS.case(
        f"sharp-{fmt(a)}-then-{fmt(b)}",
        f"band 'sharp' (edge 10, no hysteresis): {fmt(a)} then {fmt(b)}: the edge is exclusive above",
        [enter("meter"), ev(1, "sharp.sample", value=a), ev(2, "sharp.sample", value=b)],
    )
BANDS.case(
    "subjects-tracked-apart",
    "bands are tracked per subject: each subject's first sample is its own baseline, and a"
    " change of one subject does not move another's level; a null subject is a subject too",
    [
        enter("meter"),
        ev(1, "level.sample", subject="a", value=10),
        ev(2, "level.sample", subject="b", value=70),
        ev(3, "level.sample", subject="a", value=30),
        ev(4, "level.sample", subject="b", value=30),
        ev(5, "level.sample", value=30),
        ev(6, "level.sample", subject=None, value=10),
        ev(7, "level.sample", subject="a", value=30),
    ],
)
BANDS.case(
    "signals-tracked-apart",
    "two bands on one subject keep their own levels: a baseline of one does not set the other",
    [
        enter("meter"),
        ev(1, "level.sample", subject="x", value=10),
        ev(2, "sharp.sample", subject="x", value=20),
        ev(3, "level.sample", subject="x", value=20),
        ev(4, "sharp.sample", subject="x", value=5),
    ],
)
BANDS.case(
    "not-a-number",
    "a band cell with no number in value (missing, text, boolean, null) is bad-value and"
    " leaves the band untouched: the next number is still the baseline",
    [
        enter("meter"),
        ev(1, "level.sample"),
        ev(2, "level.sample", value="40"),
        ev(3, "level.sample", value=True),
        ev(4, "level.sample", value=None),
        ev(5, "level.sample", value=40),
        ev(6, "level.sample", value=70),
    ],
)
BANDS.case(
    "sweep-up-and-down",
    "a slow sweep up through every level and back down: one ring (or designer silence) per"
    " change, same-band in between, hysteresis on the way down",
    [enter("meter")]
    + [ev(i + 1, "level.sample", value=v) for i, v in enumerate([5, 20, 26, 27, 50, 61, 62, 61, 59, 58, 40, 24, 23, 5])],
)
BANDS.case(
    "chatter-at-edge",
    "a noisy value wandering 24 to 26 around the 25 edge never rings with hysteresis 1.5",
    [enter("meter")] + [ev(i * 0.5 + 1, "level.sample", value=v) for i, v in enumerate([24, 26, 24.5, 25.5, 24, 26.4, 23.6, 26.5])],
)

# --- dwell -------------------------------------------------------------------------------

DWELL = Feature(
    "dwell",
    {
        "policy.yaml": """\
policy: dwell
version: 1
description: a band whose new level counts only once it has held 2 seconds
feedback:
  calm: {layer: ui, preset: impact.soft}
  busy: {layer: ui, preset: impact.medium}
  rush: {layer: ui, preset: impact.heavy}
bands:
  pace:
    hysteresis: 0.5
    dwell: 2
    levels:
      - {name: calm, below: 10, play: calm}
      - {name: busy, below: 20, play: busy}
      - {name: rush, play: rush}
events:
  pace.sample: {layer: ui, screens: [run], value: number}
screens:
  run:
    table:
      pace.sample: {band: pace}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for step in [0.5, 1, 1.5, 2, 2.5]:
    for hold in [2, 3, 4]:
        samples = [ev(1, "pace.sample", value=5)]
        t = 1.0
        for _ in range(hold):
            t += step
            samples.append(ev(round(t, 3), "pace.sample", value=15))
        DWELL.case(
            f"hold-{fmt(step)}s-x{hold}",
            f"dwell 2 s: a baseline in 'calm', then {hold} samples in 'busy' every {fmt(step)} s:"
            " dwelling (its note says how long it has held) until it has held 2 s, then it rings once",
            [enter("run")] + samples,
        )
DWELL.case(
    "excursion-shorter-than-dwell",
    "an excursion into 'busy' shorter than the dwell neither rings nor moves the level: back in"
    " 'calm' is same-band",
    [enter("run"), ev(1, "pace.sample", value=5), ev(2, "pace.sample", value=15), ev(3, "pace.sample", value=5), ev(5, "pace.sample", value=5)],
)
DWELL.case(
    "third-level-restarts-dwell",
    "a sample in a third level while dwelling restarts the dwell for that level",
    [enter("run"), ev(1, "pace.sample", value=5), ev(2, "pace.sample", value=15), ev(3, "pace.sample", value=25), ev(4, "pace.sample", value=25), ev(5, "pace.sample", value=25)],
)
DWELL.case(
    "baseline-at-once",
    "the first sample is a baseline at once whatever the dwell",
    [enter("run"), ev(1, "pace.sample", value=25), ev(1.5, "pace.sample", value=25)],
)
DWELL.case(
    "held-to-the-decimal",
    "dwell 2 s: 'busy' entered at 1.01 has held its 2 s at 3.01 and rings (3.01 - 1.01 is a hair under 2 in"
    " binary; Docs/decision-order.md, Times); at 3.009 it is still dwelling",
    [enter("run"), ev(0.5, "pace.sample", value=5), ev(1.01, "pace.sample", value=15), ev(3.009, "pace.sample", value=15), ev(3.01, "pace.sample", value=15)],
)
DWELL.case(
    "subjects-dwell-apart",
    "each subject dwells on its own clock",
    [
        enter("run"),
        ev(1, "pace.sample", subject="a", value=5),
        ev(1, "pace.sample", subject="b", value=5),
        ev(2, "pace.sample", subject="a", value=15),
        ev(3, "pace.sample", subject="b", value=15),
        ev(4, "pace.sample", subject="a", value=15),
        ev(5, "pace.sample", subject="b", value=15),
    ],
)
DWELL.case(
    "dwell-with-hysteresis",
    "hysteresis decides which level a value is in, the dwell when it counts: 10.4 stays calm",
    [enter("run"), ev(1, "pace.sample", value=5), ev(2, "pace.sample", value=10.4), ev(3, "pace.sample", value=10.6), ev(4, "pace.sample", value=10.4), ev(5, "pace.sample", value=9.6), ev(6, "pace.sample", value=10.6)],
)

# --- direction ---------------------------------------------------------------------------

DIRECTION = Feature(
    "direction",
    {
        "policy.yaml": """\
policy: direction
version: 1
description: a band whose changes ring by direction (from-below, from-above, toward)
feedback:
  faster: {layer: ui, preset: impact.heavy}
  slower: {layer: ui, preset: impact.soft}
  up: {layer: ui, preset: impact.rigid}
  mid: {layer: ui, preset: impact.medium}
bands:
  zone:
    hysteresis: 0
    toward:
      z1: {play: faster}
      z5: {play: slower}
    levels:
      - {name: z1, below: 10}
      - {name: z2, below: 20, from-below: {play: up}, from-above: {silent: easing into z2 is not news}}
      - {name: z3, below: 30, play: mid}
      - {name: z4, below: 40, from-above: {silent: coming down from z5}}
      - {name: z5}
events:
  zone.sample: {layer: ui, screens: [run], value: number}
screens:
  run:
    table:
      zone.sample: {band: zone}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
ZONE_VALUES = [5, 15, 25, 35, 45]
for i, a in enumerate(ZONE_VALUES):
    for j, b in enumerate(ZONE_VALUES):
        if i == j:
            continue
        DIRECTION.case(
            f"z{i + 1}-to-z{j + 1}",
            f"from z{i + 1} to z{j + 1} ({'up' if j > i else 'down'}): the level's from-below/from-above"
            " wins, then its play/silent, then the band's toward",
            [enter("run"), ev(1, "zone.sample", value=a), ev(2, "zone.sample", value=b)],
        )

# --- plausible range ---------------------------------------------------------------------

PLAUSIBLE = Feature(
    "plausible",
    {
        "policy.yaml": """\
policy: plausible
version: 1
description: bands with a plausible range on both ends, on one end, with a dwell
feedback:
  fast: {layer: ui, preset: impact.heavy}
  slow: {layer: ui, preset: impact.soft}
bands:
  pace:
    hysteresis: 0.1
    plausible: {min: 2.5, max: 20}
    levels:
      - {name: fast, below: 5, play: fast}
      - {name: slow, play: slow}
  floor:
    hysteresis: 0
    plausible: {min: 0}
    levels:
      - {name: low, below: 50, play: slow}
      - {name: high, play: fast}
  steady:
    hysteresis: 0
    dwell: 2
    plausible: {max: 100}
    levels:
      - {name: low, below: 50, play: slow}
      - {name: high, play: fast}
events:
  pace.sample: {layer: ui, screens: [run], value: number}
  floor.sample: {layer: ui, screens: [run], value: number}
  steady.sample: {layer: ui, screens: [run], value: number}
screens:
  run:
    table:
      pace.sample: {band: pace}
      floor.sample: {band: floor}
      steady.sample: {band: steady}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for v in [0, 2.4999, 2.5, 3, 19.99, 20, 20.0001, -1, 1e300]:
    PLAUSIBLE.case(
        f"pace-first-{fmt(v)}",
        f"plausible 2.5..20 (ends included): a first sample of {fmt(v)} is a baseline when plausible,"
        " else implausible with no band (before any baseline); the next plausible sample is then the baseline",
        [enter("run"), ev(1, "pace.sample", value=v), ev(2, "pace.sample", value=6)],
    )
    PLAUSIBLE.case(
        f"pace-after-baseline-{fmt(v)}",
        f"after a baseline at 6 (slow), a sample of {fmt(v)}: an implausible one keeps the level"
        " (band from and to are both the level that counts) and the next sample is judged against it",
        [enter("run"), ev(1, "pace.sample", value=6), ev(2, "pace.sample", value=v), ev(3, "pace.sample", value=4)],
    )
for v in [-0.001, 0, 1e308]:
    PLAUSIBLE.case(
        f"floor-{fmt(v)}",
        f"plausible with only min 0: {fmt(v)} after a baseline of 10",
        [enter("run"), ev(1, "floor.sample", value=10), ev(2, "floor.sample", value=v)],
    )
PLAUSIBLE.case(
    "implausible-keeps-dwell",
    "an implausible sample during a dwell does not touch the dwell under way: the level counts"
    " at 2 s as if the glitch had not come",
    [enter("run"), ev(1, "steady.sample", value=10), ev(2, "steady.sample", value=60), ev(3, "steady.sample", value=500), ev(4, "steady.sample", value=60), ev(5, "steady.sample", value=60)],
)

# --- run-time parameters -----------------------------------------------------------------

PARAMETERS = Feature(
    "parameters",
    {
        "policy.yaml": """\
policy: parameters
version: 1
description: a run-time parameter read by band edges and by row conditions
feedback:
  high: {layer: ui, preset: notification.warning}
  strong: {layer: ui, preset: impact.heavy}
  soft: {layer: ui, preset: impact.soft}
parameters:
  max_hr: {set-by: profile.set, min: 120, max: 220, default: 190, unit: bpm}
  rest_hr: {set-by: rest.set, min: 40, max: 80, default: 60}
bands:
  heart:
    unit: bpm
    hysteresis: 2
    levels:
      - {name: easy, below: rest_hr + 0.5 * (max_hr - rest_hr), silent: an easy effort}
      - {name: hard, below: 0.9 * max_hr, silent: hard work the runner chose}
      - {name: top, play: high}
events:
  heart.rate: {layer: ui, screens: [workout], value: number}
  lap.completed: {layer: ui, screens: [workout]}
screens:
  workout:
    table:
      heart.rate: {band: heart}
      lap.completed:
        - {when: {max_hr: {at-least: 200}}, play: strong}
        - {when: {max_hr: {below: 200}}, play: soft}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for value in [120, 150, 199.5, 200, 220, 119.99, 220.01, "190", None, True]:
    events = [enter("workout"), ev(1, "lap.completed")]
    if value is None:
        events.append(ev(2, "profile.set"))
    else:
        events.append(ev(2, "profile.set", value=value))
    events += [ev(3, "lap.completed"), ev(4, "heart.rate", value=150), ev(5, "heart.rate", value=175), ev(6, "heart.rate", value=185)]
    PARAMETERS.case(
        f"max-hr-{'missing' if value is None else str(value).lower()}",
        f"profile.set with value {json.dumps(value)}: inside 120..220 it is state (the note lists the"
        " new band edges) and moves the row condition and the edges; otherwise bad-state and"
        " max_hr keeps 190",
        events,
    )
for first, new, sample in [(150, 170, 150), (150, 220, 150), (175, 200, 175), (175, 170, 175), (130, 120, 100)]:
    PARAMETERS.case(
        f"edges-move-{first}-max-{new}-then-{sample}",
        f"a baseline at {first}, then max_hr set to {new}: nothing rings at the setting event; the"
        f" next sample ({sample}) is judged against the new edges, with hysteresis",
        [enter("workout"), ev(1, "heart.rate", value=first), ev(2, "profile.set", value=new), ev(3, "heart.rate", value=sample), ev(4, "heart.rate", value=sample + 1)],
    )
PARAMETERS.case(
    "two-parameters",
    "rest_hr and max_hr both move the 'easy' edge; each setting event cites its own parameter",
    [enter("workout"), ev(1, "heart.rate", value=100), ev(2, "rest.set", value=80), ev(3, "heart.rate", value=140), ev(4, "rest.set", value=40), ev(5, "heart.rate", value=140), ev(6, "rest.set", value=90)],
)
PARAMETERS.case(
    "setting-event-any-screen",
    "a setting event is applied before any screen and on a screen that does not decide it",
    [ev(0, "profile.set", value=210), enter("workout", 1), ev(2, "lap.completed"), ev(3, "profile.set", screen="elsewhere", value=130), ev(4, "lap.completed")],
)

# --- declared payloads -------------------------------------------------------------------

PAYLOADS = Feature(
    "payloads",
    {
        "policy.yaml": """\
policy: payloads
version: 1
description: events that declare their value and params
feedback:
  thud: {layer: ui, preset: impact.heavy}
  tick: {layer: ui, preset: selection}
  beat:
    layer: creature
    pattern:
      params:
        bpm: {default: 60, min: 20, max: 300}
      events:
        - {type: transient, time: 0}
      loop: 60 / bpm
    fallback: none
events:
  data.reset: {layer: ui, screens: [settings], value: {type: string, one-of: [confirmed, cancelled]}}
  volume.set: {layer: ui, screens: [settings], value: {type: number, min: 0, max: 10}}
  tip.shown: {layer: ui, screens: [settings], value: {type: bool, required: false}}
  level.sample: {layer: ui, screens: [settings], value: {type: number, min: 0, max: 100}}
  beat.start: {layer: creature, screens: [settings], params: {bpm: {type: number, min: 40, max: 200}}}
  beat.maybe: {layer: creature, screens: [settings], params: {bpm: {type: number, required: false}}}
  beat.stop: {layer: creature, screens: [settings]}
bands:
  level:
    hysteresis: 1
    plausible: {min: 0, max: 100}
    levels:
      - {name: low, below: 50, play: tick}
      - {name: high, play: thud}
screens:
  settings:
    enter: [prepare-engine]
    table:
      data.reset:
        - {when: {value: confirmed}, play: thud}
        - {when: {value: cancelled}, silent: the user kept their data}
      volume.set:
        - {when: {value: {at-least: 10}}, play: thud}
        - {when: {value: {below: 10}}, play: tick}
      tip.shown: {silent: a tip is read and not felt}
      level.sample: {band: level}
      beat.start: {play: beat}
      beat.maybe: {play: beat}
      beat.stop: {stop: beat}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
PAYLOAD_GRID = {
    "data.reset": ["confirmed", "cancelled", "reset", "", 1, True, None, "MISSING"],
    "volume.set": [0, 5, 9.999, 10, 10.0001, -0.0001, "5", False, None, "MISSING"],
    "tip.shown": [True, False, "true", 0, None, "MISSING"],
    "level.sample": [0, 100, 100.5, -1, "x", "MISSING"],
}
for event, values in PAYLOAD_GRID.items():
    for value in values:
        fields = {} if value == "MISSING" else {"value": value}
        PAYLOADS.case(
            f"{event}-{label(value)}",
            f"{event} declares its value; sent {('without a value' if value == 'MISSING' else 'with ' + json.dumps(value))}:"
            " a good value reaches the rows, a wrong one is bad-value citing events/<name> with a note naming the declaration",
            [enter("settings"), ev(1, event, **fields), ev(2, event, value=50) if event == "level.sample" else ev(2, "tip.shown")],
        )
for tag, params in [
    ("none", None),
    ("bpm-100", {"bpm": 100}),
    ("bpm-40", {"bpm": 40}),
    ("bpm-39", {"bpm": 39}),
    ("bpm-250", {"bpm": 250}),
    ("bpm-text", {"bpm": "100"}),
    ("extra", {"bpm": 100, "swing": 1}),
    ("empty", {}),
    ("null", "NULL"),
]:
    for event in ("beat.start", "beat.maybe"):
        fields = {}
        if params == "NULL":
            fields["params"] = None
        elif params is not None:
            fields["params"] = params
        PAYLOADS.case(
            f"{event}-params-{tag}",
            f"{event} declares params bpm ({'required, 40..200' if event == 'beat.start' else 'optional, any number'});"
            f" sent params {json.dumps(params if params != 'NULL' else None)}: checked against the declaration"
            " (bad-value) before the template's own range (bad-params)",
            [enter("settings"), ev(1, event, **fields), ev(2, "beat.stop")],
        )

# --- event data beyond the value (language v3, feature B) ---------------------------------

EVENTDATA = Feature(
    "eventdata",
    {
        "policy.yaml": """\
policy: eventdata
version: 1
description: events that carry data besides their value; band rows and levels giving template parameters
feedback:
  turn.cue:
    layer: ui
    pattern:
      params:
        side: {default: 0, min: -1, max: 1}
        urgency: {default: 1, min: 1, max: 3}
      events:
        - {type: transient, time: 0, intensity: urgency / 3, sharpness: 0.5}
        - {type: transient, time: 0.2 + 0.1 * side, intensity: 0.5}
    fallback: impact.medium
  lane.tick: {layer: ui, preset: selection}
  lane.many: {layer: ui, preset: impact.light}
  arrived: {layer: ui, preset: notification.success}
events:
  turn.distance:
    layer: ui
    screens: [ride]
    value: {type: number, min: 0, max: 5000}
    data:
      direction: {type: string, one-of: [left, right, straight, u-turn]}
  lane.change:
    layer: ui
    screens: [ride]
    data:
      lanes: {type: number, min: 1, max: 8}
      merging: {type: bool, required: false}
  ride.arrived: {layer: ui, screens: [ride]}
bands:
  turn.distance:
    hysteresis: 0
    plausible: {min: 0, max: 5000}
    levels:
      - {name: now, below: 30, play: turn.cue, with: {urgency: 3}}
      - {name: close, below: 100, play: turn.cue, with: {urgency: 2}}
      - {name: near, below: 300, play: turn.cue}
      - {name: far, silent: too far to cue}
screens:
  ride:
    enter: [prepare-engine]
    table:
      turn.distance:
        - {when: {data: {direction: {in: [left, u-turn]}}}, band: turn.distance, with: {side: -1}}
        - {when: {data: {direction: right}}, band: turn.distance, with: {side: 1}}
        - {band: turn.distance}
      lane.change:
        - {when: {data: {merging: true}}, play: lane.many}
        - {when: {data: {lanes: {at-least: 3}}}, play: lane.many}
        - {play: lane.tick}
      ride.arrived: {play: arrived}
budgets:
  - {id: B-1, each: screen, max: 20, per: 10}
""",
    },
)


def turn(t, distance, direction=None, **fields):
    if direction is not None:
        fields["data"] = {"direction": direction}
    return ev(t, "turn.distance", value=distance, **fields)


EVENTDATA.case(
    "approach-left",
    "a left turn approached: far (baseline), near, close, now; the data row `in: [left, u-turn]` gives side -1, each"
    " level its urgency (near none: the template's default 1), merged into the played params",
    [enter("ride"), turn(1, 400, "left"), turn(2, 250, "left"), turn(3, 90, "left"), turn(4, 20, "left")],
)
EVENTDATA.case(
    "approach-right",
    "a right turn: the literal row `direction: right` gives side 1 on top of each level's urgency",
    [enter("ride"), turn(1, 400, "right"), turn(2, 90, "right"), turn(3, 20, "right")],
)
EVENTDATA.case(
    "approach-straight",
    "straight on matches neither data row: the catch-all band row gives no side (the template's default 0)",
    [enter("ride"), turn(1, 400, "straight"), turn(2, 250, "straight"), turn(3, 20, "straight")],
)
EVENTDATA.case(
    "direction-changes-row",
    "rows are chosen per event by its data while the band's level is kept per signal: u-turn then right then left",
    [enter("ride"), turn(1, 400, "u-turn"), turn(2, 250, "u-turn"), turn(3, 90, "right"), turn(4, 20, "left")],
)
for tag, data, note in [
    ("not-one-of", {"direction": "up"}, "a string outside `one-of`"),
    ("missing", None, "no data at all, though `direction` is required"),
    ("empty", {}, "an empty `data` object, though `direction` is required"),
    ("null", "NULL", "`data: null`, the same as no data"),
    ("field-null", {"direction": None}, "the field given as null (no value)"),
    ("field-array", {"direction": ["left"]}, "the field given as an array (no value)"),
    ("wrong-kind", {"direction": 1}, "a number for a string field"),
    ("undeclared", {"direction": "left", "lane": 2}, "a field `data:` does not declare"),
]:
    fields = {}
    if data == "NULL":
        fields["data"] = None
    elif data is not None:
        fields["data"] = data
    EVENTDATA.case(
        f"bad-value-{tag}",
        f"turn.distance with {note}: silent bad-value citing events/turn.distance before any row, the band untouched"
        " (the next good sample is still a baseline)",
        [enter("ride"), ev(1, "turn.distance", value=90, **fields), turn(2, 90, "left")],
    )
for tag, data, note in [
    ("lanes-2", {"lanes": 2}, "lanes 2: neither the merging nor the `at-least: 3` row, the catch-all plays"),
    ("lanes-3", {"lanes": 3}, "lanes 3: the range row (`at-least` is inclusive)"),
    ("merging", {"lanes": 1, "merging": True}, "merging true: the bool row wins first"),
    ("merging-false", {"lanes": 4, "merging": False}, "merging false: skips the bool row, the range row"),
    ("lanes-0", {"lanes": 0}, "lanes 0, below the declared min 1: bad-value"),
    ("lanes-text", {"lanes": "3"}, "lanes as a string: bad-value"),
    ("merging-text", {"lanes": 2, "merging": "yes"}, "merging as a string: bad-value"),
]:
    EVENTDATA.case(
        f"lane-{tag}",
        f"lane.change with {note}",
        [enter("ride"), ev(1, "lane.change", data=data)],
    )
EVENTDATA.case(
    "undeclared-data-ignored",
    "ride.arrived declares no data: a `data` object on its line is not checked and no row reads it, so it plays"
    " (a v2 event decides as before)",
    [enter("ride"), ev(1, "ride.arrived", data={"anything": [1, {"a": None}], "x": "y"})],
)
EVENTDATA.case(
    "log-lines",
    "`data` is read as strictly as `params`: not an object is bad-field, a field written twice and `data` written"
    " twice are duplicate-field, a nested value is no value (bad-value), escapes in names are decoded",
    [
        enter("ride"),
        '{"t":1,"event":"lane.change","data":[1,2]}',
        '{"t":2,"event":"lane.change","data":{"lanes":2,"lanes":3}}',
        '{"t":3,"event":"lane.change","data":{"lanes":2},"data":{"lanes":3}}',
        '{"t":4,"event":"lane.change","data":{"lanes":{"n":[2]}}}',
        '{"t":5,"event":"lane.change","data":{"lan\\u0065s":4}}',
        '{"t":6,"event":"lane.change","data":"lanes"}',
        '{"t":7,"event":"lane.change","data":{"lanes":2,}}',
        '{"t":8,"event":"lane.change","data":{"lanes" 2}}',
        '{"t":9,"event":"lane.change","data":{"lanes":3',
    ],
)

# --- conditions --------------------------------------------------------------------------

CONDITIONS = Feature(
    "conditions",
    {
        "policy.yaml": """\
policy: conditions
version: 1
description: rows that test value ranges, sets, subject and speaks
feedback:
  fast: {layer: ui, preset: impact.rigid}
  steady: {layer: ui, preset: impact.medium}
  trail: {layer: ui, preset: impact.soft}
  mine: {layer: ui, preset: impact.light}
  talk: {layer: ui, preset: selection}
events:
  split.pace: {layer: ui, screens: [workout], value: number}
  route.kind: {layer: ui, screens: [workout], value: string}
  note.shown: {layer: ui, screens: [workout]}
  flag.set: {layer: ui, screens: [workout], value: bool}
screens:
  workout:
    table:
      split.pace:
        - {when: {value: {below: 4.25}}, play: fast}
        - {when: {value: {at-least: 4.25, at-most: 6}}, play: steady, note: an ordinary split}
        - {when: {value: {above: 6}}, silent: a slow split is no news}
        - {silent: no pace was given}
      route.kind:
        - {when: {value: {in: [trail, track]}}, play: trail}
        - {when: {value: road}, silent: roads are the default}
        - {silent: an unknown route}
      note.shown:
        - {when: {subject: me, speaks: true}, play: mine}
        - {when: {speaks: true}, play: talk}
        - {when: {subject: me}, silent: "my note, not spoken"}
        - {silent: nobody speaks}
      flag.set:
        - {when: {value: true}, play: mine}
        - {silent: the flag is off or missing}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for v in [0, 4.2499, 4.25, 5, 6, 6.0001, 100, "5", True, None, "MISSING"]:
    fields = {} if v == "MISSING" else {"value": v}
    CONDITIONS.case(
        f"pace-{label(v)}",
        f"split.pace rows below 4.25 / at-least 4.25 at-most 6 / above 6 / catch-all, sent"
        f" {'no value' if v == 'MISSING' else json.dumps(v)}: the first matching row decides (#n in the rule);"
        " a range never matches text, a boolean or a missing value",
        [enter("workout"), ev(1, "split.pace", **fields)],
    )
for v in ["trail", "track", "road", "Trail", "", 1, "MISSING"]:
    fields = {} if v == "MISSING" else {"value": v}
    CONDITIONS.case(
        f"route-{label(v)}",
        f"route.kind rows in [trail, track] / road / catch-all, sent {json.dumps(v) if v != 'MISSING' else 'no value'}: compared exactly",
        [enter("workout"), ev(1, "route.kind", **fields)],
    )
for subject in ["me", "you", None, "MISSING"]:
    for speaks in [True, False, "MISSING"]:
        fields = {}
        if subject != "MISSING":
            fields["subject"] = subject
        if speaks != "MISSING":
            fields["speaks"] = speaks
        CONDITIONS.case(
            f"note-subject-{label(subject)}-speaks-{label(speaks)}",
            f"note.shown with subject {json.dumps(subject) if subject != 'MISSING' else 'absent'} and speaks"
            f" {json.dumps(speaks) if speaks != 'MISSING' else 'absent (false)'}: every field of when must match",
            [enter("workout"), ev(1, "note.shown", **fields)],
        )
for v in [True, False, "true", 1, "MISSING"]:
    fields = {} if v == "MISSING" else {"value": v}
    CONDITIONS.case(
        f"flag-{label(v)}",
        "a boolean condition matches only the boolean true, not the text or the number",
        [enter("workout"), ev(1, "flag.set", **fields)],
    )

# --- names: equal when their code points are ---------------------------------------------

NFC, NFD = "caf\u00e9", "cafe\u0301"
NAMES = Feature(
    "names",
    {
        "policy.yaml": f"""\
policy: names
version: 1
description: names that read alike are equal only when their code points are
feedback:
  nfc: {{layer: ui, preset: impact.light}}
  nfd: {{layer: ui, preset: impact.heavy}}
  mine: {{layer: ui, preset: selection}}
events:
  {NFC}.tap: {{layer: ui, screens: [{NFC}]}}
  {NFD}.tap: {{layer: ui, screens: [{NFC}]}}
  order.kind: {{layer: ui, screens: [{NFC}], value: string}}
  note.shown: {{layer: ui, screens: [{NFC}]}}
screens:
  {NFC}:
    table:
      {NFC}.tap: {{play: nfc}}
      {NFD}.tap: {{play: nfd}}
      order.kind:
        - {{when: {{value: {{in: [{NFC}, latte]}}}}, play: nfc}}
        - {{silent: another order}}
      note.shown:
        - {{when: {{subject: {NFC}}}, play: mine}}
        - {{silent: not the café's note}}
budgets:
  - {{id: B-1, each: screen, max: 50, per: 1}}
""",
    },
)
NAMES_SEQUENCES = {
    "two-spellings-two-events": (
        "an event declared precomposed (U+00E9) and one declared with a combining accent (e U+0301) are two events, each"
        " deciding its own cell; a spelling with other code points is neither",
        [enter(NFC), ev(1, NFC + ".tap"), ev(2, NFD + ".tap"), ev(3, "CAF\u00c9.tap")],
    ),
    "screen-by-code-points": (
        "a screen is entered only by its exact code points: the decomposed spelling is unknown-screen",
        [enter(NFD), ev(1, NFC + ".tap"), enter(NFC, 2), ev(3, NFC + ".tap"), ev(4, NFD + ".tap", screen=NFD)],
    ),
    "value-by-code-points": (
        "a string value matches an in: list only with the same code points",
        [enter(NFC), ev(1, "order.kind", value=NFC), ev(2, "order.kind", value=NFD), ev(3, "order.kind", value="latte")],
    ),
    "look-alikes-are-other-names": (
        "spellings that look alike are other names: a Cyrillic a (U+0430), a full-width c (U+FF43), a zero-width"
        " space after the name, and the name in NFKC-equivalent compatibility form",
        [enter(NFC), ev(1, "c\u0430f\u00e9.tap"), ev(2, "\uff43af\u00e9.tap"), ev(3, NFC + ".tap\u200b"),
         ev(4, "caf\u00e9\uff0etap"), ev(5, NFC + ".tap")],
    ),
    "subject-by-code-points": (
        "a row's subject: matches only a subject with the same code points; the other spelling is another subject",
        [enter(NFC), ev(1, "note.shown", subject=NFC), ev(2, "note.shown", subject=NFD)],
    ),
}
for name, (note, events) in NAMES_SEQUENCES.items():
    NAMES.case(name, note, events)

# --- user levels -------------------------------------------------------------------------

LEVELS = Feature(
    "user-levels",
    {
        "policy.yaml": """\
policy: levels
version: 1
layers:
  ui: {}
  coach: {}
feedback:
  tap: {layer: ui, preset: impact.light}
  lap: {layer: coach, preset: impact.medium}
  goal: {layer: coach, preset: notification.success}
  zone.faster: {layer: coach, preset: impact.heavy}
  zone.slower: {layer: coach, preset: impact.soft}
  cadence:
    layer: coach
    pattern:
      params:
        bpm: {default: 160, min: 100, max: 200}
      events:
        - {type: transient, time: 0}
      loop: 60 / bpm
    fallback: impact.light
bands:
  pace:
    hysteresis: 0.1
    levels:
      - {name: fast, below: 5, play: zone.faster}
      - {name: tempo, below: 6, play: zone.slower}
      - {name: easy, play: zone.slower}
events:
  button.tap: {layer: ui, screens: all}
  lap.completed: {layer: coach, screens: [workout]}
  goal.reached: {layer: coach, screens: [workout]}
  pace.sample: {layer: coach, screens: [workout], value: number}
  cadence.start: {layer: coach, screens: [workout]}
  cadence.stop: {layer: coach, screens: [workout]}
everywhere:
  button.tap: {play: tap}
screens:
  workout:
    enter: [prepare-engine]
    table:
      lap.completed: {play: lap}
      goal.reached: {play: goal}
      pace.sample: {band: pace}
      cadence.start: {play: cadence}
      cadence.stop: {stop: cadence}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
user-levels:
  set-by: haptics.level
  start: full
  levels:
    full: {keeps: all}
    essentials:
      keeps: {feedback: [zone.faster, zone.slower, goal]}
      note: the app's "essentials only" setting
    coaching: {keeps: {layers: [coach]}}
    laps: {keeps: {rows: [workout/lap.completed, workout/pace.sample@fast]}}
    bands: {keeps: {rows: [workout/pace.sample]}}
    off: {keeps: none}
"""
    },
)
LEVEL_NAMES = ["full", "essentials", "coaching", "laps", "bands", "off"]
for level in LEVEL_NAMES + ["unknown", "Full", 3, None, "MISSING"]:
    fields = {} if level == "MISSING" else {"value": level}
    LEVELS.case(
        f"level-{label(level) if not isinstance(level, str) or level not in LEVEL_NAMES else level}-plays",
        f"haptics.level {json.dumps(level) if level != 'MISSING' else 'without a value'}, then a tap, a lap, the goal and band"
        " changes: what the level keeps plays, the rest is silent user-level citing user-levels/<level>"
        " (the decision still names the feedback); an unknown level is bad-state and the level stays",
        [
            enter("workout"),
            ev(1, "haptics.level", **fields),
            ev(2, "button.tap"),
            ev(3, "lap.completed"),
            ev(4, "goal.reached"),
            ev(5, "pace.sample", value=5.5),
            ev(6, "pace.sample", value=4.5),
            ev(7, "pace.sample", value=6.5),
        ],
    )
for level in LEVEL_NAMES:
    LEVELS.case(
        f"level-{level}-loop",
        f"a cadence loop running when the level becomes '{level}': a level that does not keep it stops it"
        " (the setting decision carries stop-loop); a silenced loop does not start; stops are never silenced",
        [enter("workout"), ev(1, "cadence.start"), ev(2, "haptics.level", value=level), ev(3, "cadence.start"), ev(4, "cadence.stop"), ev(5, "haptics.level", value="full"), ev(6, "cadence.stop")],
    )
LEVELS.case(
    "band-moves-while-silenced",
    "a band level moves while the user level silences it, so switching back never rings a stale change",
    [enter("workout"), ev(1, "pace.sample", value=5.5), ev(2, "haptics.level", value="off"), ev(3, "pace.sample", value=4.5), ev(4, "haptics.level", value="full"), ev(5, "pace.sample", value=4.5), ev(6, "pace.sample", value=5.5)],
)
LEVELS.case(
    "level-before-screen",
    "the setting event is applied before any screen is entered",
    [ev(0, "haptics.level", value="off"), enter("workout", 1), ev(2, "lap.completed")],
)

# --- enforced budgets --------------------------------------------------------------------

BUDGETS = Feature(
    "budgets",
    {
        "policy.yaml": """\
policy: budgets
version: 1
feedback:
  tap: {layer: ui, preset: impact.light}
  chime: {layer: creature, preset: impact.soft}
events:
  shutter: {layer: ui, screens: [camera, album]}
  button.tap: {layer: ui, screens: [camera, album]}
  chirp: {layer: creature, screens: [camera, album]}
  swipe: {layer: ui, screens: [album]}
screens:
  camera:
    table:
      shutter: {play: tap}
      button.tap: {play: tap}
      chirp: {play: chime}
  album:
    table:
      shutter: {play: tap}
      button.tap: {play: tap}
      chirp: {play: chime}
      swipe: {play: tap}
budgets:
  - id: B-1
    each: screen
    max: 3
    per: 10
    enforce: true
    except:
      button.tap: a tap answers the finger that made it
  - {id: B-2, layer: creature, max: 2, per: 5, enforce: true}
  - {id: B-3, screen: album, max: 1, per: 2, enforce: true, except: {shutter: counted by B-1 only}}
  - {id: B-4, each: screen, max: 1, per: 1}
"""
    },
)
# Decimal times (Docs/decision-order.md, "Times"): the policy of the defect report.
BUDGETS.policies["decimal.yaml"] = """\
policy: budgets-decimal
version: 1
feedback:
  tap: {layer: ui, preset: impact.light}
events:
  hit: {layer: ui, screens: [s]}
screens:
  s:
    table:
      hit: {play: tap}
budgets:
  - {id: R-1, event: hit, max: 1, per: 1, enforce: true}
"""
for count in [3, 4, 6]:
    for gap in [0.5, 1, 3.4, 5]:
        BUDGETS.case(
            f"shutters-{count}-every-{fmt(gap)}s",
            f"{count} shutters {fmt(gap)} s apart on camera under B-1 (each screen, 3 per 10 s, enforced):"
            " a ring that would go over is silent over-budget citing B-1 and is not counted; the window is (t - 10, t]",
            [enter("camera")] + [ev(round(1 + i * gap, 3), "shutter") for i in range(count)],
        )
BUDGETS.case(
    "window-edge",
    "rings at 1, 2, 3: at 11 the ring at 1 has left the window (t - 10, t] and plays; at 10.999 it has not",
    [enter("camera"), ev(1, "shutter"), ev(2, "shutter"), ev(3, "shutter"), ev(10.999, "shutter"), ev(11, "shutter"), ev(11.5, "shutter")],
)
BUDGETS.case(
    "window-edge-decimal",
    "1 ring per 1 s: hits at 1.05 and 2.05 both play: a ring exactly `per` earlier as the decimals read is out of"
    " the window (t - per, t] (2.05 - 1.05 is a hair under 1 in binary; Docs/decision-order.md, Times); at 3 the"
    " ring at 2.05 still counts (over-budget), at 4 the hit plays, and at 4.999 the ring at 4 still counts",
    [enter("s"), ev(1.05, "hit"), ev(2.05, "hit"), ev(3, "hit"), ev(4, "hit"), ev(4.999, "hit")],
    policy="decimal.yaml",
)
BUDGETS.case(
    "physics-step-50hz",
    "1 ring per 1 s under a 50 Hz physics step (every 0.02 s from 1.01): a hit plays exactly every second"
    " (1.01, 2.01, 3.01), never a step late",
    [enter("s")] + [ev(round(1.01 + i * 0.02, 2), "hit") for i in range(101)],
    policy="decimal.yaml",
)
BUDGETS.case(
    "excepted-event-never-silenced",
    "button.tap is excepted from B-1: it is never silenced by it and does not count toward it",
    [enter("camera")] + [ev(1 + i * 0.1, "button.tap") for i in range(6)] + [ev(2, "shutter"), ev(2.1, "shutter"), ev(2.2, "shutter"), ev(2.3, "shutter")],
)
BUDGETS.case(
    "each-screen-apart",
    "each: screen counts every screen apart",
    [enter("camera"), ev(1, "shutter"), ev(1.1, "shutter"), ev(1.2, "shutter"), enter("album", 1.3), ev(1.4, "shutter"), ev(3.5, "shutter"), ev(5.6, "shutter"), ev(5.7, "shutter")],
)
BUDGETS.case(
    "layer-budget",
    "B-2 counts the creature layer on every screen: the third chirp within 5 s is over-budget",
    [enter("camera"), ev(1, "chirp"), ev(2, "chirp"), enter("album", 2.5), ev(3, "chirp"), ev(6.5, "chirp")],
)
BUDGETS.case(
    "one-screen-budget",
    "B-3 counts album only, at most 1 ring per 2 s, shutters excepted from it",
    [enter("album"), ev(1, "swipe"), ev(1.5, "swipe"), ev(1.6, "shutter"), ev(3.1, "swipe"), ev(3.2, "chirp")],
)
BUDGETS.case(
    "silenced-ring-not-counted",
    "a ring silenced over-budget is not counted: after the window moves on only the rings felt count",
    [enter("camera"), ev(1, "shutter"), ev(2, "shutter"), ev(3, "shutter"), ev(4, "shutter"), ev(5, "shutter"), ev(11.5, "shutter"), ev(12.5, "shutter"), ev(13.5, "shutter")],
)

# --- several actions, loops and retempo ---------------------------------------------------

SEVERAL = Feature(
    "several-actions",
    {
        "policy.yaml": """\
policy: several
version: 1
feedback:
  pause: {layer: ui, preset: impact.medium}
  resume: {layer: ui, preset: impact.light}
  cadence:
    layer: creature
    note: one step, looped at the runner's cadence
    pattern:
      params:
        bpm: {default: 160, min: 100, max: 200, unit: steps per minute}
      events:
        - {type: transient, time: 0, intensity: 1, sharpness: 0.5}
      loop: 60 / bpm
    fallback: impact.light
  drone:
    layer: creature
    pattern:
      events:
        - {type: continuous, time: 0, duration: 0.5}
      loop: 1
    fallback: none
events:
  workout.paused: {layer: ui, screens: [workout]}
  workout.resumed: {layer: ui, screens: [workout], value: number, note: the cadence to resume at}
  cadence.set: {layer: creature, screens: [workout], value: number}
  cadence.fixed: {layer: creature, screens: [workout]}
  drone.start: {layer: creature, screens: [workout]}
  all.stop: {layer: creature, screens: [workout]}
  drone.swap: {layer: creature, screens: [workout]}
screens:
  workout:
    enter: [prepare-engine]
    table:
      workout.paused: {stop: cadence, play: pause}
      workout.resumed: {play: resume, loop: cadence, with: {bpm: value}}
      cadence.set: {loop: cadence, with: {bpm: value}}
      cadence.fixed: {loop: cadence, with: {bpm: 120}}
      drone.start: {play: drone}
      all.stop: {stop: all}
      drone.swap: {stop: drone, loop: cadence}
  rest:
    table: {}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
SEQUENCES = {
    "pause-without-loop": ("a pause while no cadence runs: the stop in also is not-running, the pause plays", ["workout.paused"]),
    "set-then-pause": ("cadence.set 170 starts the loop (loop 60/170 s); the pause stops it (also: stop with stop-loop) and plays", ["cadence.set:170", "workout.paused"]),
    "set-retempo": ("cadence.set twice: the second replaces the running loop at the new tempo", ["cadence.set:170", "cadence.set:180", "workout.paused"]),
    "resume-value": ("workout.resumed 168 plays resume and starts the cadence at 168 (also: the loop)", ["workout.resumed:168", "workout.paused", "workout.paused"]),
    "resume-no-value": ("workout.resumed without a number: the loop cannot bind bpm (bad-params in also), the play still runs", ["workout.resumed", "workout.paused"]),
    "resume-out-of-range": ("workout.resumed 240: bpm above the template's maximum 200 is bad-params for the loop; the resume still plays", ["workout.resumed:240"]),
    "set-out-of-range": ("cadence.set 99 and 201 are bad-params; the running loop keeps its tempo", ["cadence.set:150", "cadence.set:99", "cadence.set:201", "workout.paused"]),
    "fixed-with": ("with: {bpm: 120} binds a number: loop 0.5 s", ["cadence.fixed", "all.stop"]),
    "stop-all": ("stop: all stops every running loop", ["drone.start", "cadence.set:150", "all.stop", "all.stop"]),
    "stop-and-loop": ("a row that stops one loop and starts another: the decision is the loop, the stop in also", ["drone.start", "drone.swap", "drone.swap"]),
    "play-loop-twice": ("a looping pattern played by play: starts the loop; playing it again restarts it", ["drone.start", "drone.start", "all.stop"]),
}
for name, (note, steps) in SEQUENCES.items():
    events = [enter("workout")]
    for i, step in enumerate(steps):
        event, _, value = step.partition(":")
        fields = {"value": float(value) if "." in value else int(value)} if value else {}
        events.append(ev(i + 1, event, **fields))
    SEVERAL.case(name, note, events)
for state in ["background", "rest-screen", "low-power", "no-haptics", "haptics-off"]:
    events = [enter("workout"), ev(1, "cadence.set", value=150)]
    if state == "background":
        events += [ev(2, "app.state", value="background"), ev(3, "workout.paused"), ev(4, "app.state", value="foreground"), ev(5, "cadence.set", value=150)]
    elif state == "rest-screen":
        events += [enter("rest", 2), enter("workout", 3), ev(4, "workout.paused")]
    elif state == "low-power":
        events += [ev(2, "device.lowPower", value=True), ev(3, "cadence.set", value=150), ev(4, "workout.paused"), ev(5, "drone.start")]
    elif state == "no-haptics":
        events += [ev(2, "device.supportsHaptics", value=False), ev(3, "cadence.set", value=150), ev(4, "workout.paused"), ev(5, "drone.start")]
    else:
        events += [ev(2, "device.hapticsEnabled", value=False), ev(3, "cadence.set", value=150), ev(4, "workout.paused"), ev(5, "device.hapticsEnabled", value=True), ev(6, "workout.paused")]
    SEVERAL.case(
        f"loop-under-{state}",
        f"a running cadence loop and {state.replace('-', ' ')}: background stops loops (stop-loop); a loop that cannot"
        " play renders its fallback or stays silent; what a later stop says",
        events,
    )

# --- templates and loops (metronome-like) -------------------------------------------------

LOOPS = Feature(
    "loops",
    {
        "policy.yaml": """\
policy: loops
version: 1
engine: {warmup: 0.1}
feedback:
  click:
    layer: creature
    pattern:
      params:
        bpm: {default: 60, min: 20, max: 300, unit: bpm}
        accent: {default: 1, min: 0.1, max: 1}
      events:
        - {type: transient, time: 0, intensity: accent, sharpness: 0.8}
      loop: 60 / bpm
    fallback: none
  breath:
    layer: creature
    pattern:
      params:
        inhale: {default: 4, min: 1, max: 10}
        exhale: {default: 6, min: 1, max: 20}
      events:
        - {type: continuous, time: 0, duration: inhale}
        - {type: continuous, time: inhale, duration: exhale}
      loop: inhale + exhale
    fallback:
      sequence:
        - {at: 0, play: impact.soft}
        - {at: inhale, play: impact.light}
  once:
    layer: creature
    pattern:
      params:
        gap: {default: 0.1, min: 0.05, max: 0.5}
      events:
        - {type: transient, time: 0}
        - {type: transient, time: gap}
    fallback: impact.medium
events:
  metronome.start: {layer: creature, screens: [metronome]}
  metronome.tempo: {layer: creature, screens: [metronome]}
  metronome.stop: {layer: creature, screens: [metronome]}
  breath.start: {layer: creature, screens: [metronome]}
  breath.stop: {layer: creature, screens: [metronome]}
  double.tap: {layer: creature, screens: [metronome]}
screens:
  metronome:
    enter: [prepare-engine]
    table:
      metronome.start: {play: click}
      metronome.tempo: {play: click, note: restarts the loop at the new tempo}
      metronome.stop: {stop: click}
      breath.start: {play: breath}
      breath.stop: {stop: breath}
      double.tap: {play: once}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for params in [None, {}, {"bpm": 120}, {"bpm": 20}, {"bpm": 300}, {"bpm": 19.9}, {"bpm": 301}, {"bpm": "120"}, {"bpm": 90, "accent": 0.5}, {"accent": 0}, {"tempo": 90}, {"bpm": 0}, {"bpm": -60}]:
    fields = {} if params is None else {"params": params}
    part = "none" if params is None else ("empty" if not params else "-".join(f"{k}-{label(v)}" for k, v in params.items()))
    LOOPS.case(
        f"click-{part}",
        f"metronome.start with params {json.dumps(params)}: in range it plays with every declared parameter"
        " (defaults filled in, declaration order) and the loop period 60 / bpm; undeclared, not a number or"
        " out of min/max is bad-params naming the parameter",
        [enter("metronome"), ev(1, "metronome.start", **fields), ev(2, "metronome.stop")],
    )
for params in [None, {"inhale": 4, "exhale": 8}, {"inhale": 10, "exhale": 20}, {"inhale": 0.5}]:
    fields = {} if params is None else {"params": params}
    part = "none" if params is None else "-".join(f"{k}-{label(v)}" for k, v in params.items())
    for device in [None, device_of(supports=False)]:
        LOOPS.case(
            f"breath-{part}{'-no-core-haptics' if device else ''}",
            f"breath.start with params {json.dumps(params)}{' without Core Haptics' if device else ''}: loop inhale + exhale;"
            " the fallback sequence is timed with the params (sequence:breath) and does not loop",
            [enter("metronome"), ev(1, "breath.start", **fields), ev(2, "breath.stop")],
            device=device,
        )
for tempos in [[60, 90, 120], [300, 20], [120, 120]]:
    events = [enter("metronome"), ev(1, "metronome.start", params={"bpm": tempos[0]})]
    for i, bpm in enumerate(tempos[1:]):
        events.append(ev(2 + i, "metronome.tempo", params={"bpm": bpm}))
    events += [ev(10, "metronome.stop"), ev(11, "metronome.stop")]
    LOOPS.case(
        "retempo-" + "-".join(map(str, tempos)),
        "retempo: playing the looping pattern again restarts it at the new period; stop ends it; a second stop is not-running",
        events,
    )
LOOPS.case(
    "stop-before-start",
    "a stop while no loop runs is silent not-running",
    [enter("metronome"), ev(1, "metronome.stop"), ev(2, "breath.stop")],
)
LOOPS.case(
    "two-loops",
    "two loops run at once; each stop stops its own",
    [enter("metronome"), ev(1, "metronome.start"), ev(2, "breath.start"), ev(3, "metronome.stop"), ev(4, "breath.stop"), ev(5, "metronome.stop")],
)
for gap in [0.05, 0.3, 0.5, 0.51, 0.04]:
    LOOPS.case(
        f"once-gap-{fmt(gap)}",
        f"a template that does not loop: gap {fmt(gap)} in or out of 0.05..0.5; loop is null",
        [enter("metronome"), ev(1, "double.tap", params={"gap": gap}), ev(2, "double.tap")],
    )

# --- fallbacks per device state ------------------------------------------------------------

FALLBACKS = Feature(
    "fallbacks",
    {
        "policy.yaml": """\
policy: fallbacks
version: 1
engine: {warmup: 0.1}
feedback:
  snap: {layer: ui, preset: impact.rigid, intensity: 0.7}
  tap: {layer: ui, preset: impact.light}
  to.feedback:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
    fallback: snap
  to.preset:
    layer: creature
    pattern:
      events:
        - {type: continuous, time: 0, duration: 0.3}
    fallback: impact.soft
  to.sequence:
    layer: creature
    pattern:
      params:
        gap: {default: 0.2, min: 0.1, max: 1}
      events:
        - {type: transient, time: 0}
        - {type: transient, time: gap}
    fallback:
      sequence:
        - {at: 0, play: tap}
        - {at: gap, play: impact.heavy}
  to.none:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
    fallback: none
  no.fallback:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
  plain: {layer: ui, preset: notification.warning}
events:
  e.feedback: {layer: creature, screens: [warm, cold]}
  e.preset: {layer: creature, screens: [warm, cold]}
  e.sequence: {layer: creature, screens: [warm, cold]}
  e.none: {layer: creature, screens: [warm, cold]}
  e.nofallback: {layer: creature, screens: [warm, cold]}
  e.plain: {layer: ui, screens: [warm, cold]}
screens:
  warm:
    enter: [prepare-engine]
    table: &table
      e.feedback: {play: to.feedback}
      e.preset: {play: to.preset}
      e.sequence: {play: to.sequence}
      e.none: {play: to.none}
      e.nofallback: {play: no.fallback}
      e.plain: {play: plain}
  cold:
    table: *table
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
FALLBACK_EVENTS = ["e.feedback", "e.preset", "e.sequence", "e.none", "e.nofallback", "e.plain"]
for supports in (True, False):
    for low_power in (False, True):
        for enabled in (True, False):
            for screen in ("warm", "cold"):
                device = device_of(supports, low_power, enabled)
                part = f"{'ch' if supports else 'noch'}-{'lp' if low_power else 'nolp'}-{'on' if enabled else 'off'}-{screen}"
                FALLBACKS.case(
                    part,
                    f"--device supports-haptics={str(supports).lower()},low-power={str(low_power).lower()},"
                    f"haptics-enabled={str(enabled).lower()} on a {screen} screen: every kind of fallback"
                    " (a preset feedback, a preset, a sequence, none, none declared) and a plain preset;"
                    " the reason says why the fallback rendered (engine-cold, no-core-haptics, low-power)",
                    [enter(screen)] + [ev(1 + i * 0.01, e) for i, e in enumerate(FALLBACK_EVENTS)],
                    device=device,
                )
for change, values in [("device.lowPower", [True, False]), ("device.supportsHaptics", [False, True]), ("device.hapticsEnabled", [False, True])]:
    events = [enter("warm"), ev(1, "e.feedback")]
    t = 2
    for value in values:
        events += [ev(t, change, value=value), ev(t + 0.5, "e.feedback"), ev(t + 0.6, "e.sequence"), ev(t + 0.7, "e.plain")]
        t += 1
    for bad in ["yes", 1, None]:
        events.append(ev(t, change, value=bad))
        t += 1
    events.append(ev(t, change))
    FALLBACKS.case(
        f"event-{change.split('.')[1]}",
        f"{change} changes the device during a session: what renders follows it; a value that is not a"
        " boolean (text, a number, null, missing) is bad-state and changes nothing",
        events,
    )

# --- warm-up -------------------------------------------------------------------------------

WARMUP = Feature(
    "warmup",
    {
        "policy.yaml": """\
policy: warmup
version: 1
engine: {warmup: 0.25}
feedback:
  pulse:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
    fallback: impact.light
events:
  ping: {layer: creature, screens: [warm, cold, late]}
  warm.up: {layer: creature, screens: [late]}
screens:
  warm:
    enter: [prepare-engine]
    table:
      ping: {play: pulse}
  cold:
    table:
      ping: {play: pulse}
  late:
    table:
      ping: {play: pulse}
      warm.up: {prepare: engine}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
""",
        "zero.yaml": """\
policy: warmup-zero
version: 1
engine: {warmup: 0}
feedback:
  pulse:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
    fallback: impact.light
events:
  ping: {layer: creature, screens: [warm]}
screens:
  warm:
    enter: [prepare-engine]
    table:
      ping: {play: pulse}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
""",
    },
)
for delay in [0, 0.1, 0.2499, 0.25, 0.2501, 1]:
    WARMUP.case(
        f"after-enter-{fmt(delay)}s",
        f"warmup 0.25 s: a pattern {fmt(delay)} s after screen.enter with prepare-engine renders its fallback"
        " (engine-cold) until the engine is ready",
        [enter("warm", 1), ev(round(1 + delay, 4), "ping")],
    )
    WARMUP.case(
        f"zero-after-enter-{fmt(delay)}s",
        f"warmup 0: a pattern {fmt(delay)} s after prepare-engine",
        [enter("warm", 1), ev(round(1 + delay, 4), "ping")],
        policy="zero.yaml",
    )
    WARMUP.case(
        f"after-foreground-{fmt(delay)}s",
        f"back from background the engine that had started restarts (restart-engine) and warms for 0.25 s again:"
        f" a pattern {fmt(delay)} s after foreground",
        [enter("warm"), ev(1, "ping"), ev(2, "app.state", value="background"), ev(3, "app.state", value="foreground"), ev(round(3 + delay, 4), "ping")],
    )
    WARMUP.case(
        f"prepare-row-{fmt(delay)}s",
        f"a prepare: engine row is directive-only (prepare-engine); a pattern {fmt(delay)} s after it",
        [enter("late"), ev(1, "ping"), ev(2, "warm.up"), ev(round(2 + delay, 4), "ping")],
    )
WARMUP.case(
    "ready-at-the-decimal",
    "warmup 0.25 s after screen.enter at 1.78: the engine is ready at 2.03 (1.78 + 0.25 is a hair over 2.03 in"
    " binary; Docs/decision-order.md, Times) and the pattern plays itself; at 2.029 it is engine-cold",
    [enter("warm", 1.78), ev(2.029, "ping"), ev(2.03, "ping")],
)
WARMUP.case(
    "cold-screen-never-warms",
    "a screen without prepare-engine leaves the engine cold: every pattern is engine-cold",
    [enter("cold"), ev(1, "ping"), ev(5, "ping")],
)
WARMUP.case(
    "warm-carries-across-screens",
    "once warm, the engine stays warm on a screen that does not prepare it",
    [enter("warm"), ev(1, "ping"), enter("cold", 2), ev(3, "ping")],
)
WARMUP.case(
    "foreground-never-started",
    "foreground restarts only an engine that had ever been started",
    [enter("cold"), ev(1, "app.state", value="background"), ev(2, "app.state", value="foreground"), ev(3, "ping")],
)

# --- ticker and gestures -------------------------------------------------------------------

TICKER = Feature(
    "ticker",
    {
        "policy.yaml": """\
policy: ticker
version: 1
feedback:
  tick: {layer: ui, preset: selection}
events:
  selector.begin: {layer: ui, screens: [camera, album]}
  selector.tick: {layer: ui, screens: [camera, album]}
  selector.end: {layer: ui, screens: [camera, album]}
screens:
  camera:
    table:
      selector.begin: {ticker: begin}
      selector.tick: {ticker: tick, play: tick}
      selector.end: {ticker: end}
  album:
    table:
      selector.begin: {ticker: begin}
      selector.tick: {ticker: tick, play: tick}
      selector.end: {ticker: end}
budgets:
  - id: B-1
    each: screen
    max: 3
    per: 10
    enforce: true
    except:
      selector.tick: the ticks are the control itself
"""
    },
)
TICKER_SEQUENCES = {
    "gesture": ["selector.begin", "selector.tick", "selector.tick", "selector.end"],
    "tick-outside": ["selector.tick"],
    "tick-after-end": ["selector.begin", "selector.tick", "selector.end", "selector.tick"],
    "end-without-begin": ["selector.end", "selector.tick"],
    "begin-twice": ["selector.begin", "selector.begin", "selector.tick", "selector.end"],
    "screen-releases": ["selector.begin", "selector.tick", "screen.enter:album", "selector.tick", "selector.begin", "selector.tick"],
    "same-screen-enter": ["selector.begin", "screen.enter:camera", "selector.tick"],
    "background-releases": ["selector.begin", "selector.tick", "app.state:background", "selector.tick", "app.state:foreground", "selector.tick"],
    "many-ticks": ["selector.begin"] + ["selector.tick"] * 12 + ["selector.end"],
}
for name, steps in TICKER_SEQUENCES.items():
    events = [enter("camera")]
    for i, step in enumerate(steps):
        event, _, value = step.partition(":")
        if event == "screen.enter":
            events.append(enter(value, round(1 + i * 0.1, 3)))
        elif value:
            events.append(ev(round(1 + i * 0.1, 3), event, value=value))
        else:
            events.append(ev(round(1 + i * 0.1, 3), event))
    TICKER.case(
        name,
        "ticker begin prepares the generator (prepare-ticker, directive-only), each tick plays and prepares"
        " again, end releases it (release-ticker); a tick outside a gesture plays with tick-outside-gesture;"
        " screen.enter and background release an open gesture",
        events,
    )

# --- tables: a screen-wide default, gesture state as a condition, stop: all --------------------

TABLES = Feature(
    "tables",
    {
        "policy.yaml": """\
policy: tables
version: 1
feedback:
  tick: {layer: ui, preset: selection}
  open: {layer: ui, preset: impact.light}
  drone:
    layer: creature
    pattern:
      events:
        - {type: continuous, time: 0, duration: 0.5}
      loop: 1
    fallback: none
events:
  picker.begin: {layer: ui, screens: [search]}
  picker.tick: {layer: ui, screens: [search]}
  picker.end: {layer: ui, screens: [search]}
  result.open: {layer: ui, screens: all}
  list.settle: {layer: ui, screens: all}
  button.tap: {layer: ui, screens: all}
  drone.start: {layer: creature, screens: [map]}
  map.reset: {layer: creature, screens: [map]}
everywhere:
  button.tap: {silent: taps answer on screen}
screens:
  search:
    otherwise: {silent: the search screen is quiet but for its picker, note: the default of the screen}
    table:
      picker.begin: {ticker: begin}
      picker.tick:
        - {when: {in-gesture: true}, ticker: tick, play: tick}
        - {silent: a tick outside a scroll is the list settling}
      picker.end:
        - {when: {in-gesture: false}, silent: no scroll to end}
        - {ticker: end}
  map:
    enter: [prepare-engine]
    table:
      result.open: {play: open}
      list.settle: {silent: no list on the map}
      drone.start: {play: drone}
      map.reset: {stop: all, play: open}
budgets:
  - {id: B-1, each: screen, max: 20, per: 10}
"""
    },
)
TABLES.case(
    "otherwise-decides",
    "otherwise: decides every event the screen's table and everywhere: leave out: silent, designer, its text,"
    " rule search/otherwise at its row, its note; everywhere: comes before it (button.tap); an event that"
    " cannot occur on the screen stays undeclared; another screen without otherwise: is not affected",
    [enter("search"), ev(1, "result.open"), ev(2, "list.settle"), ev(3, "button.tap"), ev(4, "drone.start"),
     enter("map", 5), ev(6, "list.settle"), ev(7, "result.open")],
)
TABLES.case(
    "in-gesture",
    "in-gesture: true matches only between ticker: begin and its end: the tick plays inside the gesture; before"
    " and after it the next row decides (no tick-outside-gesture); in-gesture: false decides an end without a gesture",
    [enter("search"), ev(1, "picker.tick"), ev(1.5, "picker.end"), ev(2, "picker.begin"), ev(2.1, "picker.tick"),
     ev(2.2, "picker.tick"), ev(2.3, "picker.end"), ev(2.4, "picker.tick")],
)
TABLES.case(
    "in-gesture-closed",
    "a screen.enter (even of the same screen) and background close the gesture, so in-gesture: true stops matching",
    [enter("search"), ev(1, "picker.begin"), ev(1.1, "picker.tick"), enter("search", 1.2), ev(1.3, "picker.tick"),
     ev(2, "picker.begin"), ev(2.1, "picker.tick"), ev(2.2, "app.state", value="background"),
     ev(2.3, "app.state", value="foreground"), ev(2.4, "picker.tick")],
)
TABLES.case(
    "stop-all-nothing-running",
    "stop: all beside a play stops whatever loops: while nothing loops it stopped nothing and the decision has no"
    " also entry (a defect fixed: it added not-running); once a loop runs the stop is in also with stop-loop",
    [enter("map"), ev(1, "map.reset"), ev(2, "drone.start"), ev(3, "map.reset"), ev(4, "map.reset")],
)

# --- hot reload ------------------------------------------------------------------------------

RELOAD_BASE = """\
policy: reload
version: 1
description: the policy a session starts under; the reload cases swap in edits of it
engine: {warmup: 0.1}
layers:
  ui: {}
  coach: {}
feedback:
  tap: {layer: ui, preset: impact.light}
  lap: {layer: coach, preset: impact.medium}
  tick: {layer: ui, preset: selection}
  calm: {layer: coach, preset: impact.soft}
  busy: {layer: coach, preset: impact.medium}
  rush: {layer: coach, preset: impact.heavy}
  high: {layer: coach, preset: notification.warning}
  cadence:
    layer: coach
    pattern:
      params:
        bpm: {default: 160, min: 100, max: 200}
      events:
        - {type: transient, time: 0}
      loop: 60 / bpm
    fallback: impact.light
parameters:
  max_hr: {set-by: profile.set, min: 120, max: 220, default: 190, unit: bpm}
bands:
  pace:
    hysteresis: 0.5
    dwell: 2
    levels:
      - {name: calm, below: 10, play: calm}
      - {name: busy, below: 20, play: busy}
      - {name: rush, play: rush}
  heart:
    hysteresis: 2
    levels:
      - {name: easy, below: 0.9 * max_hr, silent: below ninety percent}
      - {name: top, play: high}
events:
  button.tap: {layer: ui, screens: all}
  lap.completed: {layer: coach, screens: [workout]}
  pace.sample: {layer: coach, screens: [workout], value: number}
  heart.rate: {layer: coach, screens: [workout], value: number}
  cadence.start: {layer: coach, screens: [workout]}
  cadence.stop: {layer: coach, screens: [workout]}
  selector.begin: {layer: ui, screens: [workout, menu]}
  selector.tick: {layer: ui, screens: [workout, menu]}
  selector.end: {layer: ui, screens: [workout, menu]}
everywhere:
  button.tap: {play: tap}
screens:
  workout:
    enter: [prepare-engine]
    table:
      lap.completed: {play: lap}
      pace.sample: {band: pace}
      heart.rate: {band: heart}
      cadence.start: {play: cadence}
      cadence.stop: {stop: cadence}
      selector.begin: {ticker: begin}
      selector.tick: {ticker: tick, play: tick}
      selector.end: {ticker: end}
  menu:
    table:
      selector.begin: {ticker: begin}
      selector.tick: {ticker: tick, play: tick}
      selector.end: {ticker: end}
budgets:
  - id: B-1
    each: screen
    max: 3
    per: 10
    enforce: true
    except:
      button.tap: a tap answers the finger that made it
      selector.tick: the ticks are the control itself
      pace.sample: the bands report the run
      heart.rate: the bands report the run
      cadence.start: the cadence is asked for
user-levels:
  set-by: haptics.level
  start: full
  levels:
    full: {keeps: all}
    essentials: {keeps: {feedback: [calm, busy, rush, high]}}
    off: {keeps: none}
"""


def reload_variant(description: str, *edits: tuple[str, str]) -> str:
    """v1.yaml with another description and each (old, new) text edit made once."""
    text = RELOAD_BASE.replace(
        "description: the policy a session starts under; the reload cases swap in edits of it",
        "description: " + description,
    )
    for old, new in edits:
        if old not in text:
            raise SystemExit(f"reload variant {description!r}: {old!r} is not in v1.yaml")
        text = text.replace(old, new)
    return text


RELOAD = Feature(
    "reload",
    {
        "v1.yaml": RELOAD_BASE,
        "edited.yaml": reload_variant(
            "v1.yaml with laps silenced, every carried-over item still there",
            ("      lap.completed: {play: lap}\n", "      lap.completed: {silent: laps are quiet after the reload}\n"),
            ("  lap: {layer: coach, preset: impact.medium}\n", ""),
        ),
        "no-menu.yaml": reload_variant(
            "v1.yaml without the menu screen",
            ("""  menu:
    table:
      selector.begin: {ticker: begin}
      selector.tick: {ticker: tick, play: tick}
      selector.end: {ticker: end}
""", ""),
            ("screens: [workout, menu]", "screens: [workout]"),
        ),
        "no-loop.yaml": reload_variant(
            "v1.yaml with cadence no longer a loop", ("      loop: 60 / bpm\n", ""), ("{stop: cadence}", "{stop: all}")
        ),
        "no-busy.yaml": reload_variant(
            "v1.yaml with the pace level busy renamed steady",
            ("{name: busy, below: 20, play: busy}", "{name: steady, below: 20, play: busy}"),
        ),
        "no-lap.yaml": reload_variant(
            "v1.yaml without the lap feedback, its event and its row",
            ("  lap: {layer: coach, preset: impact.medium}\n", ""),
            ("      lap.completed: {play: lap}\n", ""),
            ("  lap.completed: {layer: coach, screens: [workout]}\n", ""),
        ),
        "budget-4.yaml": reload_variant(
            "v1.yaml with the budget B-1 at max 4, a changed budget counting afresh", ("    max: 3\n", "    max: 4\n")
        ),
        "budget-renamed.yaml": reload_variant("v1.yaml with the budget B-1 renamed B-2", ("  - id: B-1\n", "  - id: B-2\n")),
        "budget-off.yaml": reload_variant("v1.yaml with the budget B-1 no longer enforced", ("    enforce: true\n", "")),
        "no-essentials.yaml": reload_variant(
            "v1.yaml without the user level essentials",
            ("    essentials: {keeps: {feedback: [calm, busy, rush, high]}}\n", ""),
        ),
        "narrow-hr.yaml": reload_variant(
            "v1.yaml with max_hr limited to 120..180 (default 170)",
            ("min: 120, max: 220, default: 190", "min: 120, max: 180, default: 170"),
        ),
        "broken.yaml": reload_variant(
            "v1.yaml with a mistake (an undeclared feedback played), so it fails to load",
            ("      lap.completed: {play: lap}\n", "      lap.completed: {play: lapp}\n"),
        ),
    },
)


def reload_case(name, note, events, reload, device=None):
    RELOAD.case(name, note, events, policy="v1.yaml", reload=reload, device=device)


W = enter("workout")
reload_case("same-policy-every-line-screen", "reloading the same policy: the screen, engine (no engine-cold after it) and a band level carry over; nothing changes",
    [W, ev(1, "pace.sample", value=15), ev(4, "pace.sample", value=15), ev(5, "lap.completed"), ev(6, "pace.sample", value=25), ev(9, "pace.sample", value=25)],
    [(3, "v1.yaml"), (5, "v1.yaml")])
reload_case("new-rules-cited", "decisions from the reload line on cite the new policy's rules: the lap on line 3 plays, the one on line 4 is the edit's designer silence",
    [W, ev(1, "lap.completed"), ev(2, "lap.completed"), ev(3, "lap.completed")], [(4, "edited.yaml")])
reload_case("reload-on-line-1", "a reload before the first line: the whole log is decided under the new policy",
    [W, ev(1, "lap.completed")], [(1, "edited.yaml")])
reload_case("device-carries", "the device state set by device.* events carries over: haptics turned off before the reload still silence the tap decided after it (haptics-disabled), until turned on",
    [W, ev(1, "device.lowPower", value=True), ev(2, "lap.completed"), ev(3, "device.hapticsEnabled", value=False), ev(4, "button.tap"), ev(5, "button.tap"), ev(6, "device.hapticsEnabled", value=True), ev(7, "button.tap")],
    [(6, "edited.yaml")])
reload_case("initial-device-carries", "the session's initial device (--device, no haptics) carries over: the cadence after the reload still plays its fallback",
    [W, ev(1, "cadence.start"), ev(2, "cadence.stop"), ev(3, "cadence.start")], [(4, "edited.yaml")], device=device_of(supports=False))
reload_case("background-carries", "the app in the background stays there after the reload, then comes back",
    [W, ev(1, "app.state", value="background"), ev(2, "button.tap"), ev(3, "button.tap"), ev(4, "app.state", value="foreground"), ev(5, "button.tap")],
    [(3, "edited.yaml")])
reload_case("engine-cold-carries", "an engine still warming stays so: the warm-up counts from the same start across the reload (engine-cold before 0.1 s, then the pattern plays)",
    [W, ev(0.05, "cadence.start"), ev(0.06, "cadence.start"), ev(0.2, "cadence.start")], [(3, "edited.yaml")])
reload_case("no-screen-carries", "no screen entered before the reload: still none after it",
    [ev(0, "button.tap"), ev(1, "lap.completed"), enter("workout", 2), ev(3, "lap.completed")], [(2, "edited.yaml")])
reload_case("screen-removed", "the screen showing is gone from the new policy: it becomes an unknown screen of that name, and entering a known one again decides",
    [enter("menu"), ev(1, "selector.begin"), ev(2, "selector.tick"), ev(3, "selector.tick"), ev(4, "button.tap"), enter("workout", 5), ev(6, "selector.tick")], [(3, "no-menu.yaml")])
reload_case("subjects-carry", "band levels per subject carry over by subject name: each runner's level holds, and a new subject starts at baseline",
    [W, ev(1, "pace.sample", subject="ana", value=5), ev(1, "pace.sample", subject="bo", value=25), ev(4, "pace.sample", subject="ana", value=5), ev(4, "pace.sample", subject="bo", value=25),
     ev(5, "pace.sample", subject="ana", value=25), ev(5, "pace.sample", subject="cy", value=15)],
    [(4, "edited.yaml")])
reload_case("band-level-carries", "a band level carries over by name: the same level is same-band, not baseline",
    [W, ev(1, "pace.sample", value=15), ev(4, "pace.sample", value=15), ev(5, "pace.sample", value=15), ev(6, "pace.sample", value=25), ev(9, "pace.sample", value=25)],
    [(4, "edited.yaml")])
reload_case("band-level-removed", "the level the band was at is gone (busy renamed steady): the next sample is a new baseline",
    [W, ev(1, "pace.sample", value=15), ev(4, "pace.sample", value=15), ev(5, "pace.sample", value=15), ev(6, "pace.sample", value=5), ev(9, "pace.sample", value=5)],
    [(4, "no-busy.yaml")])
reload_case("mid-dwell", "a reload while a new level is still dwelling: the held level carries, and the dwell of the new level starts again",
    [W, ev(1, "pace.sample", value=5), ev(4, "pace.sample", value=5), ev(5, "pace.sample", value=15), ev(6, "pace.sample", value=15), ev(6.5, "pace.sample", value=15), ev(8, "pace.sample", value=15), ev(9, "pace.sample", value=15)],
    [(6, "edited.yaml")])
reload_case("mid-gesture", "a reload in the middle of a ticker gesture: the gesture stays open on a screen that still exists, ticks play, end releases",
    [W, ev(1, "selector.begin"), ev(1.1, "selector.tick"), ev(1.2, "selector.tick"), ev(1.3, "selector.end"), ev(1.4, "selector.tick")], [(4, "edited.yaml")])
reload_case("mid-gesture-screen-removed", "a reload mid-gesture to a policy without the screen: the gesture is not carried to the unknown screen",
    [enter("menu"), ev(1, "selector.begin"), ev(1.1, "selector.tick"), ev(1.2, "selector.tick"), ev(1.3, "selector.end")], [(4, "no-menu.yaml")])
reload_case("loop-carries", "a loop running at the reload keeps running: the stop after the reload stops it (stop-loop), a second stop finds nothing running",
    [W, ev(1, "cadence.start"), ev(2, "cadence.stop"), ev(3, "cadence.stop")], [(3, "edited.yaml")])
reload_case("loop-no-longer-loops", "a reload to a policy where the running feedback no longer loops: the loop is not carried, the stop finds nothing running",
    [W, ev(1, "cadence.start"), ev(2, "cadence.stop"), ev(3, "cadence.start")], [(3, "no-loop.yaml")])
reload_case("feedback-removed", "a reload to a policy without the lap feedback, its event and its row: the event is now unknown",
    [W, ev(1, "lap.completed"), ev(2, "lap.completed"), ev(3, "button.tap")], [(3, "no-lap.yaml")])
reload_case("budget-carries", "an enforced budget unchanged by the edit keeps its rings: the fourth lap in 10 s, after the reload, is over budget; the one at 12 s is back under",
    [W, ev(1, "button.tap"), ev(1, "lap.completed"), ev(2, "lap.completed"), ev(3, "lap.completed"), ev(4, "button.tap"), ev(5, "lap.completed"), ev(12, "lap.completed")],
    [(6, "v1.yaml")])
reload_case("budget-changed", "a budget whose max changed counts afresh from the reload",
    [W] + [ev(t, "lap.completed") for t in range(1, 9)], [(5, "budget-4.yaml")])
reload_case("budget-renamed", "a budget under a new id counts afresh from the reload",
    [W] + [ev(t, "lap.completed") for t in range(1, 8)], [(5, "budget-renamed.yaml")])
reload_case("budget-removed", "a budget no longer enforced silences nothing after the reload",
    [W] + [ev(t, "lap.completed") for t in range(1, 7)], [(6, "budget-off.yaml")])
reload_case("user-level-carries", "the user level carries over by name: essentials still silences the lap after the reload, off silences the tap",
    [W, ev(1, "haptics.level", value="essentials"), ev(2, "lap.completed"), ev(3, "lap.completed"), ev(4, "pace.sample", value=5), ev(5, "haptics.level", value="off"), ev(6, "button.tap")],
    [(4, "v1.yaml")])
reload_case("user-level-removed", "the user level is gone from the new policy: the session is back at the start level (full) and the lap plays",
    [W, ev(1, "haptics.level", value="essentials"), ev(2, "lap.completed"), ev(3, "lap.completed"), ev(4, "haptics.level", value="essentials")],
    [(4, "no-essentials.yaml")])
reload_case("user-level-stops-loop", "a loop running under the full level carries over; the level set after the reload (essentials, which does not keep it) stops it",
    [W, ev(1, "cadence.start"), ev(2, "lap.completed"), ev(3, "haptics.level", value="essentials"), ev(4, "cadence.stop")],
    [(3, "edited.yaml")])
reload_case("parameter-carries", "a parameter set before the reload keeps its value while in range: the heart edge stays at 0.9 * 200",
    [W, ev(1, "profile.set", value=200), ev(2, "heart.rate", value=175), ev(3, "heart.rate", value=176), ev(4, "heart.rate", value=182), ev(5, "heart.rate", value=170)],
    [(3, "edited.yaml")])
reload_case("parameter-out-of-range", "a parameter value out of the new range is dropped: max_hr goes to the new default 170, so the edge is 153",
    [W, ev(1, "profile.set", value=200), ev(2, "heart.rate", value=160), ev(3, "heart.rate", value=160), ev(4, "profile.set", value=200), ev(5, "heart.rate", value=150)],
    [(4, "narrow-hr.yaml")])
reload_case("parameter-in-narrower-range", "a parameter value still inside the narrowed range keeps it",
    [W, ev(1, "profile.set", value=150), ev(2, "heart.rate", value=130), ev(3, "heart.rate", value=140)],
    [(4, "narrow-hr.yaml")])
reload_case("refused-keeps-old", "a reload to a policy that fails to load is refused: the last good policy goes on deciding (the lap still plays)",
    [W, ev(1, "lap.completed"), ev(2, "lap.completed"), ev(3, "lap.completed")], [(3, "broken.yaml")])
reload_case("refused-then-good", "a refused reload, then a good one: the old policy decides until the good reload's line",
    [W, ev(1, "lap.completed"), ev(2, "lap.completed"), ev(3, "lap.completed"), ev(4, "lap.completed")], [(2, "broken.yaml"), (4, "edited.yaml")])
reload_case("several-reloads", "three reloads in one log: edit, back to v1, edit again; the session carries through each",
    [W, ev(1, "lap.completed"), ev(2, "pace.sample", value=15), ev(3, "lap.completed"), ev(4, "lap.completed"), ev(5, "pace.sample", value=15), ev(6, "lap.completed")],
    [(3, "edited.yaml"), (5, "v1.yaml"), (7, "edited.yaml")])
reload_case("reload-at-invalid-line", "a reload at a line that is invalid or blank applies before it all the same",
    [W, ev(1, "lap.completed"), "{not json", "", ev(2, "lap.completed")], [(3, "edited.yaml")])
reload_case("reload-past-end", "a reload line past the log's end is never applied",
    [W, ev(1, "lap.completed")], [(9, "edited.yaml")])


# --- speech gating -------------------------------------------------------------------------

SPEECH = Feature(
    "speech",
    {
        "policy.yaml": """\
policy: speech
version: 1
invariants:
  - id: H-4
    rule: creature-needs-speech
    says: the plant's feedback only accompanies the plant speaking
    except:
      plant.sample: every band change makes the plant speak
feedback:
  pulse:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
    fallback: impact.rigid
  hum: {layer: creature, preset: impact.soft}
  tap: {layer: ui, preset: impact.light}
bands:
  soil:
    hysteresis: 0
    levels:
      - {name: dry, below: 30, play: pulse}
      - {name: wet, play: hum}
events:
  plant.found: {layer: creature, screens: [camera]}
  plant.hum: {layer: creature, screens: [camera]}
  plant.sample: {layer: creature, screens: [camera], value: number}
  shutter: {layer: ui, screens: [camera]}
screens:
  camera:
    enter: [prepare-engine]
    table:
      plant.found: {play: pulse, cite: H-4}
      plant.hum: {play: hum}
      plant.sample: {band: soil}
      shutter: {play: tap}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for speaks in [True, False, "MISSING", "true", 1, None]:
    fields = {} if speaks == "MISSING" else {"speaks": speaks}
    SPEECH.case(
        f"speaks-{label(speaks)}",
        f"creature-needs-speech: speaks {json.dumps(speaks) if speaks != 'MISSING' else 'absent'}: creature feedback"
        " plays only with speaks true (no-speech citing H-4 otherwise); ui feedback and excepted events"
        " are not gated; speaks that is not a boolean is bad-field",
        [enter("camera"), ev(1, "plant.found", **fields), ev(2, "plant.hum", **fields), ev(3, "shutter", **fields), ev(4, "plant.sample", value=10, **fields), ev(5, "plant.sample", value=50, **fields)],
    )
for device in [device_of(low_power=True), device_of(enabled=False)]:
    SPEECH.case(
        "order-" + ("low-power" if device["low-power"] else "haptics-off"),
        "the speech invariant is checked after the haptics setting and before fallbacks",
        [enter("camera"), ev(1, "plant.found"), ev(2, "plant.found", speaks=True)],
        device=device,
    )
SPEECH.case(
    "order-background",
    "in background nothing plays, spoken or not (background wins over no-speech)",
    [enter("camera"), ev(1, "app.state", value="background"), ev(2, "plant.found"), ev(3, "plant.found", speaks=True)],
)

# --- state events --------------------------------------------------------------------------

STATE = Feature(
    "state-events",
    {
        "policy.yaml": """\
policy: state
version: 1
feedback:
  tap: {layer: ui, preset: impact.light}
  pulse:
    layer: creature
    pattern:
      events:
        - {type: transient, time: 0}
    fallback: impact.soft
events:
  shutter: {layer: ui, screens: [home, camera]}
  found: {layer: creature, screens: [camera]}
screens:
  home:
    table:
      shutter: {play: tap}
  camera:
    enter: [prepare-engine, prepare-ticker]
    table:
      shutter: {play: tap}
      found: {play: pulse}
  summary:
    enter: [stop-loop]
    table: {}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
for value in ["foreground", "background", "Background", "", 1, None, "MISSING"]:
    fields = {} if value == "MISSING" else {"value": value}
    STATE.case(
        f"app-state-{label(value)}",
        f"app.state {json.dumps(value) if value != 'MISSING' else 'without a value'}: foreground/background are state"
        " (rule builtin:app.state); anything else is bad-state and changes nothing",
        [enter("home"), ev(1, "app.state", **fields), ev(2, "shutter"), ev(3, "app.state", value="foreground"), ev(4, "shutter")],
    )
for how in ["screen-field", "value", "both", "neither", "unknown", "number"]:
    if how == "screen-field":
        line = ev(1, "screen.enter", screen="camera")
    elif how == "value":
        line = ev(1, "screen.enter", value="camera")
    elif how == "both":
        line = ev(1, "screen.enter", screen="home", value="camera")
    elif how == "neither":
        line = ev(1, "screen.enter")
    elif how == "unknown":
        line = ev(1, "screen.enter", screen="nowhere")
    else:
        line = ev(1, "screen.enter", value=3)
    STATE.case(
        f"screen-enter-{how}",
        f"screen.enter naming the screen by {how.replace('-', ' ')}: the current screen becomes it and its enter"
        " directives run (rule screens/<screen>); the next events are decided on it",
        [line, ev(2, "shutter"), ev(3, "found", speaks=True)],
    )
STATE.case(
    "background-silences-everything",
    "in background everything is silent (background), the engine stops; foreground restarts it",
    [enter("camera"), ev(1, "found"), ev(2, "app.state", value="background"), ev(3, "shutter"), ev(4, "found"), enter("home", 5), ev(6, "shutter"), ev(7, "app.state", value="foreground"), ev(8, "shutter"), enter("camera", 9), ev(10, "found")],
)
STATE.case(
    "enter-directives",
    "a screen's enter directives come out in the documented order; stop-loop on enter",
    [enter("camera"), enter("summary", 1), enter("home", 2), enter("camera", 3)],
)
STATE.case(
    "background-twice",
    "background twice and foreground twice",
    [enter("camera"), ev(1, "found"), ev(2, "app.state", value="background"), ev(3, "app.state", value="background"), ev(4, "app.state", value="foreground"), ev(5, "app.state", value="foreground"), ev(6, "found")],
)
STATE.case(
    "screen-field-overrides",
    "an event's screen field decides it on that screen without changing the current one",
    [enter("home"), ev(1, "found", screen="camera"), ev(2, "shutter"), ev(3, "shutter", screen="camera"), ev(4, "found")],
)

# --- declared layers ----------------------------------------------------------------------------

LAYERS = Feature(
    "layers",
    {
        "policy.yaml": """\
policy: stride-coach
version: 1
description: declared layers; the speech rule and a budget on the coach's layer
layers:
  ui: {plays: presets, note: answers to taps}
  coach: {plays: patterns, note: the coach's own voice}
invariants:
  - {id: H-1, rule: no-layer-mixing, says: the coach's waveforms never answer a tap}
  - {id: H-2, rule: creature-needs-speech, layer: coach, says: the coach buzzes only while it speaks}
feedback:
  tap: {layer: ui, preset: impact.light}
  cheer:
    layer: coach
    pattern:
      events:
        - {type: transient, time: 0, intensity: 0.9, sharpness: 0.6}
        - {type: transient, time: 0.12, intensity: 0.6, sharpness: 0.6}
    fallback: impact.medium
events:
  button.tap: {layer: ui, screens: [run]}
  lap.done: {layer: coach, screens: [run], note: "the coach says the lap time (speaks: true)"}
screens:
  run:
    enter: [prepare-engine]
    table:
      button.tap: {play: tap}
      lap.done: {play: cheer, cite: H-2}
budgets:
  - {id: B-1, layer: coach, max: 2, per: 10, enforce: true}
"""
    },
)
for speaks in (True, False):
    for device in (None, device_of(low_power=True), device_of(supports=False)):
        LAYERS.case(
            f"laps-speaks-{str(speaks).lower()}" + ("" if device is None else "-" + ("low-power" if device["low-power"] else "no-core-haptics")),
            "a declared layer (coach) is the layer of its decisions; the speech rule names it (no-speech"
            " citing H-2 for coach feedback without speaks, never for ui); B-1 counts the coach's rings only"
            + ("" if device is None else "; a fallback ring counts too"),
            [enter("run"), ev(1, "button.tap"), ev(2, "lap.done", speaks=speaks), ev(3, "lap.done", speaks=speaks), ev(4, "button.tap"), ev(5, "lap.done", speaks=speaks), ev(13, "lap.done", speaks=True)],
            device=device,
        )

# --- the order of the checks on a play ---------------------------------------------------------

GATES = Feature(
    "gate-order",
    {
        "policy.yaml": """\
policy: gates
version: 1
description: >
  every check a play goes through, to pin down their order when several apply at once:
  band change, background, haptics setting, user level, speech invariant, template
  parameters, device and engine fallbacks, enforced budgets
engine: {warmup: 0.1}
invariants:
  - {id: H-4, rule: creature-needs-speech, says: the creature buzzes only while it speaks}
feedback:
  prime: {layer: ui, preset: impact.light}
  beat:
    layer: creature
    pattern:
      params:
        bpm: {default: 60, min: 20, max: 300}
      events:
        - {type: transient, time: 0}
      loop: 60 / bpm
    fallback: none
  chime:
    layer: creature
    pattern:
      params:
        bpm: {default: 60, min: 20, max: 300}
      events:
        - {type: transient, time: 0}
    fallback: impact.soft
events:
  prime: {layer: ui, screens: [stage]}
  beat.go: {layer: creature, screens: [stage]}
  chime.go: {layer: creature, screens: [stage]}
screens:
  stage:
    enter: [prepare-engine]
    table:
      prime: {play: prime}
      beat.go: {play: beat}
      chime.go: {play: chime}
budgets:
  - {id: B-1, each: screen, max: 1, per: 100, enforce: true}
user-levels:
  set-by: haptics.level
  start: full
  levels:
    full: {keeps: all}
    quiet: {keeps: {layers: [ui]}}
"""
    },
)
GATE_NAMES = ["background", "haptics-off", "user-level", "no-speech", "bad-params", "low-power", "over-budget"]


def gate_case(gates: tuple, event: str) -> None:
    events = [enter("stage")]
    t = 1
    if "over-budget" in gates:
        events.append(ev(t, "prime"))
    set_up = {
        "background": ev(2, "app.state", value="background"),
        "haptics-off": ev(2.1, "device.hapticsEnabled", value=False),
        "user-level": ev(2.2, "haptics.level", value="quiet"),
        "low-power": ev(2.3, "device.lowPower", value=True),
    }
    events += [line for gate, line in set_up.items() if gate in gates]
    fields = {}
    if "no-speech" not in gates:
        fields["speaks"] = True
    fields["params"] = {"bpm": 400 if "bad-params" in gates else 90}
    events.append(ev(3, event, **fields))
    name = "-and-".join(gates) if gates else "none"
    GATES.case(
        f"{event.split('.')[0]}-{name}",
        f"{event} ({'no fallback' if event == 'beat.go' else 'a preset fallback'}) when "
        + (", ".join(gates) if gates else "nothing")
        + " applies: the first check in the documented order decides (background, haptics setting,"
        " user level, speech invariant, template parameters, fallbacks, enforced budgets)",
        events,
    )


for event in ("beat.go", "chime.go"):
    gate_case((), event)
    for i, first in enumerate(GATE_NAMES):
        gate_case((first,), event)
        for second in GATE_NAMES[i + 1:]:
            gate_case((first, second), event)
    gate_case(tuple(GATE_NAMES), event)

# --- unknown events and screens --------------------------------------------------------------

UNKNOWN = Feature(
    "unknown",
    {
        "policy.yaml": """\
policy: unknown
version: 1
feedback:
  tap: {layer: ui, preset: impact.light}
events:
  shutter: {layer: ui, screens: [camera]}
  album.scroll: {layer: ui, screens: [album]}
  button.tap: {layer: ui, screens: all}
everywhere:
  button.tap: {play: tap}
screens:
  camera:
    table:
      shutter: {play: tap}
  album:
    table:
      album.scroll: {silent: never on scrolling}
      button.tap: {silent: the album's buttons are quiet}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
"""
    },
)
UNKNOWN_SEQUENCES = {
    "no-screen-yet": ("an event before any screen.enter and without a screen field is no-screen", [ev(1, "shutter"), ev(2, "button.tap")]),
    "unknown-event": ("an event not in the catalogue is unknown-event, on any screen or none", [ev(1, "shuter"), enter("camera", 2), ev(3, "Shutter"), ev(4, ""), ev(5, "screen.Enter")]),
    "unknown-screen": ("a screen the policy does not declare is unknown-screen for every event on it", [enter("kitchen"), ev(1, "shutter"), ev(2, "button.tap"), ev(3, "nothing")]),
    "undeclared": ("a catalogued event on a screen with no cell for it is undeclared", [enter("album"), ev(1, "shutter"), enter("camera", 2), ev(3, "album.scroll")]),
    "everywhere-override": ("everywhere: gives camera a cell; album's own cell overrides it", [enter("camera"), ev(1, "button.tap"), enter("album", 2), ev(3, "button.tap")]),
    "screen-field-unknown": ("a screen field naming an unknown screen", [enter("camera"), ev(1, "shutter", screen="nowhere"), ev(2, "shutter", screen=None), ev(3, "shutter")]),
    "state-events-unknown-screen": ("state events are applied on an unknown screen", [enter("nowhere"), ev(1, "app.state", value="background"), ev(2, "app.state", value="foreground"), ev(3, "device.lowPower", value=True)]),
    "subject-echoed": ("subjects are echoed as written (escapes kept), whatever decides", [enter("camera"), ev(1, "shutter", subject="plant-1"), ev(2, "shuter", subject="ünï"), ev(3, "shutter", subject=None)]),
}
for name, (note, events) in UNKNOWN_SEQUENCES.items():
    UNKNOWN.case(name, note, events)

# --- log-line errors ---------------------------------------------------------------------------

LOGLINES = Feature("log-lines")
LOG_POLICY = "../../unknown/policy.yaml"
LINE_CASES = {
    "blank-lines": ("blank lines (empty, spaces, tabs) are silent blank-line, change no state and keep the count", b'{"t":0,"event":"screen.enter","screen":"camera"}\n\n   \n\t\n{"t":1,"event":"shutter"}\n'),
    "not-an-object": ("a line that is not one JSON object is bad-json with its column", b'{"t":0,"event":"screen.enter","screen":"camera"}\nbogus\n[1,2]\n"text"\n{"t":1,"event":"shutter"}\n'),
    "truncated": ("an unterminated object or string is bad-json", b'{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shutter"\n{"t":2,"event":"shut\n{"t":3,"event":"shutter"}\n'),
    "trailing": ("text after the object, a trailing comma, single quotes: bad-json", b'{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shutter"} x\n{"t":2,"event":"shutter",}\n{\'t\':3}\n{"t":4,"event":"shutter"}\n'),
    "missing-fields": ("t or event missing is missing-field", b'{"event":"shutter"}\n{"t":1}\n{}\n{"t":2,"event":"screen.enter","screen":"camera"}\n{"t":3,"event":"shutter"}\n'),
    "bad-fields": ("a known field of the wrong type is bad-field, at its column", b'{"t":"1","event":"shutter"}\n{"t":1,"event":3}\n{"t":1,"event":"shutter","screen":5}\n{"t":1,"event":"shutter","subject":true}\n{"t":1,"event":"shutter","speaks":"yes"}\n{"t":1,"event":"shutter","params":[1]}\n{"t":1,"event":"shutter","value":{"a":1}}\n{"t":null,"event":"shutter"}\n{"t":1,"event":null}\n'),
    "huge-numbers": ("a number too large to be finite is bad-field in t, value and params, bad-json elsewhere", b'{"t":1e400,"event":"shutter"}\n{"t":1,"event":"shutter","value":-1e400}\n{"t":1,"event":"shutter","params":{"bpm":1e999}}\n{"t":1,"event":"shutter","extra":1e400}\n{"t":2,"event":"screen.enter","screen":"camera"}\n{"t":3,"event":"shutter"}\n'),
    "duplicate-fields": ("a field written twice is duplicate-field at the second name, neither value taken", b'{"t":6,"event":"shutter","t":9}\n{"t":1,"event":"screen.enter","event":"shutter"}\n{"t":1,"event":"shutter","params":{"bpm":1,"bpm":2}}\n{"t":2,"event":"screen.enter","screen":"camera"}\n{"t":3,"event":"shutter"}\n'),
    "time-backwards": ("t smaller than the previous valid line's is time-backwards; the same t is fine; invalid lines do not move t", b'{"t":5,"event":"screen.enter","screen":"camera"}\n{"t":4.999,"event":"shutter"}\n{"t":5,"event":"shutter"}\n{"t":"x","event":"shutter"}\n{"t":5,"event":"shutter"}\n{"t":-1,"event":"shutter"}\n'),
    "negative-and-fractional-t": ("t may be negative, zero, fractional or with an exponent; it is echoed as written", b'{"t":-3,"event":"screen.enter","screen":"camera"}\n{"t":-2.50,"event":"shutter"}\n{"t":0,"event":"shutter"}\n{"t":1e0,"event":"shutter"}\n{"t":1.5E+1,"event":"shutter"}\n{"t":100,"event":"shutter"}\n'),
    "escapes": ("escapes, surrogate pairs and non-ASCII text in strings; event and subject echoed as the same JSON token", '{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shut\\u0074er","subject":"\\ud83c\\udf31 plant"}\n{"t":2,"event":"shutter","subject":"植物\\n"}\n{"t":3,"event":"\\ud800"}\n'.encode()),
    "bad-utf8": ("invalid UTF-8 in a string or a field name is bad-json", b'{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shutter","subject":"\xff"}\n{"t":2,"ev\xc3ent":"shutter"}\n{"t":3,"event":"shutter"}\n'),
    "bom-and-crlf": ("a byte order mark at the start is skipped, a \\r before \\n is ignored, the last line may lack its \\n", b'\xef\xbb\xbf{"t":0,"event":"screen.enter","screen":"camera"}\r\n{"t":1,"event":"shutter"}\r\n{"t":2,"event":"shutter"}'),
    "unknown-fields": ("unknown fields are ignored when deciding (their syntax still checked)", b'{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shutter","Subject":"x","extra":{"a":[1,{"b":null}]}}\n{"t":2,"event":"shutter","extra":[1,2,}\n'),
    "deep-nesting": ("nesting deeper than 64 levels is an error", ('{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shutter","x":' + "[" * 64 + "]" * 64 + '}\n{"t":2,"event":"shutter","x":' + "[" * 65 + "]" * 65 + "}\n").encode()),
    "empty-input": ("an empty input has no lines and gives no decisions", b""),
    "only-newline": ("a single newline is one blank line", b"\n"),
    "whitespace-around": ("spaces around the object are fine", b'  {"t":0,"event":"screen.enter","screen":"camera"}  \n\t{"t":1,"event":"shutter"}\n'),
    "line-too-long": (
        "a line over 1 MiB is one invalid line-too-long decision at column 1, its bytes skipped up to the next newline; the next line is decided as usual",
        b'{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":"shutter","pad":"' + b"x" * 1048576 + b'"}\n{"t":2,"event":"shutter"}\n',
    ),
    "line-at-limit": (
        "a line of exactly 1 MiB is read",
        (lambda head: head + b"x" * (1048576 - len(head) - 2) + b'"}\n{"t":2,"event":"shutter"}\n')(b'{"t":1,"event":"shutter","pad":"'),
    ),
}
for name, (note, data) in LINE_CASES.items():
    LOGLINES.case(name, note, None, policy=LOG_POLICY, raw=data)

# --- shipped policies: demo logs and simulated scenarios -----------------------------------------

SHIPPED = Feature("shipped")
SHIPPED_LOGS = {
    "plavo-demo": ("../../../Policies/plavo.yaml", "Policies/logs/demo.jsonl", "plavo's demo log (Policies/logs/demo.jsonl): every screen of the reference app"),
    "stride-demo": ("../../../Policies/stride.yaml", "Policies/logs/stride-demo.jsonl", "stride's demo log (Policies/logs/stride-demo.jsonl): a run with zones, levels, parameters and the cadence"),
    "ride-demo": ("../../../Policies/ride.yaml", "Policies/logs/ride-demo.jsonl", "ride's demo log (Policies/logs/ride-demo.jsonl): a search, five turns, off-route, hazards, a closure, a locked phone"),
}
for name, (policy, log, note) in SHIPPED_LOGS.items():
    SHIPPED.case(name, note, None, policy=policy, raw=(ROOT / log).read_bytes())
SIMULATED = {
    "breathing": ("breathing", "breathing"),
    "metronome": ("metronome", "metronome"),
    "plavo-drying": ("plavo", "drying"),
    "plavo-watering": ("plavo", "watering"),
    "plavo-flaky-sensor": ("plavo", "flaky-sensor"),
    "plavo-selector-spin": ("plavo", "selector-spin"),
    "plavo-session": ("plavo", "session"),
    "stride-run": ("stride", "stride-run"),
    "stride-profile": ("stride", "stride-profile"),
    "stride-levels": ("stride", "stride-levels"),
    "stride-cadence": ("stride", "stride-cadence"),
    "ride-turns": ("ride", "ride-turns"),
    "ride-reroute": ("ride", "ride-reroute"),
    "ride-locked": ("ride", "ride-locked"),
    "ride-search": ("ride", "ride-search"),
}
SIMULATE_CLI: str | None = None


# Features of language v3, one file each, run in this script's namespace.
for _extra in sorted((Path(__file__).resolve().parent / "features").glob("*.py")):
    exec(compile(_extra.read_text(encoding="utf-8"), str(_extra), "exec"))


def simulated(policy: str, scenario: str, seed: int, resimulate: bool, name: str) -> bytes:
    existing = CORPUS / "shipped" / name / "events.jsonl"
    if existing.exists() and not resimulate:
        return existing.read_bytes()
    cli = SIMULATE_CLI or os.environ.get("HAPTIC_POLICY_CLI") or str(ROOT / ".build" / "debug" / "haptic-policy")
    result = subprocess.run(
        [cli, "simulate", str(ROOT / "Policies" / f"{policy}.yaml"), "--scenario", scenario, "--seed", str(seed)],
        capture_output=True,
        check=True,
    )
    return result.stdout


def add_simulated(resimulate: bool) -> None:
    logs = {}
    for name, (policy, scenario) in SIMULATED.items():
        for seed in (1, 7):
            case = f"{name}-seed-{seed}"
            logs[case] = simulated(policy, scenario, seed, resimulate, case)
            SHIPPED.case(
                case,
                f"the shipped {policy} policy on its '{scenario}' scenario (haptic-policy simulate Policies/{policy}.yaml"
                f" --scenario {scenario} --seed {seed})",
                None,
                policy=f"../../../Policies/{policy}.yaml",
                raw=logs[case],
            )
    devices = [(device_of(low_power=True), "low-power"), (device_of(supports=False), "no-core-haptics"), (device_of(enabled=False), "haptics-off")]
    for device, part in devices:
        SHIPPED.case(
            f"plavo-demo-{part}",
            f"plavo's demo log on a device with {part.replace('-', ' ')}: fallbacks for every pattern",
            None,
            policy="../../../Policies/plavo.yaml",
            device=device,
            raw=(ROOT / "Policies/logs/demo.jsonl").read_bytes(),
        )
        SHIPPED.case(
            f"stride-demo-{part}",
            f"stride's demo log on a device with {part.replace('-', ' ')}: the coach's fallbacks, the cadence without Core Haptics",
            None,
            policy="../../../Policies/stride.yaml",
            device=device,
            raw=(ROOT / "Policies/logs/stride-demo.jsonl").read_bytes(),
        )
        SHIPPED.case(
            f"ride-demo-{part}",
            f"ride's demo log on a device with {part.replace('-', ' ')}: the cues' fallbacks, the reroute pulse without Core Haptics",
            None,
            policy="../../../Policies/ride.yaml",
            device=device,
            raw=(ROOT / "Policies/logs/ride-demo.jsonl").read_bytes(),
        )
        for name in ("breathing", "metronome"):
            SHIPPED.case(
                f"{name}-seed-1-{part}",
                f"the {name} scenario (seed 1) on a device with {part.replace('-', ' ')}: what a template loop renders instead",
                None,
                policy=f"../../../Policies/{name}.yaml",
                device=device,
                raw=logs[f"{name}-seed-1"],
            )


# --- background (language v3, feature D) ------------------------------------------------

BACKGROUND_POLICY = """\
policy: background
version: 1
description: what the app in background still plays (background keeps), next to user levels
engine: {warmup: 0.5}
layers:
  ui: {}
  nav: {}
feedback:
  tap: {layer: ui, preset: impact.light}
  off.route: {layer: nav, preset: notification.warning}
  turn.now:
    layer: nav
    pattern:
      events:
        - {type: transient, time: 0, intensity: 1, sharpness: 0.8}
        - {type: transient, time: 0.1, intensity: 1, sharpness: 0.8}
    fallback: impact.heavy
  turn.close:
    layer: nav
    pattern:
      events:
        - {type: transient, time: 0, intensity: 0.8, sharpness: 0.6}
    fallback: impact.medium
  turn.near:
    layer: nav
    pattern:
      events:
        - {type: transient, time: 0, intensity: 0.5, sharpness: 0.4}
    fallback: impact.light
  closure:
    layer: nav
    pattern:
      events:
        - {type: continuous, time: 0, duration: 0.4, intensity: 1, sharpness: 0.9}
    fallback: {sequence: [{at: 0, play: off.route}, {at: 0.3, play: impact.heavy}]}
  hazard:
    layer: nav
    pattern:
      events:
        - {type: transient, time: 0, intensity: 0.9, sharpness: 0.9}
    fallback: none
  pulse:
    layer: nav
    pattern:
      events:
        - {type: transient, time: 0, intensity: 0.6, sharpness: 0.5}
      loop: 0.5
    fallback: impact.soft
  drone:
    layer: nav
    pattern:
      events:
        - {type: transient, time: 0, intensity: 0.4, sharpness: 0.3}
      loop: 1
    fallback: none
bands:
  turn:
    unit: m
    hysteresis: 0
    levels:
      - {name: now, below: 30, play: turn.now}
      - {name: close, below: 100, play: turn.close}
      - {name: near, below: 300, play: turn.near}
      - {name: far, silent: too far to cue}
events:
  button.tap: {layer: ui, screens: all}
  turn.distance: {layer: nav, screens: [ride], value: number}
  off.route: {layer: nav, screens: [ride]}
  hazard.closure: {layer: nav, screens: [ride]}
  hazard.ahead: {layer: nav, screens: [ride]}
  pulse.start: {layer: nav, screens: [ride]}
  pulse.stop: {layer: nav, screens: [ride]}
  drone.start: {layer: nav, screens: [ride]}
everywhere:
  button.tap: {play: tap}
screens:
  ride:
    enter: [prepare-engine]
    table:
      turn.distance: {band: turn}
      off.route: {play: off.route}
      hazard.closure: {play: closure}
      hazard.ahead: {play: hazard}
      pulse.start: {loop: pulse}
      pulse.stop: {stop: pulse}
      drone.start: {loop: drone}
  menu:
    table: {}
budgets:
  - {id: B-1, each: screen, max: 50, per: 1}
user-levels:
  set-by: haptics.level
  start: full
  levels:
    full: {keeps: all}
    taps: {keeps: {feedback: [tap]}}
    off: {keeps: none}
background:
  keeps: {feedback: [turn.now, off.route, pulse, drone], rows: [ride/hazard.closure, ride/hazard.ahead, ride/turn.distance@close]}
  note: with the phone locked only what the rider must act on plays
"""


def background_variant(keeps: str) -> str:
    """The background policy with another `keeps:` (and no user levels' `off`, kept as is)."""
    old = "  keeps: {feedback: [turn.now, off.route, pulse, drone], rows: [ride/hazard.closure, ride/hazard.ahead, ride/turn.distance@close]}\n"
    assert old in BACKGROUND_POLICY
    return BACKGROUND_POLICY.replace(old, f"  keeps: {keeps}\n")


BACKGROUND = Feature(
    "background",
    {
        "policy.yaml": BACKGROUND_POLICY,
        "keeps-all.yaml": background_variant("all"),
        "keeps-none.yaml": background_variant("none"),
        "keeps-layer.yaml": background_variant("{layers: [nav]}"),
        "no-background.yaml": BACKGROUND_POLICY.split("background:\n  keeps:")[0],
    },
)


def bg(t: float) -> str:
    return ev(t, "app.state", value="background")


def fg(t: float) -> str:
    return ev(t, "app.state", value="foreground")


# The engine is warm from t 1 (prepare-engine at 0, warm-up 0.5); background from t 2.
BG_START = [enter("ride"), bg(2)]
BACKGROUND.case(
    "kept-preset-plays",
    "in background a preset background keeps (feedback off.route) plays as in foreground, with no reason;"
    " one it does not keep (tap, everywhere/) is silent background",
    BG_START + [ev(3, "off.route"), ev(4, "button.tap"), ev(5, "off.route")],
)
BACKGROUND.case(
    "kept-pattern-plays-fallback",
    "in background a kept pattern (turn.now, kept by feedback, through its band level) meets the stopped engine at"
    " device-fallback: it plays its fallback, fallback true, reason background; turn.near (not kept) is silent background",
    BG_START + [ev(3, "turn.distance", value=500), ev(4, "turn.distance", value=250), ev(5, "turn.distance", value=20)],
)
BACKGROUND.case(
    "kept-band-level-row",
    "background keeps the band level rule ride/turn.distance@close: entering close plays turn.close's fallback"
    " (reason background); entering near (another level of the same row) is silent background",
    BG_START + [ev(3, "turn.distance", value=500), ev(4, "turn.distance", value=80), ev(5, "turn.distance", value=200), ev(6, "turn.distance", value=90)],
)
BACKGROUND.case(
    "kept-row-sequence-fallback",
    "background keeps the row ride/hazard.closure: the closure pattern plays its fallback sequence, reason background",
    BG_START + [ev(3, "hazard.closure")],
)
BACKGROUND.case(
    "kept-pattern-without-fallback",
    "background keeps the row ride/hazard.ahead, whose pattern has fallback: none: silent no-fallback,"
    " note \"'hazard' cannot play (background) and has no fallback\"",
    BG_START + [ev(3, "hazard.ahead")],
)
BACKGROUND.case(
    "kept-loop-plays-fallback-once",
    "a kept loop (pulse) started in background plays its fallback once and starts no loop, so its stop after"
    " the return to foreground is not-running; started again in foreground (engine warm again) it loops",
    BG_START + [ev(3, "pulse.start"), fg(4), ev(5, "pulse.stop"), ev(6, "pulse.start"), ev(7, "pulse.stop")],
)
BACKGROUND.case(
    "kept-loop-without-fallback",
    "a kept loop without a fallback (drone) started in background is silent no-fallback",
    BG_START + [ev(3, "drone.start")],
)
BACKGROUND.case(
    "loops-still-stop-on-background",
    "a running loop stops on background (stop-loop) even when background keeps its feedback;"
    " back in foreground the engine restarts (restart-engine) and a kept pattern plays its fallback engine-cold until warm",
    [enter("ride"), ev(1, "pulse.start"), bg(2), ev(3, "pulse.stop"), fg(4), ev(4.1, "turn.distance", value=500), ev(4.2, "turn.distance", value=20), ev(4.3, "off.route"), ev(5, "turn.distance", value=500), ev(6, "turn.distance", value=20)],
)
BACKGROUND.case(
    "background-before-engine",
    "background before any screen prepared the engine: a kept pattern still plays its fallback with reason background",
    [bg(0), enter("ride", 1), ev(2, "turn.distance", value=500), ev(3, "turn.distance", value=20), ev(4, "off.route")],
)
for device, part in [
    (device_of(supports=False), "no-core-haptics"),
    (device_of(low_power=True), "low-power"),
    (device_of(enabled=False), "haptics-off"),
]:
    BACKGROUND.case(
        f"device-{part}",
        f"in background on a device with {part.replace('-', ' ')}: a kept pattern's fallback gives reason background"
        " (it comes before the device's reasons), the haptics setting still refuses after the background gate"
        " (haptics-disabled for a kept play, background for one not kept)",
        BG_START + [ev(3, "off.route"), ev(4, "hazard.closure"), ev(5, "button.tap"), ev(6, "hazard.ahead")],
        device=device,
    )
for level in ["taps", "off", "full"]:
    BACKGROUND.case(
        f"user-level-{level}",
        f"user level '{level}' in background: the user level still refuses after the background gate (user-level for a"
        " kept play the level does not keep, background for a play background does not keep)",
        [enter("ride"), ev(1, "haptics.level", value=level)] + [bg(2), ev(3, "off.route"), ev(4, "button.tap"), ev(5, "hazard.closure")],
    )
for policy, what in [
    ("keeps-all.yaml", "keeps: all: every play passes the background gate; patterns play their fallbacks, reason background"),
    ("keeps-none.yaml", "keeps: none: every play is silent background, as without background:"),
    ("keeps-layer.yaml", "keeps: {layers: [nav]}: the nav layer's plays pass, the ui layer's tap is silent background"),
    ("no-background.yaml", "no background: every play in background is silent background (the v2 behaviour)"),
]:
    BACKGROUND.case(
        policy.removesuffix(".yaml"),
        what,
        BG_START + [ev(3, "button.tap"), ev(4, "off.route"), ev(5, "turn.distance", value=500), ev(6, "turn.distance", value=250), ev(7, "hazard.ahead"), ev(8, "pulse.start"), fg(9), ev(10, "button.tap")],
        policy=policy,
    )
# --- priority and interruption -------------------------------------------------------------------

PRIORITY = Feature(
    "priority",
    {
        "policy.yaml": """\
policy: priority
version: 1
feedback:
  tick: {layer: ui, preset: selection, priority: low}
  tap: {layer: ui, preset: impact.light}
  cue:
    layer: ui
    priority: high
    note: 0.4 s long
    pattern:
      events:
        - {type: transient, time: 0}
        - {type: continuous, time: 0.1, duration: 0.3}
    fallback: impact.medium
  chime:
    layer: ui
    note: normal, 1 s long
    pattern:
      events:
        - {type: continuous, time: 0, duration: 1}
    fallback: none
  hum:
    layer: ui
    note: normal, as long as its len parameter
    pattern:
      params:
        len: {default: 1, min: 0.1, max: 5}
      events:
        - {type: continuous, time: 0, duration: len}
    fallback: none
  hazard:
    layer: ui
    priority: critical
    pattern:
      events:
        - {type: continuous, time: 0, duration: 2}
    fallback: impact.heavy
  siren:
    layer: ui
    priority: high
    pattern:
      events:
        - {type: transient, time: 0}
      loop: 0.5
    fallback: none
  drone:
    layer: ui
    pattern:
      events:
        - {type: continuous, time: 0, duration: 0.2}
      loop: 1
    fallback: none
events:
  tick.e: {layer: ui, screens: [nav, quiet]}
  tap.e: {layer: ui, screens: [nav]}
  cue.e: {layer: ui, screens: [nav, quiet]}
  chime.e: {layer: ui, screens: [nav]}
  hum.e: {layer: ui, screens: [nav]}
  hazard.e: {layer: ui, screens: [nav]}
  siren.start: {layer: ui, screens: [nav]}
  siren.stop: {layer: ui, screens: [nav]}
  drone.start: {layer: ui, screens: [nav]}
  combo: {layer: ui, screens: [nav], note: stops the drone and plays the cue}
screens:
  nav:
    enter: [prepare-engine]
    table:
      tick.e: {play: tick}
      tap.e: {play: tap}
      cue.e: {play: cue}
      chime.e: {play: chime}
      hum.e: {play: hum}
      hazard.e: {play: hazard}
      siren.start: {loop: siren}
      siren.stop: {stop: siren}
      drone.start: {loop: drone}
      combo: {stop: drone, play: cue}
  quiet:
    enter: [prepare-engine]
    table:
      tick.e: {play: tick}
      cue.e: {play: cue}
budgets:
  - {id: B-1, screen: quiet, max: 2, per: 100, enforce: true}
""",
    },
)

# Decimal times (Docs/decision-order.md, "Times"): the policy of the defect report.
PRIORITY.policies["decimal.yaml"] = """\
policy: priority-decimal
version: 1
feedback:
  tap: {layer: ui, preset: impact.light}
  flash:
    layer: ui
    priority: critical
    pattern:
      events:
        - {type: continuous, time: 0, duration: 0.32}
    fallback: impact.heavy
events:
  tap.e: {layer: ui, screens: [s]}
  flash.e: {layer: ui, screens: [s]}
screens:
  s:
    enter: [prepare-engine]
    table:
      tap.e: {play: tap}
      flash.e: {play: flash}
"""

N = enter("nav")
PRIORITY.case("high-cuts-normal-pattern",
    "a high cue at 1.5 s cuts the normal 1 s chime still playing (from 1 s until 2 s): the cue plays, with an also stop entry 'interrupt' naming the chime",
    [N, ev(1, "chime.e"), ev(1.5, "cue.e")])
PRIORITY.case("low-yields-until-end",
    "a low tick during the high 0.4 s cue (1 s to 1.4 s) is silent 'outranked', naming both and the end; at 1.4 s the cue has ended and the tick plays",
    [N, ev(1, "cue.e"), ev(1.2, "tick.e"), ev(1.4, "tick.e")])
PRIORITY.case("low-yields-until-decimal-end",
    "the high 0.4 s cue played at 1.3 s has ended at 1.7 s (1.3 + 0.4 is a hair over 1.7 in binary;"
    " Docs/decision-order.md, Times): a low tick at 1.699 is outranked, at 1.7 it plays",
    [N, ev(1.3, "cue.e"), ev(1.699, "tick.e"), ev(1.7, "tick.e")])
PRIORITY.case("critical-ends-at-the-decimal",
    "the defect report's case: a critical pattern of one 0.32 s continuous event played at 0.1 s has ended at"
    " 0.42 s, so a normal preset then plays; the same at 1 s and 1.32 s",
    [enter("s"), ev(0.1, "flash.e"), ev(0.42, "tap.e"), ev(1, "flash.e"), ev(1.32, "tap.e")],
    policy="decimal.yaml")
PRIORITY.case("equal-priorities-overlap",
    "equal priorities play as before: a normal preset and a normal pattern during the normal chime play, nothing is cut",
    [N, ev(1, "chime.e"), ev(1.2, "tap.e"), ev(1.5, "hum.e")])
PRIORITY.case("presets-end-at-once",
    "a preset ends at once: a low tick at the same time as a normal tap plays, and so does a tap right after the tick",
    [N, ev(1, "tap.e"), ev(1, "tick.e"), ev(2, "tick.e"), ev(2, "tap.e")])
PRIORITY.case("loop-outranks-until-stopped",
    "a high loop outranks a normal tap while it runs ('looping since 1 s'); once stopped the tap plays",
    [N, ev(1, "siren.start"), ev(2, "tap.e"), ev(3, "siren.stop"), ev(4, "tap.e")])
PRIORITY.case("high-loop-cuts-normal-loop",
    "the high siren loop cuts the normal drone loop (also stop entry 'stop-loop'); the drone cannot start again while the siren loops",
    [N, ev(1, "drone.start"), ev(2, "siren.start"), ev(3, "drone.start")])
PRIORITY.case("critical-cuts-everything",
    "the critical hazard cuts the normal drone loop and the normal chime still playing, loops first; then a high cue yields to it until 3.8 s",
    [N, ev(1, "drone.start"), ev(1.5, "chime.e"), ev(1.8, "hazard.e"), ev(2, "cue.e"), ev(3.8, "cue.e")])
PRIORITY.case("template-length-from-params",
    "a template pattern plays as long as its bound parameters make it: hum with len 3 from 1 s plays until 4 s, so a low tick at 3.5 s yields and at 4 s plays",
    [N, ev(1, "hum.e", params={"len": 3}), ev(3.5, "tick.e"), ev(4, "tick.e")])
PRIORITY.case("fallback-cuts-and-ends-at-once",
    "in Low Power the high cue plays its fallback: it still cuts the chime started before, and as a preset it ends at once, so a low tick right after plays",
    [N, ev(1, "chime.e"), ev(1.2, "device.lowPower", value=True), ev(1.5, "cue.e"), ev(1.6, "tick.e")])
PRIORITY.case("background-ends-patterns",
    "going to background stops the engine and the patterns with it: after foreground a low tick plays though the critical hazard's 2 s had not passed",
    [N, ev(1, "hazard.e"), ev(1.5, "app.state", value="background"), ev(2, "app.state", value="foreground"), ev(2.5, "tick.e")])
PRIORITY.case("outranked-not-counted",
    "the outranked gate comes before the enforced budgets: the tick refused under the cue is not counted by B-1 (max 2), so the next tick plays and only the third is over-budget",
    [enter("quiet"), ev(1, "cue.e"), ev(1.1, "tick.e"), ev(2, "tick.e"), ev(3, "tick.e")])
PRIORITY.case("several-actions-row-cuts",
    "a row with a stop and a play: its own stop of the drone comes first in also, then the interrupt of the chime the cue cuts",
    [N, ev(1, "drone.start"), ev(1.2, "chime.e"), ev(1.5, "combo")])
PRIORITY.case("earlier-gates-first",
    "the gates before 'outranked' still decide first: with haptics off a tap under the siren loop is haptics-disabled; with haptics on again it is outranked",
    [N, ev(1, "siren.start"), ev(2, "device.hapticsEnabled", value=False), ev(3, "tap.e"), ev(4, "device.hapticsEnabled", value=True), ev(5, "tap.e")])
PRIORITY.case("outranked-before-fallback",
    "'outranked' comes before the device fallbacks: in Low Power a normal chime (no fallback) while the critical hazard still plays is outranked, not no-fallback",
    [N, ev(1, "hazard.e"), ev(1.5, "device.lowPower", value=True), ev(2, "chime.e")])
PRIORITY.case("reload-forgets-patterns",
    "a hot reload does not carry the one-shot patterns over: a low tick after the reload plays though the critical hazard (until 3 s) had not ended",
    [N, ev(1, "hazard.e"), ev(2, "tick.e")], reload=[(3, "policy.yaml")])
PRIORITY.case("reload-keeps-loops",
    "a hot reload carries the loops over with their priority: the high siren started before it still outranks a normal tap after it",
    [N, ev(1, "siren.start"), ev(2, "tap.e")], reload=[(3, "policy.yaml")])


# --- ack: acknowledging a warning (language v3, feature G) --------------------------------------

ACK_POLICY = """\
policy: ack
version: 1
acknowledge: {HP230: a constant kept for the next tuning}
constants:
  spare: 3
feedback:
  tick: {layer: ui, preset: selection, acknowledge: {HP211: not this feedback's}}
  tap: {layer: ui, preset: impact.light}
  thud: {layer: ui, preset: impact.heavy}
  spare:
    layer: ui
    preset: impact.soft
    acknowledge: {HP211: kept for the next release}
bands:
  pace:
    hysteresis: 0.1
    plausible: {min: 2.5, max: 20}
    acknowledge: {HP132: the top level is a guard}
    levels:
      - {name: glitch, below: 2, play: thud, acknowledge: {HP132: a sensor fault is named}}
      - {name: fast, below: 5, play: tap}
      - {name: slow, below: 25, silent: a slow pace is no news}
      - {name: stopped, silent: standing still}
events:
  picker.begin: {layer: ui, screens: [search]}
  picker.tick: {layer: ui, screens: [search], acknowledge: {HP507: not the event's}}
  picker.end: {layer: ui, screens: [search]}
  pace.sample: {layer: ui, screens: [search], value: number}
  button.tap: {layer: ui, screens: [search]}
  route.kind: {layer: ui, screens: [search], value: {type: string, one-of: [trail, road]}}
parameters:
  rest_hr: {set-by: profile.rest, min: 30, max: 100, default: 60, acknowledge: {HP241: read by the next version}}
everywhere:
  button.tap: {silent: the button answers on screen, acknowledge: {HP211: not a row's}}
screens:
  search:
    enter: [prepare-engine]
    acknowledge: {HP213: not the screen's}
    table:
      picker.begin: {ticker: begin}
      picker.tick: {ticker: tick, play: tick}
      picker.end: {ticker: end}
      pace.sample: {band: pace}
      route.kind:
        - {when: {value: trail}, play: tap, acknowledge: {HP325: not this row's}}
        - {silent: a road is the usual case}
budgets:
  - id: B-2
    screen: search
    max: 3
    per: 1
    enforce: true
    acknowledge:
      HP507: the picker's ticks are the control; 3 a second is the designer's choice here
"""


def without_acknowledgements(text: str) -> str:
    """The same policy without any acknowledge: key, each line kept (so rule positions agree)."""
    import re

    text = re.sub(r", acknowledge: \{[^{}]*\}", "", text)
    text = re.sub(r"^acknowledge: .*$", "# (no acknowledgement)", text, flags=re.M)
    text = re.sub(r"^(\s*)acknowledge: \{.*\}$", r"\1# (no acknowledgement)", text, flags=re.M)
    text = re.sub(r"^(\s*)acknowledge:\n(\s*HP[0-9]{3}: .*\n)+", lambda m: m.group(1) + "# (no acknowledgement)\n", text, flags=re.M)
    return text


ack = Feature("ack", {"policy.yaml": ACK_POLICY, "plain.yaml": without_acknowledgements(ACK_POLICY)})
ACK_EVENTS = [
    enter("search"),
    ev(0.2, "picker.begin"),
    *[ev(round(0.3 + 0.1 * i, 2), "picker.tick") for i in range(5)],
    ev(0.9, "picker.end"),
    ev(1, "pace.sample", value=6),
    ev(2, "pace.sample", value=4),
    ev(3, "pace.sample", value=1.5),
    ev(4, "route.kind", value="trail"),
    ev(5, "route.kind", value="road"),
    ev(6, "button.tap"),
    ev(7, "profile.rest", value=50),
]
for policy_name, case_name, what in [
    ("policy.yaml", "every-object-acknowledges", "a policy whose every kind of object carries acknowledge:"),
    ("plain.yaml", "same-policy-without-acknowledgements", "the same policy without them"),
]:
    ack.case(
        case_name,
        f"{what}: acknowledgements decide nothing, so both cases expect the same decisions (an enforced"
        " budget over a picker's ticks, band levels, a list of rows, everywhere:, a setting event)",
        ACK_EVENTS,
        policy=policy_name,
    )


# --- writing -----------------------------------------------------------------------------------


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--resimulate", action="store_true", help="run haptic-policy simulate again for the shipped scenarios")
    args = parser.parse_args()
    add_simulated(args.resimulate)
    total = invalidated = 0
    changed_policies = set()
    for feature in FEATURES.values():
        for policy_name, text in feature.policies.items():
            path = CORPUS / feature.name / policy_name
            if write_if_changed(path, text.encode()):
                changed_policies.add(path.resolve())
    for feature in FEATURES.values():
        folder = CORPUS / feature.name
        keep = set(feature.cases)
        if folder.exists():
            for child in folder.iterdir():
                if child.is_dir() and child.name not in keep:
                    shutil.rmtree(child)
        for name, spec in feature.cases.items():
            directory = folder / name
            case = {"note": spec["note"], "policy": spec["policy"]}
            if spec["device"] is not None:
                case["device"] = spec["device"]
            if spec["reload"]:
                case["reload"] = spec["reload"]
            case_changed = write_if_changed(
                directory / "case.json", (json.dumps(case, indent=2, ensure_ascii=False) + "\n").encode()
            )
            events_changed = write_if_changed(directory / "events.jsonl", spec["events"])
            policy_changed = any(
                (directory / path).resolve() in changed_policies
                for path in [spec["policy"]] + [r["policy"] for r in spec["reload"]]
            )
            expected = directory / "expected.jsonl"
            if (case_changed or events_changed or policy_changed) and expected.exists():
                expected.unlink()
                invalidated += 1
            total += 1
    print(f"{total} cases in {len(FEATURES)} features; {invalidated} expected outputs to record again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
