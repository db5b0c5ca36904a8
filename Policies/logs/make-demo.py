#!/usr/bin/env python3
"""Writes demo.jsonl: a realistic ~6 minute session of the Plavo reference app.

Deterministic (fixed seed): run `python3 Policies/logs/make-demo.py` from the package
root and commit the output; the golden decisions in
Tests/HapticPolicyCLITests/Golden/demo.decisions.jsonl are checked against it.

The story: the app opens on the album (no photos yet), the user opens the camera (the
engine warms), the plant is found and greets while speaking, the soil-moisture mock dries
at 0.6 %/s with sensor noise (crossing comfortable -> thirsty -> dry -> parched, no
chatter thanks to hysteresis), the name selector is spun, a photo is taken, the diary
limit is hit, the app goes to background and back (the engine restarts; the first pulse
after it falls back), Low Power Mode comes on and off, a new plant is named, the old one
is deleted with a farewell, data reset is cancelled then confirmed, and the sensor page
reports the sensor unreachable. Silent moments (taps, scrolling, no plant in view) are on
every screen.
"""
import json
import os
import random

random.seed(20261130)
events = []
t = 0.0
screen = None


def emit(event, dt=0.0, **fields):
    global t
    t = round(t + dt, 3)
    line = {"t": t, "event": event}
    line.update(fields)
    events.append(line)


def enter(name, dt=0.5):
    global screen
    screen = name
    emit("screen.enter", dt, screen=name)


moisture = 47.0


def sample(dt=1.0):
    """One soil reading: the mock dries 0.6 %/s, the sensor adds up to ±1 % of noise."""
    global moisture
    moisture = max(0.0, moisture - 0.6 * dt)
    reading = round(min(100.0, max(0.0, moisture + random.uniform(-1.0, 1.0))), 2)
    emit("moisture.sample", dt, subject="monstera", value=reading)


def taps(n, dt=0.7):
    for _ in range(n):
        emit("button.tap", dt)


# Launch on the album: nothing to show yet, the user scrolls and taps around.
enter("album", 0.0)
emit("album.empty", 0.3)
for _ in range(6):
    emit("album.scroll", 0.4)
taps(2)

# Open the camera: the engine warms; the plant is not in view yet.
enter("camera", 1.2)
emit("plant.notFound", 0.05)
emit("plant.notFound", 0.6)
emit("plant.found", 0.9, subject="monstera", speaks=True)   # greets: pulse
sample(0.5)                                                  # baseline, silent
for _ in range(8):
    sample()
emit("plant.found", 0.2, subject="monstera")                  # found again, no bubble: no-speech

# Spin the name selector: one generator for the gesture.
emit("selector.begin", 0.6)
for _ in range(9):
    emit("selector.tick", round(random.uniform(0.06, 0.14), 3))
emit("selector.end", 0.2)
sample(0.5)

# Take a photo.
emit("shutter", 0.8)
taps(1)
for _ in range(20):
    sample()

# The diary is full for today.
enter("diary", 1.0)
emit("diary.limitReached", 0.8)
taps(2)

# Back to the camera; the mock keeps drying.
enter("camera", 1.0)
emit("plant.found", 0.4, subject="monstera", speaks=True)
for _ in range(18):
    sample()

# The user switches apps: nothing plays in background, the engine stops.
emit("app.state", 1.0, value="background")
for _ in range(2):
    sample()
emit("sensor.unreachable", 0.3)                               # unseen in background: silent
for _ in range(2):
    sample()
emit("app.state", 1.0, value="foreground")                    # restart-engine
emit("plant.found", 0.04, subject="monstera", speaks=True)     # still warming: fallback
for _ in range(5):
    sample()

# Low Power Mode: custom patterns fall back to presets.
emit("device.lowPower", 0.5, value=True)
emit("plant.found", 1.0, subject="monstera", speaks=True)
for _ in range(30):
    sample()
emit("shutter", 0.6)
emit("device.lowPower", 0.5, value=False)
for _ in range(20):
    sample()
emit("sensor.unreachable", 0.8)
for _ in range(10):
    sample()

# Another selector spin, with a stray tick after the finger lifted.
emit("selector.begin", 0.5)
for _ in range(5):
    emit("selector.tick", round(random.uniform(0.06, 0.14), 3))
emit("selector.end", 0.2)
emit("selector.tick", 0.1)
taps(2)

# Name a new plant: a meeting.
enter("naming", 1.5)
taps(1, 0.8)
emit("plant.meet", 1.2, subject="pothos", speaks=True)

# Browse the album again.
enter("album", 1.0)
for _ in range(12):
    emit("album.scroll", 0.3)
taps(1)

# Delete the old plant: a farewell, not a success.
enter("plant-settings", 1.0)
taps(1, 0.6)
emit("plant.farewell", 1.5, subject="monstera", speaks=True)
emit("plant.farewell", 2.0, subject="monstera")                 # no bubble: no-speech

# Settings: reset cancelled, then confirmed.
enter("settings", 1.0)
emit("data.reset", 1.5, value="cancelled")
taps(1)
emit("data.reset", 2.0, value="confirmed")

# The sensor page cannot reach the sensor.
enter("sensor", 1.0)
emit("sensor.unreachable", 0.7)
taps(2)

# Back on the camera for the new plant, with its own moisture bands; the sensor wakes
# up wet and dries.
enter("camera", 1.0)
emit("plant.found", 0.7, subject="pothos", speaks=True)
moisture = 83.0
for _ in range(125):
    sample()
    events[-1]["subject"] = "pothos"
taps(3)

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "demo.jsonl")
with open(path, "w") as out:
    for line in events:
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(events)} events, {events[-1]['t']} s -> {path}")
