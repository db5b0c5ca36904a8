#!/usr/bin/env python3
"""Writes stride-demo.jsonl: a realistic ~11 minute session of the Stride reference app.

Deterministic (fixed seed): run `python3 Policies/logs/make-stride-demo.py` and commit the
output (an optional argument writes elsewhere: the freshness test uses it); the golden
decisions in Tests/HapticPolicyCLITests/Golden/stride-demo.decisions.jsonl are checked
against it.

The story: the runner opens the settings, sets their maximum heart rate (182) and cancels
a reset; on the workout screen they set a cadence of 172 and start easy. The GPS jitters
(easy -> tempo -> easy within a second: no ring) and loses its fix (pace 0: implausible,
the zone stays); they speed up to tempo (zone.faster), then a fartlek changes zone faster
than the budget allows (the fourth ring in 30 s is over-budget), and they ease off
(zone.slower). They turn the coach down to essentials (the lap goes silent and the
cadence stops, the zones still ring), then off (a zone change while off is silent and
never rings later), then full again, and set their cadence again. They correct their
maximum heart rate (the heart zones move), stop at a traffic light (the cadence stops
and the pause is confirmed in one decision), resume at
168, run a threshold stretch into the top heart zone (heart.high), reach their goal,
cool down, scroll the summary and share it, and finally reset their data (a reset sent
without its value, or with an unknown one, is a bad value, not "cancelled").
"""
import json
import os
import random
import sys

random.seed(20261201)
events = []
t = 0.0


def emit(event, dt=0.0, **fields):
    global t
    t = round(t + dt, 3)
    line = {"t": t, "event": event}
    line.update(fields)
    events.append(line)


heart = 118.0


def run(seconds, pace, effort, jitter=0.08):
    """One GPS pace reading a second (with jitter) and one heart reading half a second
    later; the heart rate moves a twentieth of the way toward the effort each second."""
    global heart
    for _ in range(seconds):
        emit("pace.sample", 0.5, value=round(pace + random.gauss(0, jitter), 2))
        heart += (effort - heart) / 20 + random.gauss(0, 0.6)
        emit("heart.sample", 0.5, value=round(heart))


def taps(n, dt=0.7):
    for _ in range(n):
        emit("button.tap", dt)


# Settings first: the runner's real maximum heart rate; a reset they think better of.
emit("screen.enter", 0.0, screen="settings")
emit("profile.set", 1.2, value=182)
taps(2)
emit("data.reset", 1.5, value="cancelled")

# The run starts easy, with a cadence of 172 steps per minute.
emit("screen.enter", 1.0, screen="workout")
emit("cadence.set", 0.8, value=172)
run(60, 6.4, 140)
# GPS jitter at the easy / tempo edge: tempo for one reading, back within a second.
emit("pace.sample", 0.5, value=6.04)
emit("pace.sample", 0.4, value=5.86)
emit("pace.sample", 0.4, value=6.08)
run(20, 6.4, 140)
# The fix is lost under a bridge: pace 0, twice.
emit("pace.sample", 0.5, value=0)
emit("pace.sample", 1.0, value=0)
run(10, 6.4, 140)
# Tempo.
run(80, 5.6, 155)
taps(1)
# A fartlek: the zone changes faster than the coach may say (B-2: 3 per 30 s).
for pace in (3.95, 5.5, 3.95, 5.5):
    run(8, pace, 165)
emit("cadence.set", 0.3, value=176)    # retempo the running loop
emit("cadence.set", 0.3, value=250)    # a slip of the finger: outside 100-200
# Easing off to easy.
run(40, 6.5, 142)
emit("lap.completed", 0.2)

# Essentials: the lap and the cadence go quiet, the zones still ring.
emit("haptics.level", 0.4, value="essentials")
run(10, 6.5, 142)
emit("lap.completed", 0.3)
run(25, 5.6, 152)
# Off: a zone change while off is silent, and switching back never rings it late.
emit("haptics.level", 0.4, value="off")
run(30, 6.5, 142)
emit("haptics.level", 0.4, value="full")
emit("cadence.set", 0.6, value=172)    # essentials stopped the cadence: set it again
run(15, 6.5, 142)

# The runner corrects their maximum heart rate: the heart zones move with it.
emit("profile.set", 0.3, value=165)
run(15, 6.5, 142)
emit("profile.set", 0.3, value=182)
run(10, 6.5, 142)

# A traffic light: pause (the cadence stops and the pause is confirmed at once), resume.
emit("workout.paused", 0.6)
taps(1, 5.0)
emit("workout.resumed", 25.0, value=168)
# A threshold stretch takes the heart into its top zone.
run(100, 4.6, 178)
emit("lap.completed", 0.2)
emit("goal.reached", 0.3)
# Cool-down.
run(40, 7.5, 135)

# The summary: read, not felt.
emit("screen.enter", 1.5, screen="summary")
for _ in range(6):
    emit("summary.scroll", 0.4)
emit("share.tap", 1.0)
taps(1)

# Back to the settings: the reset, sent wrongly twice, then confirmed.
emit("screen.enter", 2.0, screen="settings")
emit("data.reset", 1.5)                      # no value: a bad value, not "cancelled"
emit("data.reset", 1.0, value="maybe")       # not one of confirmed, cancelled
emit("data.reset", 1.0, value="confirmed")   # thud
taps(1)

path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "stride-demo.jsonl")
with open(path, "w") as out:
    for line in events:
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(events)} events, {events[-1]['t']} s -> {path}")
