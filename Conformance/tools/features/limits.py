# Language v3, feature F: budgets that count events, and events that end their subject.
# Run by make-cases.py in its own namespace (Feature, ev, enter, fmt are its own).

LIMITS_POLICY = """\
policy: limits
version: 1
description: budgets that count events on any screen, and events that end their subject
feedback:
  warn: {layer: ui, preset: notification.warning}
  hazard: {layer: ui, preset: notification.error}
  tap: {layer: ui, preset: impact.light}
  near: {layer: ui, preset: impact.medium}
  now: {layer: ui, preset: impact.heavy}
bands:
  distance:
    unit: m
    hysteresis: 0
    dwell: 1
    levels:
      - {name: now, below: 30, play: now}
      - {name: near, below: 100, play: near}
      - {name: far, silent: too far to cue}
events:
  off.route: {layer: ui, screens: [ride, map]}
  hazard.ahead: {layer: ui, screens: [ride]}
  hazard.closure: {layer: ui, screens: [ride]}
  button.tap: {layer: ui, screens: [ride, map]}
  turn.distance: {layer: ui, screens: [ride], value: number}
  turn.passed: {layer: ui, screens: [ride], ends-subject: true}
  turn.cancelled: {layer: ui, screens: [ride], ends-subject: true}
screens:
  ride:
    table:
      off.route: {play: warn}
      hazard.ahead: {play: hazard}
      hazard.closure: {play: hazard}
      button.tap: {play: tap}
      turn.distance: {band: distance}
      turn.passed: {play: tap}
      turn.cancelled: {silent: a cancelled turn is not news}
  map:
    table:
      off.route: {play: warn}
      button.tap: {play: tap}
budgets:
  - {id: R-1, event: off.route, max: 1, per: 20, enforce: true}
  - {id: R-2, events: [hazard.ahead, hazard.closure], max: 2, per: 60, enforce: true}
  - {id: B-1, each: screen, max: 10, per: 1}
"""

LIMITS = Feature(
    "limits",
    {
        "policy.yaml": LIMITS_POLICY,
        # The same policy with the band's far level reworded: a hot reload target.
        "edited.yaml": LIMITS_POLICY.replace("too far to cue", "still too far to cue"),
    },
)


def turn(t, subject, value):
    return ev(t, "turn.distance", subject=subject, value=value) if subject else ev(t, "turn.distance", value=value)


LIMITS.case(
    "event-budget-one-per-window",
    "R-1 (event off.route, 1 per 20 s, enforced): the second off.route within 20 s is silent over-budget citing R-1,"
    " note 'R-1 already counts 1 ring on event off.route within 20 s (max 1)'; at 21 the ring at 1 has left (t - 20, t]",
    [enter("ride"), ev(1, "off.route"), ev(5, "off.route"), ev(21, "off.route"), ev(21.5, "off.route")],
)
LIMITS.case(
    "event-budget-window-edge",
    "the window is (t - 20, t]: a ring exactly 20 s after the counted one plays, 19.999 s after it does not",
    [enter("ride"), ev(1, "off.route"), ev(20.999, "off.route"), ev(21, "off.route"), ev(40.999, "off.route"), ev(41, "off.route")],
)
LIMITS.case(
    "event-budget-any-screen",
    "an event budget counts its event's rings on every screen: off.route on ride, then on map within 20 s, is over-budget",
    [enter("ride"), ev(1, "off.route"), enter("map", 2), ev(3, "off.route"), enter("ride", 4), ev(5, "off.route"), ev(22, "off.route")],
)
LIMITS.case(
    "events-budget-counts-together",
    "R-2 counts hazard.ahead and hazard.closure together, 2 per 60 s: the third of either within 60 s is over-budget,"
    " note 'R-2 already counts 2 rings on events hazard.ahead, hazard.closure within 60 s (max 2)'",
    [enter("ride"), ev(1, "hazard.ahead"), ev(2, "hazard.closure"), ev(3, "hazard.ahead"), ev(4, "hazard.closure"), ev(61.5, "hazard.closure"), ev(62.5, "hazard.ahead")],
)
LIMITS.case(
    "event-budget-ignores-other-events",
    "rings of other events do not count toward an event budget: taps never silence off.route, nor off.route taps",
    [enter("ride")] + [ev(1 + i * 0.2, "button.tap") for i in range(4)] + [ev(2, "off.route"), ev(2.1, "button.tap"), ev(2.2, "off.route"), ev(2.3, "button.tap")],
)
LIMITS.case(
    "event-budget-silenced-not-counted",
    "a ring silenced over-budget is not counted: off.route at 1 plays, at 15 is silenced, at 21 plays (only the ring at 1 counted)",
    [enter("ride"), ev(1, "off.route"), ev(15, "off.route"), ev(21, "off.route"), ev(35, "off.route")],
)
LIMITS.case(
    "ends-subject-forgets-level",
    "turn.passed ends its subject: t1 reached near (played), turn.passed plays tap and forgets t1,"
    " so t1's next sample (250 m) is a new baseline, silent, not a move to far",
    [enter("ride"), turn(1, "t1", 250), turn(2, "t1", 80), turn(3, "t1", 80), ev(4, "turn.passed", subject="t1"), turn(5, "t1", 250), turn(6, "t1", 20), turn(7.5, "t1", 20)],
)
LIMITS.case(
    "ends-subject-forgets-dwell",
    "a pending dwell is forgotten with the subject: t1 at 80 m was dwelling toward near; after turn.passed the next 80 m"
    " sample 1.5 s later is a baseline (silent), not a held move",
    [enter("ride"), turn(1, "t1", 250), turn(2, "t1", 80), ev(2.5, "turn.passed", subject="t1"), turn(3.5, "t1", 80), turn(4, "t1", 20), turn(5, "t1", 20)],
)
LIMITS.case(
    "ends-subject-keeps-other-subjects",
    "ending t1 forgets t1 only: t2's level and its dwell go on (t2 moves to now and plays), and signals without a subject keep theirs",
    [enter("ride"), turn(1, "t1", 250), turn(1.1, "t2", 250), turn(1.2, None, 250), turn(2, "t2", 20), ev(2.5, "turn.passed", subject="t1"),
     turn(3, "t2", 20), turn(3.1, None, 80), turn(4.2, None, 80), turn(4.3, "t1", 80)],
)
LIMITS.case(
    "ends-subject-without-subject",
    "turn.passed without a subject has nothing to forget: the band state without a subject and t1's stay",
    [enter("ride"), turn(1, None, 250), turn(1.1, "t1", 250), ev(2, "turn.passed"), turn(3, None, 80), turn(4, None, 80), turn(4.1, "t1", 80), turn(5.1, "t1", 80)],
)
LIMITS.case(
    "ends-subject-silent-row",
    "an event that ends its subject forgets it whatever its row decides: turn.cancelled is silent designer and still forgets t1",
    [enter("ride"), turn(1, "t1", 250), turn(2, "t1", 80), turn(3, "t1", 80), ev(4, "turn.cancelled", subject="t1"), turn(5, "t1", 250)],
)
LIMITS.case(
    "ends-subject-any-decision",
    "the subject is forgotten after any decision of the event: turn.passed on map (not declared to occur there: undeclared) still forgets t1",
    [enter("ride"), turn(1, "t1", 250), turn(2, "t1", 80), turn(3, "t1", 80), enter("map", 3.5), ev(4, "turn.passed", subject="t1"),
     enter("ride", 4.5), turn(5, "t1", 250)],
)
LIMITS.case(
    "ends-subject-many-turns",
    "one subject per turn over a long ride: every turn starts at its own baseline and rings near then now, each ended by turn.passed",
    [enter("ride")] + [line for k in range(6) for line in (
        turn(10 * k + 1, f"turn-{k}", 400), turn(10 * k + 2, f"turn-{k}", 90), turn(10 * k + 3, f"turn-{k}", 90),
        turn(10 * k + 4, f"turn-{k}", 25), turn(10 * k + 5, f"turn-{k}", 25), ev(10 * k + 6, "turn.passed", subject=f"turn-{k}"))],
)
LIMITS.case(
    "ends-subject-across-reload",
    "a subject ended before a hot reload stays forgotten (its next sample is a baseline); another subject's level carries over by name",
    [enter("ride"), turn(1, "t1", 250), turn(1.1, "t2", 250), turn(2, "t1", 80), turn(3, "t1", 80), ev(4, "turn.passed", subject="t1"),
     turn(5, "t1", 250), turn(5.1, "t2", 20), turn(6.2, "t2", 20)],
    reload=[(7, "edited.yaml")],
)
