#!/usr/bin/env python3
"""Writes ride-demo.jsonl: a realistic ~20 minute ride with the Ride reference app.

Deterministic (fixed seed): run `python3 Policies/logs/make-ride-demo.py` and commit the
output (an optional argument writes elsewhere: the freshness test uses it); the golden
decisions in Tests/HapticPolicyCLITests/Golden/ride-demo.decisions.jsonl are checked
against it.

The story: the rider searches a destination (typing and a list that updates are quiet),
spins the picker through the results (one tick per result; a tick after the finger lifts
is the list settling), and chooses one. On the ride screen each turn is its own subject
(`turn-1`, `turn-2`, ...) and every distance carries the turn's direction in `data`. The
GPS jitters (σ 2 m) and sometimes bounces (a reading 15 m further from the turn than the
one before: never a second cue) or glitches (a distance of 9999 m: implausible). Turn 1
(right) rings near, close and now, and is passed. At turn 2 (left) the rider misses the
turn: the distance grows again (moving away is never a cue), the app says off-route,
pulses while it finds a new route and confirms the route; a second off-route 8 s later
repeats the warning. Hazards are reported ahead, three within a minute, then a road
closure cuts off the reroute pulse. The rider turns the controls down (`cues`: the navigator only), taps a
button, turns them back up; locks the phone (background) while coming up to turn 4
(a u-turn) and unlocks it; rides straight on at turn 5 (drifting off the route and back
on it within half a second), and arrives.
"""
import json
import os
import random
import sys

random.seed(20261202)
events = []
t = 0.0


def emit(event, dt=0.0, **fields):
    global t
    t = round(t + dt, 3)
    line = {"t": t, "event": event}
    line.update(fields)
    events.append(line)


def approach(turn, direction, start, end, speed=5.0, jitter=2.0, bounces=(), glitches=()):
    """One distance a second from `start` down to `end` metres at `speed` m/s, with GPS
    jitter; a bounce reads 15 m further, a glitch reads 9999 m (at those distances)."""
    distance = start
    while distance > end:
        reading = max(0.0, distance + random.gauss(0, jitter))
        if any(distance <= b < distance + speed for b in bounces):
            reading = distance + 15
        if any(distance <= g < distance + speed for g in glitches):
            reading = 9999
        emit("turn.distance", 1.0, subject=turn, value=round(reading, 1), data={"direction": direction})
        distance -= speed


def away(turn, direction, start, end, speed=4.0):
    """Moving away from a turn (a wrong way): the distance grows."""
    distance = start
    while distance < end:
        emit("turn.distance", 1.0, subject=turn, value=round(distance + random.gauss(0, 1.5), 1), data={"direction": direction})
        distance += speed


def taps(n, dt=0.7):
    for _ in range(n):
        emit("button.tap", dt)


# The search: quiet typing, a list that updates, the picker spun, a destination chosen.
emit("screen.enter", 0.0, screen="search")
for _ in range(7):
    emit("search.typed", round(random.uniform(0.15, 0.4), 3))
emit("results.shown", 0.3)
emit("picker.begin", 1.2)
for _ in range(18):
    emit("picker.tick", round(random.uniform(0.04, 0.09), 3))
emit("picker.end", 0.1)
emit("picker.tick", 0.2)      # the list settling after the finger lifted
emit("picker.begin", 0.8)
for _ in range(4):
    emit("picker.tick", 0.15)
emit("picker.end", 0.1)
emit("result.chosen", 0.9)

# The ride.
emit("screen.enter", 1.5, screen="ride")
taps(1)
# Turn 1, right: near, close, now; a bounce at 300 m and one at 100 m, a glitch.
approach("turn-1", "right", 620, 0, bounces=(290, 95), glitches=(450,))
emit("turn.passed", 1.0, subject="turn-1")
# Turn 2, left: the rider misses it.
approach("turn-2", "left", 400, 25)
away("turn-2", "left", 25, 70)
emit("off.route", 0.4)
emit("route.recalculating", 1.2)
emit("off.route", 8.0)        # still off the route: warned again within 20 s
emit("route.found", 3.5)
emit("turn.passed", 0.5, subject="turn-2")   # the new route drops the missed turn
# Turn 3, left again, on the new route: potholes reported one after another, three
# within a minute, then works ahead: the app looks for a way round, and the road is closed.
approach("turn-3", "left", 700, 550)
emit("hazard.ahead", 0.5)
approach("turn-3", "left", 545, 470)
emit("hazard.ahead", 0.5)
approach("turn-3", "left", 465, 400)
emit("hazard.ahead", 0.5)
approach("turn-3", "left", 395, 150)
emit("route.recalculating", 0.4)
emit("hazard.closure", 1.6)        # the road is closed: the pulse stops, the warning plays
emit("turn.passed", 0.5, subject="turn-3")
# The controls turned down to the navigator's cues, a tap, then back up.
emit("haptics.level", 2.0, value="cues")
taps(2)
emit("haptics.level", 3.0, value="full")
# Turn 4, a u-turn at a dead end: the phone is locked on the way.
approach("turn-4", "u-turn", 520, 180)
emit("app.state", 0.4, value="background")
approach("turn-4", "u-turn", 175, 0)
emit("off.route", 2.0)
emit("app.state", 3.0, value="foreground")
emit("turn.passed", 0.5, subject="turn-4")
# Turn 5: straight on at a crossing; the rider drifts off the route for a moment and the
# app finds it again at once, while the off-route warning still plays.
approach("turn-5", "straight", 480, 300)
emit("off.route", 0.3)
emit("route.found", 0.4)
approach("turn-5", "straight", 295, 0)
emit("turn.passed", 1.0, subject="turn-5")
emit("arrived", 20.0)
taps(1)

path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "ride-demo.jsonl")
with open(path, "w") as out:
    for line in events:
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(events)} events, {events[-1]['t']} s -> {path}")
